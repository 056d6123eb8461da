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
_FORMATTER = logging.Formatter()
_DECODINGS = 3  # a path encoded twice (`%252F`) is still read: decode up to this many times


def redact(text: str) -> str:
    """`text` with each table link's token cut to its first four characters and "…".

    A link may reach a log percent-encoded (`/t/%68amq…/` is served as `/t/hamq…/`, and
    `?next=%2Ft%2Fhamq…` carries one): where decoding `text` shows a link that the text as
    written hides, the decoded text is logged, redacted."""
    redacted = TABLE_LINK.sub(r"\1\2…", text)
    decoded = redacted
    for _ in range(_DECODINGS):
        if "%" not in decoded:
            break
        decoded = unquote(decoded)
        if TABLE_LINK.search(decoded):
            return TABLE_LINK.sub(r"\1\2…", decoded)
    return redacted


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
