"""Write requirements.txt: the pinned install that a Heroku-style Python build makes.

It installs the project (and so exactly pyproject.toml's dependencies) into a fresh virtual
environment, then writes every installed distribution pinned with `==`, and last `.`: the
project itself, built as a wheel and installed for real (not editable), so the `sh-sms` command
exists and the packaged migrations and templates come along. The first line records a digest of
pyproject's dependency list; tests/test_deploy_files.py fails when the two disagree.

    python3 tools/requirements.py [--check]
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
REQUIREMENTS = ROOT / "requirements.txt"
DIGEST_PREFIX = "# pyproject dependencies digest: "


def dependencies(pyproject: Path = PYPROJECT) -> list[str]:
    """The `[project] dependencies` of pyproject.toml, as written there."""
    return tomllib.loads(pyproject.read_text())["project"]["dependencies"]


def digest(deps: list[str]) -> str:
    """A short fingerprint of a dependency list (order and spacing do not matter)."""
    canonical = "\n".join(sorted("".join(d.split()).lower() for d in deps))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def recorded_digest(requirements: Path = REQUIREMENTS) -> str | None:
    """The digest written at the top of requirements.txt, if any."""
    for line in requirements.read_text().splitlines():
        if line.startswith(DIGEST_PREFIX):
            return line[len(DIGEST_PREFIX) :].strip()
    return None


def frozen_pins(python: str = sys.executable) -> list[str]:
    """Install the project into a fresh venv and return `name==version` for everything else."""
    with tempfile.TemporaryDirectory(prefix="sh-sms-pins-") as tmp:
        venv = Path(tmp) / "venv"
        subprocess.run([python, "-m", "venv", str(venv)], check=True)
        pip = [str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check"]
        subprocess.run([*pip, "install", "-q", "--upgrade", "pip"], check=True)
        subprocess.run([*pip, "install", "-q", str(ROOT)], check=True)
        out = subprocess.run(
            [*pip, "freeze", "--exclude", "sh-sms"], check=True, capture_output=True, text=True
        ).stdout
    pins = [line for line in out.splitlines() if "==" in line]
    return sorted(pins, key=lambda pin: pin.split("==")[0].lower().replace("_", "-"))


def render(pins: list[str], deps: list[str]) -> str:
    """The text of requirements.txt."""
    header = [
        DIGEST_PREFIX + digest(deps),
        "# Written by `make requirements` from pyproject.toml: change that, then run it again.",
        "# Every dependency pinned, then the project itself (`.`, not editable, so the `sh-sms`",
        "# command and the migrations and templates inside the package are installed).",
    ]
    return "\n".join([*header, *pins, "."]) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write requirements.txt (`--check`: only say whether it matches pyproject.toml)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare digests, change nothing")
    args = parser.parse_args(argv)
    deps = dependencies()
    if args.check:
        ok = REQUIREMENTS.exists() and recorded_digest() == digest(deps)
        print("requirements.txt is " + ("up to date" if ok else "stale: run make requirements"))
        return 0 if ok else 1
    REQUIREMENTS.write_text(render(frozen_pins(), deps))
    print(f"wrote {REQUIREMENTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
