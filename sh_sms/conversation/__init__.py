"""The conversation: what one inbound text means, and everything it causes.

receive    one text = one transaction: dedupe by MessageSid, find the sender, lock their game,
           load its roster and state once (`turn.Turn`), read, route, queue the replies
interpret  what a text means from this sender now (README "How a text is read"); `awaited` reads
           a text from the player the game waits on, `reading` holds what both share
router     the sender's situation + the reading -> exactly one handler
handlers   leaves, one module per kind of text (nogame, lobby, play, info, talk, host, ...)
moves      applying a game move (players' own, and those a deadline makes for them)
replies    refusals, parse errors and help several handlers give
tabletalk  relaying table talk (the talk handler's, and a question's that is talk too)
seating    taking a seat in a lobby (JOIN, or a yes to a rematch)
keywords   the carrier's opt-out words, decided before parsing (Twilio's OptOutType)
"""
