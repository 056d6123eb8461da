"""Reads for events, tables, games and standings, scoped to what a user may see or score."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict

from django.db.models import Exists, F, FloatField, OuterRef, Prefetch, Q, QuerySet, Sum, Window
from django.db.models.functions import Cast, NullIf, Rank
from django.utils import timezone

import scoring
from clubs.models import Club, Membership, Player
from clubs.names import name_key
from clubs.selectors import clubs_where, clubs_with_results_visible_to
from clubs.users import Requester
from tournaments.display.labels import criterion_label, knockout_round_label
from tournaments.domain import seating, tables
from tournaments.domain import stages as stages_domain
from tournaments.domain import victory_points as vp
from tournaments.domain.missed_rounds import missed_round_credits
from tournaments.domain.standings import (
    IN_PLAY,
    NOTHING_CONFIRMED,
    UNCONFIRMED,
    PairStandingRow,
    SideResult,
    StandingRow,
    game_side_results,
    rank_pairs,
    rank_players,
    result_victory_points,
    side_outcome,
)
from tournaments.models import (
    Event,
    Game,
    Hand,
    MatchDecision,
    Pair,
    Round,
    Seat,
    SideEntry,
    SitOut,
    Stage,
    StageEntrant,
    Standing,
    Table,
    TableCard,
)

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

SCORING_ROLES = (Membership.Role.DIRECTOR, Membership.Role.SCORER)
POINT_DIFFERENCE = F("points_for") - F("points_against")


def events_visible_to(*, user: Requester) -> QuerySet[Event]:
    return Event.objects.filter(club__in=clubs_where(user=user)).select_related("club")


def events_with_results_visible_to(*, user: Requester) -> QuerySet[Event]:
    """Events whose standings the user may see: of their clubs, and of clubs with public results."""
    return Event.objects.filter(club__in=clubs_with_results_visible_to(user=user)).select_related("club")


def events_directed_by(*, user: Requester) -> QuerySet[Event]:
    return Event.objects.filter(club__in=clubs_where(user=user, roles=(Membership.Role.DIRECTOR,)))


def games_visible_to(*, user: Requester) -> QuerySet[Game]:
    return (
        Game.objects.filter(table__round__event__club__in=clubs_where(user=user))
        .select_related("table__round__event__club")
        .order_by("table__round__event", "table__round__number", "table__number")
    )


def games_scorable_by(*, user: Requester) -> QuerySet[Game]:
    """Games whose hands the user may enter and correct: directors and scorers of the club.

    One join to the user's membership of the game's club (a user has at most one per club),
    with nothing else attached: the hand services read and lock what they need themselves.
    """
    if not user.is_authenticated:
        return Game.objects.none()
    return Game.objects.filter(
        table__round__event__club__memberships__user=user,
        table__round__event__club__memberships__role__in=SCORING_ROLES,
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
    for side_entry in (
        SideEntry.objects.filter(hand__game=game).select_related("hand").order_by("hand__number", "side")
    ):
        hand = side_entry.hand
        line = lines.get(hand.number)
        if line is None:
            line = lines[hand.number] = HandLine(
                hand.number,
                hand.version,
                hand.entered_by_side,
                hand.confirmed_at is not None,
                {},
                {},
                {},
                {},
                hand.created_at,
                hand.sat_out_id,
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
    """Corrections in the event's finished games, newest first, each with its game (round,
    table, result now): what a director must know once results were already announced. Later
    rounds keep their seatings; the standings follow the correction."""
    games = Game.objects.filter(table__round__event=event, game_over=True).select_related("table__round")
    by_id = {game.pk: game for game in games}
    return [(c, by_id[c.game_id]) for c in corrections_of(games=games) if c.game_id in by_id]


def final_corrections(*, event: Event) -> list[tuple[Correction, Game]]:
    """Changes a director made to the event's hands after their results were final (each
    carries its reason), newest first, each with its game: the standings say so."""
    games = Game.objects.filter(table__round__event=event).select_related("table__round")
    by_id = {game.pk: game for game in games}
    return [(c, by_id[c.game_id]) for c in corrections_of(games=games) if c.reason and c.game_id in by_id]


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
    game_hands): whoever has sat out fewest, in turn (`domain.tables.next_sitting_out`)."""
    players = {player.pk: player for player in trio[1]}
    return players[tables.next_sitting_out(tuple(players), [line.sat_out_id for line in hands])]


def round_seating(*, round: Round) -> seating.RoundSeating:
    """How `round` was seated, as the seating algorithms record it: each table's sides (player
    ids, in seat order) and who sat out."""
    played = []
    for table in round.tables.prefetch_related("seats"):
        by_side: dict[str, list[int]] = {}
        for seat in table.seats.all():
            by_side.setdefault(seat.side, []).append(seat.player_id)
        played.append(seating.TableSeating(sides=tuple(tuple(p) for p in by_side.values())))
    sit_out = tuple(round.sit_outs.values_list("player_id", flat=True))
    return seating.RoundSeating(tables=tuple(played), sit_out=sit_out)


def side_code(*, game: Game, side: str) -> str:
    """The confirmation code of `side` at the game's table: on its half of the night's card
    for that table number ("" if the event has no card for it). Reads `game.table.round`."""
    card = TableCard.objects.filter(event_id=game.table.round.event_id, number=game.table.number).first()
    return "" if card is None else str(card.side_codes.get(side, ""))


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A round's clock (server time). `state`: "running", "warning" (less than the event's
    warning minutes left) or "last_hand" (time is up: finish the hand in play)."""

    started_at: datetime.datetime
    ends_at: datetime.datetime
    warning_at: datetime.datetime
    now: datetime.datetime
    state: str

    @property
    def seconds_left(self) -> int:
        return max(0, int((self.ends_at - self.now).total_seconds()))

    @property
    def left_text(self) -> str:
        """The time left as a clock shows it: "42:05", "1:02:05", "0:00"."""
        hours, rest = divmod(self.seconds_left, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def round_clock(*, round: Round, now: datetime.datetime | None = None) -> RoundClock | None:
    """The round's clock, or None: no minutes per round, clock not started, or the round is
    final (a later round started, or the event finished). Reads `round.event`."""
    event = round.event
    if (
        not event.minutes_per_round
        or round.clock_started_at is None
        or round.results_final_at is not None
        or event.status == Event.Status.FINISHED
    ):
        return None
    now = now or timezone.now()
    ends_at = round.clock_started_at + datetime.timedelta(minutes=event.minutes_per_round)
    warning_at = ends_at - datetime.timedelta(minutes=event.warning_minutes)
    state = "last_hand" if now >= ends_at else "warning" if now >= warning_at else "running"
    return RoundClock(round.clock_started_at, ends_at, warning_at, now, state)


@dataclass(frozen=True, slots=True)
class Move:
    """Where a player of a table's previous game sits in the current round."""

    player: Player
    table: int | None  # None: sits out this round (or has withdrawn)
    position: str  # the seat's label ("North", ...), "" when sitting out
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class CardState:
    """What a table card opens now (`card_state`).

    `round`: the event's current round (None before the first); `game`: the game at the
    card's table in that round, None while it is being seated or when the round does not use
    the table; `previous`: the game at this table in the round before, while the current
    game has no hand yet (the players are still moving); `moves`: where its players sit now.
    """

    card: TableCard
    round: Round | None
    game: Game | None
    previous: Game | None
    moves: list[Move]


