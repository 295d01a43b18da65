"""Links to a game's pages, as a text would carry them (sh_sms.public.links)."""

from sh_sms.config import Settings
from sh_sms.table.links import board_url, replay_url


def test_the_replay_link_is_absolute_from_the_public_base_url():
    settings = Settings(public_base_url="https://sh.example.org/")
    assert replay_url(settings, "abcd") == "https://sh.example.org/g/ABCD/replay"
    assert board_url(settings, "ABCD") == "https://sh.example.org/g/ABCD"


def test_no_link_without_a_public_base_url():
    assert replay_url(Settings(public_base_url=None), "ABCD") is None
    assert replay_url(Settings(public_base_url="  "), "ABCD") is None
    assert board_url(Settings(), "ABCD") is None
