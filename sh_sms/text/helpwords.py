"""The words of questions to the service about how to play (data for `text.questions`): drawn
from what new players ask in real chat (tests/corpus) and what first-time groups text.

Patterns are regular expressions over the words of a text (lower case, apostrophes dropped,
joined by single spaces), matched against the whole text once small talk is trimmed.
"""

from __future__ import annotations

from .languages import question_forms


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Small talk before a question ("ok wait whats a candidate") and after it ("what now lol").
LEADING = _words(
    """ok okay k so wait hey hi um uh umm hmm guys sorry lol and but well like also yo oh ah
    quick question q hold on sry pls please then idk srsly seriously actually"""
) | frozenset(question_forms("leading"))  # every language's (words.toml [questions] leading)
TRAILING = _words(
    """now here again lol lmao pls please plz guys then tho though exactly rn sorry ok okay
    haha tbh than still"""
) | frozenset(question_forms("trailing"))

_I = r"(?:i|u|you)"
# What to do now: the sender's situation answers it.
NOW = (
    r"(?:what|wat|wut) (?:do|should|can|shall|must|have) i (?:do|be doing|to do)"
    r"(?: now| here| next| rn)?(?: as (?:a |an )?\w+)?",
    rf"what (?:do|should) {_I} do with (?:this|these|it|them|my cards|my policies)",
    r"what (?:am|are) (?:i|we)(?: supposed| meant| expected)? to do(?: now| here)?",
    r"(?:so )?what (?:now|next|is next|happens|happens now|happens next|comes next)",
    r"(?:whats|what s) next",
    r"now what",
    r"(?:is it|its|is this)(?: still)? my turn",
    r"(?:whose|whos) turn(?: is it)?",
    r"who (?:goes|is going|plays|starts|is|s) first",
    r"(?:whos|who s) first",
    r"who (?:starts|begins)",
    r"(?:who|what) (?:are|r|is) (?:we|you|u|it|the game) waiting (?:on|for)",
    r"(?:who|what) (?:is it|are we|r we) waiting (?:on|for)",
    r"what (?:are|r) my (?:options|choices|moves)",
    r"(?:whats|what is) my (?:move|turn|job)",
    r"who (?:can|may) i (?:pick|nominate|nom|choose)",
    r"why (?:cant|can not|cannot) i (?:pick|nominate|nom|choose)(?: \w+)?",
    r"(?:idk|i dont know|i dunno|dont know) what (?:to do|im supposed to do|i should do|to text"
    r"|to type|to reply|to send|i do now|to do now)",
    rf"what (?:do|should) {_I} (?:text|type|send|reply|write|say)",
    r"what (?:should i |do i |i |to )click",
    r"do i (?:have|need) to (?:pick|choose|nominate|vote|do) (?:someone|something|anything)",
    r"what do i do or does it matter",
    rf"how (?:do|does|can) {_I} play(?: this| this game| the game| it| sh| secret hitler)?",
    r"how (?:to|is this) play(?:ed)?(?: this| this game| the game| sh| secret hitler)?",
    r"how (?:does|do) (?:this|it|the game|this game|sh-sms|sh sms) work",
    r"how (?:this|the) game works",
    r"help(?: me| please| pls| plz| me please| me pls| me out)?",
    r"(?:someone|somebody|anyone) help(?: me)?",
    r"i(?: m| am) (?:lost|confused)",
    r"(?:im|i am) new(?: here)?(?: what do i do| how do i play| how does this work)",
    r"what to do",
    r"what im supposed to do",
    r"(?:whats|what is|what s) (?:going on|happening)",
    r"who(?: is|s) (?:the )?(?:president|chancellor|candidate)(?: now)?",
)
# Which game this is (issue 34: a table may play another game than Secret Hitler).
GAME = (
    r"(?:what|which|wat|wut) game (?:is this|is it|is that|this is|are we playing|r we playing"
    r"|we playing|are we in|is this again)",
    r"(?:what|wat) (?:are|r) we playing(?: again)?",
    r"(?:what|whats|what is) this game(?: again)?",
    r"(?:what|which) (?:version|mode|variant|kind of game) (?:is this|are we playing|is it)",
    r"is this (?:secret hitler|sh|the normal game|the regular game|normal|regular)"
    r"(?: or something else| or what)?",
)
# The rules as a whole: how each side wins.
RULES = (
    r"(?:what|whats|what s)(?: are| is)? the rules",
    r"(?:is|are) there (?:any )?rules(?: i should know)?",
    r"(?:how|what) (?:do|does) (?:each side|the teams|liberals|fascists) (?:need to )?win",
)
# How to see one's role and what one knows.
ROLE = (
    rf"how (?:do|can|does) {_I} (?:see|check|get|find|know|view|look at|find out)"
    r"(?: out)? (?:my|your) (?:role|team|card|party|roles|side)(?: again)?",
    r"(?:where|how) (?:is|do i see|can i see) my role(?: again)?",
    r"(?:what|whats|what s|which)(?: is| was| s)? my (?:role|team|party|card|side)(?: again)?",
    r"what (?:am|was) i(?: again)?",
    r"who am i(?: again)?",
    r"(?:what|which) (?:team|side|party) (?:am|was) i(?: on)?",
    r"(?:who|whos)(?: is| are| s)? my (?:other |fellow )?(?:fascists?|teammates?|team|partners?"
    r"|cofas|cofascists?)",
    r"(?:i forgot|forgot) my role",
)
# How to make a move: the words after "how do i" / "how to", and the command that does it.
HOW_TO = {
    "vote": "vote",
    "vote ja": "vote",
    "vote nein": "vote",
    "vote yes": "vote",
    "vote no": "vote",
    "change my vote": "vote",
    "nominate": "nominate",
    "nominate someone": "nominate",
    "nominate a chancellor": "nominate",
    "nom": "nominate",
    "pick a chancellor": "nominate",
    "choose a chancellor": "nominate",
    "discard": "discard",
    "discard a policy": "discard",
    "enact": "enact",
    "enact a policy": "enact",
    "play a policy": "enact",
    "pass a policy": "enact",
    "veto": "veto",
    "investigate": "investigate",
    "investigate someone": "investigate",
    "inv": "investigate",
    "elect": "elect",
    "special elect": "elect",
    "do a special election": "elect",
    "execute": "execute",
    "execute someone": "execute",
    "kill someone": "execute",
    "shoot someone": "execute",
    "talk": "say",
    "chat": "say",
    "speak": "say",
    "talk to everyone": "say",
    "talk to the table": "say",
    "message everyone": "say",
    "see the board": "status",
    "check the board": "status",
    "see the score": "status",
    "see the policies": "status",
    "see the votes": "log",
    "check votes": "log",
    "check the votes": "log",
    "see who voted what": "log",
    "see what happened": "log",
    "see my cards": "hand",
    "see my hand": "hand",
    "see my policies": "hand",
    "leave": "leave",
    "quit": "leave",
    "end the game": "endgame",
    "start": "start",
    "start the game": "start",
    "join": "join",
    "add bots": "bot",
    "add a bot": "bot",
    "win": "win",
    "win this": "win",
    "win the game": "win",
}
# "How does <thing> work": the same topics, by the thing's name.
HOW_IT_WORKS = {
    "voting": "vote",
    "the vote": "vote",
    "the voting": "vote",
    "a vote": "vote",
    "nominating": "nominate",
    "nomination": "nominate",
    "the veto": "veto",
    "veto": "veto",
    "vetoing": "veto",
    "talking": "say",
    "talk": "say",
    "the chat": "say",
    "chat": "say",
    "winning": "win",
}
# The game's own words, as players type them, and the term each explains.
TERMS = {
    "candidate": "candidate",
    "presidential candidate": "candidate",
    "president": "president",
    "chancellor": "chancellor",
    "ja": "ja",
    "nein": "nein",
    "l": "l",
    "f": "f",
    "lib": "l",
    "libs": "liberal",
    "liberal": "liberal",
    "liberals": "liberal",
    "fas": "f",
    "fash": "fascist",
    "fascist": "fascist",
    "fascists": "fascist",
    "hitler": "hitler",
    "veto": "veto",
    "tracker": "tracker",
    "election tracker": "tracker",
    "term limit": "term_limited",
    "term limits": "term_limited",
    "term limited": "term_limited",
    "termlimited": "term_limited",
    "investigate": "investigate",
    "investigation": "investigate",
    "inv": "investigate",
    "special election": "elect",
    "se": "elect",
    "elect": "elect",
    "execute": "execute",
    "execution": "execute",
    "peek": "peek",
    "policy peek": "peek",
    "draw pile": "draw_pile",
    "deck": "draw_pile",
    "discard pile": "draw_pile",
    "discard": "discard",
    "enact": "enact",
    "policy": "policy",
    "policies": "policy",
    "power": "power",
    "powers": "power",
    "presidential power": "power",
    "nominate": "nominate",
    "nom": "nominate",
    "nomination": "nominate",
    "government": "government",
    "gov": "government",
    "govs": "government",
    "hitler zone": "hitler_zone",
    "room mode": "room",
    "host": "host",
    "bot": "bot",
    "bots": "bot",
    "status": "status",
    "round": "round",
    "session": "session",
}
