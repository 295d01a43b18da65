"""One term per thing, and no meaning lost once sent (issue 33): each language's glossary
(templates/i18n/<code>/glossary.toml) lists the one term for each thing and the synonyms its
texts must not use, the English game words no text of it may hold (but the words the reader
types), and the accented words whose plain form, as the mailbox sends it, is another word. Every
text of the language is read whole, every branch of it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from sh_sms.text.gsm import sanitize

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
I18N = TEMPLATES / "i18n"
GLOSSARIES = sorted(p.parent.name for p in I18N.glob("*/glossary.toml"))

COMMENT = re.compile(r"\{#.*?#\}", re.S)
TAG = re.compile(r"(\{\{.*?\}\}|\{%.*?%\})", re.S)
STRING = re.compile(r""""[^"]*"|'[^']*'""")
# Strings a tag reads but never writes: a template's name, `in (...)`'s choices, replace's first.
UNWRITTEN = re.compile(
    r"""\{%-?\s*(?:from|import|include|extends)\b.*|\bin \([^)]*\)|replace\(("[^"]*"|'[^']*')"""
)
WORD = re.compile(r"[A-Za-zÁÉÍÓÚáéíóúÑñÜü]+")


def sent_text(source: str) -> str:
    """The words of a template a reader may get: the text outside its tags, and the strings in
    them that are written out (not compared, not a dict's key), every branch at once."""
    out = []
    for i, part in enumerate(TAG.split(COMMENT.sub("", source))):
        if i % 2 == 0:
            out.append(part)
            continue
        part = UNWRITTEN.sub(" ", part)
        for m in STRING.finditer(part):
            before, after = part[: m.start()], part[m.end() :]
            if re.search(r"(==|!=|\bis|\bin)\s*$", before) or re.match(r"\s*(:|==|!=|in\b)", after):
                continue
            out.append(m.group(0)[1:-1])
    return " ".join(out)


def texts(lang: str) -> dict[str, str]:
    """Every SMS text of `lang`, as its reader may get it, by path."""
    folder = I18N / lang / "sms"
    return {str(p.relative_to(folder)): sent_text(p.read_text()) for p in folder.rglob("*.txt")}


def page_words(lang: str) -> dict[str, str]:
    """The words of the pages in `lang` (web.toml), by the English they stand for."""
    path = I18N / lang / "web.toml"
    found = tomllib.loads(path.read_text()) if path.exists() else {}
    return {f"web.toml {key!r}": v for key, v in found.items() if isinstance(v, str)}


def glossary(lang: str) -> dict:
    return tomllib.loads((I18N / lang / "glossary.toml").read_text())


def plain(text: str) -> str:
    """As sent (accents written plain), in lower case."""
    return sanitize(text).casefold()


def holds(text: str, phrase: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(plain(phrase))}(?!\w)", plain(text)) is not None


@pytest.mark.parametrize("lang", GLOSSARIES)
def test_every_text_uses_the_glossarys_one_term(lang):
    terms = glossary(lang)["terms"]
    found = [
        f"{path}: {word!r} (for {thing}, use {term['use']!r})"
        for path, text in {**texts(lang), **page_words(lang)}.items()
        for thing, term in terms.items()
        for word in term["not"]
        if holds(text, word)
    ]
    assert not found, "\n".join(sorted(found))


@pytest.mark.parametrize("lang", GLOSSARIES)
def test_no_english_game_word_but_those_the_reader_types(lang):
    english = glossary(lang)["english"]
    words = {w.casefold() for w in english["words"]}
    found = []
    for path, text in texts(lang).items():
        teaches = any(re.search(rf"\b{w}\b", text) for w in english["typed_after"])
        for word in WORD.findall(text):
            typed = word.isupper() and (teaches or word in english["contract"])
            if word.casefold() in words and not typed:
                found.append(f"{path}: {word}")
    assert not found, "\n".join(sorted(found))


@pytest.mark.parametrize("lang", GLOSSARIES)
def test_no_meaning_hangs_on_an_accent_the_mailbox_drops(lang):
    """`nominó` is sent as `nomino`, "I nominate": a text says `ha nominado` instead."""
    accents = glossary(lang)["accents"]
    words = {w.casefold() for w in accents["words"]}
    found = [
        f"{path}: {word} (sent as {sanitize(word)})"
        for path, text in texts(lang).items()
        for word in WORD.findall(text)
        if word.casefold() in words or word.casefold().endswith(tuple(accents["endings"]))
    ]
    assert not found, "\n".join(sorted(found))


def test_the_reading_finds_what_a_reader_gets():
    source = (
        '{# nominó #}{% if x == "standard" %}{{ "ha nominado" if a else {"k": "KILL"}.get(x) }}'
    )
    assert sent_text(source).split() == ["ha", "nominado", "KILL"]
    assert holds("Reglas de la casa", "reglas de la casa") and not holds(
        "desbloqueado", "bloqueado"
    )
