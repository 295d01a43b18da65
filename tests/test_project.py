"""Checks on the project's files rather than its code."""

from pathlib import Path

import pytest

from sh_sms.text.gsm import is_gsm7

SMS_TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "sms"


def test_sms_templates_are_gsm7():
    if not SMS_TEMPLATES.is_dir():
        pytest.skip("no templates/sms/ yet")
    files = sorted(p for p in SMS_TEMPLATES.rglob("*") if p.is_file())
    bad = {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        if not is_gsm7(text):
            name = str(path.relative_to(SMS_TEMPLATES))
            bad[name] = sorted({ch for ch in text if not is_gsm7(ch)})
    assert not bad, f"characters outside GSM-7: {bad}"
