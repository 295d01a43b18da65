"""What the whole table may see: the public state of SMS.md, the board's view of it, the
replay of a finished game, and the addresses of those pages.
"""
