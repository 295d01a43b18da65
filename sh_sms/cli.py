"""Command line entry point: `sh-sms <command> [options]`."""

from __future__ import annotations

import argparse
import importlib
from importlib.metadata import PackageNotFoundError, version

from .gamekind.registry import GAME_COMMANDS
from .ops.commandline import summary
from .ops.wording import say

# Each command is a module with a `main(argv)`; imported lazily so one command's needs stay its own.
COMMANDS = {
    **GAME_COMMANDS,  # commands a game brings (the registry's list)
    "doctor": "sh_sms.doctor",
    "migrate": "sh_sms.ops.migrate",
    "serve": "sh_sms.web.serve",
    "twilio": "sh_sms.ops.twilio_setup",
    "worker": "sh_sms.jobs",
}


def installed_version() -> str:
    """The installed sh-sms distribution's version."""
    try:
        return version("sh-sms")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    """Parse `argv` (default: sys.argv) and run the chosen command; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="sh-sms",
        description=say("help/sh-sms"),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"sh-sms {installed_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        commands.add_parser(name, help=summary(name), add_help=False)
    args, rest = parser.parse_known_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    module = importlib.import_module(COMMANDS[args.command])
    return module.main(rest) or 0


if __name__ == "__main__":  # `python -m sh_sms.cli ...`, as the tests run a worker
    raise SystemExit(main())
