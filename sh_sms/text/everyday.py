"""Everyday words of table talk, drawn from real chat of online games (tests/corpus): the words
that may stand around a move without changing it, the ones that hedge it, the ones that are
never a player's name, a vote's words, and the words that are never typos of a command (data).
"""

from __future__ import annotations

from .languages import everyday_words, move_words, vote_words


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Courtesy and filler: around a move's word and its target, they leave it a plain instruction.
COURTESY = _words(
    """please pls plz plox ok okay k kk alright alr aight then now go lets just thanks thx ty
    sure fine yes yeah yep yea ya"""
)
# After a host's command word, with courtesy, they still ask for it ("start the game now").
COMMAND_FILLER = _words("the a an it this game lobby bots bot players player")
# Around a bare target, fewer: "4 pls" asks to nominate 4, "thanks 4" and "yes 4" are talk.
BARE_COURTESY = _words("please pls plz ok okay k now go then just")
# Hedges: with them a vote is asked about, never counted ("ja i guess").
HEDGES = _words(
    """guess ig think thinking maybe probably prob probs prolly idk suppose hmm hm imo imho
    tbh might perhaps idc idm whatever kinda sorta"""
)
# Words that speak of people without naming one: never a reference to a player, not even as a
# prefix of a name ("inv me" is not "inv Mel"; "kill him" is not "kill Himari").
PEOPLE_WORDS = _words(
    """i me my mine myself u you your ur yours yourself he him his she her hers it its we us our
    they them their this that these those who whom whoever someone somebody anyone anybody
    everyone everybody nobody noone one all"""
)
# Words that are never a player in a sentence: the people words and other everyday ones. In a
# command typed exactly ("NOM an"), the everyday ones may still be the unique start of a name.
NOT_A_NAME = PEOPLE_WORDS | _words(
    "the a an and or not no yes ok pls please now then there here so lol"
)
# A vote's words: "ja" or "nein" (repeated letters fold: "jaaa", "noooo").
VOTE_WORDS = dict.fromkeys(
    ("ja", "jah", "yes", "y", "yeah", "yea", "yeh", "yep", "yup", "ya", "yah", "yas", "ye"), "ja"
) | dict.fromkeys(("sure", "aye", "(y)", "yessir", "yus"), "ja")
VOTE_WORDS |= dict.fromkeys(
    ("nein", "no", "n", "nope", "nah", "naw", "nay", "nop", "non", "(n)", "nej", "nee"), "nein"
)
# Words that may stand around a vote word without making it talk ("ja ofc", "nein this", "i'm
# voting ja"): courtesy, emphasis, and the words of saying one votes.
VOTE_FILLER = COURTESY - {"fine"} | _words(
    """i im ill will this here then ofc of course obv obviously definitely def defo absolutely
    totally from vote voting votes my to it again anyway anyways still hell sir gov government
    going gonna say saying on for is the pair"""
)
# Words that make a vote word a reaction to the table rather than a vote: the voter is asked,
# never counted ("lol no", "no thanks lol", "no me", "lets ja this"). "me" counts only after
# "from" ("ja from me").
VOTE_REACTIONS = _words(
    """lol lmao lmfao haha hahaha hah rofl xd omg ugh bruh thanks thx ty me lets wow"""
)
# Vote words of everyday English that are a vote only alone: with other words they are asked.
WEAK_VOTE_WORDS = _words("sure aye")
# Words that correct a vote: the last vote word after them counts ("wait no. nein").
VOTE_CORRECTIONS = _words(
    """wait actually sorry oops mb meant change changing changed switch switching misclick
    misclicked typo"""
)

# A yes to an invitation ("yeah im in", "count me in", "sure lets go"): the vote's yes words or
# these, with nothing but these and courtesy around them.
YES_TO_PLAY = _words("in down ready")
AFFIRMATIVE = (
    VOTE_FILLER
    | YES_TO_PLAY
    | _words("count me play again game round gogo yay im lets thanks lol lmao haha")
)

# Everyday words within typo distance of a command word: they are never "did you mean". Drawn
# from the words of real chat that the typo rules would otherwise take for a command.
NEVER_TYPOS = _words(
    """aja and band bein bill bog breathe cho cog coin com command commando commend comments
    created creates dick discarded discards discord dno dog doin dole dominate ein eject
    enacts engage erect exact excuse executed eyes few fill fog gill goin greate had hands
    handy hang hard held hell helo helps hes hick hill hind hog hole hoot hoots ill inc ine
    inf ing int invd investigator invs jad jah jain jaj jam jan jas jax jein joan jog john
    joins joint jom kelp kicks kills kilt knew lag land layers leaves leg les lfg lick lob
    loin lok lol lole long loo lop lore los lot low lug mein mick mill mole mom naw ned neg
    neh neind neing neins neon news nick nine noh noin non noo nop nor nos not nou now nto
    ntw nvm oho ole parsley payers pick pill places played player pog pole prayer prayers
    rein relate replays res rick rode rog roles roll rom rope rose rule sand scoot select
    ses sho shoo shook shoots short shot shout sick sill skill slayers smart social sole
    soot sooth spacial sparely spatial specially specials specify stalls stands star stare
    stark stars starts stat stated states statue strat strats tarts tho tick till tog
    tom vein victory vote welp wha whh whoa whom whoo whos why wick will woo yas yea yee yeh
    yelp yep yer yess yet yew yey yrs yus"""
)


# Every language's own words for reading a vote and talk (templates/i18n/<code>/words.toml).
VOTE_WORDS |= dict.fromkeys(vote_words("ja"), "ja") | dict.fromkeys(vote_words("nein"), "nein")
WEAK_VOTE_WORDS |= vote_words("weak")
VOTE_FILLER |= vote_words("filler")
HEDGES |= vote_words("hedges")
VOTE_REACTIONS |= vote_words("reactions")
NEVER_TYPOS |= everyday_words()
COURTESY |= move_words("courtesy")  # "porfa", "por favor", "vale", "yo"
VOTE_FILLER |= move_words("courtesy")  # "vale pues" is as loose as "sure ok": asked
BARE_COURTESY |= move_words("bare_courtesy")
