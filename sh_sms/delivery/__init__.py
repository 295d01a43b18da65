"""Delivery: a worker drains the outbox through the simulator or Twilio.

- `claims`: which rows a worker may take (oldest per recipient, leased), and what a send did.
- `order`: which of those go first (critical rows, games in turn) and which waiting texts join.
- `rate`: the shared send-slot row that keeps every worker together within the segment rate.
- `errors`: transient or permanent; a permanent failure may mean the number is unreachable.
- `senders`: the simulator (marks delivered) and Twilio (the `twilio` library's Client).
- `callbacks`: Twilio status callbacks move a row on (POST /sms/status).
- `notices`: telling a table, once, that one of its players cannot be reached.
- `sender_alerts`: failures that are the sender's (trial, unregistered...): the host is told
  once, the board shows a banner (`sender_problem`), `sh-sms doctor` lists them.
- `worker`: the loop that claims, sends and records; `sh_sms.jobs` runs it with the periodic
  jobs beside it, as `sh-sms worker` and in a web process.
"""
