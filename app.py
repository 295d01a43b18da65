"""The WSGI app for gunicorn (`gunicorn app:app`): settings checked, logging to stdout, a
Messaging Service's numbers read, then create_app(). Settings it cannot start with are logged
one line each ("Refusing to start: ..."); gunicorn is then told the app cannot load, so it prints
one more line and exits (no traceback, no worker booted again and again)."""

from gunicorn.errors import AppImportError

from sh_sms.ops.preflight import UnsafeConfiguration, start
from sh_sms.ops.service_pool import with_service_numbers
from sh_sms.ops.wording import say
from sh_sms.web import create_app

try:
    settings = start()
    if settings is None:
        raise UnsafeConfiguration([])
    app = create_app(with_service_numbers(settings))
except UnsafeConfiguration:
    raise AppImportError(say("app_refused")) from None
