"""Who a request is for and who did something, as types: the project's one convention.

The site uses Django's own user model, `auth.User` (settings.AUTH_USER_MODEL is not set).

- Selectors that scope what someone may read take the `Requester`, `request.user` as it is.
- Services that check a role or record who did something (who entered a hand, who decided a
  match) take the account, a `User`: `User | None` where no one may be named (a command, a
  test, a visitor at a table's link).
- A view behind `login_required` takes a `SignedInRequest`: its `request.user` is a `User`,
  handed to services as it is.
- A view that a visitor may also reach (a table's link or card, the API) hands services
  `account(request.user)`.
"""

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
