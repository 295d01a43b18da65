"""Reminders and deadlines: who a game waits on and since when, quiet hours, the periodic job.

- `wait.track(session, game, state, now, settings)`: called after every change of a game's
  state, in the same transaction (the conversation's moves and START do).
- `job.run_due(engine, settings, now)`: one run of the job (tests call it with a fake clock).
- `scheduler.start_scheduler(engine, settings, clock)`: the APScheduler job for a worker process.

Quiet hours are `sh_sms.quiet` and the values a host may SET `sh_sms.text.setwords`, below the
parser and the settings that read them.
"""
