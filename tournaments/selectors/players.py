"""Reads for players: visibility, a player's profile, one player's night, a federation person's page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet, Sum

from clubs.models import Federation, Person, Player
from clubs.selectors import clubs_where, clubs_with_results_visible_to
from clubs.users import Requester
from clubs.viewer import shown_name
from tournaments.models import Event, PersonRating, PersonRatingHistory, Rating, RatingHistory, Seat, Standing
from tournaments.selectors.events import events_with_results_visible_to
from tournaments.selectors.rankings import (
    RankingGroup,
    club_ranking_group,
    federation_ranking_group,
    person_names,
)
from tournaments.selectors.round_results import SideLine, TableResult, event_round_results
from tournaments.selectors.standings import POINT_DIFFERENCE


def players_visible_to(*, user: Requester) -> QuerySet[Player]:
    return Player.objects.filter(club__in=clubs_where(user=user)).select_related("club")


def players_with_pages_open_to(*, user: Requester) -> QuerySet[Player]:
    """The players whose page `user` may open: of their clubs, and of clubs with public results."""
    return Player.objects.filter(club__in=clubs_with_results_visible_to(user=user)).select_related("club")


@dataclass(slots=True)
class Record:
    """A player's record with or against someone: games, wins, draws, losses (finished games)."""

    player: int
    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class GroupRating:
    """A player's rating in one ranking group and its history, oldest first: {"game": n, "rating":
    ordinal, "date": ISO date} a rated game."""

    group: RankingGroup
    rating: Rating | PersonRating
    history: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    games: int
    wins: int
    draws: int
    losses: int
    total_points: int
    average_points: float | None
    ratings: list[GroupRating]  # most rated games first
    partners: list[Record]  # best win rate first
    opponents: list[Record]  # most met first
    recent: QuerySet[Standing]


def player_profile(*, player: Player, viewer: Requester, recent_events: int = 10) -> PlayerProfile:
    """Everything the player page shows, named as `viewer` sees them, over the events whose results
    `viewer` may see; one query a part."""
    events = events_with_results_visible_to(user=viewer).values("pk")
    standings = Standing.objects.filter(player=player, event__in=events)
    totals = standings.aggregate(
        games=Sum("games", default=0),
        wins=Sum("wins", default=0),
        draws=Sum("draws", default=0),
        losses=Sum("losses", default=0),
        points=Sum("finished_points", default=0),
    )
    partners, opponents = _records(player, events)
    games = totals["games"]
    return PlayerProfile(
        games=games,
        wins=totals["wins"],
        draws=totals["draws"],
        losses=totals["losses"],
        total_points=totals["points"],
        average_points=totals["points"] / games if games else None,
        ratings=_group_ratings(player),
        partners=sorted(partners.values(), key=lambda r: (-r.win_rate, -r.games, r.name)),
        opponents=sorted(opponents.values(), key=lambda r: (-r.games, -r.wins, r.name)),
        recent=standings.select_related("event")
        .annotate(point_difference=POINT_DIFFERENCE)
        .order_by("-event__date", "-event_id")[:recent_events],
    )


def _records(player: Player, events: QuerySet[Any]) -> tuple[dict[int, Record], dict[int, Record]]:
    """The player's records with each partner and against each opponent, by their id, in `events`."""
    mine = {
        table: (side, winner, is_draw)
        for table, side, winner, is_draw in Seat.objects.filter(
            player=player, table__game__game_over=True, table__round__event__in=events
        ).values_list("table_id", "side", "table__game__winner", "table__game__is_draw")
    }
    partners: dict[int, Record] = {}
    opponents: dict[int, Record] = {}
    others = Seat.objects.filter(table_id__in=mine).exclude(player=player)
    rows = list(
        others.values_list("table_id", "side", "player_id", "player__name", "player__public_initials")
    )
    for table, side, other, name, by_initials in rows:
        my_side, winner, is_draw = mine[table]
        book = partners if side == my_side else opponents
        record = book.setdefault(other, Record(other, shown_name(name, by_initials, player.club_id)))
        record.games += 1
        if is_draw:
            record.draws += 1
        elif winner == my_side:
            record.wins += 1
        else:
            record.losses += 1
    return partners, opponents


