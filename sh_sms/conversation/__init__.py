"""The conversation: what one inbound text means, and everything it causes.

receive   one text = one transaction: dedupe by MessageSid, find the sender, lock their game,
          load its roster and state once (`turn.Turn`), parse, route, queue the replies
router    the sender's situation + the parsed command -> exactly one handler
handlers  leaves, one module per kind of text (nogame, lobby, play, info, talk, host, ...)
moves     applying a game move (players' own, and those a deadline makes for them)
replies   refusals, parse errors and help several handlers give
keywords  the carrier's opt-out words, decided before parsing (Twilio's OptOutType)
"""
