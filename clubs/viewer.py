"""Who is looking, for the names a page shows (a player's name or initials).

Design: docs/site.md#who-is-looking"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

from django.db.models import Q

from clubs.names import initials

# The ids of the clubs the viewer is a member of, computed on first use (most pages show no
# player who asked for initials, and ask nothing).
_MEMBER_OF: ContextVar[Callable[[], frozenset[int]] | None] = ContextVar("viewer_member_of", default=None)


@contextmanager
def viewer(member_of: Callable[[], frozenset[int]]) -> Iterator[None]:
    """Within it, names are shown to a viewer who is a member of the clubs `member_of()` gives."""
    token = _MEMBER_OF.set(member_of)
    try:
        yield
    finally:
        _MEMBER_OF.reset(token)


def shown_name(name: str, by_initials: bool, club_id: int) -> str:
    """A player's name as the viewer sees it: its initials when the player asked for them and
    the viewer is not a member of the player's club `club_id`, else the name."""
    if not by_initials:
        return name
    member_of = _MEMBER_OF.get()
    if member_of is None or club_id in member_of():
        return name
    return initials(name)


def viewer_among(clubs: frozenset[int]) -> frozenset[int] | None:
    """What of the viewer decides how players who asked for initials at `clubs` are named: the
    clubs of `clubs` the viewer is a member of (a key for reads cached by viewer); None outside
    a request, where every name is shown whole."""
    member_of = _MEMBER_OF.get()
    if member_of is None:
        return None
    return clubs & member_of() if clubs else frozenset()


class NamedPlayer(Protocol):
    """What names a player (clubs.models.Player; this module sits beside the models)."""

    @property
    def name(self) -> str: ...

    @property
    def public_initials(self) -> bool: ...

    @property
    def club_id(self) -> int: ...


def shown_player_name(player: NamedPlayer) -> str:
    """`shown_name` of a player, by their own club."""
    return shown_name(player.name, player.public_initials, player.club_id)


@contextmanager
def names_in_full() -> Iterator[None]:
    """Within it, every name is shown whole, whoever looks (as outside a request)."""
    token = _MEMBER_OF.set(None)
    try:
        yield
    finally:
        _MEMBER_OF.reset(token)


def shown_person_name(name: str, initials_at: frozenset[int]) -> str:
    """A federation person's name as the viewer sees it, by the strictest of their clubs: its
    initials when a player linked to them asked for initials at a club (`initials_at`, those
    clubs' ids) of which the viewer is not a member, else the name."""
    if not initials_at:
        return name
    member_of = _MEMBER_OF.get()
    if member_of is None or initials_at <= member_of():
        return name
    return initials(name)


def name_found_by(text: str, *, prefix: str = "") -> Q:
    """A condition on players (through `prefix`, e.g. "player__") whose name contains `text`
    (any case), as the viewer may search it: a player who asked for initials is found by their
    full name only by their club's members, so a search cannot tell who "B. L." is."""
    found = Q(**{f"{prefix}name__icontains": text})
    member_of = _MEMBER_OF.get()
    if member_of is None:
        return found
    return found & (Q(**{f"{prefix}public_initials": False}) | Q(**{f"{prefix}club_id__in": member_of()}))
