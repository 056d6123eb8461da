"""Writes for hands and their games: a save queues the standings, and the ratings once a game is over."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

import scoring
from clubs.users import Requester
from config import limits
from tournaments.display.messages import describe
from tournaments.domain import table_shapes
from tournaments.models import Game, Hand, Round, SideEntry
from tournaments.selectors import (
    UNDO_WINDOW,
    Door,
    Level,
    door_level,
    event_allows,
    game_results_final,
    game_rules,
    game_trio,
    side_code,
)
from tournaments.services.queue import ratings_queue, standings_queue

Entries = Mapping[str, Mapping[str, Any]]  # side -> its score-sheet entry


def game_score(*, game: Game, hands: list[Mapping[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """Score a game's hands (oldest first) by its rules, with `hands_played` and `_with_limits`.
    Raises scoring.SheetRejected with the engine's errors (hand index 0-based).
    """
    sheet: dict[str, Any] = {
        "variant": game.variant,
        "options": game.options,
        "sides": game.sides,
        "hands": hands,
    }
    if game.players:
        sheet["players"] = game.players  # the table's own, where the variant allows several
    result = scoring.score_sheet(sheet)
    result["hands_played"] = len(hands)
    return _with_limits(game, result)


def _with_limits(game: Game, result: dict[str, Any]) -> dict[str, Any]:
    """`game_score`'s limits on the engine's result (`hands_played` set): the event's hands per
    round, `Game.last_hand` and a director's stop end the game, the higher total winning, else a
    draw. `stopped`: the director ended it."""
    result["draw"] = False
    stopped = result["stopped"] = game.stopped_at is not None
    limits = [n for n in (game.hands_planned, game.last_hand) if n]
    if not result["game_over"] and (stopped or (limits and result["hands_played"] >= min(limits))):
        result["game_over"] = True
        best = max(result["totals"].values())
        leaders = [side for side, total in result["totals"].items() if total == best]
        result["winner"] = leaders[0] if len(leaders) == 1 else None
    if result["game_over"] and result["winner"] is None:
        result["draw"] = True
    return result


def _rules(game: Game) -> scoring.RuleSet:
    return game_rules(game=game)


def _progress(game: Game, rules: scoring.RuleSet) -> scoring.GameProgress:
    """The engine's state after the game's last stored hand, from the game's row."""
    if not game.hands_played:
        return scoring.game_start(rules, game.sides, players=game.players)
    return scoring.game_resume(
        rules,
        game.sides,
        game.totals,
        hands=game.hands_played,
        won_by=game.won_by or None,
        players=game.players,
    )


def _result(game: Game, progress: scoring.GameProgress) -> dict[str, Any]:
    """`game_score`'s result at `progress`, plus `won_by` (None or a side)."""
    result = progress.result()
    result["hands_played"] = progress.hands
    result["won_by"] = progress.won_by
    return _with_limits(game, result)


@dataclass(slots=True)
class _Scored:
    """A hand scored: `hands` from it on, `before` the state before it, `result` after the last,
    `next_number` the next new hand's number."""

    hands: list[scoring.HandScore]
    before: scoring.GameProgress
    result: dict[str, Any]
    next_number: int


def _score(game: Game, number: int, entries: Entries, stored: _Stored | None = None) -> _Scored:
    """Check and score hand `number`: new against the game's row, a correction against `stored`
    (read if None), later hands checked again. Raises ValidationError keyed `<side>.<field>` or
    `__all__`."""
    _check_number(game, number)
    rules = _rules(game)
    if number == game.next_number:
        stored = None
        hands: list[Any] = [entries]
        at, numbers, next_number = game.hands_played, {}, number + 1
    else:
        if stored is None:
            stored = _stored_hands(game, number)
        if not stored.hands or stored.hands[0].number != number:
            _check_number(game, number, gap=True)
        hands = [entries, *(hand.entries for hand in stored.hands[1:])]
        at = stored.count
        numbers = {stored.count + i: hand.number for i, hand in enumerate(stored.hands)}
        next_number = stored.hands[-1].number + 1
    try:
        if stored is None:
            before = _progress(game, rules)
        else:
            before = scoring.game_resume(
                rules, game.sides, stored.totals, hands=stored.count, players=game.players
            )
        scored, after = scoring.hands_score(rules, before, hands)
    except scoring.SheetRejected as exc:
        raise _engine_refusal(exc, game, at=at, numbers=numbers) from exc
    return _Scored(scored, before, _result(game, after), next_number)