def card_state(*, card: TableCard) -> CardState:
    """The current game of a table card, and the movement from its previous game."""
    current = card.event.rounds.order_by("-number").first()
    if current is None:
        return CardState(card, None, None, None, [])
    games = Game.objects.select_related("table__round__event__club").filter(
        table__round__event_id=card.event_id, table__number=card.number
    )
    game = None
    if current.status == Round.Status.SEATED:
        game = games.filter(table__round=current).first()
    previous = None
    if game is None or not game.hands.exists():
        previous = (
            games.filter(table__round__number__lt=current.number).order_by("-table__round__number").first()
        )
    moves: list[Move] = []
    if previous is not None and current.status == Round.Status.SEATED:
        players = [
            seat.player for seat in previous.table.seats.select_related("player").order_by("side", "position")
        ]
        now = {
            seat.player_id: seat
            for seat in Seat.objects.filter(table__round=current, player__in=players).select_related("table")
        }
        gone = set(
            card.event.participants.filter(withdrawn_after_round__isnull=False).values_list(
                "player_id", flat=True
            )
        )
        for player in players:
            seat = now.get(player.pk)
            moves.append(
                Move(player, seat.table.number, seat.get_position_display())
                if seat
                else Move(player, None, "", withdrawn=player.pk in gone)
            )
    return CardState(card, current, game, previous, moves)


def event_rounds(*, event: Event) -> QuerySet[Round]:
    """The event's rounds with tables, seats and sit-outs; `has_hands` says whether play began."""
    played = Hand.objects.filter(game__table__round=OuterRef("pk"))
    return (
        event.rounds.annotate(has_hands=Exists(played))
        .select_related("stage")
        .prefetch_related("tables__seats__player", "tables__game", "sit_outs__player")
    )


def tables_in_play(*, event: Event) -> list[int]:
    """The numbers of the tables of the event's latest round whose games are still being played."""
    last = event.rounds.order_by("-number").first()
    if last is None:
        return []
    in_play = Game.objects.filter(table__round=last, game_over=False).order_by("table__number")
    return list(in_play.values_list("table__number", flat=True))


@dataclass(frozen=True, slots=True)
class TargetReached:
    """A round in which a table reached the target (`Event.play_to_target_across_tables`):
    that table, and the tables still finishing the hand they had in play."""

    table: int
    finishing: list[int]


def round_target_reached(*, round: Round | None) -> TargetReached | None:
    """Whether a table of `round` has reached the target, and which tables are still finishing."""
    if round is None or round.target_reached_table is None:
        return None
    finishing = Game.objects.filter(table__round=round, game_over=False).order_by("table__number")
    return TargetReached(round.target_reached_table, list(finishing.values_list("table__number", flat=True)))


def event_standings(*, event: Event) -> QuerySet[Standing]:
    return (
        Standing.objects.filter(event=event)
        .select_related("player")
        .annotate(point_difference=POINT_DIFFERENCE)
    )


def club_events(*, club: Club) -> QuerySet[Event]:
    """The club's events, newest first; `has_results` says whether a round has been seated."""
    seated = Round.objects.filter(event=OuterRef("pk"), status=Round.Status.SEATED)
    return club.events.annotate(has_results=Exists(seated)).order_by("-date", "-id")


class RankingFigures(TypedDict):
    """What `club_rankings` adds to each player."""

    games: int
    wins: int
    total_points: int
    win_rate: float | None
    average_points: float | None


def club_rankings(*, club: Club) -> QuerySet[WithAnnotations[Player, RankingFigures]]:
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


def club_ranks(*, club: Club) -> dict[int, int]:
    """Player id -> rank in the club's rankings, in one query.

    The order of `club_rankings`: most wins, then most points; players equal on both share a
    rank (1, 2, 2, 4). Only players with a finished game are ranked; the others are absent.
    A filter or a sort of the rankings table leaves these ranks as they are.
    """
    ranked = (
        club_rankings(club=club)
        .filter(games__gt=0)
        .annotate(rank=Window(Rank(), order_by=[F("wins").desc(), F("total_points").desc()]))
        .order_by()
    )
    return dict(ranked.values_list("pk", "rank"))


def rounds_visible_to(*, user: Requester) -> QuerySet[Round]:
    return (
        Round.objects.filter(event__in=events_visible_to(user=user))
        .select_related("stage")
        .prefetch_related("tables__seats__player", "tables__game", "sit_outs")
    )


def tables_visible_to(*, user: Requester) -> QuerySet[Table]:
    return (
        Table.objects.filter(round__event__in=events_visible_to(user=user))
        .select_related("game")
        .prefetch_related("seats__player")
    )


def hands_visible_to(*, user: Requester) -> QuerySet[Hand]:
    return Hand.objects.filter(game__in=games_visible_to(user=user)).prefetch_related("entries")


def standings_visible_to(*, user: Requester) -> QuerySet[Standing]:
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


# --- ranking rules --------------------------------------------------------------------------


def event_ranking_rules(*, event: Event) -> tuple[vp.Scale, tuple[str, ...]]:
    """The event's victory-point scale and tie-break order, as the standings use them.

    A stored setting that no longer validates (edited by hand in the database) falls back to
    the defaults rather than breaking the standings; `event_ranking_set` never stores one.
    """
    try:
        scale = vp.scale_for(event.vp_scale, event.vp_custom)
        tie_breaks = vp.checked_tie_breaks(event.tie_breaks)
    except vp.InvalidScale:
        return vp.PRESETS[vp.DEFAULT_SCALE], vp.DEFAULT_TIE_BREAKS
    return scale, tie_breaks


