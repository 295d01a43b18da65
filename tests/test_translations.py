"""A translation is whole and fits (issue 28): every language of templates/i18n/languages.txt
has every SMS text English has, with the same names filled in, renders to GSM-7, and is not
much longer than the English text it stands for."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import Environment, meta

from sh_sms.text.gsm import is_gsm7, sanitize

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
ENGLISH = TEMPLATES / "sms"
LIST = TEMPLATES / "i18n" / "languages.txt"


def languages() -> list[str]:
    """The codes of the languages besides English."""
    lines = LIST.read_text().splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def texts(folder: Path) -> dict[str, str]:
    """Every SMS template below `folder`, by its path inside it."""
    return {str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*.txt"))}


# What every text may call beside its own facts (`sh_sms.text.messages.naming`): a language may
# need one English does not ("is_you", to say "te nombro" rather than "nombro a ti").
HELPERS = {"roster", "name", "names", "person", "people", "letters", "is_you"}


def names_used(source: str) -> set[str]:
    """The names a template reads from what it is given (the shared helpers aside)."""
    return meta.find_undeclared_variables(Environment().parse(source)) - HELPERS


@pytest.mark.parametrize("lang", languages())
def test_a_language_has_every_text_english_has(lang):
    theirs = texts(TEMPLATES / "i18n" / lang / "sms")
    missing = sorted(set(texts(ENGLISH)) - set(theirs))
    extra = sorted(set(theirs) - set(texts(ENGLISH)))
    assert not missing, f"{lang} lacks {len(missing)} texts: {missing[:20]}"
    assert not extra, f"{lang} has texts English has not: {extra}"


@pytest.mark.parametrize("lang", languages())
def test_a_translation_fills_in_the_same_names(lang):
    theirs = texts(TEMPLATES / "i18n" / lang / "sms")
    differ = {
        path: (sorted(names_used(source)), sorted(names_used(theirs[path])))
        for path, source in texts(ENGLISH).items()
        if path in theirs and names_used(source) != names_used(theirs[path])
    }
    assert not differ, "\n".join(f"{p}: en {en} / {lang} {it}" for p, (en, it) in differ.items())


@pytest.mark.parametrize("lang", languages())
def test_a_translation_is_gsm7_once_rendered(lang):
    """Only GSM-7, but for the acute vowels, which the mailbox writes plain (a for a-acute)."""
    bad = {
        path: sorted({ch for ch in source if not is_gsm7(ch) and sanitize(ch) not in "aeiouAEIOU"})
        for path, source in texts(TEMPLATES / "i18n" / lang / "sms").items()
    }
    assert not {path: chars for path, chars in bad.items() if chars}
