"""Handlers: one per kind of text, each a leaf.

Every handler takes `(turn, command)` and acts through the engine, the wording, the store and the
mailbox. Handlers never import each other or the router; what several need lives beside them in
`conversation.replies` (shared replies) and `conversation.moves` (applying a game move).
"""
