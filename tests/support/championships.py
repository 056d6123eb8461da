"""Federation North of the championship tests (worked by hand in
tests/tournaments/services/test_championships.py): Avon and Brook members, Lonely not, one
night played at each member club (`north`); a championship held at a member club, and who
entered it."""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Federation, FederationClub, Person, Player
from clubs.names import name_words_key
from clubs.services import pair_requests_from_text
from tests.support.factories import ClubFactory, PlayerFactory
from tournaments import services
from tournaments.models import Event, Game

D = datetime.date


def _night(club, date, first, second, totals, capture):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name=f"Night {date}",
            date=date,
            variant="classic",
            hands_per_round=1,
            format=Event.Format.ROUND_ROBIN,
            pairs=pair_requests_from_text(f"{first[0]} & {first[1]}\n{second[0]} & {second[1]}"),
        ),
    )
    with capture(execute=True):
        round_ = services.round_start(event=event)
    _play(round_, {first: totals[0], second: totals[1]}, capture)
    return event


def _play(round_, totals_by_side, capture):
    """Each game of the round: one hand, each side's total given by a pair of names (or one)."""
    for game in Game.objects.filter(table__round=round_):
        side_of = {seat.player.name: seat.side for seat in game.table.seats.select_related("player")}
        entries = {}
        for names, total in totals_by_side.items():
            if names[0] in side_of:
                entries[side_of[names[0]]] = {"total": total}
        with capture(execute=True):
            services.hand_record(game=game, asked=services.HandInput(number=1, entries=entries))


@pytest.fixture
def north(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    north = Federation.objects.create(name="North", slug="north")
    avon, brook = ClubFactory(name="Avon", slug="avon"), ClubFactory(name="Brook", slug="brook")
    lonely = ClubFactory(name="Lonely", slug="lonely")
    for club in (avon, brook):
        FederationClub.objects.create(federation=north, club=club, joined_on=D(2026, 11, 1))
    rosters = {
        avon: ("Al", "Ann", "Ada", "Abe", "Pia"),
        brook: ("Bo", "Bea", "Bud", "Bix", "Pia"),
        lonely: ("Lu", "Lee"),
    }
    for club, names in rosters.items():
        for name in names:
            PlayerFactory(club=club, name=name)
    for player in Player.objects.filter(club__in=(avon, brook)).exclude(name="Ann"):
        number = "N-PIA" if player.name == "Pia" else f"N-{player.name}"
        person, _ = Person.objects.get_or_create(
            federation=north,
            member_number=number,
            defaults={"name": player.name, "name_words": name_words_key(player.name)},
        )
        Player.objects.filter(pk=player.pk).update(person=person)
    _night(avon, D(2026, 11, 2), ("Al", "Ann"), ("Ada", "Abe"), (300, 120), capture)
    _night(brook, D(2026, 11, 3), ("Bo", "Bea"), ("Bud", "Bix"), (100, 500), capture)
    return north


def _championship(north, host="avon", **asked):
    fields = {"name": "North Open", "date": D(2026, 12, 1), "variant": "classic", "kind": "tournament"}
    fields.update(asked)
    return services.championship_create(
        federation=north,
        host=Player.objects.get(club__slug=host, name="Pia").club,
        asked=services.EventInput(**fields),
    )


def _entrants(event):
    return [
        (p.player.club.slug, p.player.name)
        for p in event.participants.select_related("player__club").order_by("pk")
    ]


def _player(slug, name):
    return Player.objects.get(club__slug=slug, name=name)
