"""Reminders and deadlines: who a game waits on and since when, quiet hours, the periodic job.

- `wait.track(session, game, state, now, settings)`: called after every change of a game's
  state, in the same transaction (the conversation's moves and START do).
- `job.run_due(engine, settings, now)`: one run of the job (tests call it with a fake clock).
- `scheduler.start_scheduler(engine, settings, clock)`: the APScheduler job for a worker process.

Importing this package loads nothing else, so the parser can use `reminders.values` alone.
"""
