"""The named cast of tests/conftest.py as plain functions, so that a fixture of any scope can
build it: the club `riverside`, its `member`s (alice the director, sam the scorer, bob the
member), `mallory` (director of another club), 16 `players` and a seated `league_night`."""

from __future__ import annotations

from typing import Any

from django.test import TestCase

from clubs.models import Club, Membership, Player
from tests.support.factories import EVENT_DATE, ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tournaments.models import Event


def riverside() -> Club:
    return ClubFactory(name="Riverside", slug="riverside")


def member(club: Club, username: str, role: str) -> Any:
    user = UserFactory(username=username)
    MembershipFactory(club=club, user=user, role=role)
    return user


def mallory() -> Any:
    other = ClubFactory(name="Elsewhere", slug="elsewhere")
    return member(other, "mallory", Membership.Role.DIRECTOR)


def players(club: Club) -> list[Player]:
    return [PlayerFactory(club=club, name=f"Player {n:02d}") for n in range(1, 17)]


def league_night(club: Club, players: list[Player]) -> Event:
    """An 8-player classic league night of 4 hands per round, with round 1 seated (the tasks
    that seating queues on commit are run at once)."""
    from tournaments import services

    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Friday", date=EVENT_DATE, variant="classic", hands_per_round=4, players=players[:8]
        ),
    )
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.round_start(event=event)
    return event
