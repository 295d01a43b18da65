"""The forms of a language's move verbs as people type them (`nominar`, `nomina`, `nomino`,
`nominé`, `nominare`): each word is reduced by the language's Snowball stemmer and compared with
the stems of the verbs in its words file (templates/i18n/<code>/words.toml, [moves.verbs]), so a
language lists its verbs once, not every conjugation; forms the stemmer does not join (`elijo`)
are listed beside them. Only the reader's own language is read this way: English keeps its runs
of words (`text.words.FORMS`), and an English word is never taken for a Spanish stem.
"""

from __future__ import annotations

import unicodedata
from functools import cache

import snowballstemmer

from .languages import Language, current, languages


@cache
def _stemmer(name: str):
    return snowballstemmer.stemmer(name)


def stem(word: str, language: Language) -> str:
    """The stem of `word` in `language`; an infinitive left by a future or subjunctive ending
    (`nominare`: `nominar`) is stemmed again, so every form meets its verb."""
    if not language.stemmer:
        return word
    stemmer = _stemmer(language.stemmer)
    once = stemmer.stemWord(word)
    return stemmer.stemWord(once) if once != word and once.endswith("r") else once


@cache
def _forms(code: str, kind: str) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """A language's verbs by stem, and its listed words by word: the irregular forms, and with
    `kind` "mentions" the words that speak of a move too."""
    language = languages()[code]
    stems: dict[str, set[str]] = {}
    words: dict[str, set[str]] = {}
    for verb, spelled in language.moves.get("verbs", {}).items():
        for word in spelled:
            stems.setdefault(stem(word.casefold(), language), set()).add(verb)
            words.setdefault(word.casefold(), set()).add(verb)
    for verb, spelled in language.moves.get(kind, {}).items():
        for word in spelled:
            words.setdefault(word.casefold(), set()).add(verb)
    return (
        {k: frozenset(v) for k, v in stems.items()},
        {k: frozenset(v) for k, v in words.items()},
    )


def verbs_of(word: str, kind: str = "verbs") -> frozenset[str]:
    """The moves one word of a sentence is a form of, in the reader's language ("nomino":
    nominate), or with `kind` "mentions" speaks of ("canciller"); none for an everyday word of
    the language ("vete" is no VETO)."""
    language = languages().get(current())
    if language is None:
        return frozenset()
    word = "".join(c for c in unicodedata.normalize("NFKD", word.casefold()) if c.isascii())
    if word in language.everyday or not word.isalpha():
        return frozenset()
    if word.endswith(tuple(language.moves.get("not_forms", {}).get("endings", ()))):
        return frozenset()
    stems, listed = _forms(language.code, kind)
    return listed.get(word, frozenset()) | stems.get(stem(word, language), frozenset())


def speaks(words: tuple[str, ...], verb: str) -> bool:
    """Whether one of `words` is a form of `verb` or speaks of it, in the reader's language."""
    return any(verb in verbs_of(w, "mentions") for w in words)


def titles(verb: str) -> frozenset[str]:
    """The words of the office a move gives, in the reader's language ("canciller")."""
    language = languages().get(current())
    found = language.moves.get("titles", {}).get(verb, ()) if language else ()
    return frozenset(w.casefold() for w in found)


def how_to_verb(word: str, table: dict[str, str]) -> str | None:
    """The command a "how do I" question's verb asks about in the reader's language ("como
    nomino": nominate), by the words of its table or any form of them."""
    if word in table:
        return table[word]
    language = languages().get(current())
    if language is None:
        return None
    stems = {stem(w, language): topic for w, topic in table.items()}
    return stems.get(stem(word, language))