@dataclass(frozen=True, slots=True)
class RankingRules:
    """How an event ranks, for the standings page: the scale and the criteria in order."""

    scale: vp.Scale
    criteria: list[str]  # display names, victory points first
    bands: list[tuple[int, tuple[vp.Band, ...]]]  # (hands, bands); hands 0: any other length


def event_ranking_description(*, event: Event) -> RankingRules:
    """The event's scale and tie-break order with display names, victory points first."""
    scale, tie_breaks = event_ranking_rules(event=event)
    criteria = [criterion_label(c) for c in (vp.VICTORY_POINTS, *tie_breaks)]
    tables = dict(scale.tables or {})
    if 0 in tables and list(tables.values()).count(tables[0]) > 1:
        del tables[0]  # the table for other lengths repeats one shown already
    bands = sorted(tables.items(), key=lambda item: (item[0] == 0, item[0]))
    return RankingRules(scale=scale, criteria=criteria, bands=bands)


# --- players --------------------------------------------------------------------------------


def players_visible_to(*, user: Requester) -> QuerySet[Player]:
    return Player.objects.filter(club__in=clubs_where(user=user)).select_related("club")


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
class PlayerProfile:
    games: int
    wins: int
    draws: int
    losses: int
    total_points: int
    average_points: float | None
    rating: Any  # Rating or None
    history: list[dict[str, Any]]  # {"game": n, "rating": ordinal} oldest first
    partners: list[Record]  # best first
    opponents: list[Record]  # most met first
    recent: QuerySet[Standing]


def player_profile(*, player: Player, recent_events: int = 10) -> PlayerProfile:
    """Everything the player page shows: totals over finished games, rating and its history,
    partners (best win rate first, then most games) and head-to-head records (most met first).

    A fixed number of queries whatever the number of games (one per part).
    """
    from tournaments.models import Rating, RatingHistory, Seat

    totals = Standing.objects.filter(player=player).aggregate(
        games=Sum("games", default=0),
        wins=Sum("wins", default=0),
        draws=Sum("draws", default=0),
        losses=Sum("losses", default=0),
        points=Sum("finished_points", default=0),
    )
    mine = {
        table: (side, winner, is_draw)
        for table, side, winner, is_draw in Seat.objects.filter(
            player=player, table__game__game_over=True
        ).values_list("table_id", "side", "table__game__winner", "table__game__is_draw")
    }
    partners: dict[int, Record] = {}
    opponents: dict[int, Record] = {}
    others = Seat.objects.filter(table_id__in=mine).exclude(player=player)
    for table, side, other, name in others.values_list("table_id", "side", "player_id", "player__name"):
        my_side, winner, is_draw = mine[table]
        book = partners if side == my_side else opponents
        record = book.setdefault(other, Record(other, name))
        record.games += 1
        if is_draw:
            record.draws += 1
        elif winner == my_side:
            record.wins += 1
        else:
            record.losses += 1
    history = [
        {"game": sequence, "rating": round(ordinal, 2)}
        for sequence, ordinal in RatingHistory.objects.filter(player=player)
        .order_by("sequence")
        .values_list("sequence", "ordinal")
    ]
    games = totals["games"]
    return PlayerProfile(
        games=games,
        wins=totals["wins"],
        draws=totals["draws"],
        losses=totals["losses"],
        total_points=totals["points"],
        average_points=totals["points"] / games if games else None,
        rating=Rating.objects.filter(player=player).first(),
        history=history,
        partners=sorted(partners.values(), key=lambda r: (-r.win_rate, -r.games, r.name)),
        opponents=sorted(opponents.values(), key=lambda r: (-r.games, -r.wins, r.name)),
        recent=Standing.objects.filter(player=player)
        .select_related("event")
        .annotate(point_difference=POINT_DIFFERENCE)
        .order_by("-event__date", "-event_id")[:recent_events],
    )


# --- seasons --------------------------------------------------------------------------------


def season_standings(*, season: Any) -> list[Any]:
    """The season table (tournaments/domain/seasons.py) from its nights' standings, in two queries.

    Nights are the season's events that have standings, oldest first; computed on read, so
    it always agrees with the nights' standings. The rows are read by their events' ids (the
    standings' own index), the nights' order from the events.
    """
    from tournaments.domain.seasons import NightResult, season_table

    events = list(Event.objects.filter(season=season).order_by("date", "pk").values_list("pk", flat=True))
    rows = (
        Standing.objects.filter(event_id__in=events)
        .order_by()
        .values_list(
            "event_id", "player_id", "player__name", "victory_points", "points_for", "points_against"
        )
    )
    with_rows: set[int] = set()
    results: dict[int, list[NightResult]] = {}
    names: dict[int, str] = {}
    for event_id, player_id, name, victory_points, points_for, points_against in rows:
        with_rows.add(event_id)
        names[player_id] = name
        results.setdefault(player_id, []).append(
            NightResult(event_id, victory_points, points_for - points_against)
        )
    nights = [event_id for event_id in events if event_id in with_rows]
    return season_table(nights, results, names, best_n=season.best_n, min_nights=season.min_nights)


def seasons_visible_to(*, user: Requester) -> QuerySet[Any]:
    from tournaments.models import Season

    return Season.objects.filter(club__in=clubs_where(user=user)).select_related("club")


def event_missed_rounds(*, event: Event, through: int | None = None) -> dict[int, int]:
    """Player id -> how many seated rounds of the event they took part in without a seat.

    A sit-out or bye, or a round before a late arrival came, is missed; rounds after a
    withdrawal are not. A participant not present who never played (a no-show) misses nothing.
    The rounds of a final table or a knockout (a stage played by its entrants only) are
    missed by nobody: who is not in them is out, not sitting out. `through` counts the rounds
    up to that number only.
    """
    seated = event.rounds.filter(status=Round.Status.SEATED).filter(
        Q(stage__isnull=True) | Q(stage__kind=Stage.Kind.ROUNDS)
    )
    if through is not None:
        seated = seated.filter(number__lte=through)
    rounds = list(seated.order_by().values_list("number", flat=True))
    played: dict[int, set[int]] = {}
    for number, player in (
        Seat.objects.filter(table__round__event=event)
        .order_by()
        .values_list("table__round__number", "player_id")
    ):
        played.setdefault(player, set()).add(number)
    missed = {}
    for player, present, withdrawn_after in event.participants.values_list(
        "player_id", "present", "withdrawn_after_round"
    ):
        if not present and withdrawn_after is None and player not in played:
            continue
        last = withdrawn_after if withdrawn_after is not None else max(rounds, default=0)
        count = sum(1 for n in rounds if n <= last and n not in played.get(player, ()))
        if count:
            missed[player] = count
    return missed


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One player's place in a round, for the seating sheet's index by name."""

    name: str
    table: int | None  # None: sits out
    side: str
    position: str


def round_players(*, round: Round) -> QuerySet[Player]:
    """The players seated or sitting out in a round, by name."""
    return Player.objects.filter(
        Exists(Seat.objects.filter(table__round=round, player=OuterRef("pk")))
        | Exists(round.sit_outs.filter(player=OuterRef("pk")))
    ).order_by("name")


def round_sheet_index(*, round: Round) -> list[SheetLine]:
    """Every player of the round by name, with their table and seat (or sitting out)."""
    lines = [
        SheetLine(seat.player.name, seat.table.number, seat.side, seat.get_position_display())
        for seat in Seat.objects.filter(table__round=round).select_related("player", "table")
    ]
    lines += [SheetLine(s.player.name, None, "", "") for s in round.sit_outs.select_related("player")]
    return sorted(lines, key=lambda line: line.name.casefold())


def event_board_round(*, event: Event) -> Round | None:
    """The round the room's screen shows: the latest one, with its tables, seats and games."""
    return (
        event.rounds.order_by("-number")
        .prefetch_related("tables__seats__player", "tables__game", "sit_outs__player")
        .first()
    )


