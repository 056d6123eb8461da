"""An SMTP server of a test's own (aiosmtpd, on 127.0.0.1 and a free port) and its inbox, for
mail sent through Django's real SMTP backend."""

from __future__ import annotations

import email
import socket
from collections.abc import Iterator
from email.message import Message

import pytest
from aiosmtpd.controller import Controller

SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"


class _Inbox:
    """aiosmtpd's handler: keeps each message received, as the email package reads it."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server, session, envelope) -> str:  # aiosmtpd's name
        message = email.message_from_bytes(envelope.content)
        message["X-Envelope-To"] = ", ".join(envelope.rcpt_tos)
        self.messages.append(message)
        return "250 Message accepted for delivery"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_server() -> Iterator[tuple[int, _Inbox]]:
    """An SMTP server of this test's own on 127.0.0.1: its port and its inbox."""
    inbox = _Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=_free_port())
    controller.start()
    try:
        yield controller.port, inbox
    finally:
        controller.stop()


def _body(message: Message) -> str:
    part = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    return part.get_payload(decode=True).decode()
