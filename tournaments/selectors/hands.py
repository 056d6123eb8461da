"""Reads for games and hands: visibility, hands, corrections, players, side codes, finality."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, QuerySet
from django.utils import timezone

import scoring
from clubs.models import Player
from clubs.users import Requester
from tournaments.domain import table_shapes
from tournaments.models import Event, Game, Hand, SideEntry, Table, TableCard
from tournaments.selectors.scope import Level, events_in_scope


def games_visible_to(*, user: Requester) -> QuerySet[Game]:
    """The games of the events the user sees (`scope.event_scope`, SEE), with their event and club."""
    return (
        Game.objects.filter(table__round__event__in=events_in_scope(user=user, level=Level.SEE))
        .select_related("table__round__event__club")
        .order_by("table__round__event", "table__round__number", "table__number")
    )


def games_scorable_by(*, user: Requester) -> QuerySet[Game]:
    """The games whose hands `user` may enter, correct and confirm (`scope.event_scope`, SCORE)."""
    return Game.objects.filter(table__round__event__in=events_in_scope(user=user, level=Level.SCORE))


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
    created_at: datetime.datetime | None = None  # when the hand was first saved
    sat_out_id: int | None = None  # at a table of five: who of the side of three sat it out


# How long after saving a hand the table may take it back (services.hand_undo).
UNDO_WINDOW = datetime.timedelta(minutes=2)


def undo_seconds_left(*, line: HandLine, hands: list[HandLine], now: datetime.datetime | None = None) -> int:
    """Seconds left to take back `line` (`services.hand_undo`), else 0: the last of `hands`, as first
    saved, unconfirmed, within UNDO_WINDOW."""
    if not hands or line.number != hands[-1].number or line.version != 1 or line.confirmed:
        return 0
    if line.created_at is None:
        return 0
    left = line.created_at + UNDO_WINDOW - (now or timezone.now())
    return max(0, int(left.total_seconds()))


def next_hand_number(*, hands: list[HandLine]) -> int:
    """The next hand's number: one more than the last of `hands`; numbers are never reused."""
    return hands[-1].number + 1 if hands else 1


def hand_line(*, hands: list[HandLine], number: int) -> HandLine | None:
    """Hand `number` among the game's hands (`hands`: game_hands), by its number, not its place."""
    return next((line for line in hands if line.number == number), None)


def game_results_final(*, game: Game) -> bool:
    """Whether only a director, with a reason, may change the game's hands (event finished or next
    round started). Reads `game.table.round.event`: select it with the game."""
    round = game.table.round
    return round.results_final_at is not None or round.event.status == Event.Status.FINISHED


def game_hands(*, game: Game) -> list[HandLine]:
    """The game's hands, oldest first, each with the running totals after it (points)."""
    running = dict.fromkeys(game.sides, 0)
    lines: dict[int, HandLine] = {}
    # Values, not model instances: a save's answer reads every hand of the game, and making
    # two instances a side entry took most of it. Two queries, each through its index whatever
    # the planner knows: joined in one, PostgreSQL without statistics expected 350 side entries
    # a hand and read every side entry of the database, growing with them.
    by_id: dict[int, HandLine] = {}
    for pk, number, version, entered_by, confirmed_at, created_at, sat_out in (
        Hand.objects.filter(game=game)
        .order_by("number")
        .values_list("pk", "number", "version", "entered_by_side", "confirmed_at", "created_at", "sat_out_id")
    ):
        by_id[pk] = lines[number] = HandLine(
            number, version, entered_by, confirmed_at is not None, {}, {}, {}, {}, created_at, sat_out
        )
    if by_id:
        entries = SideEntry.objects.filter(hand_id__in=list(by_id)).order_by("side")
        for hand_id, side, score, entry, breakdown in entries.values_list(
            "hand_id", "side", "score", "entry", "breakdown"
        ):
            line = by_id[hand_id]
            line.scores[side] = score
            line.entries[side] = entry
            line.breakdowns[side] = breakdown
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
    game_id: int | None = None
    reason: str = ""  # a director's reason, for a change made after the results were final


def game_corrections(*, game: Game) -> list[Correction]:
    """Every change of a side's score after it was first saved, newest first (from the history)."""
    return corrections_of(games=Game.objects.filter(pk=game.pk))


def corrections_of(*, games: QuerySet[Game]) -> list[Correction]:
    """Every change of a side's score in `games` after it was first saved, newest first."""
    changes = []
    records = (
        SideEntry.history.filter(hand__game__in=games)
        .defer("entry", "breakdown")  # only the scores are compared
        .select_related("history_user")
        .order_by("hand_id", "side", "history_date")
    )
    hands = {
        pk: (number, game_id)
        for pk, number, game_id in Hand.objects.filter(game__in=games).values_list("pk", "number", "game_id")
    }
    previous: dict[tuple[int, str], int] = {}
    for record in records:
        key = (record.hand_id, record.side)
        if key in previous and record.history_type == "~" and previous[key] != record.score:
            who = record.history_user.get_username() if record.history_user else ""
            number, game_id = hands.get(record.hand_id, (0, None))
            changes.append(
                Correction(
                    number,
                    record.side,
                    record.history_date,
                    who,
                    previous[key],
                    record.score,
                    game_id,
                    record.history_change_reason or "",
                )
            )
        previous[key] = record.score
    return sorted(changes, key=lambda c: c.when, reverse=True)