# --- pairs (fixed-partnership events) and the club's partnerships ---------------------------


@dataclass(frozen=True, slots=True)
class Entrant:
    """Who takes a place in an event: a pair (`pair` its number, two players) in a
    fixed-partnership event, else one player (`pair` None)."""

    pair: int | None
    players: tuple[Player, ...]


@dataclass(frozen=True, slots=True)
class PairEntry:
    """A pair of an event with its players, as the event page lists it.

    `present`: both players are present, so the pair is seated next round; `withdrawn_after_round`:
    the round after which the pair withdrew (None if it has not)."""

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
    """The participants of a fixed-partnership event who are in no pair, by name. None are made
    any more; an event created before pairs arrived and left together may have some."""
    paired = event_pair_numbers(event=event)
    return (
        event.participants.select_related("player")
        .exclude(player_id__in=list(paired))
        .order_by("player__name")
    )


def round_sit_out_entrants(*, event: Event, rounds: list[Round]) -> dict[int, list[Entrant]]:
    """Round id -> who sits out that round: pairs in a fixed-partnership event (both partners
    sit out together), else players. Reads the rounds' prefetched `sit_outs__player`."""
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
    """A pair's row in the standings of a fixed-partnership event (tournaments.domain.standings
    .rank_pairs): its rank among the pairs, its number, its players and the figures they share
    (points in Canasta points)."""

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
    """The event's standings per pair, best first, from its players' rows (three queries).

    Ranked among the pairs by the event's tie-breaks. Pairs none of whose players has a row
    yet are left out, as the players are ([] before the first rebuild). `player_name` keeps
    the pairs with a player whose name holds it, whatever its capitals and accents; the ranks
    stay those of the whole table.
    """
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
    _scale, tie_breaks = event_ranking_rules(event=event)
    wanted = name_key(player_name)
    standings = []
    for row in rank_pairs(rows, players_of, tie_breaks=tie_breaks):
        partnership = pairs[row.pair].partnership
        players = (partnership.first, partnership.second)
        if wanted and not any(wanted in name_key(player.name) for player in players):
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
    """One of the club's partnerships, for its partnerships page: the two players and the
    events they played together as a pair of a fixed-partnership event, newest first."""

    partnership: Any  # clubs.models.Partnership
    events: list[Event]

    @property
    def players(self) -> tuple[Player, Player]:
        return (self.partnership.first, self.partnership.second)


def club_partnerships(*, club: Club) -> list[PartnershipLine]:
    """The club's partnerships by their first player's name, then the second's, each with the
    events it played as a pair (two queries whatever their number)."""
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


# --- round results --------------------------------------------------------------------------

# A table's state in the round results: IN_PLAY, UNCONFIRMED (domain.standings) or FINISHED.
FINISHED = "finished"


def event_confirmed_totals(*, event: Event) -> dict[int, tuple[dict[str, int], bool]]:
    """Game id -> (totals of its confirmed hands in points, whether every hand is confirmed).

    Games without a hand are absent. One query.
    """
    totals: dict[int, dict[str, int]] = {}
    unconfirmed: set[int] = set()
    rows = (
        SideEntry.objects.filter(hand__game__table__round__event=event)
        .order_by()
        .values_list("hand__game_id", "side", "score", "hand__confirmed_at")
    )
    for game_id, side, score, confirmed_at in rows:
        game_totals = totals.setdefault(game_id, {})
        game_totals.setdefault(side, 0)
        if confirmed_at is None:
            unconfirmed.add(game_id)
        else:
            game_totals[side] += score
    return {game_id: (t, game_id not in unconfirmed) for game_id, t in totals.items()}


@dataclass(frozen=True, slots=True)
class SideLine:
    """One side of a table in the round results."""

    side: str  # "NS", "EW"; "N", "E", "S" at a table of three
    players: list[Player]  # in seat order
    points: int  # the side's game total (points), as the table page shows it
    result: str  # domain.standings.side_outcome: WON, DREW, LOST, IN_PLAY or UNCONFIRMED
    victory_points: int | None  # None until the game counts in the standings


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table of a round: its game's sides, state and winner."""

    round: int
    number: int
    game_id: int
    hands: int
    state: str  # IN_PLAY, UNCONFIRMED or FINISHED
    winner: str  # the winning side's label; "" for a draw or while the game does not count
    sides: list[SideLine]


@dataclass(frozen=True, slots=True)
class RoundResult:
    number: int
    tables: list[TableResult]  # by table number
    sit_outs: list[Player]  # by name
    unfinished: int  # tables whose game does not count yet (in play, or awaiting a confirmation)
    stage: Stage | None = None  # None in an event without stages


