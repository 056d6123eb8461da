"""Reads for rounds and their tables, and why the next round, a finish or a reseat is refused now
(the services raise what the `*_refusal` reads give)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Player
from clubs.users import Requester
from clubs.viewer import shown_player_name
from tournaments.domain import seating, table_shapes
from tournaments.models import Event, Game, Hand, Round, Seat, Table, TableCard
from tournaments.selectors.events import events_visible_to


def round_seating(*, round: Round) -> seating.RoundSeating:
    """How `round` was seated: each table's sides (player ids, seat order) and who sat out."""
    played = []
    for table in round.tables.prefetch_related("seats"):
        by_side: dict[str, list[int]] = {}
        for seat in table.seats.all():
            by_side.setdefault(seat.side, []).append(seat.player_id)
        played.append(seating.TableSeating(sides=tuple(tuple(p) for p in by_side.values())))
    sit_out = tuple(round.sit_outs.values_list("player_id", flat=True))
    return seating.RoundSeating(tables=tuple(played), sit_out=sit_out)


def event_player_clubs(*, event: Event) -> dict[int, int]:
    """Player id -> club id of the event's players; one query."""
    return dict(event.participants.values_list("player_id", "player__club_id"))


@dataclass(frozen=True, slots=True)
class ClubMeetings:
    """Two players of one club at one table, in a round and so far, and of them those who were
    partners; in fixed partnerships opponents only (no partners)."""

    round: int
    so_far: int
    partners: int = 0
    partners_so_far: int = 0

    @property
    def opponents(self) -> int:
        return self.round - self.partners

    @property
    def opponents_so_far(self) -> int:
        return self.so_far - self.partners_so_far


def event_club_meetings(*, event: Event) -> dict[int, ClubMeetings]:
    """By round number, the event's meetings of one club; {} unless it keeps clubs apart. Two queries."""
    if not event.keep_clubs_apart:
        return {}
    clubs = event_player_clubs(event=event)
    seats = Seat.objects.filter(table__round__event=event, table__round__status=Round.Status.SEATED)
    by_table: dict[int, dict[tuple[int, str], list[int]]] = {}
    for number, table, side, player in seats.order_by("position").values_list(
        "table__round__number", "table_id", "side", "player_id"
    ):
        by_table.setdefault(number, {}).setdefault((table, side), []).append(player)
    partners = event.format not in Event.PARTNERSHIP_FORMATS
    meetings: dict[int, ClubMeetings] = {}
    so_far = partners_so_far = 0
    for number in sorted(by_table):
        sides: dict[int, list[tuple[int, ...]]] = {}
        for (table, _side), players in by_table[number].items():
            sides.setdefault(table, []).append(tuple(players))
        played = seating.RoundSeating(tables=tuple(seating.TableSeating(tuple(s)) for s in sides.values()))
        count = seating.club_meetings([played], clubs, partners=partners)
        as_partners = seating.club_partners([played], clubs) if partners else 0
        so_far += count
        partners_so_far += as_partners
        meetings[number] = ClubMeetings(count, so_far, as_partners, partners_so_far)
    return meetings


@dataclass(frozen=True, slots=True)
class SideOfThree:
    """A player on the side of three of a table of five in a round (one of them sits out each
    hand), and how many times they have been on one in the event's rounds up to it."""

    player: Player
    table: int
    times: int


def event_sides_of_three(*, event: Event) -> dict[int, list[SideOfThree]]:
    """By round number, the players on the sides of three of its tables of five, by table;
    rounds without one left out. One query."""
    seats = (
        Seat.objects.filter(table__round__event=event, table__round__status=Round.Status.SEATED)
        .select_related("player", "table__round")
        .order_by("table__round__number", "table__number", "position")
    )
    by_side: dict[tuple[int, int, str], list[Seat]] = {}
    at_table: dict[int, int] = {}
    for seat in seats:
        by_side.setdefault((seat.table.round.number, seat.table.number, seat.side), []).append(seat)
        at_table[seat.table_id] = at_table.get(seat.table_id, 0) + 1
    times: dict[int, int] = {}
    sides: dict[int, list[SideOfThree]] = {}
    for (number, table, _side), side_seats in by_side.items():
        if len(side_seats) != 3 or at_table[side_seats[0].table_id] != 5:
            continue
        for seat in side_seats:
            times[seat.player_id] = times.get(seat.player_id, 0) + 1
            sides.setdefault(number, []).append(SideOfThree(seat.player, table, times[seat.player_id]))
    return sides


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A round's clock (server time); `state` is "running", "warning" or "last_hand"."""

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
    """The round's clock, or None (no minutes per round, not started, or final). Reads `round.event`."""
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
    """What a table card opens: the `game` at its table in the current `round` (None while seating),
    the `previous` game and the `moves` until it has a hand; once finished, the last game, read only."""

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
    if card.event.status == Event.Status.FINISHED:
        # No round will come: the card shows what its table played last, not a page that waits.
        last = games.order_by("-table__round__number").first()
        return CardState(card, current, last, None, [])
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


