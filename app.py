"""The WSGI app for gunicorn (`gunicorn app:app`)."""

from sh_sms.web import create_app

app = create_app()