def _engine_refusal(
    exc: scoring.SheetRejected, game: Game, *, at: int, numbers: Mapping[int, int]
) -> ValidationError:
    """The engine's problems as a ValidationError by field, in the user's language: `at` the
    hand's 0-based index, `numbers` later indexes' hand numbers (deletions leave gaps)."""
    details = [problem.as_detail() for problem in exc.problems]
    books = _rules(game).canastas_called_books
    for detail in details:
        detail["message"] = describe(detail, books=books)  # in the user's language
    return ValidationError(_errors_by_field(details, at, game.sides, numbers))


def hand_preview(*, game: Game, number: int, entries: Entries) -> dict[str, Any]:
    """Score hand `number` as entered, without saving.

    Returns {"hand": {side: {"score", "breakdown"}}, "totals_after": {side: points}, "last": bool,
    and `game_score`'s keys}. Raises ValidationError keyed `<side>.<field>` (or `__all__`).
    """
    _last_hand_after_target(game, save=False)
    scored = _score(game, number, entries)
    hand = scored.hands[0]
    totals_after = {side: scored.before.totals[side] + hand.sides[side].score for side in game.sides}
    return {
        **scored.result,
        "hand": hand.as_dict(),
        "totals_after": totals_after,
        "last": len(scored.hands) == 1,
    }


def _allows(game: Game, user: Requester | None, level: Level) -> bool:
    """`selectors.event_allows` for the locked game's event, kept on the game."""
    asked: dict[tuple[int | None, Level], bool] = game.__dict__.setdefault("_allowed", {})
    key = (user.pk if user is not None and user.is_authenticated else None, level)
    if key not in asked:
        asked[key] = event_allows(user=user, event_id=game.table.round.event_id, level=level)
    return asked[key]


def _directs(game: Game, user: Requester | None) -> bool:
    """Whether `user` runs the game's event (`selectors.event_allows`): its director, or a
    championship's officer or host director while the host is a member."""
    return _allows(game, user, Level.RUN)


def _check_door(game: Game, door: Door | None) -> None:
    """Raise Game.DoesNotExist unless `door` may score the locked game now, read after the lock.
    No door: a command, a task or a test."""
    if door is None:
        return
    if door.token:
        allowed = door_level(door=door, game=game) >= Level.SCORE
    else:
        allowed = _allows(game, door.user, Level.SCORE)
    if not allowed:
        raise Game.DoesNotExist


@dataclass(frozen=True, kw_only=True)
class HandInput:
    """A hand as a table sends it: `entries` side -> score-sheet entry (tests/scoring/cases);
    `expected_version` the version a correction started from."""

    number: int
    entries: Entries
    submission_id: uuid.UUID | None = None
    expected_version: int | None = None
    entered_by_side: str = ""
    reason: str = ""


@transaction.atomic
def hand_record(
    *,
    game: Game,
    asked: HandInput,
    recorded_by: User | None = None,
    door: Door | None = None,
) -> Hand:
    """Store hand `asked.number` of `game`: a new hand, or a correction naming its `expected_version`.

    `door` must score the game now (`selectors.door_level`), else Game.DoesNotExist. A retried
    `submission_id` returns its hand (`was_created` False; other values or another game's refused).
    Once results are final (`selectors.game_results_final`) only the event's runner changes a hand, with
    a `reason`. Raises ValidationError (keyed `<side>.<field>` or `__all__`), writing nothing.
    Returns the hand, its game locked as `hand.game`.
    """
    number, entries, submission_id = asked.number, asked.entries, asked.submission_id
    expected_version, entered_by_side, reason = asked.expected_version, asked.entered_by_side, asked.reason
    game = _game_locked(game, submission_id=submission_id, door=door)
    _check_door(game, door)
    done_id = getattr(game, "_done_id", None)
    if done_id is not None:
        retried = _retried(game, done_id, number, entries)
        if retried is not None:
            return retried
    _check_final(game, user=recorded_by, reason=reason)
    _check_not_being_seated(game)
    last_hand_before = game.last_hand  # before the target's last hand is applied
    stored, existing = _hand_to_change(game, number, expected_version)
    _check_entering_side(game, entered_by_side)
    scored = _score(game, number, entries, stored)
    # A director's entry or correction is the arbiter's: it needs no other side's confirmation
    # (else a correction after the results are final would leave the game counting nothing).
    by_director = game.table.round.event.confirmation_required and _directs(game, recorded_by)
    change = _HandChange(entries, scored.hands[0].sides, recorded_by, entered_by_side, reason, submission_id)
    if existing is None:
        hand, side_entries = _hand_created(game, number, change, by_director=by_director)
    else:
        hand, side_entries = _hand_corrected(game, existing, change, by_director=by_director)
    # The response shows the entries: hand it the ones in memory rather than reading them again.
    hand._prefetched_objects_cache = {"entries": sorted(side_entries, key=lambda e: e.side)}
    extra = ["last_hand"] if game.last_hand != last_hand_before else []
    if existing is None and hand.sat_out_id is not None:
        extra.append("sat_out_turns")  # the turn just taken (`_sitting_out_by_turn`)
    _game_moved_on(game, scored, extra=extra)
    hand.was_created = existing is None
    return hand