def event_round_results(*, event: Event) -> list[RoundResult]:
    """The results of each seated round of the event, round 1 first: every table with its
    sides' players, totals, result and victory points.

    A side's victory points are those the standings give it for the game: its result as
    `domain.standings.game_side_results` counts it (only confirmed hands where the event asks
    for confirmation) on the event's scale (`event_ranking_rules`), through
    `domain.standings.result_victory_points`. Four queries whatever the number of rounds and
    tables (five when the event asks for confirmation).
    """
    scale, _tie_breaks = event_ranking_rules(event=event)
    seats = Seat.objects.select_related("player").order_by("position")
    tables = (
        Table.objects.select_related("game").prefetch_related(Prefetch("seats", seats)).order_by("number")
    )
    rounds = (
        event.rounds.filter(status=Round.Status.SEATED)
        .select_related("stage")
        .order_by("number")
        .prefetch_related(
            Prefetch("tables", tables),
            Prefetch("sit_outs", SitOut.objects.select_related("player").order_by("player__name")),
        )
    )
    confirmed = event_confirmed_totals(event=event) if event.confirmation_required else None
    results = []
    for round_ in rounds:
        lines = []
        for table in round_.tables.all():
            game = getattr(table, "game", None)
            if game is None:
                continue
            players: dict[str, list[Player]] = {side: [] for side in game.sides}
            for seat in table.seats.all():
                players.setdefault(seat.side, []).append(seat.player)
            counted = game_side_results(
                {side: [p.pk for p in side_players] for side, side_players in players.items()},
                game.totals,
                finished=game.game_over,
                winner=game.winner,
                is_draw=game.is_draw,
                hands=game.hands_played,
                confirmed=None if confirmed is None else confirmed.get(game.pk, NOTHING_CONFIRMED),
            )
            counts = bool(counted) and counted[0].finished
            state = FINISHED if counts else UNCONFIRMED if game.game_over else IN_PLAY
            sides = [
                SideLine(
                    side=result.side,
                    players=players[result.side],
                    points=game.totals.get(result.side, 0),
                    result=side_outcome(result, game_over=game.game_over),
                    victory_points=result_victory_points(result, scale),
                )
                for result in counted
            ]
            winner = game.winner if counts and not game.is_draw else ""
            lines.append(
                TableResult(round_.number, table.number, game.pk, game.hands_played, state, winner, sides)
            )
        sit_outs = [s.player for s in round_.sit_outs.all()]
        unfinished = sum(1 for line in lines if line.state != FINISHED)
        results.append(RoundResult(round_.number, lines, sit_outs, unfinished, round_.stage))
    return results


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
    """A player's night in an event: each seated round's table, partners, opponents, scores and
    victory points (from `event_round_results`), and their standings row. Six queries (seven
    when the event asks for confirmation)."""
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


# --- games as the standings count them ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One game of an event as the standings count it: its round and table, and each side's
    result (`domain.standings.game_side_results`)."""

    round_id: int
    round: int
    table: int
    game_id: int
    results: list[SideResult]
    game_over: bool = False  # over at the table (it counts once its hands are confirmed)


def event_played_games(*, event: Event) -> list[PlayedGame]:
    """Every game of the event, by game id, with its sides' results as the standings count them:
    only confirmed hands where the event asks for confirmation, a game finished once every
    hand is confirmed. Two queries (three when the event asks for confirmation); the hands
    played are the game row's own count (`Game.hands_played`, kept with every saved hand)."""
    confirmed = event_confirmed_totals(event=event) if event.confirmation_required else None
    # Plain values and no model ordering: the models' default orderings join the rounds and the
    # event into every query, which cost most of a rebuild on a night of 250 games.
    players: dict[int, dict[str, list[int]]] = {}
    seats = Seat.objects.filter(table__round__event=event).order_by("table_id", "position")
    for table_id, side, player_id in seats.values_list("table_id", "side", "player_id"):
        players.setdefault(table_id, {}).setdefault(side, []).append(player_id)
    games = (
        Game.objects.filter(table__round__event=event)
        .order_by("pk")
        .values_list(
            "pk",
            "table_id",
            "table__number",
            "table__round_id",
            "table__round__number",
            "totals",
            "game_over",
            "winner",
            "is_draw",
            "hands_played",
        )
    )
    played = []
    for game_id, table_id, table, round_id, round_number, totals, finished, winner, is_draw, hands in games:
        results = game_side_results(
            players.get(table_id, {}),
            totals,
            finished=finished,
            winner=winner,
            is_draw=is_draw,
            hands=hands,
            confirmed=None if confirmed is None else confirmed.get(game_id, NOTHING_CONFIRMED),
        )
        played.append(PlayedGame(round_id, round_number, table, game_id, results, finished))
    return played


# --- stages ---------------------------------------------------------------------------------
#
# An event's stages as the pages show them: each stage's rounds, standings (a stage of rounds
# counts every round of the stages of rounds up to it; a final table its own rounds, ties
# broken by the seeds), a knockout's bracket, who is proposed for the next final table or
# knockout, and the event's final order. The rules are tournaments/domain/stages.py; an
# entrant is a pair number in a fixed-partnership event, a player id otherwise.


@dataclass(frozen=True, slots=True)
class StageStanding:
    """An entrant's row in a stage's standings (points in Canasta points)."""

    rank: int
    key: int  # the entrant: a pair number, or a player id
    entrant: Entrant
    seed: int | None  # its seed in a final table
    games: int
    wins: int
    draws: int
    losses: int
    victory_points: int
    points_for: int
    points_against: int

    @property
    def point_difference(self) -> int:
        return self.points_for - self.points_against


@dataclass(frozen=True, slots=True)
class StageLine:
    """One stage of an event with how far it has gone.

    `rounds_total` is the stage's planned rounds (a knockout: its bracket's, once its entrants
    are confirmed); `complete`: every round played and every game counted (a knockout: its
    champion known). `entrants` are the confirmed (seed, entrant) of a final table or a
    knockout; `order` its entrants as tiers for the final order (domain.stages.final_order).
    """

    stage: Stage
    rounds: list[Round]
    rounds_total: int | None
    complete: bool
    has_hands: bool
    entrants: list[tuple[int, Entrant]]
    standings: list[StageStanding]
    bracket: stages_domain.Bracket | None
    order: list[list[int]]

    @property
    def rounds_played(self) -> int:
        return len(self.rounds)


@dataclass(frozen=True, slots=True)
class Candidate:
    """An entrant the director may choose for a final table or a knockout: its place in the
    order the proposal reads (None when not in it), and whether it is in play (present, not
    withdrawn)."""

    key: int
    entrant: Entrant
    place: int | None
    in_play: bool


@dataclass(frozen=True, slots=True)
class StageProposal:
    """Who the rules propose for a final table or a knockout, for the director to confirm.

    `size`: how many play it; `proposed`: entrant keys by seed (fewer than `size` when not
    enough are in play); `candidates`: everyone, in the order the proposal reads them;
    `confirmed`: the entrants confirmed so far by seed ([] before). Once a hand is played in
    the stage its entrants are final and there is no proposal.
    """

    stage: Stage
    size: int
    proposed: list[int]
    candidates: list[Candidate]
    confirmed: list[int]


