"""Logging filters: keep secrets and personal data out of the logs.

A table's private link (/t/<token>/) scores that table without an account, so the token is
a credential: Django's request and server loggers would otherwise write it with every 404
or refused method. The filter keeps the first characters only, enough to tell links apart.
"""

from __future__ import annotations

import logging
import re

TABLE_LINK = re.compile(r"(/t/)([A-Za-z0-9_-]{4})[A-Za-z0-9_-]*")


class RedactTableLinks(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = TABLE_LINK.sub(r"\1\2…", message)
        if redacted != message:
            record.msg, record.args = redacted, ()
        return True
