"""The board and the replay in Spanish (issue 28): `?lang=es` or the game's language (the host's
SET LANG) picks it, else the reader's browser (Accept-Language, issue 33), else English; one
template per page, its words from templates/i18n/es/web.toml. The group page, the pages for no
game and no replay, and the board's alert follow the reader's language too (issue 33)."""

from __future__ import annotations

import random
import re
import tomllib

import pytest
from jinja2 import nodes
from sqlmodel import Session, select
from test_board import NAMES
from test_pages import finished_game
from web_helpers import add_game

from sh_sms.games.districts.bots import StrategySeat
from sh_sms.games.districts.engine import apply, awaiting
from sh_sms.games.districts.engine import new_game as new_districts_game
from sh_sms.games.districts.engine.randbot import clock
from sh_sms.games.districts.engine.state import OVER as DISTRICTS_OVER
from sh_sms.games.districts.params import NAME as DISTRICTS
from sh_sms.games.standard.engine import new_game
from sh_sms.games.standard.engine.bot import RandomBot, play
from sh_sms.resources import TEMPLATES
from sh_sms.store import OVER, Game
from sh_sms.text.languages import speaking
from sh_sms.web.pages import asked_language, keep_language, page_language, t

SPANISH = tomllib.loads((TEMPLATES / "i18n" / "es" / "web.toml").read_text())
PAGES = [
    "base",
    "board_base",
    "board",
    "macros",
    "replay_base",
    "replay",
    "districts_board",
    "districts_macros",
    "districts_replay",
    "group",
    "not_found",
    "no_replay",
]
# Headings and labels only English pages show (as whole elements, not inside a player's name).
ENGLISH = re.compile(
    r">(Players|Latest|How to join|Election tracker|Draw pile|Discards|Every role|The deal"
    r"|Every government|Hidden at the time|What the table was texted|Capitol)<"
)


def set_lang(engine, code: str, lang: str | None) -> None:
    """The host's SET LANG, as the game's row keeps it."""
    with Session(engine) as session:
        game = session.exec(select(Game).where(Game.code == code)).one()
        game.lang = lang
        session.commit()


