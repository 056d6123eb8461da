"""Reads for events, tables, games and standings, scoped to what a user may see or score."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, F, FloatField, OuterRef, QuerySet, Sum
from django.db.models.functions import Cast, NullIf

from clubs.models import Club, Membership, Player
from clubs.selectors import clubs_where, clubs_with_results_visible_to
from tournaments.models import Event, Game, Hand, Round, SideEntry, Standing, Table

SCORING_ROLES = (Membership.Role.DIRECTOR, Membership.Role.SCORER)
POINT_DIFFERENCE = F("points_for") - F("points_against")


def events_visible_to(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Event]:
    return Event.objects.filter(club__in=clubs_where(user=user)).select_related("club")


def events_with_results_visible_to(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Event]:
    """Events whose standings the user may see: of their clubs, and of clubs with public results."""
    return Event.objects.filter(club__in=clubs_with_results_visible_to(user=user)).select_related("club")


def events_directed_by(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Event]:
    return Event.objects.filter(club__in=clubs_where(user=user, roles=(Membership.Role.DIRECTOR,)))


def games_visible_to(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Game]:
    return (
        Game.objects.filter(table__round__event__club__in=clubs_where(user=user))
        .select_related("table__round__event__club")
        .order_by("table__round__event", "table__round__number", "table__number")
    )


def games_scorable_by(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Game]:
    """Games whose hands the user may enter and correct: directors and scorers of the club."""
    return games_visible_to(user=user).filter(
        table__round__event__club__in=clubs_where(user=user, roles=SCORING_ROLES)
    )


@dataclass(frozen=True, slots=True)
class HandLine:
    number: int
    version: int
    entered_by_side: str
    confirmed: bool
    scores: dict[str, int]
    totals: dict[str, int]
    entries: dict[str, dict[str, Any]]
    breakdowns: dict[str, list[dict[str, Any]]]


def game_hands(*, game: Game) -> list[HandLine]:
    """The game's hands, oldest first, each with the running totals after it (points)."""
    running = dict.fromkeys(game.sides, 0)
    lines: dict[int, HandLine] = {}
    for side_entry in (
        SideEntry.objects.filter(hand__game=game).select_related("hand").order_by("hand__number", "side")
    ):
        hand = side_entry.hand
        line = lines.get(hand.number)
        if line is None:
            line = lines[hand.number] = HandLine(
                hand.number, hand.version, hand.entered_by_side, hand.confirmed_at is not None, {}, {}, {}, {}
            )
        line.scores[side_entry.side] = side_entry.score
        line.entries[side_entry.side] = side_entry.entry
        line.breakdowns[side_entry.side] = side_entry.breakdown
    for number in sorted(lines):
        for side, score in lines[number].scores.items():
            running[side] = running.get(side, 0) + score
        lines[number].totals.update(running)
    return [lines[n] for n in sorted(lines)]


@dataclass(frozen=True, slots=True)
class Correction:
    number: int
    side: str
    when: Any
    who: str
    before: int
    after: int


def game_corrections(*, game: Game) -> list[Correction]:
    """Every change of a side's score after it was first saved, newest first (from the history)."""
    changes = []
    records = (
        SideEntry.history.filter(hand__game=game)
        .select_related("history_user")
        .order_by("hand_id", "side", "history_date")
    )
    numbers = dict(game.hands.values_list("pk", "number"))
    previous: dict[tuple[int, str], int] = {}
    for record in records:
        key = (record.hand_id, record.side)
        if key in previous and record.history_type == "~" and previous[key] != record.score:
            who = record.history_user.get_username() if record.history_user else ""
            changes.append(
                Correction(
                    numbers.get(record.hand_id, 0),
                    record.side,
                    record.history_date,
                    who,
                    previous[key],
                    record.score,
                )
            )
        previous[key] = record.score
    return sorted(changes, key=lambda c: c.when, reverse=True)


