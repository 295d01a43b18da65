"""The standard game's handlers: leaves, like the conversation's (one text, one handler)."""