def _game_locked(game: Game, *, submission_id: uuid.UUID | None, door: Door | None) -> Game:
    """The game's row locked, with table, round, event and `_done_id` (the hand of
    `submission_id`). A game gone: Game.DoesNotExist through a door, else ValidationError."""
    # of=("self",): lock the game row only. A plain FOR UPDATE with the join would also lock the
    # event row, queueing every table of the night (and the standings rebuild) behind each hand.
    locked = (
        Game.objects.select_for_update(of=("self",))
        .select_related("table__round__event")
        .filter(pk=game.pk)
        .first()
    )
    if locked is None:
        if door is not None:
            raise Game.DoesNotExist
        raise ValidationError(
            _(
                "The round was seated again and this table's game is gone. "
                "Open your new table from the round's page and enter the hand there."
            ),
            code="game_gone",
        )
    # Looked up once the lock is held: a save of the same submission that held it has committed.
    found = Hand.objects.filter(submission_id=submission_id) if submission_id is not None else None
    locked._done_id = found.values_list("pk", flat=True).first() if found is not None else None
    return locked


def _check_not_being_seated(game: Game) -> None:
    if game.table.round.status == Round.Status.SEATING:
        raise ValidationError(
            _(
                "The director is seating this round again, so this table may change. "
                "Wait for the new seating, then enter the hand at your table."
            ),
            code="round_seating",
        )


def _hand_to_change(
    game: Game, number: int, expected_version: int | None
) -> tuple[_Stored | None, _StoredHand | None]:
    """(stored hands from `number` on, hand `number` or None) for a new hand or a correction.
    Raises ValidationError: a gap, a game over, a hand recorded, a version conflict."""
    _check_number(game, number)
    stored = _stored_hands(game, number) if number != game.next_number else None
    existing = stored.hands[0] if stored and stored.hands and stored.hands[0].number == number else None
    _last_hand_after_target(game, save=False)
    if existing is None:
        if number != game.next_number:
            _check_number(game, number, gap=True)
        if game.game_over:
            raise ValidationError(_("The game is over; correct an earlier hand instead."))
        return stored, None
    if expected_version is None:
        raise ValidationError(
            _("Hand %(number)s is already recorded. Open it to correct it.") % {"number": number},
            code="exists",
        )
    if existing.version != expected_version:
        raise ValidationError(
            _(
                "Hand %(number)s was changed by someone else while you were correcting it, "
                "so your correction was not saved. Open hand %(number)s again to see it as it "
                "is now, then enter your correction."
            )
            % {"number": number},
            code="conflict",
        )
    return stored, existing


def _check_entering_side(game: Game, entered_by_side: str) -> None:
    if entered_by_side and entered_by_side not in game.sides:
        raise ValidationError(
            {"entered_by_side": _("No side “%(side)s” at this table.") % {"side": entered_by_side}}
        )
    if game.table.round.event.confirmation_required and not entered_by_side:
        raise ValidationError(
            {"entered_by_side": _("Say which side is entering the hand: the other side confirms it.")}
        )


