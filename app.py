"""The WSGI app for gunicorn (`gunicorn app:app`): logging to stdout, then create_app()."""

from sh_sms.config import Settings
from sh_sms.ops.logs import configure_logging
from sh_sms.web import create_app

settings = Settings.from_env()
configure_logging(settings.log_level)  # before create_app, which may refuse to start
app = create_app(settings)