def page(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


def spanish(text: str) -> None:
    assert '<html lang="es">' in text
    assert not ENGLISH.search(text), ENGLISH.search(text)


def english(text: str) -> None:
    assert '<html lang="en">' in text
    assert ENGLISH.search(text)


def mid_game(engine, code: str, steps: int = 30):
    state, events = new_game(NAMES, 5)
    for step, (_seat, _action, after, more) in enumerate(play(state, RandomBot(5))):
        if after.phase == "over" or step > steps:
            break
        state, events = after, events + more
    add_game(engine, code, NAMES, state=state, events=events)
    return state


def districts_game(engine, code: str, seed: int = 3) -> None:
    """A finished districts game of strategy bots (as tests/browser/test_districts_board.py)."""
    names = NAMES[:5]
    state, events = new_districts_game(names, seed)
    seats = [StrategySeat(seat, len(names)) for seat in range(len(names))]
    log, now, pick = list(events), 0, random.Random(seed)
    for seat in seats:
        seat.observe(events)
    while state.phase != DISTRICTS_OVER:
        waiting = awaiting(state)
        if waiting:
            who = pick.choice(waiting)
            action = seats[who].act(state)
        else:
            who, action, now = clock(state, now)
        state, events = apply(state, who, action, now)
        log += events
        for seat in seats:
            seat.observe(events)
    add_game(engine, code, names, status=OVER, state=state, events=log)
    with Session(engine) as session:
        game = session.exec(select(Game).where(Game.code == code)).one()
        game.game = DISTRICTS
        session.commit()


def test_a_lobby_board_follows_lang_in_the_address(client, engine):
    add_game(engine, "LANG", ["Ana", "Bob"])
    es = page(client, "/g/LANG?lang=es")
    spanish(es)
    assert ">Jugadores<" in es and ">Cómo unirse<" in es and "Esperando jugadores" in es
    assert "UNIRSE LANG tunombre" in es and "JOIN LANG" not in es
    assert "<b>EMPEZAR</b>" in es and "<b>AYUDA</b>" in es and "<b>BOT</b>" in es
    assert ">Anfitrión<" in es
    assert 'data-page="/g/LANG?lang=es"' in es  # the page it re-fetches stays Spanish
    for also in ("/g/lang?lang=ES", "/g/LANG?lang=es&x=1"):
        assert ">Jugadores<" in page(client, also)
    en = page(client, "/g/LANG")
    english(en)
    assert ">Players<" in en and "JOIN LANG yourname" in en and "<b>START</b>" in en
    assert 'data-page="/g/LANG"' in en and "Jugadores" not in en
    assert ">Players<" in page(client, "/g/LANG?lang=xx")  # unknown: English


def test_a_lobby_board_follows_the_games_language(client, engine):
    add_game(engine, "LNGB", ["Ana", "Bob"])
    set_lang(engine, "LNGB", "es")
    es = page(client, "/g/LNGB")
    spanish(es)
    assert ">Jugadores<" in es and "UNIRSE LNGB tunombre" in es
    assert 'data-page="/g/LNGB"' in es  # the game's own language needs no query
    en = page(client, "/g/LNGB?lang=en")  # the address wins over the game
    english(en)
    assert ">Players<" in en and 'data-page="/g/LNGB?lang=en"' in en


@pytest.mark.parametrize("by_game", [False, True])
def test_a_started_games_board_in_spanish(client, engine, by_game):
    state = mid_game(engine, "ESGM")
    if by_game:
        set_lang(engine, "ESGM", "es")
    es = page(client, "/g/ESGM" if by_game else "/g/ESGM?lang=es")
    spanish(es)
    assert f"Ronda {state.round}" in es and ">Lo último<" in es and ">Jugadores<" in es
    assert "Contador de elecciones" in es and ">Mazo<" in es and "Leyes liberales" in es
    assert "Presidente" in es or "Candidato" in es
    events = re.search(r'<ol id="events".*?</ol>', es, re.S).group(0)
    en = page(client, "/g/ESGM?lang=en")
    english(en)
    assert f"Round {state.round}" in en and ">Latest<" in en and "Jugadores" not in en
    english_events = re.search(r'<ol id="events".*?</ol>', en, re.S).group(0)
    assert events != english_events  # the events are told in Spanish too


def test_the_board_json_is_the_same_in_every_language(client, engine):
    mid_game(engine, "JSNL")
    assert client.get("/g/JSNL.json?lang=es").json == client.get("/g/JSNL.json").json
    assert set(client.get("/g/JSNL/board.json?lang=es").json) == set(
        client.get("/g/JSNL/board.json").json
    )


@pytest.mark.parametrize("by_game", [False, True])
def test_a_finished_games_replay_in_spanish(client, engine, by_game):
    finished_game(engine, "ESRP")
    if by_game:
        set_lang(engine, "ESRP", "es")
    es = page(client, "/g/ESRP/replay" if by_game else "/g/ESRP/replay?lang=es")
    spanish(es)
    assert ">El reparto<" in es and "Ronda 1: " in es and "Todos los roles" in es
    assert "Todos los gobiernos" in es and "Lo que recibió la mesa por SMS" in es
    assert "Oculto en su momento" in es and " robó " in es
    assert 'data-says="Paso {n} de {of}"' in es
    assert ("GANAN LOS" in es) and "WIN" not in es
    assert ('href="/g/ESRP"' if by_game else 'href="/g/ESRP?lang=es"') in es
    board = page(client, "/g/ESRP" if by_game else "/g/ESRP?lang=es")
    spanish(board)
    assert "Abajo se ven todos los roles." in board and "Vuelve a ver cada ronda" in board
    en = page(client, "/g/ESRP/replay?lang=en")
    english(en)
    assert ">The deal<" in en and "Round 1: " in en and "El reparto" not in en
    assert 'href="/g/ESRP?lang=en"' in en


def test_a_finished_replay_in_english_without_either(client, engine):
    finished_game(engine, "ENRP")
    en = page(client, "/g/ENRP/replay")
    english(en)
    assert "Every government" in en and 'href="/g/ENRP"' in en and "Todos" not in en


def test_a_districts_game_in_spanish(client, engine):
    districts_game(engine, "DSES")
    replay = page(client, "/g/DSES/replay?lang=es")
    spanish(replay)
    assert "partida de distritos" in replay and "Todas las cartas de bando" in replay
    board = page(client, "/g/DSES?lang=es")
    spanish(board)
    assert ">Jugadores<" in board and "FIN DE LA PARTIDA: " in board and "Leyes jugadas" in board
    english(page(client, "/g/DSES/replay"))
    english(page(client, "/g/DSES"))


def test_a_districts_lobby_in_spanish(client, engine):
    add_game(engine, "DSLB", ["Ana", "Bob"])
    with Session(engine) as session:
        game = session.exec(select(Game).where(Game.code == "DSLB")).one()
        game.game, game.lang = DISTRICTS, "es"
        session.commit()
    es = page(client, "/g/DSLB")
    spanish(es)
    assert "Esperando jugadores: la partida de distritos" in es


def phrases(env, name: str) -> set[str]:
    """Every literal phrase a page's template gives `t`."""
    source = env.loader.get_source(env, f"web/{name}.html")[0]
    found = set()
    for call in env.parse(source).find_all(nodes.Call):
        named_t = isinstance(call.node, nodes.Name) and call.node.name == "t"
        if named_t and call.args and isinstance(call.args[0], nodes.Const):
            found.add(call.args[0].value)
    return found


@pytest.mark.parametrize("name", PAGES)
def test_every_phrase_of_the_pages_has_its_spanish(app, name):
    """Every t("...") of the board and replay templates, with the same {names} in Spanish."""
    missing, mismatched = [], []
    for phrase in phrases(app.jinja_env, name):
        if phrase not in SPANISH:
            missing.append(phrase)
        elif set(re.findall(r"{\w+}", phrase)) != set(re.findall(r"{\w+}", SPANISH[phrase])):
            mismatched.append(phrase)
    assert not missing and not mismatched, (missing, mismatched)


def test_the_words_the_macros_look_up_have_their_spanish():
    """The names the macros translate by value: powers, reasons, roles, cards, factions."""
    by_value = [
        "Investigate loyalty",
        "Special election",
        "Policy peek",
        "Execution",
        "Reverse investigation",
        "Peek and drop",
        "on policies",
        "Hitler was elected Chancellor",
        "Hitler was executed",
        "Liberal",
        "Fascist",
        "Hitler",
        "LIBERAL",
        "FASCIST",
        "Oligarch",
        "Oligarch policy",
        "Oligarch track: {n} of {of} policies",
        "empty: no representative",
        "out of time: no representative",
        "investigates",
        "draws 3",
        "takes 2",
        "plays the policy",
    ]
    assert [w for w in by_value if w not in SPANISH] == []


def test_t_gives_the_pages_language_and_english_for_a_phrase_it_lacks(app):
    with app.test_request_context("/g/ABCD?lang=es"):
        assert asked_language() == "es" and keep_language("/g/ABCD") == "/g/ABCD?lang=es"
        assert t("Players") == "Players"  # English until a page speaks Spanish
        with speaking(page_language(None)):
            assert t("Players") == "Jugadores"
            assert t("Round {n}", n="<b>") == "Ronda &lt;b&gt;"  # values are escaped
            assert t("No such phrase {n}", n=1) == "No such phrase 1"
    with app.test_request_context("/g/ABCD?lang=xx"):
        assert page_language("es") == "es" and page_language(None) == "en"
        assert keep_language("/g/ABCD") == "/g/ABCD"


SPANISH_BROWSER = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}


