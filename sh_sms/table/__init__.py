"""The table: one text's (or one job run's) world (`turn`), the one pipeline that applies a move
to any game (`play`), the clocks it keeps (`wait`, `plan`), and the small things every game's
table shares: computer players' seats, reminder settings, page addresses. Below the
conversation, the reminders and the bots, which all play through it."""
