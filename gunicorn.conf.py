"""gunicorn's settings for the Procfile's `web` process (gunicorn reads this file by itself from
the directory it starts in), in the way of Heroku's Python getting-started app.

https://docs.gunicorn.org/en/stable/settings.html
https://devcenter.heroku.com/articles/python-gunicorn
"""

import os

# Heroku tells a web dyno its port in PORT; 5000 is `make run`'s, for a local try.
bind = ["0.0.0.0:" + os.environ.get("PORT", "5000")]

# Threads: a text that waits for its game's lock (up to REQUEST_BUDGET_SECONDS, 10 s) holds one
# thread, not a whole process, so the board, /healthz and other games' texts go on meanwhile.
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "4"))

# A worker silent this long is killed and replaced (for gthread a heartbeat, not a request
# limit). Heroku gives a dyno 30 s between SIGTERM and SIGKILL, and its router gives a request
# 30 s: both stay inside that window, with room for the 10 s in-request budget.
timeout = 20
graceful_timeout = 20

# Heroku's router keeps idle connections to the dyno open 90 s; closing them is left to it, so
# that gunicorn never closes one just as the router sends a request on it.
keepalive = 95

# Requests to stdout, in Heroku's logfmt style (X-Request-Id is set by Heroku's router).
accesslog = "-"
access_log_format = (
    'gunicorn method=%(m)s path="%(U)s" status=%(s)s duration=%(M)sms '
    "request_id=%({x-request-id}i)s"
)

# gunicorn 25+ also listens on a control socket in $HOME for `gunicornc`; nothing here uses it.
control_socket_disable = True


def on_starting(server):
    """Check the settings once in the master, before any worker boots: what the app cannot start
    with is logged one line each and gunicorn exits 1, with no worker started (two workers
    failing at once can otherwise make gunicorn print a traceback of its own while it halts)."""
    from sh_sms.ops.preflight import refused, start
    from sh_sms.ops.wording import say

    settings = start()
    if settings is None or refused(settings):  # settings alone; each worker checks the database
        print(say("app_refused"), flush=True)
        raise SystemExit(1)