@dataclass(frozen=True, slots=True)
class _HandChange:
    """What a save writes into a hand: entries with scores, who and why."""

    entries: Entries
    scores: Mapping[str, scoring.SideScore]
    recorded_by: User | None
    entered_by_side: str
    reason: str
    submission_id: uuid.UUID | None

    def side_entries(self, hand: Hand, ids: Mapping[str, int] | None = None) -> list[SideEntry]:
        """The hand's side entries with new values (and row ids for an update)."""
        return [
            SideEntry(
                pk=ids[side] if ids else None,
                hand=hand,
                side=side,
                entry=dict(self.entries[side]),
                **side_score.as_dict(),  # score and breakdown, as the contract has them
            )
            for side, side_score in self.scores.items()
        ]


def _hand_created(
    game: Game, number: int, change: _HandChange, *, by_director: bool
) -> tuple[Hand, list[SideEntry]]:
    """A new hand and its side entries, with their history."""
    hand = Hand(
        game=game, number=number, recorded_by=change.recorded_by, entered_by_side=change.entered_by_side
    )
    _sitting_out_by_turn(hand, game)
    _hand_saved(hand, change, by_director=by_director)
    side_entries = change.side_entries(hand)
    # One INSERT for the entries and one for their history rows (who and when, as save() would).
    bulk_create_with_history(side_entries, SideEntry, default_change_reason=change.reason or None)
    return hand, side_entries


def _hand_saved(hand: Hand, change: _HandChange, *, by_director: bool) -> None:
    """Write the hand's row (confirmed for a director); ValidationError for another's submission
    id."""
    if by_director:
        _confirmed_by_director(hand, change.recorded_by)
    if change.submission_id is not None:
        hand.submission_id = change.submission_id
    hand._change_reason = change.reason or None
    try:
        # No savepoint: the game row is locked and the submission id was looked up, so only
        # a submission id reused at the same instant at another table, or one of another
        # club (not looked up), can collide here.
        hand.save()
    except IntegrityError as exc:
        raise _submission_elsewhere() from exc


def _hand_corrected(
    game: Game, existing: _StoredHand, change: _HandChange, *, by_director: bool
) -> tuple[Hand, list[SideEntry]]:
    """The stored hand's new version, unconfirmed unless a director's, with history."""
    hand = existing.hand
    hand.game = game
    hand.version += 1
    hand.recorded_by = change.recorded_by or hand.recorded_by
    hand.entered_by_side = change.entered_by_side or hand.entered_by_side
    hand.confirmed_at = None
    hand.confirmed_by = None
    hand.confirmed_by_side = ""
    hand.confirmed_via = ""
    _hand_saved(hand, change, by_director=by_director)
    # The entries' rows as read with the hand, with their new values: the history rows are
    # made from them, with no other read.
    side_entries = change.side_entries(hand, existing.entry_ids)
    bulk_update_with_history(
        side_entries, SideEntry, ["entry", "score", "breakdown"], default_change_reason=change.reason or None
    )
    return hand, side_entries


def _game_moved_on(game: Game, scored: _Scored, *, extra: Sequence[str]) -> None:
    """Store the game's state; queue the standings, and the ratings if its result moved."""
    was_over = game.game_over
    _store_result(game, scored.result, next_number=scored.next_number, extra=extra)
    if game.game_over and not was_over:
        _target_reached(game)
    standings_queue(event_id=game.table.round.event_id)
    if was_over or game.game_over:
        # A game finished, or a finished game was corrected: its result feeds the ratings.
        ratings_queue(club_id=game.table.round.event.club_id, game_id=game.pk)


def _retried(game: Game, done_id: int, number: int, entries: Entries) -> Hand | None:
    """A submission saved before: its hand, or refused if saved elsewhere in the club or with
    other values; None if another club saved it."""
    hand = Hand.objects.get(pk=done_id)
    if hand.game_id != game.pk:
        club_id = game.table.round.event.club_id
        if not Game.objects.filter(pk=hand.game_id, table__round__event__club_id=club_id).exists():
            return None
    side_entries = sorted(SideEntry.objects.filter(hand_id=done_id).order_by(), key=lambda e: e.side)
    saved = {side_entry.side: side_entry.entry for side_entry in side_entries}
    if hand.game_id != game.pk or hand.number != number or saved != _plain(entries):
        raise ValidationError(
            _(
                "This form was already saved as hand %(number)s with other values. "
                "Reload the page and enter the hand again."
            )
            % {"number": hand.number},
            code="submission_reused",
        )
    hand.game = game
    hand._prefetched_objects_cache = {"entries": side_entries}
    hand.was_created = False
    return hand


