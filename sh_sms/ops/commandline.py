"""The command line's words: each `sh-sms` command's help, from templates/ops/help/<name>.txt."""

from __future__ import annotations

import argparse

from .wording import say


def command_parser(name: str) -> argparse.ArgumentParser:
    """The parser of `sh-sms <name>`, its help the whole of templates/ops/help/<name>.txt."""
    return argparse.ArgumentParser(
        prog=f"sh-sms {name}",
        description=say(f"help/{name}"),
        formatter_class=argparse.RawDescriptionHelpFormatter,  # the template's lines as written
    )


def summary(name: str) -> str:
    """The first sentence of a command's help, on one line (for `sh-sms --help`)."""
    first = " ".join(say(f"help/{name}").split("\n\n")[0].split())
    sentence = first.split(": ")[0].split(". ")[0].rstrip(".")
    return sentence[0].lower() + sentence[1:]