def tables_in_play(*, event: Event) -> list[int]:
    """The numbers of the tables of the event's latest round whose games are still being played."""
    last = event.rounds.order_by("-number").first()
    if last is None:
        return []
    in_play = Game.objects.filter(table__round=last, game_over=False).order_by("table__number")
    return list(in_play.values_list("table__number", flat=True))


@dataclass(frozen=True, slots=True)
class TargetReached:
    """A round where a table reached the target: that table, and those finishing their hand."""

    table: int
    finishing: list[int]


def round_target_reached(*, round: Round | None) -> TargetReached | None:
    """Whether a table of `round` has reached the target, and which tables are still finishing."""
    if round is None or round.target_reached_table is None:
        return None
    finishing = Game.objects.filter(table__round=round, game_over=False).order_by("table__number")
    return TargetReached(round.target_reached_table, list(finishing.values_list("table__number", flat=True)))


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


def round_tables(*, round: Round) -> QuerySet[Table]:
    return round.tables.select_related("game").prefetch_related("seats__player").order_by("number")


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
    """Every player of the round by name (as the viewer sees it), with their table and seat."""
    lines = [
        SheetLine(shown_player_name(seat.player), seat.table.number, seat.side, seat.get_position_display())
        for seat in Seat.objects.filter(table__round=round).select_related("player", "table")
    ]
    sit_outs = round.sit_outs.select_related("player")
    lines += [SheetLine(shown_player_name(s.player), None, "", "") for s in sit_outs]
    return sorted(lines, key=lambda line: line.name.casefold())


@dataclass(frozen=True, slots=True)
class SeatingChoice:
    """The tables and sit-outs the next round gives under one choice of odd tables; `current`: the event's."""

    three_player_tables: bool
    five_player_tables: bool
    tables: tuple[int, ...]
    sit_outs: int
    current: bool


def event_seating_choices(*, event: Event) -> tuple[int, list[SeatingChoice]]:
    """(players present, the odd-table choices, the event's own first) for the next round of an
    individual event at tables of four; no choice otherwise or with too few players."""
    present = event.participants.filter(present=True, withdrawn_after_round__isnull=True).count()
    choices = seating_choices(
        present=present,
        variant=event.variant,
        table_shape=event.table_shape,
        format=event.format,
        current=(event.three_player_tables, event.five_player_tables),
    )
    return present, choices


def seating_choices(
    *, present: int, variant: str, table_shape: str, format: str, current: tuple[bool, bool] = (False, False)
) -> list[SeatingChoice]:
    """The choices of odd tables `present` players of an individual game of `variant` at tables
    of four get, as `event_seating_choices` (`current`: the (threes, fives) chosen, listed first);
    a night's replies and check-ins read it before its event exists."""
    shape = table_shapes.event_shape(variant, table_shape)
    if format in Event.PARTNERSHIP_FORMATS or shape != table_shapes.FOUR:
        return []
    allowed = {"three": _has_game(variant, table_shapes.THREE), "five": _has_game(variant, table_shapes.FIVE)}
    options = [current]
    for threes in (False, True) if allowed["three"] else (False,):
        for fives in (False, True) if allowed["five"] else (False,):
            if (threes, fives) not in options:
                options.append((threes, fives))
    choices: list[SeatingChoice] = []
    for threes, fives in options:
        try:
            tables, out = seating.field_tables(present, threes, fives)
        except ValueError:
            continue  # too few players for a table
        now = (threes, fives) == options[0]
        if now or all((c.tables, c.sit_outs) != (tables, out) for c in choices):
            # Another choice that seats the same tables offers nothing new.
            choices.append(SeatingChoice(threes, fives, tables, out, now))
    return choices


def _has_game(variant: str, table: table_shapes.Shape) -> bool:
    try:
        table_shapes.table_variant(variant, table_shapes.FOUR, table)
    except ValueError:
        return False
    return True


# What the services refuse, read here once: the service raises the refusal these give, and the
# event page shows the same words beside a disabled button, so the two never disagree.


def event_table_size(event: Event) -> int:
    """The fewest players a round of `event` can seat: one table of its own."""
    return sum(table_shapes.event_shape(event.variant, event.table_shape))