def _sitting_out_by_turn(hand: Hand, game: Game) -> None:
    """At a table of five, who of the side of three sits `hand` out: fewest sat out, in turn
    (rules.md §1.1d, §6), from `Game.sat_out_turns`: the same queries at hand 30 as at 1."""
    trio = game_trio(game=game)
    if trio is not None:
        ids = tuple(player.pk for player in trio[1])
        hand.sat_out_id = table_shapes.next_sitting_out_by_turns(ids, game.sat_out_turns)
        game.sat_out_turns = table_shapes.sat_out_turn_taken(game.sat_out_turns, hand.sat_out_id, hand.number)


def _sat_out_turns_kept(game: Game) -> None:
    """Rewrite `Game.sat_out_turns` of the locked `game` from its stored hands."""
    game.sat_out_turns = table_shapes.sat_out_turns(
        Hand.objects.filter(game=game).order_by("number").values_list("number", "sat_out_id")
    )
    game.save(update_fields=["sat_out_turns", "updated_at"])


@transaction.atomic
def hand_sat_out_set(*, hand: Hand, player_id: int, by: User | None) -> Hand:
    """Set who of the side of three sat out `hand` at a table of five; scores unchanged. Raises
    ValidationError unless `by` runs the event and the player is on the side of three."""
    # The game's row first, as a hand's save locks it, then the hand's.
    game = _locked_game(hand)
    hand = Hand.objects.select_for_update().get(pk=hand.pk)
    hand.game = game
    if not _directs(game, by):
        raise ValidationError(_("Only the director can change who sat out a hand."), code="not_director")
    trio = game_trio(game=hand.game)
    if trio is None or player_id not in {player.pk for player in trio[1]}:
        raise ValidationError(
            {"sat_out": _("Choose a player of the side of three at this table.")}, code="not_on_the_side"
        )
    hand.sat_out_id = player_id
    hand.save(update_fields=["sat_out", "updated_at"])
    _sat_out_turns_kept(game)
    return hand


def _submission_elsewhere() -> ValidationError:
    """The refusal of another table's submission id, saying nothing of its hand."""
    return ValidationError(
        _("This form was already used for another hand. Reload the page and enter the hand again."),
        code="submission_reused",
    )


def _confirmed_by_director(hand: Hand, director: User | None) -> None:
    hand.confirmed_at = timezone.now()
    hand.confirmed_by = director
    hand.confirmed_by_side = ""
    hand.confirmed_via = "director"


def _check_final(game: Game, *, user: User | None, reason: str) -> None:
    """Refuse a change to a game with final results, but from a director with a reason."""
    if not game_results_final(game=game):
        return
    if not _directs(game, user):
        raise ValidationError(
            _(
                "The results of this table are final (the event is finished or the next round "
                "has started): the hands can no longer be changed here. Ask the director."
            ),
            code="final",
        )
    if not reason.strip():
        raise ValidationError(
            {"reason": _("The results are final: say why you are changing this hand.")},
            code="reason_needed",
        )


@dataclass(frozen=True, slots=True)
class _StoredHand:
    """A stored hand: its row and its side entries' values."""

    hand: Hand
    entries: dict[str, dict[str, Any]]  # side -> its score-sheet entry
    scores: dict[str, int]  # side -> its score (points)
    entry_ids: dict[str, int]  # side -> the SideEntry's id

    @property
    def number(self) -> int:
        return self.hand.number

    @property
    def version(self) -> int:
        return self.hand.version


@dataclass(frozen=True, slots=True)
class _Stored:
    """Stored hands around hand `number`: those before summed (`count`, `totals`), the rest."""

    count: int
    totals: dict[str, int]
    hands: list[_StoredHand]