def finished_game_corrections(*, event: Event) -> list[tuple[Correction, Game]]:
    """Corrections made after their game ended, newest first, each with its game as it is now."""
    games = Game.objects.filter(table__round__event=event, game_over=True).select_related("table__round")
    by_id = {game.pk: game for game in games}
    ended = _games_ended_at(games=games)
    return [
        (c, by_id[c.game_id])
        for c in corrections_of(games=games)
        if c.game_id in by_id and c.game_id in ended and c.when > ended[c.game_id]
    ]


def _games_ended_at(*, games: QuerySet[Game]) -> dict[int, datetime.datetime]:
    """Game id -> when the game ended (stopped, or its last hand first saved); none without a hand."""
    last_hands = dict(
        Hand.objects.filter(game__in=games)
        .values("game_id")
        .annotate(last=Max("created_at"))
        .values_list("game_id", "last")
    )
    ended = {}
    for game_id, stopped_at in games.values_list("pk", "stopped_at"):
        when = stopped_at or last_hands.get(game_id)
        if when is not None:
            ended[game_id] = when
    return ended


def final_corrections(*, event: Event) -> list[tuple[Correction, Game]]:
    """A director's changes (each with its reason) after results were final, newest first, with games."""
    games = Game.objects.filter(table__round__event=event).select_related("table__round")
    by_id = {game.pk: game for game in games}
    return [(c, by_id[c.game_id]) for c in corrections_of(games=games) if c.reason and c.game_id in by_id]


def table_entry_mode(*, game: Game, hands: list[HandLine]) -> str | None:
    """How the table last entered a hand (`scoring.ENTRY_MODES`), in this game or earlier; else None."""
    if hands:
        return scoring.entry_mode(next(iter(hands[-1].entries.values()), {}))
    last = (
        SideEntry.objects.filter(
            hand__game__table__round__event_id=game.table.round.event_id,
            hand__game__table__number=game.table.number,
        )
        .order_by("-hand__created_at")
        .values_list("entry", flat=True)
        .first()
    )
    return None if last is None else scoring.entry_mode(last)


def game_players(*, game: Game) -> dict[str, list[Player]]:
    """Side label -> the players seated on that side, in seat order."""
    by_side: dict[str, list[Player]] = {side: [] for side in game.sides}
    for seat in game.table.seats.select_related("player").order_by("position"):
        by_side.setdefault(seat.side, []).append(seat.player)
    return by_side


def game_trio(
    *, game: Game, players: dict[str, list[Player]] | None = None
) -> tuple[str, list[Player]] | None:
    """At a table of five, the side of three and its players in seat order (rules.md §1.1d), else
    None; `players`: the game's `game_players`, if read."""
    rules = scoring.VARIANTS.get(game.variant)
    if game.players is None or rules is None or all(len(set(shape)) == 1 for shape in rules.tables):
        return None  # no variant's table of equal sides has a side sitting out (no query)
    for side, seated in (players if players is not None else game_players(game=game)).items():
        if len(seated) > game.players:
            return side, seated
    return None


def game_sitting_out(*, trio: tuple[str, list[Player]], hands: list[HandLine]) -> Player:
    """Who of `trio` sits out the next hand: whoever sat out fewest, in turn."""
    players = {player.pk: player for player in trio[1]}
    return players[table_shapes.next_sitting_out(tuple(players), [line.sat_out_id for line in hands])]


def side_code(*, game: Game, side: str) -> str:
    """`side`'s confirmation code on the table's night card ("" without one). Reads `game.table.round`."""
    card = TableCard.objects.filter(event_id=game.table.round.event_id, number=game.table.number).first()
    return "" if card is None else str(card.side_codes.get(side, ""))


def hands_visible_to(*, user: Requester) -> QuerySet[Hand]:
    """The hands of the games the user sees (`games_visible_to`), with their side entries."""
    return Hand.objects.filter(game__in=games_visible_to(user=user)).prefetch_related("entries")


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


def game_rules(*, game: Game) -> scoring.RuleSet:
    """The rules `game` is scored by: its variant and house rules at its table (sides, players a side)."""
    return scoring.rules_for(game.variant, dict(game.options), sides=len(game.sides), players=game.players)


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


def game_page_stamp(*, game: Game) -> tuple[Any, ...]:
    """What can change on the table page of `game`, in two queries: equal stamps, equal pages for one
    viewer, language and query (its ETag)."""
    round_ = game.table.round
    rows = tuple(
        tuple(getattr(row, field.attname) for field in type(row)._meta.concrete_fields)
        for row in (game, round_, round_.event)
    )
    history = Hand.history.filter(game_id=game.pk).aggregate(
        last=Max("history_id"), count=Count("history_id")
    )
    seats = tuple(game.table.seats.order_by("pk").values_list("player_id", "side", "position"))
    return (*rows, history["last"], history["count"], seats)
