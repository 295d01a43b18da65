"""The files a Heroku-style host reads: requirements.txt (in step with pyproject.toml), the
Procfile, .python-version and app.json."""

from __future__ import annotations

import importlib.util
import json
import runpy
import tomllib
from dataclasses import fields
from pathlib import Path, PurePosixPath

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

from sh_sms.config import Settings

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
# The Python buildpack refuses a repository with more than one of these.
PACKAGE_MANAGER_FILES = ("requirements.txt", "uv.lock", "poetry.lock", "Pipfile.lock", "Pipfile")


def pin_tool():
    """tools/requirements.py, which `make requirements` runs."""
    spec = importlib.util.spec_from_file_location("pin_tool", ROOT / "tools" / "requirements.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def requirement_lines() -> list[str]:
    """requirements.txt without comments and blank lines."""
    lines = (ROOT / "requirements.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def pins() -> dict[str, str]:
    """requirements.txt's pins: canonical name -> version."""
    pinned = {}
    for line in requirement_lines()[:-1]:
        name, _, version = line.partition("==")
        pinned[canonicalize_name(name)] = version
    return pinned


def procfile() -> dict[str, str]:
    """The Procfile's process types and their commands."""
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line.strip())


def test_exactly_one_package_manager_file():
    present = [name for name in PACKAGE_MANAGER_FILES if (ROOT / name).exists()]
    assert present == ["requirements.txt"]


def test_requirements_were_pinned_from_the_current_pyproject_dependencies():
    tool = pin_tool()
    assert tool.recorded_digest(ROOT / "requirements.txt") == tool.digest(
        PYPROJECT["project"]["dependencies"]
    ), "pyproject.toml's dependencies changed: run `make requirements`"


def test_every_requirement_is_pinned_and_the_project_comes_last_not_editable():
    lines = requirement_lines()
    assert lines[-1] == "."  # a wheel build: the sh-sms command, migrations and templates
    for line in lines[:-1]:
        requirement = Requirement(line)
        assert str(requirement.specifier).startswith("=="), line
        assert "--hash" not in line and not line.startswith("-"), line


def test_the_pins_satisfy_every_dependency_of_pyproject():
    pinned = pins()
    for raw in PYPROJECT["project"]["dependencies"]:
        requirement = Requirement(raw)
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{raw} is not pinned"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (raw, pinned[name])
        for extra in requirement.extras:  # psycopg[binary] brings psycopg-binary
            assert canonicalize_name(f"{requirement.name}-{extra}") in pinned, raw


def test_python_version_is_a_major_version_the_project_supports():
    version = (ROOT / ".python-version").read_text().strip()
    major, minor = version.split(".")
    assert major == "3" and minor.isdigit(), "major form only, such as 3.12"
    assert SpecifierSet(PYPROJECT["project"]["requires-python"]).contains(f"{version}.0")


def test_the_procfile_runs_installed_commands():
    processes = procfile()
    assert processes["release"] == "sh-sms migrate"
    assert processes["worker"] == "sh-sms worker"
    assert processes["web"] == "gunicorn app:app"  # the rest is in gunicorn.conf.py
    assert "sh-sms" in PYPROJECT["project"]["scripts"]


def test_app_json_prompts_for_twilio_and_runs_web_worker_and_postgres():
    manifest = json.loads((ROOT / "app.json").read_text())
    env = manifest["env"]
    for name in (
        "TWILIO_ACCOUNT_SID",
        "TWILIO_AUTH_TOKEN",
        "TWILIO_FROM_NUMBER",
        "TWILIO_MESSAGING_SERVICE_SID",
        "PUBLIC_BASE_URL",
    ):
        assert env[name]["description"], name
    settings = {f.name.upper() for f in fields(Settings)}
    assert set(env) <= settings, set(env) - settings  # every prompt is a setting the app reads
    assert {"plan": "heroku-postgresql"} in manifest["addons"]
    assert set(manifest["formation"]) == {"web", "worker"} <= set(procfile())
    assert manifest["buildpacks"] == [{"url": "heroku/python"}]


def test_every_template_ships_inside_the_package():
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["sh_sms"]
    files = [p for p in (ROOT / "templates").rglob("*") if p.is_file()]
    assert files
    for path in files:
        inside = PurePosixPath("templates", *path.relative_to(ROOT / "templates").parts)
        assert any(inside.match(pattern) for pattern in patterns), f"{inside} would not ship"


def test_gunicorn_conf_keeps_inside_herokus_windows(monkeypatch):
    monkeypatch.setenv("PORT", "8123")
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert conf["bind"] == ["0.0.0.0:8123"]
    assert conf["worker_class"] == "gthread" and conf["threads"] > 1
    # Heroku: 30 s from SIGTERM to SIGKILL, and 30 s for the router's request
    assert conf["timeout"] < 30 and conf["graceful_timeout"] < 30
    assert Settings().request_budget_seconds < conf["timeout"]
    assert conf["keepalive"] > 90  # the router closes idle connections after 90 s, not gunicorn


def test_app_json_sends_the_deployer_to_a_page_asks_for_segments_and_never_for_the_simulator():
    manifest = json.loads((ROOT / "app.json").read_text())
    assert manifest["success_url"] == "/"  # the front page, not a JSON health check
    env = manifest["env"]
    assert "TWILIO_MPS" not in env
    assert "segment" in env["TWILIO_SEGMENTS_PER_SECOND"]["description"]
    assert env["TWILIO_ACCOUNT_SID"]["required"] and env["TWILIO_AUTH_TOKEN"]["required"]
    text = json.dumps(manifest).lower()
    assert "/sim" not in text and "simulator" not in text  # a deploy refuses it (issue 18)


def test_the_front_page_the_deploy_button_opens_is_a_page(tmp_path):
    from sh_sms.store.migrate import upgrade
    from sh_sms.web import create_app

    url = f"sqlite:///{tmp_path}/x.db"
    upgrade(url)
    app = create_app({"database_url": url, "twilio_account_sid": None, "worker_in_web": False})
    try:
        response = app.test_client().get(json.loads((ROOT / "app.json").read_text())["success_url"])
        assert response.status_code == 200 and response.mimetype == "text/html"
    finally:
        app.extensions["sh_sms"].engine.dispose()