@dataclass(frozen=True, slots=True)
class FinalPlace:
    rank: int
    key: int
    entrant: Entrant
    stage: Stage  # the stage that placed it


@dataclass(frozen=True, slots=True)
class StagesOverview:
    """An event's stages (`lines`, first first), the stage the next round goes to (`current`,
    None once every stage has played its rounds), the proposal for the first final table or
    knockout that may be confirmed now, and the event's final order."""

    lines: list[StageLine]
    current: Stage | None
    proposal: StageProposal | None
    final_order: list[FinalPlace]
    paired: bool
    entrants: dict[int, Entrant]
    playing: set[int]  # the entrants in play (present, not withdrawn)
    games: list[PlayedGame]

    def line(self, number: int) -> StageLine:
        return next(line for line in self.lines if line.stage.number == number)

    @property
    def all_over(self) -> bool:
        """Every stage has played its rounds and every game counts."""
        return all(line.complete for line in self.lines)


def event_stages(*, event: Event) -> list[Stage]:
    """The event's stages, first first ([] for an event without stages)."""
    return list(event.stages.order_by("number"))


def event_has_stages(*, event: Event) -> bool:
    return event.stages.exists()


def event_entrants(*, event: Event) -> tuple[dict[int, Entrant], set[int], dict[int, int]]:
    """Every entrant of the event by key, those in play (present, not withdrawn), and, in a
    fixed-partnership event, player id -> pair number ({} otherwise)."""
    participants = {
        p.player_id: p for p in event.participants.select_related("player").order_by("player__name")
    }

    def in_play(player_id: int) -> bool:
        p = participants.get(player_id)
        return p is not None and p.present and p.withdrawn_after_round is None

    if event.format not in Event.PARTNERSHIP_FORMATS:
        entrants = {pk: Entrant(None, (p.player,)) for pk, p in participants.items()}
        return entrants, {pk for pk in entrants if in_play(pk)}, {}
    entrants = {}
    playing = set()
    pair_of: dict[int, int] = {}
    for pair in event.pairs.select_related("partnership__first", "partnership__second").order_by("number"):
        first, second = pair.partnership.first, pair.partnership.second
        entrants[pair.number] = Entrant(pair.number, (first, second))
        pair_of[first.pk] = pair_of[second.pk] = pair.number
        if in_play(first.pk) and in_play(second.pk):
            playing.add(pair.number)
    return entrants, playing, pair_of


def event_stages_overview(*, event: Event) -> StagesOverview | None:
    """The event's stages with their standings, brackets, the proposal for the next final table
    or knockout and the final order; None for an event without stages. A fixed number of
    queries whatever the number of rounds and tables (with a missed-round policy, three more
    for each stage of rounds)."""
    stages = event_stages(event=event)
    if not stages:
        return None
    entrants, playing, pair_of = event_entrants(event=event)
    paired = event.format in Event.PARTNERSHIP_FORMATS
    rounds = list(event.rounds.order_by("number"))
    by_stage: dict[int, list[Round]] = {}
    for round_ in rounds:
        if round_.stage_id is not None:
            by_stage.setdefault(round_.stage_id, []).append(round_)
    games = event_played_games(event=event)
    with_hands = set(
        Hand.objects.filter(game__table__round__event=event)
        .order_by()
        .values_list("game__table__round_id", flat=True)
        .distinct()
    )
    seeds: dict[int, list[tuple[int, int]]] = {}
    for stage_id, seed, player_id, pair_number in (
        StageEntrant.objects.filter(stage__event=event)
        .order_by("stage_id", "seed")
        .values_list("stage_id", "seed", "player_id", "pair__number")
    ):
        seeds.setdefault(stage_id, []).append((seed, pair_number if paired else player_id))
    decisions: dict[int, dict[tuple[int, int], int]] = {}
    for stage_id, number, slot, pair_number in (
        MatchDecision.objects.filter(stage__event=event)
        .order_by()
        .values_list("stage_id", "round", "slot", "winner__number")
    ):
        decisions.setdefault(stage_id, {})[(number, slot)] = pair_number
    scale, tie_breaks = event_ranking_rules(event=event)
    player_names = {p.pk: p.name for entrant in entrants.values() for p in entrant.players}
    missed = {}
    if event.missed_round_policy != Event.MissedRounds.NOTHING:
        missed = {
            stage.pk: _stage_missed(event, by_stage.get(stage.pk, []))
            for stage in stages
            if stage.kind == Stage.Kind.ROUNDS
        }

    lines: list[StageLine] = []
    for stage in stages:
        own = by_stage.get(stage.pk, [])
        own_ids = {r.pk for r in own}
        confirmed = seeds.get(stage.pk, [])
        stage_entrants = [(seed, entrants[key]) for seed, key in confirmed if key in entrants]
        seed_keys = [key for _seed, key in confirmed]
        counted = [g for g in games if g.round_id in own_ids]
        finished = all(r.finished for g in counted for r in g.results)
        standings: list[StageStanding] = []
        bracket_: stages_domain.Bracket | None = None
        if stage.kind == Stage.Kind.KNOCKOUT:
            total = None
            order: list[list[int]] = []
            if len(seed_keys) >= 2:
                bracket_ = _stage_bracket(own, seed_keys, games, pair_of, decisions.get(stage.pk, {}))
                total = len(bracket_.rounds)
                order = stages_domain.knockout_tiers(bracket_)
            complete = bracket_ is not None and bracket_.complete
        else:
            total = stage.planned_rounds
            if stage.kind == Stage.Kind.ROUNDS:
                ids = {r.pk for line in lines if line.stage.kind == Stage.Kind.ROUNDS for r in line.rounds}
                ids |= own_ids
                field_names = player_names
                credits = missed.get(stage.pk)
            else:
                ids = own_ids
                field_players = {p.pk for _s, e in stage_entrants for p in e.players}
                field_names = {pk: n for pk, n in player_names.items() if pk in field_players}
                credits = None
            results = [r for g in games if g.round_id in ids for r in g.results]
            standings = _stage_standings(
                event, results, field_names, credits, entrants, pair_of, scale, tie_breaks, seed_keys, stage
            )
            order = stages_domain.tiers_from_ranks((row.rank, row.key) for row in standings)
            seated = all(r.status == Round.Status.SEATED for r in own)
            complete = total is not None and len(own) >= total and finished and seated
        lines.append(
            StageLine(
                stage=stage,
                rounds=own,
                rounds_total=total,
                complete=complete,
                has_hands=bool(own_ids & with_hands),
                entrants=stage_entrants,
                standings=standings,
                bracket=bracket_,
                order=order,
            )
        )
    current = _current_stage(lines)
    proposal = _proposal(event, lines, entrants, playing, games, pair_of, seeds)
    placed = stages_domain.final_order([line.order for line in lines])
    final = [
        FinalPlace(place.rank, place.entrant, entrants[place.entrant], lines[place.stage - 1].stage)
        for place in placed
        if place.entrant in entrants
    ]
    return StagesOverview(lines, current, proposal, final, paired, entrants, playing, games)


