"""Table tests for sh_sms.text.players: resolving player references and checking names."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sh_sms.text.players import NAME_MAX, ResolveError, resolve_player, valid_name

# Seats 1-6; pretend Dee (seat 4) is dead: the resolver still counts her name.
TABLE = ["Alice", "Al", "Bob", "Dee", "Deb", "Cy"]


def resolves(ref, expected):
    return pytest.param(ref, expected, id=repr(ref))


@pytest.mark.parametrize(
    "ref, expected",
    [
        resolves("Bob", 2),
        resolves("bob", 2),
        resolves("BOB", 2),
        resolves(" bob ", 2),
        resolves("@bob", 2),
        resolves("#Bob", 2),
        resolves("b", 2),
        resolves("bo", 2),
        resolves("c", 5),
        resolves("alice", 0),
        resolves("ali", 0),
        resolves("al", 1),  # exact full name wins although it is a prefix of Alice
        resolves("AL", 1),
        resolves("dee", 3),  # a dead player's name still resolves; the caller filters
        resolves("1", 0),
        resolves("3", 2),
        resolves("#6", 5),
        resolves("06", 5),
    ],
)
def test_resolves(ref, expected):
    assert resolve_player(ref, TABLE) == expected


@pytest.mark.parametrize(
    "ref, candidates",
    [
        resolves("a", [0, 1]),
        resolves("de", [3, 4]),  # the dead Dee still makes "de" ambiguous
        resolves("D", [3, 4]),
        resolves("#de", [3, 4]),
    ],
)
def test_ambiguous_prefix(ref, candidates):
    assert resolve_player(ref, TABLE) == ResolveError("ambiguous", candidates)


@pytest.mark.parametrize(
    "ref",
    [
        pytest.param(ref, id=repr(ref))
        for ref in ["zed", "bobby", "0", "7", "-1", "99", "", "  ", "#", "@", "b o", "cy2", "３"]
    ],
)
def test_no_such_player(ref):
    assert resolve_player(ref, TABLE) == ResolveError("no_such_player", [])


def test_no_players_at_all():
    assert resolve_player("1", []) == ResolveError("no_such_player", [])


@pytest.mark.parametrize(
    "ref, names, expected",
    [
        pytest.param("2", ["2", "A", "B"], 1, id="digits-are-a-seat-even-beside-a-digit-name"),
        pytest.param("1", ["A", "12"], 0, id="digits-are-a-seat-not-a-prefix"),
        pytest.param("3", ["A", "12"], ResolveError("no_such_player"), id="digits-never-prefix"),
        pytest.param("ana", ["ANA", "Anabel"], 0, id="exact-case-insensitive"),
    ],
)
def test_digits_and_exact_names(ref, names, expected):
    assert resolve_player(ref, names) == expected


@pytest.mark.parametrize(
    "name, ok",
    [
        pytest.param(name, ok, id=repr(name))
        for name, ok in [
            ("A", True),
            ("Ana", True),
            ("bob2", True),
            ("007", True),
            ("x" * NAME_MAX, True),
            ("x" * (NAME_MAX + 1), False),
            ("", False),
            ("Ana Bel", False),
            ("O'Neil", False),
            ("Zoë", False),
            ("ana_b", False),
            ("ana-b", False),
            ("Ana!", False),
            ("\U0001f600", False),
            ("３", False),
            (" Ana", False),
        ]
    ],
)
def test_valid_name(name, ok):
    assert valid_name(name) is ok


@given(st.text(max_size=30), st.lists(st.text(min_size=1, max_size=12), max_size=10))
def test_resolver_never_raises(ref, names):
    result = resolve_player(ref, names)
    if isinstance(result, int):
        assert 0 <= result < len(names)
    else:
        assert result.code in {"no_such_player", "ambiguous"}
        assert all(0 <= i < len(names) for i in result.candidates)
