"""Table tests of GSM-7 detection and SMS segment counting."""

import pytest

from sh_sms.text.gsm import is_gsm7, segments, sent_segments

CURLY = "\u2019"  # right single quotation mark: not in GSM-7


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", True),
        ("You are LIBERAL. Hand: F F L", True),
        ("@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà", True),
        ("line one\nline two\r\n", True),
        ("{}[]~|^\\€\f", True),
        (f"Bob{CURLY}s turn", False),
        ("\x1b", False),  # the escape code itself is not a character
        ("\t", False),
        ("ç", False),  # only the capital Ç is in the basic set
        ("😀", False),
    ],
)
def test_is_gsm7(text, expected):
    assert is_gsm7(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", 0),
        ("a", 1),
        ("a" * 160, 1),
        ("a" * 161, 2),
        ("a" * 306, 2),
        ("a" * 307, 3),
        ("{" * 80, 1),  # 160 septets
        ("{" + "a" * 159, 2),  # '{' counts double: 161 septets
        ("€" * 76 + "a" * 154, 2),  # 152 + 154 = 306 septets
        ("a" * 152 + "{" + "a" * 152, 3),  # '{' would straddle the first boundary
        (CURLY + "a" * 69, 1),  # one curly quote forces UCS-2
        (CURLY + "a" * 70, 2),
        (CURLY * 134, 2),
        (CURLY * 135, 3),
        ("😀" * 35, 1),  # 70 UTF-16 code units
        ("😀" * 36, 2),
        ("aa" + "😀" * 66, 3),  # 134 code units, but a surrogate pair never straddles a boundary
    ],
)
def test_segments(text, expected):
    assert segments(text) == expected


def test_a_text_is_counted_as_sent_with_its_accents_written_plain():
    text = "Empezó la partida. " + "x" * 130  # 149 characters: UCS-2 as written, GSM-7 as sent
    assert segments(text) == 3
    assert sent_segments(text) == 1
    assert sent_segments("x" * 161) == segments("x" * 161) == 2