def _group_ratings(player: Player) -> list[GroupRating]:
    """The player's rating in each ranking group they played, with its history (two queries)."""
    history: dict[str, list[dict[str, Any]]] = {}
    rows = RatingHistory.objects.filter(player=player).order_by("group", "sequence")
    for group, sequence, ordinal, date in rows.values_list("group", "sequence", "ordinal", "date"):
        history.setdefault(group, []).append(
            {"game": sequence, "rating": round(ordinal, 2), "date": date.isoformat()}
        )
    ratings = sorted(Rating.objects.filter(player=player), key=lambda r: (-r.games, r.group))
    return [
        GroupRating(club_ranking_group(club=player.club, variant=r.group), r, history.get(r.group, []))
        for r in ratings
    ]


@dataclass(frozen=True, slots=True)
class NightRound:
    """One round of a player's night: where they sat and how their table went."""

    round: int
    table: TableResult | None  # None: not seated this round
    side: SideLine | None  # the player's side at that table
    partners: list[Player]
    opponents: list[SideLine]  # the other sides of the table
    sat_out: bool  # sat out this round (a sit-out or a bye)


@dataclass(frozen=True, slots=True)
class PlayerNight:
    standing: Standing | None  # the player's standings row, None before the first rebuild
    rounds: list[NightRound]  # round 1 first


def event_player_night(*, event: Event, player: Player) -> PlayerNight:
    """A player's night: each round's table, partners, opponents and scores, and their standings row;
    six queries (seven with confirmation)."""
    rounds = []
    for round_ in event_round_results(event=event):
        here = [
            (table, line)
            for table in round_.tables
            for line in table.sides
            if any(p.pk == player.pk for p in line.players)
        ]
        if here:
            table, line = here[0]
            rounds.append(
                NightRound(
                    round=round_.number,
                    table=table,
                    side=line,
                    partners=[p for p in line.players if p.pk != player.pk],
                    opponents=[other for other in table.sides if other is not line],
                    sat_out=False,
                )
            )
        else:
            sat_out = any(p.pk == player.pk for p in round_.sit_outs)
            rounds.append(NightRound(round_.number, None, None, [], [], sat_out))
    standing = (
        Standing.objects.filter(event=event, player=player)
        .annotate(point_difference=POINT_DIFFERENCE)
        .first()
    )
    return PlayerNight(standing=standing, rounds=rounds)


@dataclass(frozen=True, slots=True)
class PersonProfile:
    """A federation person's page: name (their strictest club's), clubs, federation rating per group."""

    person: Person
    name: str
    clubs: tuple[str, ...]
    ratings: list[GroupRating]


def person_profile(*, federation: Federation, person_id: int) -> PersonProfile | None:
    """The page of the federation's person `person_id`, or None; three queries."""
    person = Person.objects.filter(federation=federation, pk=person_id).first()
    if person is None:
        return None
    name, clubs = person_names(federation=federation, people=[person.pk])[person.pk]
    history: dict[str, list[dict[str, Any]]] = {}
    rows = PersonRatingHistory.objects.filter(person=person).order_by("group", "sequence")
    for group, sequence, ordinal, date in rows.values_list("group", "sequence", "ordinal", "date"):
        history.setdefault(group, []).append(
            {"game": sequence, "rating": round(ordinal, 2), "date": date.isoformat()}
        )
    ratings = sorted(PersonRating.objects.filter(person=person), key=lambda r: (-r.games, r.group))
    return PersonProfile(
        person,
        name,
        clubs,
        [
            GroupRating(
                federation_ranking_group(federation=federation, variant=r.group), r, history.get(r.group, [])
            )
            for r in ratings
        ],
    )
