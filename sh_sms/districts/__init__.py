"""The districts variant (docs/districts.md): a game of its own beside the standard one.

Inside, the same split as the project: `engine` (the rules, pure and seeded), `bots` (computer
players, from a seat's view only) and `text` (the variant's commands and wording).
"""
