"""Computer players at a real table: seated in the lobby, moving from the worker, never texted.

seats   their names (clearly bots, quick to type) and their player rows (no phone)
plan    after every change of a game's state: when the bot job must next look at the game
job     the worker's periodic job: under the game's row lock, each bot states the claims it owes
        and makes the move the game waits on, decided from its seat's view and the events that
        seat has seen (sh_sms.botplay.table), through the same path as a person's text

The strategy itself is sh_sms.games.standard.bots (README "Computer players").
"""
