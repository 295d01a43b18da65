"""Where the pages' templates come from: the house's folder (`templates/`), then the folders a
game brings with it (`GameKind.own_templates`), named `games/<game>/<file>`, so a game that is
not installed here (a test's) can show its own board and replay.

And the pages' words: a page is written in one language (`page_language`: the query's `?lang=`
if known, else the game's, else the browser's Accept-Language, else English) and its templates
wrap their English words in `t(...)`, which gives them in that language from
templates/i18n/<code>/web.toml (English phrase -> translation; a phrase missing there stays
English)."""

from __future__ import annotations

import tomllib
from functools import cache

from flask import request
from jinja2 import ChoiceLoader, FileSystemLoader
from markupsafe import Markup

from ..gamekind import registry
from ..resources import TEMPLATES, GameFolders
from ..text.languages import ENGLISH, I18N, codes, current, known


def loader() -> ChoiceLoader:
    """The pages' loader: the house's templates first, then the games' own."""
    games = GameFolders(lambda name: registry.own_folder(name, "web"))
    return ChoiceLoader([FileSystemLoader(TEMPLATES), games])


@cache
def page_words(code: str) -> dict[str, str]:
    """A language's words for the pages (English phrase -> translation); English: none."""
    path = I18N / code / "web.toml"
    if code == ENGLISH or not path.is_file():
        return {}
    return {k: v for k, v in tomllib.loads(path.read_text()).items() if isinstance(v, str)}


def t(phrase: str, **values: object) -> Markup:
    """An English phrase of a page in the page's language (`speaking`), its `{name}`s filled
    with `values` (escaped; the phrase itself is ours and may hold markup)."""
    said = Markup(page_words(current()).get(phrase, phrase))
    return said.format(**values) if values else said


def asked_language() -> str | None:
    """The language the address asks for (`?lang=es`), if it is one we have."""
    return known(request.args.get("lang"))


def reader_language() -> str | None:
    """The language the reader's browser puts first among ours (Accept-Language), if any."""
    return known(request.accept_languages.best_match(codes()))


def page_language(game_lang: str | None = None) -> str:
    """The language a page is in: the query's, else the game's, else the reader's browser's,
    else English."""
    return asked_language() or known(game_lang) or reader_language() or ENGLISH


def keep_language(path: str) -> str:
    """A link to another of our pages that keeps the language the address asked for."""
    code = asked_language()
    if not code or not path:
        return path
    return f"{path}{'&' if '?' in path else '?'}lang={code}"


def page_globals() -> dict:
    """What every page's template may call: `t`, `page_lang` and `keep_lang`."""
    return {"t": t, "page_lang": current, "keep_lang": keep_language}