def _stage_missed(event: Event, rounds: list[Round]) -> dict[int, int]:
    last = max((r.number for r in rounds), default=None)
    return event_missed_rounds(event=event, through=last) if last is not None else {}


def _stage_standings(
    event: Event,
    results: list[SideResult],
    names: dict[int, str],
    missed: dict[int, int] | None,
    entrants: dict[int, Entrant],
    pair_of: dict[int, int],
    scale: vp.Scale,
    tie_breaks: tuple[str, ...],
    seeds: list[int],
    stage: Stage,
) -> list[StageStanding]:
    """A stage's standings rows: ranked as the event's standings rank (victory points, then the
    tie-breaks); a final table then breaks its ties by the seeds."""
    rows = rank_players(results, names, scale=scale, tie_breaks=tie_breaks)
    if missed:
        credits = missed_round_credits(event.missed_round_policy, rows, missed, event.sit_out_victory_points)
        if credits:
            rows = rank_players(results, names, credits, scale=scale, tie_breaks=tie_breaks)
    figures: list[Any]
    keyed: list[tuple[int, int, StandingRow | PairStandingRow]]
    if pair_of:
        players_of = {
            key: (entrant.players[0].pk, entrant.players[1].pk)
            for key, entrant in entrants.items()
            if any(p.pk in names for p in entrant.players)
        }
        figures = rank_pairs(rows, players_of, tie_breaks=tie_breaks)
        keyed = [(row.rank, row.pair, row) for row in figures]
    else:
        figures = rows
        keyed = [(row.rank, row.player, row) for row in figures]
    seed_of = {key: seed for seed, key in enumerate(seeds, start=1)}
    if stage.kind == Stage.Kind.FINAL_TABLE:
        ranked = stages_domain.tiers_from_ranks((rank, key) for rank, key, _row in keyed)
        tiers = stages_domain.break_ties(ranked, seeds)
        rank_of = {}
        position = 1
        for tier in tiers:
            for key in tier:
                rank_of[key] = position
            position += len(tier)
        by_key = {k: row for _r, k, row in keyed}
        keyed = [(rank_of[k], k, by_key[k]) for tier in tiers for k in tier]
    return [
        StageStanding(
            rank=rank,
            key=key,
            entrant=entrants.get(key) or Entrant(None, ()),
            seed=seed_of.get(key),
            games=row.games,
            wins=row.wins,
            draws=row.draws,
            losses=row.losses,
            victory_points=row.victory_points,
            points_for=row.points_for,
            points_against=row.points_against,
        )
        for rank, key, row in keyed
        if key in entrants
    ]


def _stage_bracket(
    rounds: list[Round],
    seeds: list[int],
    games: list[PlayedGame],
    pair_of: dict[int, int],
    decisions: dict[tuple[int, int], int],
) -> stages_domain.Bracket:
    """A knockout's bracket from its games: a match's winner is its game's winner (once the
    game counts in the standings), else the director's decision (a game ended level, or a
    walkover)."""
    winners: dict[tuple[int, int], int] = {}
    by_round: dict[int, list[PlayedGame]] = {}
    for game in games:
        by_round.setdefault(game.round_id, []).append(game)
    drawn = stages_domain.bracket(seeds)
    for number in range(1, len(drawn.rounds) + 1):
        drawn = stages_domain.bracket(seeds, winners)
        if number <= len(rounds):
            for game in by_round.get(rounds[number - 1].pk, []):
                match = _match_of_game(drawn, number, game, pair_of)
                if match is None:
                    continue
                won = [pair_of.get(r.players[0]) for r in game.results if r.won and r.players]
                if won and won[0] in match.entrants:
                    winners[(number, match.slot)] = won[0]
        for match in drawn.rounds[number - 1]:
            decided = decisions.get((number, match.slot))
            if match.ready and (number, match.slot) not in winners and decided in match.entrants:
                winners[(number, match.slot)] = decided
    return stages_domain.bracket(seeds, winners)


def _match_of_game(
    drawn: stages_domain.Bracket, number: int, game: PlayedGame, pair_of: dict[int, int]
) -> stages_domain.Match | None:
    """The match of bracket round `number` played by the game's two pairs (None: not a match)."""
    pairs = {pair_of.get(r.players[0]) for r in game.results if r.players} - {None}
    for match in drawn.rounds[number - 1]:
        if match.ready and set(match.entrants) == pairs:
            return match
    return None


def _current_stage(lines: list[StageLine]) -> Stage | None:
    """The stage the next round goes to: the first that has not played all its rounds (a
    knockout whose entrants are not confirmed has not)."""
    for line in lines:
        if line.stage.kind == Stage.Kind.KNOCKOUT and line.complete:
            continue  # its final was decided without a game (a walkover)
        if line.rounds_total is None or line.rounds_played < line.rounds_total:
            return line.stage
    return None


def _proposal(
    event: Event,
    lines: list[StageLine],
    entrants: dict[int, Entrant],
    playing: set[int],
    games: list[PlayedGame],
    pair_of: dict[int, int],
    seeds: dict[int, list[tuple[int, int]]],
) -> StageProposal | None:
    """The first final table or knockout that has not begun, once the stage before it is
    complete: who the rules propose for it."""
    for index, line in enumerate(lines):
        stage = line.stage
        if not stage.restricted or line.has_hands:
            continue
        before = lines[index - 1] if index else None
        if before is not None and not before.complete:
            return None
        # The stage before ranks who may play; a first stage (a knockout) takes the pair numbers.
        order = sorted(entrants) if before is None else [key for tier in before.order for key in tier]
        size, proposed = _proposed(stage, before, order, playing, games, pair_of)
        if stage.seeding == Stage.Seeding.PAIR_NUMBERS:
            proposed = sorted(proposed)
        place = {key: i for i, key in enumerate(order, start=1)}
        candidates = [Candidate(key, entrants[key], place.get(key), key in playing) for key in order]
        candidates += [
            Candidate(key, entrant, None, key in playing)
            for key, entrant in entrants.items()
            if key not in place
        ]
        confirmed = [key for _seed, key in seeds.get(stage.pk, [])]
        return StageProposal(stage, size, proposed, candidates, confirmed)
    return None


