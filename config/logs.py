"""Logging filters: secrets and personal data out of the logs, and a client's refused request
kept to one line. On the handlers (root, Celery's, gunicorn's). Design: docs/deployment.md#logs"""

from __future__ import annotations

import logging
import re
import unicodedata
from urllib.parse import unquote

# Any case: a path is matched by the URLs in lower case, but a token in `/T/…` is still one.
TABLE_LINK = re.compile(r"(/t/)([A-Za-z0-9_-]{4})[A-Za-z0-9_-]*", re.IGNORECASE)
# A hall board's link (/board/<event id>-<version>:<signature>/) opens a private event's board:
# its signature is cut to its first four characters, whatever letters it has.
BOARD_LINK = re.compile(r"(/board/[0-9]+-[0-9]+:)([A-Za-z0-9_-]{4})[A-Za-z0-9_-]*", re.IGNORECASE)
# Everything after a reset link's user id, up to the next space, in any case and of any length:
# an uppercased token, or one with a character appended, no longer has a reset token's shape
# (below) but was the token all the same. Its user id stays (an id, not a secret); the page
# after it (/accounts/reset/done/) has nothing after it, and stays as written.
# Up to the next space or double quote: a link in a quoted field (a Referer) keeps the quote that
# closes it, so the access log's fields still pair.
RESET_LINK = re.compile(r'(/accounts/reset/[^/\s"]*/)[^\s"]+', re.IGNORECASE)
# A secret anywhere in a line (a path, a query, a header), such as a table link's token
# however it reaches the log (from `/t//…`, `/t;x/…`, after a stray character): a run of 20 or
# more URL-safe characters with capital and small letters and a digit, "-" or "_", as a token
# from `secrets.token_urlsafe` has (all but about 1 in 600), or a password-reset token's shape
# (`<base 36>-<hex>`). Words, slugs, static files' names and hashes and UUIDs lack one of these
# and stay as written.
_RUN = re.compile(r"(?<![A-Za-z0-9_-])([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{16,}")
_RESET_TOKEN = re.compile(r"[0-9a-z]{1,13}-[0-9a-f]{20,}")
_FORMATTER = logging.Formatter()
_DECODINGS = 8  # a path encoded again and again (`%252F`) is still read: decode up to this many times


def _secret(match: re.Match[str]) -> str:
    run = match.group()
    token_like = (
        any(c.isupper() for c in run)
        and any(c.islower() for c in run)
        and any(c.isdigit() or c in "-_" for c in run)
    )
    return match.group(1) + "…" if token_like or _RESET_TOKEN.fullmatch(run) else run


def _escaped(text: str) -> str:
    """`text` with its control characters and line and paragraph separators escaped (\\x0a,
    \\u2028): a decoded line stays one line, however its reader splits lines."""
    return "".join(_escape(ch) if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch for ch in text)


def _escape(character: str) -> str:
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def redact(text: str) -> str:
    """`text` with each table link's token, and anything else shaped like a secret, cut to its first
    four characters and "…", and whatever follows a reset link's user id cut to "…"; percent-encoded
    links decoded to be cut, the decoded text's control characters and line separators escaped."""
    redacted = _cut(text)
    decoded = text
    for _ in range(_DECODINGS):
        if "%" not in decoded:
            break
        decoded = unquote(decoded)
    if decoded != text:
        decoded = _escaped(decoded)
        if _cut(decoded) != decoded:  # the encoding hid something: log it decoded, cut
            return _cut(decoded)
    return redacted


def _cut(text: str) -> str:
    cut = BOARD_LINK.sub(r"\1\2…", TABLE_LINK.sub(r"\1\2…", RESET_LINK.sub(r"\1…", text)))
    return _RUN.sub(_secret, cut)


class RedactTableLinks(logging.Filter):
    """Cuts table-link tokens from a record's message, traceback and stack; never drops a record.

    Changes the record in place, so every later handler sees it redacted."""

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


class ClientErrorsWithoutTraceback(logging.Filter):
    """Drops the traceback of a request Django refused as the client's fault (its
    `django.security.*` records, answered 400); the record's one line stays."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("django.security."):
            record.exc_info, record.exc_text = None, None
        return True


def redact_handlers(logger: logging.Logger) -> None:
    """Put the redaction on each of `logger`'s handlers (once)."""
    for handler in logger.handlers:
        if not any(isinstance(f, RedactTableLinks) for f in handler.filters):
            handler.addFilter(RedactTableLinks())
