"""Federation North of the federation ranking's tests (worked by hand in
tests/tournaments/services/test_federation_ranking.py): three member clubs, a person who played
at two of them, a club that left and a club outside (`north`); and the rating arithmetic of
OpenSkill's Plackett-Luce for two teams, line by line (`_two_teams`)."""

from __future__ import annotations

import datetime
import math

import pytest

from clubs.models import Federation, FederationClub, Person, Player
from clubs.names import name_words_key
from clubs.services import pair_requests_from_text
from tests.support.factories import ClubFactory, PlayerFactory
from tournaments import services
from tournaments.models import Event, Game

D = datetime.date


NEW = (25.0, 25.0 / 3.0)


BETA_SQUARED = (25.0 / 6.0) ** 2


TAU_SQUARED = (25.0 / 300.0) ** 2


def _two_teams(winners, losers):
    """The hand working above, line by line: each team's players' (mu, sigma) after a game the
    first team won (Weng and Lin 2011, Algorithm 4, two teams, no draw)."""
    teams = [[(mu, math.sqrt(sigma**2 + TAU_SQUARED)) for mu, sigma in team] for team in (winners, losers)]
    var = [sum(sigma**2 for _mu, sigma in team) for team in teams]
    c = math.sqrt(var[0] + var[1] + 2 * BETA_SQUARED)
    strength = [math.exp(sum(mu for mu, _sigma in team) / c) for team in teams]
    p = strength[0] / (strength[0] + strength[1])
    q = 1 - p
    factors = [(1 - p, p * (1 - p)), (-q, q * (1 - q))]
    after = []
    for team, v, (omega, delta) in zip(teams, var, factors, strict=True):
        omega *= v / c
        delta *= (v / c**2) * (math.sqrt(v) / c)
        after.append(
            [
                (mu + sigma**2 / v * omega, sigma * math.sqrt(max(1 - sigma**2 / v * delta, 0.0001)))
                for mu, sigma in team
            ]
        )
    return after


def _night(club, date, first, second, totals, capture):
    """One ranked night of one Classic game: pair `first` scores totals[0], `second` totals[1].
    Saved as a scorer saves it: the on-commit work (standings, the club's ratings and, for a
    member club, the federation's) runs in-process."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name=f"Night {date}",
            date=date,
            variant="classic",
            hands_per_round=1,
            format=Event.Format.ROUND_ROBIN,
            players=[],
            pairs=pair_requests_from_text(f"{first[0]} & {first[1]}\n{second[0]} & {second[1]}"),
        ),
    )
    with capture(execute=True):
        round_ = services.round_start(event=event)
    game = Game.objects.get(table__round=round_)
    side_of = {seat.player.name: seat.side for seat in game.table.seats.select_related("player")}
    entries = {side_of[first[0]]: {"total": totals[0]}, side_of[second[0]]: {"total": totals[1]}}
    with capture(execute=True):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=entries))
    return event


@pytest.fixture
def north(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    north = Federation.objects.create(name="North", slug="north")
    avon, brook, cove = (ClubFactory(name=n, slug=n.lower()) for n in ("Avon", "Brook", "Cove"))
    lonely = ClubFactory(name="Lonely", slug="lonely")
    for club in (avon, brook, cove):
        FederationClub.objects.create(federation=north, club=club, joined_on=D(2026, 11, 1))
    rosters = {
        avon: ("Pia", "Al", "Ada", "Abe", "Gus"),
        brook: ("Pia", "Bo", "Bud", "Bea"),
        cove: ("Cy", "Cal", "Cid", "Cat"),
        lonely: ("Lu", "Lee", "Lo", "Liv"),
    }
    for club, names in rosters.items():
        for name in names:
            PlayerFactory(club=club, name=name)
    # Everyone of the three clubs linked to a person (Pia once for both clubs), but Gus.
    for player in Player.objects.filter(club__in=(avon, brook, cove)).exclude(name="Gus"):
        number = "N-PIA" if player.name == "Pia" else f"N-{player.club.slug}-{player.name}"
        person, _ = Person.objects.get_or_create(
            federation=north,
            member_number=number,
            defaults={"name": player.name, "name_words": name_words_key(player.name)},
        )
        Player.objects.filter(pk=player.pk).update(person=person)
    _night(avon, D(2026, 11, 2), ("Pia", "Al"), ("Ada", "Abe"), (300, 120), capture)
    _night(avon, D(2026, 11, 3), ("Al", "Gus"), ("Ada", "Abe"), (400, 100), capture)
    _night(brook, D(2026, 11, 9), ("Bo", "Bud"), ("Pia", "Bea"), (500, 200), capture)
    _night(cove, D(2026, 11, 10), ("Cy", "Cal"), ("Cid", "Cat"), (250, 150), capture)
    FederationClub.objects.filter(club=cove).update(left_on=D(2026, 11, 20))  # Cove leaves
    _night(cove, D(2026, 11, 25), ("Cid", "Cat"), ("Cy", "Cal"), (900, 100), capture)
    _night(lonely, D(2026, 11, 12), ("Lu", "Lee"), ("Lo", "Liv"), (800, 100), capture)
    return north
