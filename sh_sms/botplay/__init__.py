"""Computer players at a real table: seated in the lobby (`table.seats`), moving from the
worker, never texted.

job     the worker's periodic job: under the game's row lock, the bots say what their game has
        them owe the table, then make the moves the game waits on them for, each decided by
        the game from what that bot's seat has seen (`GameKind.bot_decision`), through the same
        pipeline as a person's text (`table.play.act`)

When the job must next look at a game is set with every step (`table.plan`); each game's own
strategy is in its package.
"""
