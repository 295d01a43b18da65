"""What the operator runs and reads, apart from the game itself.

- `wording`: every line for the operator, from templates/ops/*.txt (`sh_sms.resources` says
  them, so that the settings below this package can too).
- `logs`: logging to stdout, the same in every process; `logsafe`: numbers masked, a passing
  database fault as one line.
- `preflight`: settings no process may start with (web, worker, release), one line each, and
  `start`, which every command's `main` begins with.
- `commandline`: each command's help (templates/ops/help/).
- `migrate`: `sh-sms migrate`, the settings checked, then the schema brought up to date.
- `twilio_setup`, `twilio_checks`, `twilio_report`: `sh-sms twilio`, pointing the number (or
  Messaging Service) at this deployment and checking what Twilio's API shows.
"""