def _proposed(
    stage: Stage,
    before: StageLine | None,
    order: list[int],
    playing: set[int],
    games: list[PlayedGame],
    pair_of: dict[int, int],
) -> tuple[int, list[int]]:
    """(how many play the stage, who is proposed by seed) by the stage's `qualify` rule."""
    if stage.qualify == Stage.Qualify.BEST and stage.qualifiers:
        return stage.qualifiers, stages_domain.best_of(order, stage.qualifiers, playing)
    if stage.qualify == Stage.Qualify.BEST_OF_EACH_TABLE and stage.qualifiers and before and before.rounds:
        last = before.rounds[-1].pk
        tables = []
        for game in games:
            if game.round_id != last:
                continue
            places = {}
            for result in game.results:
                for player in result.players:
                    key = pair_of.get(player, player) if pair_of else player
                    places[key] = stages_domain.TablePlace(
                        key, won=result.won, drew=result.drew, points=result.points_for
                    )
            tables.append(list(places.values()))
        size = len(tables) * stage.qualifiers
        return size, stages_domain.best_of_each_table(tables, order, stage.qualifiers, playing)
    proposed = [key for key in order if key in playing]
    return len(proposed), proposed


# A knockout match on the bracket page (`stage_bracket`).
BYE, WAITING, TO_PLAY, LEVEL, WON, DECIDED, WALKOVER = (
    "bye",
    "waiting",
    "to_play",
    "level",
    "won",
    "decided",
    "walkover",
)


@dataclass(frozen=True, slots=True)
class MatchSide:
    """One pair of a knockout match: its seed, its game total (points; None before it plays)
    and whether it goes through."""

    key: int | None  # the pair number; None while not known
    entrant: Entrant | None
    seed: int | None
    points: int | None
    through: bool
    in_play: bool  # present and not withdrawn


@dataclass(frozen=True, slots=True)
class MatchView:
    """A knockout match: its pairs (the better seed first: it sits North-South), its game's table
    and state. `state`: BYE, WAITING (its pairs not known yet), TO_PLAY (not seated yet),
    IN_PLAY (its game goes on, or awaits a confirmation), LEVEL (its game ended level: the
    director decides), WON (its game's winner goes through), DECIDED (the director decided
    after a level game), WALKOVER (decided without a game). `decidable`: the director may
    decide it now (`services.match_decide`)."""

    round: int
    slot: int
    sides: list[MatchSide]
    state: str
    table: int | None
    game_id: int | None
    decidable: bool


@dataclass(frozen=True, slots=True)
class BracketRound:
    number: int
    name: str  # "Final", "Semi-finals", ...
    matches: list[MatchView]


@dataclass(frozen=True, slots=True)
class BracketView:
    stage: Stage
    rounds: list[BracketRound]
    champion: Entrant | None
    seeded: bool  # its entrants are confirmed (else there is no bracket yet)


def stage_bracket(*, stage: Stage, overview: StagesOverview | None = None) -> BracketView:
    """A knockout's bracket for its page: every round's matches with their pairs, seeds, game
    totals and state, filled in as games finish; `overview` if the caller has it."""
    overview = overview or event_stages_overview(event=stage.event)
    assert overview is not None
    line = overview.line(stage.number)
    drawn = line.bracket
    if drawn is None:
        return BracketView(stage, [], None, seeded=False)
    seed_of = {key: seed for seed, key in enumerate(drawn.seeds, start=1)}
    pair_of = {p.pk: key for key, entrant in overview.entrants.items() for p in entrant.players}
    played: dict[tuple[int, int], PlayedGame] = {}
    for number, round_ in enumerate(line.rounds, start=1):
        for game in overview.games:
            if game.round_id != round_.pk:
                continue
            pairs = {pair_of.get(r.players[0]) for r in game.results if r.players} - {None}
            match = next((m for m in drawn.rounds[number - 1] if set(m.entrants) == pairs), None)
            if match is not None:
                played[(number, match.slot)] = game
    total = len(drawn.rounds)
    rounds = []
    for number, matches in enumerate(drawn.rounds, start=1):
        views = []
        for match in matches:
            match_game = played.get((number, match.slot))
            points: dict[int | None, int] = {}
            if match_game is not None:
                points = {pair_of.get(r.players[0]): r.points_for for r in match_game.results if r.players}
            state = _match_state(match, match_game)
            sides = [
                MatchSide(
                    key=key,
                    entrant=overview.entrants.get(key) if key is not None else None,
                    seed=seed_of.get(key) if key is not None else None,
                    points=points.get(key),
                    through=key is not None and match.winner == key,
                    in_play=key in overview.playing,
                )
                for key in (match.high, match.low)
                if key is not None or not match.bye
            ]
            next_seated = line.rounds_played > number
            absent = any(key not in overview.playing for key in match.entrants)
            decidable = not next_seated and (
                state in (LEVEL, DECIDED, WALKOVER) or (state == TO_PLAY and absent)
            )
            views.append(
                MatchView(
                    number,
                    match.slot,
                    sides,
                    state,
                    match_game.table if match_game else None,
                    match_game.game_id if match_game else None,
                    decidable,
                )
            )
        rounds.append(BracketRound(number, knockout_round_label(number, total), views))
    champion = overview.entrants.get(drawn.champion) if drawn.champion is not None else None
    return BracketView(stage, rounds, champion, seeded=True)


def _match_state(match: stages_domain.Match, game: PlayedGame | None) -> str:
    if match.bye:
        return BYE
    if match.high is None or match.low is None:
        return WAITING
    if game is None:
        return WALKOVER if match.winner is not None else TO_PLAY
    counted = bool(game.results) and game.results[0].finished
    if not counted:
        return IN_PLAY
    if any(r.won for r in game.results):
        return WON
    return DECIDED if match.winner is not None else LEVEL


def game_knockout_match(*, game: Game) -> MatchView | None:
    """The knockout match a game is played for (None for a game of no knockout). Reads
    `game.table.round`."""
    stage = game.table.round.stage  # None, with no query, for a round of no stage
    if stage is None or stage.kind != Stage.Kind.KNOCKOUT:
        return None
    bracket_ = stage_bracket(stage=stage)
    return next(
        (m for r in bracket_.rounds for m in r.matches if m.game_id == game.pk),
        None,
    )
