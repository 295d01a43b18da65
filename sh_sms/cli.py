"""Command line entry point: `sh-sms <command> [options]`."""

from __future__ import annotations

import argparse
import importlib

# Each command is a module with a `main(argv)`; imported lazily so one command's needs stay its own.
COMMANDS = {
    "demo": ("sh_sms.botplay.demo", "play a demo game between bots and print it"),
    "doctor": (
        "sh_sms.ops.doctor",
        "list recent delivery failures by cause, with the fix for each",
    ),
    "migrate": ("sh_sms.store.migrate", "apply database migrations"),
    "serve": ("sh_sms.web.serve", "migrate the database and serve the app on 127.0.0.1"),
    "twilio": ("sh_sms.ops.twilio_setup", "point the Twilio number here and check its setup"),
    "worker": ("sh_sms.delivery.worker", "send queued texts until stopped (Procfile worker)"),
}


def main(argv: list[str] | None = None) -> int:
    """Parse `argv` (default: sys.argv) and run the chosen command; return the exit status."""
    parser = argparse.ArgumentParser(prog="sh-sms", description="Secret Hitler played by SMS.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_module, help_text) in COMMANDS.items():
        commands.add_parser(name, help=help_text, add_help=False)
    args, rest = parser.parse_known_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    module = importlib.import_module(COMMANDS[args.command][0])
    return module.main(rest) or 0


if __name__ == "__main__":  # `python -m sh_sms.cli ...`, as the tests run a worker
    raise SystemExit(main())