def _stored_hands(game: Game, number: int = 1) -> _Stored:
    """The game's stored hands for a correction of hand `number` (a rescore: 1), not from the
    game's row. Three queries at most, each by an index, no join.
    """
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    earlier = [hand.pk for hand in hands if hand.number < number]
    later = [hand for hand in hands if hand.number >= number]
    totals = dict.fromkeys(game.sides, 0)
    if earlier:
        summed = (
            SideEntry.objects.filter(hand_id__in=earlier, side__in=game.sides)
            .order_by()
            .values("side")
            .annotate(points=Sum("score"))
            .values_list("side", "points")
        )
        totals.update(summed)
    if not later:
        return _Stored(len(earlier), totals, [])
    rows = (
        SideEntry.objects.filter(hand_id__in=[hand.pk for hand in later], side__in=game.sides)
        .order_by()
        .values_list("pk", "hand_id", "side", "entry", "score")
    )
    entries: dict[int, dict[str, Any]] = {hand.pk: {} for hand in later}
    scores: dict[int, dict[str, int]] = {hand.pk: {} for hand in later}
    ids: dict[int, dict[str, int]] = {hand.pk: {} for hand in later}
    for pk, hand_id, side, entry, score in rows:
        entries[hand_id][side] = entry
        scores[hand_id][side] = score
        ids[hand_id][side] = pk
    stored = [_StoredHand(hand, entries[hand.pk], scores[hand.pk], ids[hand.pk]) for hand in later]
    return _Stored(len(earlier), totals, stored)


