"""The documents a newcomer reads: the README says what this is first, then the two commands;
the players' and operators' reference lives in the repository (docs/), every link in it leads
somewhere, every setting is documented, and development figures stay out of the operator's way."""

from __future__ import annotations

import dataclasses
import re
import subprocess
from pathlib import Path

from sh_sms.config import Settings

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
COMMANDS = [
    "make run    # sets itself up, then serves the app on SQLite with the phone simulator",
    "make test   # sets itself up, then runs the whole suite",
]


def test_the_readme_opens_with_a_title_one_paragraph_then_the_two_commands():
    blocks = README.read_text().split("\n\n")
    assert blocks[0].startswith("# ") and "\n" not in blocks[0]
    paragraph = blocks[1]
    assert not paragraph.startswith(("#", "`", "-", "|")) and "Secret Hitler" in paragraph
    assert blocks[2].splitlines() == ["```", *COMMANDS, "```"]


def test_the_readme_has_a_deploy_button_for_app_json():
    text = README.read_text()
    assert re.search(
        r"\[!\[Deploy to Heroku\]\([^)]+button\.svg\)\]\(https://www\.heroku\.com/deploy", text
    )
    assert (ROOT / "app.json").is_file()


def test_players_and_operators_have_their_reference_in_the_repository():
    names = {path.name for path in DOCS}
    assert {"commands.md", "rules.md", "operating.md", "development.md"} <= names
    rules = (ROOT / "docs" / "rules.md").read_text()
    for number in range(1, 21):
        assert f"**R{number}." in rules, f"R{number} missing"


def test_nothing_points_outside_the_repository():
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    here = Path(__file__).name
    for name in tracked:
        path = ROOT / name
        if path.name == here or path.suffix not in {".md", ".txt", ".html", ".py", ".json"}:
            continue
        text = path.read_text(errors="replace")
        assert "../shared" not in text and "/work/shared" not in text, name


def test_every_link_in_the_documents_leads_to_a_file():
    for doc in [README, *DOCS]:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text()):
            if re.match(r"[a-z]+:", target):
                continue
            assert (doc.parent / target).exists(), f"{doc.name}: {target}"


def test_every_setting_is_documented():
    text = "\n".join(path.read_text() for path in [README, *DOCS])
    for field in dataclasses.fields(Settings):
        assert f"`{field.name.upper()}`" in text, f"{field.name.upper()} is not documented"


def test_development_figures_are_not_among_the_operators_docs():
    for path in (README, ROOT / "docs" / "operating.md", ROOT / "docs" / "commands.md"):
        text = path.read_text()
        for phrase in ("this machine", "issue 11", "round of", "app/floor", "p99"):
            assert phrase not in text, f"{path.name}: {phrase}"
