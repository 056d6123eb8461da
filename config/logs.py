"""Logging filters: keep secrets and personal data out of the logs.

A table's private link (/t/<token>/) scores that table without an account, so the token is
a credential: Django's request, CSRF and server loggers would otherwise write it with every
404, refused method or failed CSRF check, and a traceback can carry it too. `RedactTableLinks`
keeps the first characters only, enough to tell links apart.

It sits on the handlers, not on loggers: on the root logger's handlers (settings.LOGGING), on
the Celery worker's (config/celery.py) and on gunicorn's (config/gunicorn.py), so every record
that reaches a log is redacted once, whichever logger wrote it.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote

# Any case: a path is matched by the URLs in lower case, but a token in `/T/…` is still one.
TABLE_LINK = re.compile(r"(/t/)([A-Za-z0-9_-]{4})[A-Za-z0-9_-]*", re.IGNORECASE)
# A secret in a path or a query: a run of 20 or more URL-safe characters that begins a path
# segment or a parameter's value (a table link's token served from `/t//…` or `/t;x/…`, a
# password-reset token). Words and names in this site's paths are shorter.
SECRET_SEGMENT = re.compile(r"(?<=[/\\;=])([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{16,}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_FORMATTER = logging.Formatter()
_DECODINGS = 4  # a path encoded again and again (`%252F`) is still read: decode up to this many times


def redact(text: str) -> str:
    """`text` with each table link's token, and any other secret-like path segment, cut to its
    first four characters and "…".

    A link may reach a log percent-encoded (`/t/%68amq…/` and `/t/hamq%68…/` are served as the
    link; `?next=%2Ft%2Fhamq…` carries one): where the text decoded differs from the text, the
    decoded text is logged, redacted, with its control characters escaped (`\\x0a`), so that an
    encoded line break cannot write a line of its own into the log."""
    redacted = _cut(text)
    decoded = text
    for _ in range(_DECODINGS):
        if "%" not in decoded:
            break
        decoded = unquote(decoded)
    if decoded != text:
        decoded = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", decoded)
        if _cut(decoded) != decoded:  # the encoding hid something: log it decoded, cut
            return _cut(decoded)
    return redacted


def _cut(text: str) -> str:
    return SECRET_SEGMENT.sub(r"\1…", TABLE_LINK.sub(r"\1\2…", text))


class RedactTableLinks(logging.Filter):
    """Cuts table-link tokens from a record's message, traceback and stack; never drops a record.

    The record is changed in place (message formatted with its arguments, traceback formatted
    into `exc_text`), so every handler after this one sees the redacted record too.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: the handler reports it as usual
            return True
        redacted = redact(message)
        if redacted != message:
            record.msg, record.args = redacted, ()
        if record.exc_info and not record.exc_text:
            record.exc_text = _FORMATTER.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def redact_handlers(logger: logging.Logger) -> None:
    """Put the redaction on each of `logger`'s handlers (once)."""
    for handler in logger.handlers:
        if not any(isinstance(f, RedactTableLinks) for f in handler.filters):
            handler.addFilter(RedactTableLinks())