def _plain(entries: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    return {side: dict(entry) for side, entry in entries.items()}


@transaction.atomic
def hand_confirm(
    *,
    hand: Hand,
    side: str,
    confirmed_by: User | None = None,
    as_director: bool = False,
    code: str = "",
    door: Door | None = None,
) -> Hand:
    """Confirm a hand for the side that did not enter it, by its `code` (`TableCard.side_codes`),
    or as the director, for either side, without; idempotent.

    A `door` must score the game now (else Game.DoesNotExist), and is the director when it runs the
    event. Raises ValidationError: an unknown side, the entering side, a wrong code and, but for a
    director, final results."""
    hand = (
        Hand.objects.select_for_update(of=("self",))
        .select_related("game__table__round__event")
        .get(pk=hand.pk)
    )
    if door is not None:
        _check_door(hand.game, door)
        as_director = not door.token and _directs(hand.game, door.user)
    if hand.confirmed_at is not None:
        return hand
    if not as_director and game_results_final(game=hand.game):
        raise ValidationError(
            _(
                "The results of this table are final: hand %(number)s can no longer be "
                "confirmed here. Ask the director."
            )
            % {"number": hand.number},
            code="final",
        )
    if not as_director:
        if side not in hand.game.sides:
            raise ValidationError(_("Say which side confirms the hand."))
        if side == hand.entered_by_side:
            raise ValidationError(
                _("Hand %(number)s was entered by %(side)s; the other side confirms it.")
                % {"number": hand.number, "side": side}
            )
        _check_code(hand, side, code)
    hand.confirmed_at = timezone.now()
    hand.confirmed_by = confirmed_by
    hand.confirmed_by_side = side if side in hand.game.sides else ""
    hand.confirmed_via = "director" if as_director else "code"
    hand.save()
    event_id = hand.game.table.round.event_id
    standings_queue(event_id=event_id)
    if hand.game.game_over:
        # A game asking for confirmation counts in the rankings once its every hand is
        # confirmed: this may be the last one (`services.ratings`, `_finished_games`).
        ratings_queue(club_id=hand.game.table.round.event.club_id, game_id=hand.game_id)
    return hand


# Wrong codes allowed per hand before only a director can confirm it: a 4-digit code must
# not be found by trying them all.
CODE_TRIES = 5
CODE_WINDOW = 24 * 3600  # seconds the wrong codes of a hand are counted


def _check_code(hand: Hand, side: str, code: str) -> None:
    """Refuse a wrong code, saying the tries left (CODE_TRIES, config/limits.py)."""
    misses = limits.attempt_key("confirm-code", str(hand.pk))
    if limits.reached({misses: CODE_TRIES}):
        raise ValidationError(
            {
                "code": _("Too many wrong codes for hand %(number)s: ask the director.")
                % {"number": hand.number}
            },
            code="too_many_codes",
        )
    if code.strip() and code.strip() == side_code(game=hand.game, side=side):
        return
    limits.count([misses], CODE_WINDOW)
    left = max(CODE_TRIES - limits.counted(misses), 0)
    raise ValidationError(
        {
            "code": ngettext(
                "That is not %(side)s's code. %(side)s confirms with the code printed on its half of "
                "the table card (%(left)s try left before only the director can confirm this hand).",
                "That is not %(side)s's code. %(side)s confirms with the code printed on its half of "
                "the table card (%(left)s tries left before only the director can confirm this hand).",
                left,
            )
            % {"side": side, "left": left}
        },
        code="wrong_code",
    )


def _check_number(game: Game, number: int, *, gap: bool = False) -> None:
    """Refuse a number neither stored nor next (`gap`: a deleted hand's number)."""
    recorded = game.next_number - 1
    if gap or number < 1 or number > recorded + 1:
        raise ValidationError(
            _(
                "Hand %(number)s cannot be entered: this game has %(recorded)s hand(s), "
                "so the next one is hand %(next)s."
            )
            % {"number": number, "recorded": recorded, "next": recorded + 1}
        )


def _errors_by_field(
    errors: list[dict[str, Any]], at: int, sides: list[str], numbers: Mapping[int, int]
) -> dict[str, list[str]]:
    """Engine errors keyed `<side>.<field>`: `at` the hand's 0-based index; a both-sides error
    at each side; a later hand named by `numbers` (index -> number, else index + 1)."""
    by_field: dict[str, list[str]] = {}
    for error in errors:
        message, hand, side, field = (
            error["message"],
            error.get("hand"),
            error.get("side"),
            error.get("field"),
        )
        if hand is not None and hand != at:
            keys = ["__all__"]
            message = _("Hand %(number)s: %(message)s") % {
                "number": numbers.get(hand, hand + 1),
                "message": message,
            }
        elif field and field in ("variant", "options", "sides", "start", "players"):
            keys = ["__all__"]
        elif side:
            keys = [f"{side}.{field or '__all__'}"]
        elif field:
            keys = [f"{each}.{field}" for each in sides]
        else:
            keys = ["__all__"]
        for key in keys:
            by_field.setdefault(key, []).append(message)
    return by_field


def _last_hand_after_target(game: Game, *, save: bool) -> None:
    """After another table reached the target (`Round.target_reached_at`), set `Game.last_hand`
    once: one more than the hands saved before then."""
    round = game.table.round
    if game.last_hand is not None or game.game_over or round.target_reached_at is None:
        return
    if not round.event.play_to_target_across_tables:
        return
    game.last_hand = Hand.objects.filter(game=game, created_at__lte=round.target_reached_at).count() + 1
    if save:
        game.save(update_fields=["last_hand", "updated_at"])


def _target_reached(game: Game) -> None:
    """A game just ended at the target of an event playing to it across tables: the round's
    other games end after the hand in play (the first target kept); one UPDATE, no other lock."""
    round = game.table.round
    if not round.event.play_to_target_across_tables or round.target_reached_at is not None:
        return
    rules = _rules(game)
    target = rules.target_for(len(game.sides))
    if not target or max(game.totals.values(), default=0) < target:
        return  # ended by the hands per round or the clock, not by the target
    now = timezone.now()
    Round.objects.filter(pk=round.pk, target_reached_at__isnull=True).update(
        target_reached_at=now, target_reached_table=game.table.number
    )


def _store_result(
    game: Game, result: Mapping[str, Any], *, next_number: int, extra: Sequence[str] = ()
) -> None:
    """Write `_result` and `next_number` (and `extra` fields set on `game`) in one UPDATE."""
    game.totals = result["totals"]
    game.initial_meld = result["initial_meld"]
    game.game_over = bool(result["game_over"])
    game.winner = result["winner"] or ""
    game.is_draw = bool(result["draw"])
    game.hands_played = result["hands_played"]
    game.won_by = result["won_by"] or ""
    game.next_number = next_number
    fields = ["totals", "initial_meld", "game_over", "winner", "is_draw", "hands_played", "won_by"]
    game.save(update_fields=[*fields, "next_number", *extra, "updated_at"])


@transaction.atomic
def game_rescore(*, game: Game) -> Game:
    """Rescore every stored hand (idempotent). Raises scoring.SheetRejected if no longer valid
    together."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    stored = _stored_hands(game).hands
    rules = _rules(game)
    start = scoring.game_start(rules, game.sides, players=game.players)
    scored, after = scoring.hands_score(rules, start, [hand.entries for hand in stored])
    side_entries = [
        SideEntry(
            pk=stored_hand.entry_ids[side],
            **side_score.as_dict(),
        )
        for stored_hand, scored_hand in zip(stored, scored, strict=True)
        for side, side_score in scored_hand.sides.items()
    ]
    SideEntry.objects.bulk_update(side_entries, ["score", "breakdown"])
    game.sat_out_turns = table_shapes.sat_out_turns((hand.number, hand.hand.sat_out_id) for hand in stored)
    next_number = stored[-1].number + 1 if stored else 1
    _store_result(game, _result(game, after), next_number=next_number, extra=["sat_out_turns"])
    return game


@transaction.atomic
def game_stop(*, game: Game, stopped_by: User | None = None) -> Game:
    """End a game in play at its score (higher total wins, equal draw); corrections keep it
    stopped. Raises ValidationError if over already or `stopped_by` no longer runs the event."""
    game = Game.objects.select_for_update(of=("self",)).select_related("table__round__event").get(pk=game.pk)
    if stopped_by is not None and not _directs(game, stopped_by):
        raise ValidationError(_("Only a director can end a game."), code="not_director")
    if game.game_over:
        raise ValidationError(
            _("Table %(table)s's game is over already.") % {"table": game.table.number}, code="over"
        )
    game.stopped_after = game.hands_played
    game.stopped_at = timezone.now()
    game.stopped_by = stopped_by
    result = _result(game, _progress(game, _rules(game)))
    _store_result(
        game, result, next_number=game.next_number, extra=["stopped_after", "stopped_at", "stopped_by"]
    )
    standings_queue(event_id=game.table.round.event_id)
    ratings_queue(club_id=game.table.round.event.club_id, game_id=game.pk)
    return game


@transaction.atomic
def hand_delete(*, hand: Hand, deleted_by: User | None, reason: str = "") -> Game:
    """Delete a stray hand (kept in the history; the game rescored; numbers kept). Only by the
    event's runner, with a `reason` once results are final; else ValidationError."""
    game = _locked_game(hand)
    if not _directs(game, deleted_by):
        raise ValidationError(_("Only a director can delete a hand."), code="not_director")
    _check_final(game, user=deleted_by, reason=reason)
    return _delete(game, hand, reason)


@transaction.atomic
def hand_undo(*, hand: Hand, now: datetime | None = None, door: Door | None = None) -> Game:
    """Take back a hand the table just saved, as `hand_delete` does (docs/writes-and-reads.md).

    Raises ValidationError unless it is the game's last hand, never corrected, unconfirmed, within
    `UNDO_WINDOW`, results not final; Game.DoesNotExist for a `door` that may not score the game now.
    """
    game = _locked_game(hand)
    _check_door(game, door)
    hand = Hand.objects.get(pk=hand.pk)
    now = now or timezone.now()
    last = game.hands.order_by("-number").values_list("number", flat=True).first()
    _check_final(game, user=None, reason="")  # the table's undo: never once the results are final
    refusal = None
    if hand.number != last:
        refusal = _("Hand %(number)s is no longer the last hand.")
    elif hand.version != 1:
        refusal = _("Hand %(number)s was corrected: correct it again instead.")
    elif hand.confirmed_at is not None:
        refusal = _("Hand %(number)s is confirmed: ask the director to delete it.")
    elif now - hand.created_at > UNDO_WINDOW:
        refusal = _("Hand %(number)s was saved more than two minutes ago: correct it instead.")
    if refusal is not None:
        raise ValidationError(refusal % {"number": hand.number}, code="undo_closed")
    return _delete(game, hand, str(_("Undone at the table just after it was saved.")))


def _locked_game(hand: Hand) -> Game:
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("table__round__event")
        .get(pk=hand.game_id)
    )


def _delete(game: Game, hand: Hand, reason: str) -> Game:
    """Delete `hand` of the locked `game` (kept in the history with `reason`) and rescore."""
    hand = Hand.objects.get(pk=hand.pk)
    hand._change_reason = reason or None
    for side_entry in hand.entries.all():
        side_entry._change_reason = reason or None
        side_entry.delete()
    hand.delete()
    was_over = game.game_over
    game = game_rescore(game=game)
    standings_queue(event_id=game.table.round.event_id)
    if was_over or game.game_over:
        ratings_queue(club_id=game.table.round.event.club_id, game_id=game.pk)
    return game
