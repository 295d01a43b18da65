"""The vault: a tiny game that exists only in the tests, to prove that the house takes a new game
as a new package and nothing else (issue 26). It registers itself (`registry.register`); no file
outside tests/games/vault/ knows it.

The rules: a number from 1 to 20 opens the vault. One player, the insider, is told it; nobody
else knows who the insider is. Players take turns to text GUESS <n>; after a wrong guess the
table hears "higher" or "lower". The crew wins when anyone opens the vault; the insider wins
when it is still shut after the table's guesses (TRIES, a house rule: 2 to 8, 4 by default).
When time runs out on a guess, the clock guesses the middle of what is left.
"""


def game():
    """The vault, for `registry.register`."""
    from .kind import VaultKind

    return VaultKind()