def round_close_refusal(*, round: Round, end_unfinished: bool = False) -> ValidationError | None:
    """Why `round` cannot close now, or None: "games_in_play" (unless `end_unfinished`),
    "hands_unconfirmed", naming the tables. Reads `round.event`."""
    if not end_unfinished:
        unfinished = list(
            Game.objects.filter(table__round=round, game_over=False)
            .order_by("table__number")
            .values_list("table__number", flat=True)
        )
        if unfinished:
            return ValidationError(
                ngettext(
                    "Round %(number)s still has a game in play at table %(tables)s: wait for it, "
                    "or end it at its current score.",
                    "Round %(number)s still has games in play at tables %(tables)s: wait for them, "
                    "or end them at their current score.",
                    len(unfinished),
                )
                % {"number": round.number, "tables": ", ".join(str(n) for n in unfinished)},
                code="games_in_play",
            )
    if round.event.confirmation_required:
        waiting = sorted(
            set(
                Hand.objects.filter(game__table__round=round, confirmed_at__isnull=True).values_list(
                    "game__table__number", flat=True
                )
            )
        )
        if waiting:
            return ValidationError(
                ngettext(
                    "Round %(number)s has hands waiting for the other side's confirmation at "
                    "table %(tables)s. A game counts in the standings only once its hands are "
                    "confirmed: the other side confirms them with its code, or you as the director.",
                    "Round %(number)s has hands waiting for the other side's confirmation at "
                    "tables %(tables)s. A game counts in the standings only once its hands are "
                    "confirmed: the other side confirms them with its code, or you as the director.",
                    len(waiting),
                )
                % {"number": round.number, "tables": ", ".join(str(n) for n in waiting)},
                code="hands_unconfirmed",
            )
    return None


def next_round_refusal(*, event: Event, end_unfinished: bool = False) -> ValidationError | None:
    """Why the next round cannot be seated now, or None: "finished", "entrants_unlinked",
    "one_person_twice", "too_few", "seating", or `round_close_refusal`'s."""
    if event.status == Event.Status.FINISHED:
        return ValidationError(_("The event is finished."), code="finished")
    if event.federation_id is not None:
        refused = _entrants_refusal(event)
        if refused is not None:
            return refused
    present = event.participants.filter(present=True).count()
    needed = event_table_size(event)
    if present < needed:
        return ValidationError(
            _("Seating needs at least %(needed)s players present; %(present)s are.")
            % {"needed": needed, "present": present},
            code="too_few",
        )
    last = event.rounds.order_by("-number").first()
    if last is None:
        return None
    if last.status == Round.Status.SEATING:
        return ValidationError(
            _("Round %(number)s is still being seated.") % {"number": last.number}, code="seating"
        )
    last.event = event
    return round_close_refusal(round=last, end_unfinished=end_unfinished)


def _entrants_refusal(event: Event) -> ValidationError | None:
    """Why a championship's present entrants cannot be seated, or None: "entrants_unlinked" (no member
    number now) or "one_person_twice" (two linked to one person after entering)."""
    players = Player.objects.filter(participations__event=event, participations__present=True).select_related(
        "club", "person"
    )
    unlinked: list[str] = []
    seen: dict[int, list[str]] = {}
    for player in players:
        shown = f"{shown_player_name(player)} ({player.club.name})"
        if player.person is None or player.person.federation_id != event.federation_id:
            unlinked.append(shown)
        else:
            seen.setdefault(player.person.pk, []).append(shown)
    if unlinked:
        return ValidationError(
            _(
                "Entrants without a member number of the federation: %(entrants)s. Link them again "
                "or withdraw them before seating."
            )
            % {"entrants": "; ".join(sorted(unlinked))},
            code="entrants_unlinked",
        )
    doubled = sorted(" / ".join(names) for names in seen.values() if len(names) > 1)
    if not doubled:
        return None
    return ValidationError(
        _("One person is entered twice: %(entrants)s. Withdraw one of them before seating.")
        % {"entrants": "; ".join(doubled)},
        code="one_person_twice",
    )


def event_finish_refusal(*, event: Event, end_unfinished: bool = False) -> ValidationError | None:
    """Why `event` cannot be finished now (`round_close_refusal`), or None; never for a finished one."""
    last = event.rounds.order_by("-number").first()
    if last is None or event.status == Event.Status.FINISHED:
        return None
    last.event = event
    return round_close_refusal(round=last, end_unfinished=end_unfinished)


def round_clock_refusal(*, round: Round) -> ValidationError | None:
    """Why the clock cannot start again, or None: "no_clock" or "final". Reads `round.event`."""
    if not round.event.minutes_per_round:
        return ValidationError(_("This event has no time limit per round."), code="no_clock")
    if round.results_final_at is not None or round.event.status == Event.Status.FINISHED:
        return ValidationError(_("This round is over."), code="final")
    return None


def round_reseat_refusal(*, round: Round) -> ValidationError | None:
    """Why `round` cannot be seated again, or None: "locked", or "hands_entered" at an unlocked table."""
    if round.locked:
        return ValidationError(_("The round is locked; unlock it to seat it again."), code="locked")
    if Hand.objects.filter(game__table__round=round, game__table__locked=False).exists():
        return ValidationError(
            _("Hands have been entered in this round; its seating is kept."), code="hands_entered"
        )
    return None
