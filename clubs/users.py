"""Who a request is for and who did something, as types. Design: docs/site.md#who-a-request-is-for"""

from __future__ import annotations

from typing import TypeAlias

from django.contrib.auth.models import AnonymousUser, User

from config.requests import HtmxHttpRequest

Requester: TypeAlias = User | AnonymousUser
"""Whoever made a request (`request.user`): a signed-in account, or a visitor (AnonymousUser)."""


class SignedInRequest(HtmxHttpRequest):
    """The request of a view behind `login_required`: someone is signed in, so `request.user`
    is their account (django-stubs' documented way to say so)."""

    user: User


def account(requester: Requester) -> User | None:
    """The account to record on a row for what `requester` did: theirs, or None for a visitor."""
    return requester if requester.is_authenticated else None
