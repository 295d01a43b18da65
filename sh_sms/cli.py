"""Command line entry point: `sh-sms <command>`."""

from __future__ import annotations

import argparse


def main(argv: list[str] | None = None) -> int:
    """Parse `argv` (default: sys.argv) and run the chosen subcommand; return the exit status."""
    parser = argparse.ArgumentParser(prog="sh-sms", description="Secret Hitler played by SMS.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("demo", help="play a demo game between bots and print it")
    args = parser.parse_args(argv)

    if args.command == "demo":
        from sh_sms.demo import main as demo  # imported lazily: only this command needs it

        return demo() or 0
    parser.print_help()
    return 2
