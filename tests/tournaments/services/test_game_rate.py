"""A finished game moves its club's and its federation's ratings from its players' last ratings
(`services.game_rate`), not by reading the club's earlier games: the same queries and the same
rows read at a club's 10th game as at its 1,000th, and the same ratings as a full rebuild.

Each club has eight players, each linked to a person of its federation, and one ranked night
of rounds of two tables (every player at a table each round), built with bulk_create; its last
game is finished after the ratings of the others were rebuilt.
"""

from __future__ import annotations

import datetime
from contextlib import contextmanager

import pytest
from django.db import connection

from clubs.models import Club, Federation, FederationClub, FederationLeftOut, Person, Player
from tournaments import services
from tournaments.models import (
    Event,
    Game,
    PersonRating,
    PersonRatingHistory,
    Rating,
    RatingHistory,
    Round,
    Seat,
    Table,
)

pytestmark = pytest.mark.django_db

DATE = datetime.date(2026, 3, 2)
# The players' places at the two tables, round by round: partners change every round.
PAIRINGS = ((0, 1, 2, 3, 4, 5, 6, 7), (0, 2, 4, 6, 1, 3, 5, 7), (0, 3, 5, 6, 1, 2, 4, 7))


def _club(name: str, games: int) -> tuple[Club, Federation, Game]:
    """A club of a federation with `games` finished games of one ranked night, its ratings and
    its federation's rebuilt over all but the last, which finishes then: the game to rate."""
    federation = Federation.objects.create(name=f"{name} federation", slug=f"{name}-federation")
    club = Club.objects.create(name=name, slug=name)
    FederationClub.objects.create(federation=federation, club=club, joined_on=DATE)
    people = Person.objects.bulk_create(
        # bulk_create skips Person.save: the number's key given here.
        Person(
            federation=federation,
            member_number=f"{name}-{i}",
            number_key=f"{name}{i}".upper(),
            name=f"{name} {i}",
        )
        for i in range(8)
    )
    players = Player.objects.bulk_create(
        Player(club=club, name=f"{name} {i}", person=person) for i, person in enumerate(people)
    )
    event = Event.objects.create(
        club=club, name="Night", date=DATE, variant="classic", ranked=True, status=Event.Status.FINISHED
    )
    rounds = Round.objects.bulk_create(
        Round(event=event, number=n, status=Round.Status.SEATED) for n in range(1, games // 2 + 1)
    )
    tables = Table.objects.bulk_create(
        Table(round=r, number=t, access_token=f"{name}-{r.number}-{t}") for r in rounds for t in (1, 2)
    )
    seats, rows = [], []
    for index, table in enumerate(tables):
        order = PAIRINGS[table.round.number % len(PAIRINGS)]
        four = order[4 * (table.number - 1) : 4 * table.number]
        for player, side, position in zip(four, ("NS", "NS", "EW", "EW"), "NSEW", strict=True):
            seats.append(Seat(table=table, player=players[player], side=side, position=position))
        ns, ew = 100 * (index % 7), 100 * (index % 5)
        rows.append(
            Game(
                table=table,
                variant="classic",
                options={},
                sides=["NS", "EW"],
                hands_planned=1,
                totals={"NS": ns, "EW": ew},
                game_over=index < len(tables) - 1,
                winner="" if ns == ew else ("NS" if ns > ew else "EW"),
                is_draw=ns == ew,
                hands_played=1,
                next_number=2,
            )
        )
    Seat.objects.bulk_create(seats)
    Game.objects.bulk_create(rows)
    services.ratings_rebuild(club_id=club.pk)
    services.federation_ratings_rebuild(federation_id=federation.pk)
    last = Game.objects.get(table=tables[-1])
    Game.objects.filter(pk=last.pk).update(game_over=True)
    return club, federation, last


@contextmanager
def _reads():
    """The statements run and the rows they gave, as {"queries": n, "rows": n}."""
    seen = {"queries": 0, "rows": 0}

    def note(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        seen["queries"] += 1
        if sql.lstrip().upper().startswith("SELECT"):
            seen["rows"] += max(context["cursor"].rowcount, 0)
        return result

    with connection.execute_wrapper(note):
        yield seen


def _stored(club: Club, federation: Federation) -> tuple[list, ...]:
    return (
        sorted(
            Rating.objects.filter(player__club=club).values_list("player_id", "group", "mu", "sigma", "games")
        ),
        sorted(
            RatingHistory.objects.filter(player__club=club).values_list(
                "player_id", "game_id", "sequence", "mu"
            )
        ),
        sorted(
            PersonRating.objects.filter(person__federation=federation).values_list(
                "person_id", "mu", "sigma", "games", "wins", "draws", "points", "victory_points"
            )
        ),
        sorted(
            PersonRatingHistory.objects.filter(person__federation=federation).values_list(
                "person_id", "game_id", "sequence", "mu", "sigma"
            )
        ),
        sorted(FederationLeftOut.objects.filter(federation=federation).values_list("counted", "left_out")),
    )


def _rebuilt(club: Club, federation: Federation) -> tuple[list, ...]:
    Rating.objects.filter(player__club=club).delete()
    RatingHistory.objects.filter(player__club=club).delete()
    PersonRating.objects.filter(person__federation=federation).delete()
    PersonRatingHistory.objects.filter(person__federation=federation).delete()
    FederationLeftOut.objects.filter(federation=federation).delete()
    services.ratings_rebuild(club_id=club.pk)
    services.federation_ratings_rebuild(federation_id=federation.pk)
    return _stored(club, federation)


def test_a_game_reads_the_same_at_a_clubs_10th_game_as_at_its_1000th_and_rates_as_a_rebuild():
    reads = {}
    for name, games in (("ten", 10), ("thousand", 1000)):
        club, federation, last = _club(name, games)
        assert RatingHistory.objects.filter(player__club=club).count() == 4 * (games - 1)
        with _reads() as seen:
            rated = services.game_rate(game_id=last.pk)
        assert rated == services.GameRatings(services.GAME_RATED, {federation.pk: services.GAME_RATED})
        reads[name] = seen
        stored = _stored(club, federation)
        assert len(stored[1]) == len(stored[3]) == 4 * games  # the last game's four rows added
        assert stored[4] == [(games, 0)]
        assert _rebuilt(club, federation) == stored
    assert reads["ten"] == reads["thousand"]
    assert reads["thousand"]["rows"] < 100  # a rebuild reads every game: 1,000 rows and more
