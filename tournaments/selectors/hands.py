"""Reads for games and hands: which games a user may see or score, a game's hands and corrections,
who plays at it, its sides' codes, whether its results are final, a variant's initial-meld
table.
"""

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
    """The games whose hands the user may enter, correct and confirm: of the events they score
    (`scope.event_scope`, SCORE)."""
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
    """How many seconds the table may still take back the hand of `line` (services.hand_undo),
    0 once it may not: the game's last hand (`hands`: game_hands), as first saved,
    unconfirmed, within UNDO_WINDOW of its saving."""
    if not hands or line.number != hands[-1].number or line.version != 1 or line.confirmed:
        return 0
    if line.created_at is None:
        return 0
    left = line.created_at + UNDO_WINDOW - (now or timezone.now())
    return max(0, int(left.total_seconds()))


def next_hand_number(*, hands: list[HandLine]) -> int:
    """The number the game's next hand takes (`hands`: game_hands): one more than its last
    hand's. A hand a director deleted leaves a gap; numbers are never reused, as the hand
    services check (`services.hand_record`)."""
    return hands[-1].number + 1 if hands else 1


def hand_line(*, hands: list[HandLine], number: int) -> HandLine | None:
    """Hand `number` among the game's hands (`hands`: game_hands), by its number, not its place."""
    return next((line for line in hands if line.number == number), None)


def game_results_final(*, game: Game) -> bool:
    """Whether a game's results are final: only a director may change its hands then, giving
    a reason.

    Final once its event is finished, or once the next round of its event has been started
    (`Round.results_final_at`, set by `services.round_start`: starting a round needs every
    game of the round before it over, and the next tables are drawn from these results).
    Reads `game.table.round.event`: select it with the game, and this costs no query.
    """
    round = game.table.round
    return round.results_final_at is not None or round.event.status == Event.Status.FINISHED


def game_hands(*, game: Game) -> list[HandLine]:
    """The game's hands, oldest first, each with the running totals after it (points)."""
    running = dict.fromkeys(game.sides, 0)
    lines: dict[int, HandLine] = {}
    # Values, not model instances: a save's answer reads every hand of the game, and making
    # two instances a side entry took most of it. Two queries, each through its index whatever
    # the planner knows: joined in one, PostgreSQL without statistics expected 350 side entries
    # a hand and read every side entry of the database (8 ms at 47,000, growing with them).
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
    """Corrections made after their game had ended, in the event's finished games, newest
    first, each with its game (round, table, result now): what a director must know once
    results were already announced. A correction made while the game was still being played
    is not one of them. Later rounds keep their seatings; the standings follow the correction."""
    games = Game.objects.filter(table__round__event=event, game_over=True).select_related("table__round")
    by_id = {game.pk: game for game in games}
    ended = _games_ended_at(games=games)
    return [
        (c, by_id[c.game_id])
        for c in corrections_of(games=games)
        if c.game_id in by_id and c.game_id in ended and c.when > ended[c.game_id]
    ]


def _games_ended_at(*, games: QuerySet[Game]) -> dict[int, datetime.datetime]:
    """Game id -> when the game (over now) ended: when the director stopped it at its score
    (`Game.stopped_at`), else when its last hand was first saved, the hand that ended it (no
    hand follows the end). A game over without a hand is left out (nothing was corrected)."""
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
    """Changes a director made to the event's hands after their results were final (each
    carries its reason), newest first, each with its game: the standings say so."""
    games = Game.objects.filter(table__round__event=event).select_related("table__round")
    by_id = {game.pk: game for game in games}
    return [(c, by_id[c.game_id]) for c in corrections_of(games=games) if c.reason and c.game_id in by_id]


def table_entry_mode(*, game: Game, hands: list[HandLine]) -> str | None:
    """How the table last entered a hand (scoring.ENTRY_MODES): in this game, else in an
    earlier game at the same table number of the event (the same card, the same phone); None
    before the table's first hand."""
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
    """At a table of five, the side of three and its players in seat order (they take turns
    to sit out a hand, rules.md §1.1d); None at any other table. `players`: the game's
    `game_players`, if the caller has read them already."""
    rules = scoring.VARIANTS.get(game.variant)
    if game.players is None or rules is None or all(len(set(shape)) == 1 for shape in rules.tables):
        return None  # no variant's table of equal sides has a side sitting out (no query)
    for side, seated in (players if players is not None else game_players(game=game)).items():
        if len(seated) > game.players:
            return side, seated
    return None


def game_sitting_out(*, trio: tuple[str, list[Player]], hands: list[HandLine]) -> Player:
    """Who of the side of three (`trio`: game_trio) sits out the game's next hand (`hands`:
    game_hands): whoever has sat out fewest, in turn (`domain.table_shapes.next_sitting_out`)."""
    players = {player.pk: player for player in trio[1]}
    return players[table_shapes.next_sitting_out(tuple(players), [line.sat_out_id for line in hands])]


def side_code(*, game: Game, side: str) -> str:
    """The confirmation code of `side` at the game's table: on its half of the night's card
    for that table number ("" if the event has no card for it). Reads `game.table.round`."""
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
    """The rules `game` is scored by: its variant and house rules at its table (its sides and
    players a side, which decide the pack where it follows the players: Hand and Foot)."""
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
    """What the table page of `game` shows that can change, in two small queries: the game's,
    its round's and its event's rows (as loaded), the last change to any of its hands (its
    history: a save, a correction, a confirmation, an undo, a sit-out changed, a deletion)
    and who sits where. Equal stamps, equal pages (for the same viewer, language and query):
    the page's ETag (tournaments/web/table_views.py)."""
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
