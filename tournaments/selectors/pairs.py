"""Reads for pairs of fixed-partnership events and the club's partnerships."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from clubs.models import Club, Player
from clubs.names import name_key
from clubs.viewer import shown_player_name
from tournaments.domain.standings import StandingRow, rank_pairs
from tournaments.models import Event, Pair, Round, Standing
from tournaments.selectors.standings import event_standings_rules


@dataclass(frozen=True, slots=True)
class Entrant:
    """Who takes a place in an event: a pair (`pair` its number) or one player (`pair` None)."""

    pair: int | None
    players: tuple[Player, ...]


@dataclass(frozen=True, slots=True)
class PairEntry:
    """A pair as the event page lists it; `present`: both players are; `withdrawn_after_round` or None."""

    number: int
    players: tuple[Player, Player]
    present: bool
    withdrawn_after_round: int | None

    @property
    def first(self) -> Player:
        return self.players[0]


def event_pairs(*, event: Event) -> list[PairEntry]:
    """The event's pairs by number, with their players' presence (two queries)."""
    participants = {
        participant.player_id: participant
        for participant in event.participants.only("player_id", "present", "withdrawn_after_round")
    }
    entries = []
    for pair in event.pairs.select_related("partnership__first", "partnership__second").order_by("number"):
        players = (pair.partnership.first, pair.partnership.second)
        mine = [participants[player.pk] for player in players if player.pk in participants]
        withdrawn = [p.withdrawn_after_round for p in mine if p.withdrawn_after_round is not None]
        entries.append(
            PairEntry(
                number=pair.number,
                players=players,
                present=len(mine) == 2 and all(p.present for p in mine),
                withdrawn_after_round=max(withdrawn) if withdrawn else None,
            )
        )
    return entries


def event_pair_numbers(*, event: Event) -> dict[int, int]:
    """Player id -> the number of their pair in the event ({} for an individual event)."""
    numbers: dict[int, int] = {}
    for number, first, second in event.pairs.order_by().values_list(
        "number", "partnership__first_id", "partnership__second_id"
    ):
        numbers[first] = numbers[second] = number
    return numbers


def event_pair_of(*, event: Event, player: Player) -> PairEntry | None:
    """The player's pair in the event, or None (an individual event, or a player of no pair)."""
    return next((entry for entry in event_pairs(event=event) if player in entry.players), None)


def event_lone_participants(*, event: Event) -> QuerySet[Any]:
    """Participants of a fixed-partnership event in no pair, by name (only older events have any)."""
    paired = event_pair_numbers(event=event)
    return (
        event.participants.select_related("player")
        .exclude(player_id__in=list(paired))
        .order_by("player__name")
    )


def round_sit_out_entrants(*, event: Event, rounds: list[Round]) -> dict[int, list[Entrant]]:
    """Round id -> who sits it out (pairs or players). Reads the prefetched `sit_outs__player`."""
    pair_of = event_pair_numbers(event=event)
    entrants: dict[int, list[Entrant]] = {}
    for round_ in rounds:
        groups: dict[int | None, list[Player]] = {}
        lone = []
        for sit_out in round_.sit_outs.all():
            number = pair_of.get(sit_out.player_id)
            if number is None:
                lone.append(Entrant(None, (sit_out.player,)))
            else:
                groups.setdefault(number, []).append(sit_out.player)
        by_pair = [Entrant(number, tuple(players)) for number, players in sorted(groups.items())]
        entrants[round_.pk] = [*by_pair, *sorted(lone, key=lambda e: e.players[0].name)]
    return entrants


@dataclass(frozen=True, slots=True)
class PairStanding:
    """A pair's standings row (`domain.standings.rank_pairs`); points in Canasta points."""

    rank: int
    pair: int
    players: tuple[Player, Player]
    games: int
    wins: int
    draws: int
    losses: int
    victory_points: int
    match_points: int
    points_for: int
    points_against: int
    separated_by: str
    partners_differ: bool

    @property
    def point_difference(self) -> int:
        return self.points_for - self.points_against

    @property
    def names(self) -> str:
        return " & ".join(player.name for player in self.players)


def event_pair_standings(*, event: Event, player_name: str = "") -> list[PairStanding]:
    """The event's standings per pair, best first, pairs with no row left out; three queries.

    `player_name` keeps the pairs with a player whose name holds it (any case and accents); ranks
    stay those of the whole table."""
    pairs = {
        pair.number: pair
        for pair in event.pairs.select_related("partnership__first", "partnership__second").order_by("number")
    }
    rows = [
        StandingRow(
            player=row.player_id,
            games=row.games,
            wins=row.wins,
            draws=row.draws,
            losses=row.losses,
            victory_points=row.victory_points,
            match_points=row.match_points,
            points_for=row.points_for,
            points_against=row.points_against,
            finished_points=row.finished_points,
        )
        for row in Standing.objects.filter(event=event).order_by()
    ]
    with_rows = {row.player for row in rows}
    players_of = {
        number: (pair.partnership.first_id, pair.partnership.second_id)
        for number, pair in pairs.items()
        if {pair.partnership.first_id, pair.partnership.second_id} & with_rows
    }
    _scale, tie_breaks = event_standings_rules(event=event)
    wanted = name_key(player_name)
    standings = []
    for row in rank_pairs(rows, players_of, tie_breaks=tie_breaks):
        partnership = pairs[row.pair].partnership
        players = (partnership.first, partnership.second)
        # Searched by the names the viewer sees: a player who asked for initials is not found by
        # their full name outside their club (clubs/viewer.py).
        if wanted and not any(wanted in name_key(shown_player_name(player)) for player in players):
            continue
        standings.append(
            PairStanding(
                rank=row.rank,
                pair=row.pair,
                players=players,
                games=row.games,
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
                victory_points=row.victory_points,
                match_points=row.match_points,
                points_for=row.points_for,
                points_against=row.points_against,
                separated_by=row.separated_by,
                partners_differ=row.partners_differ,
            )
        )
    return standings


@dataclass(frozen=True, slots=True)
class PartnershipLine:
    """One of the club's partnerships with the events it played as a pair, newest first."""

    partnership: Any  # clubs.models.Partnership
    events: list[Event]

    @property
    def players(self) -> tuple[Player, Player]:
        return (self.partnership.first, self.partnership.second)


def club_partnerships(*, club: Club) -> list[PartnershipLine]:
    """The club's partnerships by players' names, each with its events; two queries."""
    partnerships = club.partnerships.select_related("first", "second").order_by(
        "first__name", "second__name", "pk"
    )
    events: dict[int, list[Event]] = {}
    for pair in (
        Pair.objects.filter(partnership__club=club)
        .select_related("event")
        .order_by("-event__date", "-event_id")
    ):
        events.setdefault(pair.partnership_id, []).append(pair.event)
    return [PartnershipLine(partnership, events.get(partnership.pk, [])) for partnership in partnerships]