def test_the_group_page_in_the_readers_language(client, engine):
    finished_game(engine, "GRPE")
    assert "Who won how often" in client.get("/g/GRPE/group").get_data(as_text=True)
    for es in (
        client.get("/g/GRPE/group?lang=es").get_data(as_text=True),
        client.get("/g/GRPE/group", headers=SPANISH_BROWSER).get_data(as_text=True),
    ):
        assert '<html lang="es">' in es and "Quién ganó cuántas veces" in es, es
        assert "Who won how often" not in es and ">Replay<" not in es
    assert "/g/GRPE/replay?lang=es" in client.get("/g/GRPE/group?lang=es").get_data(as_text=True)
    en = client.get("/g/GRPE/group?lang=en", headers=SPANISH_BROWSER).get_data(as_text=True)
    assert '<html lang="en">' in en and "Who won how often" in en


def test_no_such_game_and_no_replay_in_the_readers_language(client, engine):
    for query, headers in (("?lang=es", {}), ("", SPANISH_BROWSER)):
        missing = client.get(f"/g/ZZZZ{query}", headers=headers)
        assert missing.status_code == 404
        assert "No existe esa partida" in missing.get_data(as_text=True)
    assert "No such game" in client.get("/g/ZZZZ").get_data(as_text=True)
    add_game(engine, "RNNG", NAMES[:5])
    running = client.get("/g/RNNG/replay", headers=SPANISH_BROWSER)
    assert running.status_code == 404
    assert "Aún no ha terminado" in running.get_data(as_text=True)
    assert "Not finished yet" in client.get("/g/RNNG/replay").get_data(as_text=True)


def test_the_boards_alert_in_the_pages_language(client, engine):
    from datetime import UTC, datetime

    from sh_sms.store import SenderAlert

    game_id = add_game(engine, "ALRT", NAMES[:5])
    now = datetime(2026, 3, 4, tzinfo=UTC)
    with Session(engine) as session:
        session.add(SenderAlert(
            game_id=game_id, first_code="30034", last_code="30034", failures=3, first_at=now,
            last_at=now, host_told=True,
        ))  # fmt: skip
        session.commit()
    es = client.get("/g/ALRT?lang=es").get_data(as_text=True)
    assert "Algunos SMS de esta partida no llegaron (3 hasta ahora)" in es
    assert "did not arrive" not in es
    assert "did not arrive" in client.get("/g/ALRT").get_data(as_text=True)