def game_players(*, game: Game) -> dict[str, list[Player]]:
    """Side label -> the players seated on that side, in seat order."""
    by_side: dict[str, list[Player]] = {side: [] for side in game.sides}
    for seat in game.table.seats.select_related("player").order_by("position"):
        by_side.setdefault(seat.side, []).append(seat.player)
    return by_side


def event_rounds(*, event: Event) -> QuerySet[Round]:
    """The event's rounds with tables, seats and sit-outs; `has_hands` says whether play began."""
    played = Hand.objects.filter(game__table__round=OuterRef("pk"))
    return event.rounds.annotate(has_hands=Exists(played)).prefetch_related(
        "tables__seats__player", "tables__game", "sit_outs__player"
    )


def games_in_play(*, event: Event) -> int:
    """How many games of the event's latest round are still being played."""
    last = event.rounds.order_by("-number").first()
    return 0 if last is None else Game.objects.filter(table__round=last, game_over=False).count()


def event_standings(*, event: Event) -> QuerySet[Standing]:
    return (
        Standing.objects.filter(event=event)
        .select_related("player")
        .annotate(point_difference=POINT_DIFFERENCE)
    )


def club_rankings(*, club: Club) -> QuerySet[Player]:
    """Each player of the club with games, wins, win rate, total points and average per game.

    Counts finished games of every event of the club, from the derived standings rows.
    Win rate is a fraction (0 to 1); points are Canasta points of finished games.
    """
    games = Sum("standings__games", default=0)
    wins = Sum("standings__wins", default=0)
    points = Sum("standings__finished_points", default=0)
    return (
        Player.objects.filter(club=club)
        .annotate(games=games, wins=wins, total_points=points)
        .annotate(
            win_rate=Cast(F("wins"), FloatField()) / NullIf(Cast(F("games"), FloatField()), 0.0),
            average_points=Cast(F("total_points"), FloatField())
            / NullIf(Cast(F("games"), FloatField()), 0.0),
        )
        .order_by("-wins", "-total_points", "name")
    )


def rounds_visible_to(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Round]:
    return Round.objects.filter(event__in=events_visible_to(user=user)).prefetch_related(
        "tables__seats__player", "tables__game", "sit_outs"
    )


def tables_visible_to(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Table]:
    return (
        Table.objects.filter(round__event__in=events_visible_to(user=user))
        .select_related("game")
        .prefetch_related("seats__player")
    )


def hands_visible_to(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Hand]:
    return Hand.objects.filter(game__in=games_visible_to(user=user)).prefetch_related("entries")


def standings_visible_to(*, user: AbstractBaseUser | AnonymousUser) -> QuerySet[Standing]:
    return (
        Standing.objects.filter(event__in=events_visible_to(user=user))
        .select_related("player")
        .annotate(point_difference=POINT_DIFFERENCE)
    )


@dataclass(frozen=True, slots=True)
class MinimumRow:
    """One line of a variant's initial-meld table: a range of totals (or a deal) and its minimum."""

    label: str
    minimum: int


def table_sides(*, table: Table) -> dict[str, list[Any]]:
    """Side label -> the seats of that side (with their players), NS first."""
    sides: dict[str, list[Any]] = {}
    for seat in sorted(table.seats.all(), key=lambda s: (s.side != "NS", s.side, s.position)):
        sides.setdefault(seat.side, []).append(seat)
    return sides


def initial_meld_table(*, rules: Any) -> list[MinimumRow]:
    """The variant's initial-meld minimums as printed on a table card (points)."""
    if rules.initial_meld_by_deal:
        return [MinimumRow(f"deal {n}", m) for n, m in enumerate(rules.initial_meld_by_deal, start=1)]
    rows = []
    lower: int | None = None
    for below, minimum in rules.initial_meld_bands:
        label = f"< {below}" if lower is None else f"{lower}–{below - 5}"
        rows.append(MinimumRow(label, minimum))
        lower = below
    rows.append(MinimumRow(f"≥ {lower}" if lower is not None else "all", rules.initial_meld_top))
    return rows


def round_tables(*, round: Round) -> QuerySet[Table]:
    return round.tables.select_related("game").prefetch_related("seats__player").order_by("number")
