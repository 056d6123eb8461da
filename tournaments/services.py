"""Writes for events, rounds, seatings, hands and standings. Views, the API and tasks call these.

Every service that changes what was entered runs in one transaction and queues its follow-up
task only after the commit, so a worker never sees half a write.
"""

from __future__ import annotations

import datetime
import itertools
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Q
from django.utils import timezone
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

import scoring
from clubs.models import Club, Partnership, Player
from tournaments import partnership_seating, ratings, seating, selectors
from tournaments import victory_points as vp
from tournaments.engine_messages import describe
from tournaments.missed_rounds import missed_round_credits
from tournaments.models import (
    Event,
    Game,
    Hand,
    Pair,
    Participant,
    Rating,
    RatingHistory,
    Round,
    Season,
    Seat,
    SideEntry,
    SitOut,
    Standing,
    Table,
    new_access_token,
)
from tournaments.selectors import event_ranking_rules
from tournaments.standings import SideResult, rank_players
from tournaments.standings_queue import standings_queue
from tournaments.tasks import ratings_recompute as ratings_recompute_task
from tournaments.tasks import round_seat as round_seat_task

PARTNERSHIP_SIDES = ("NS", "EW")
# Compass seats of each side: partners sit opposite each other.
SIDE_POSITIONS = {"NS": ("N", "S"), "EW": ("E", "W")}
# A table of three: three sides of one player, each named by its seat.
THREE_SIDES = ("N", "E", "S")
THREE_PLAYER_VARIANT = "classic-3p"


def three_player_variant(variant: str) -> str:
    """The variant a table of three plays: the event's own 3-player game if the engine has one."""
    own = f"{variant}-3p"
    return own if own in scoring.VARIANTS else THREE_PLAYER_VARIANT


# --- events -------------------------------------------------------------------------------


@transaction.atomic
def event_create(
    *,
    club: Club,
    name: str,
    date: datetime.date,
    variant: str,
    players: Iterable[Player],
    options: Mapping[str, Any] | None = None,
    hands_per_round: int | None = None,
    kind: str = Event.Kind.LEAGUE_NIGHT,
    confirmation_required: bool | None = None,
    format: str = Event.Format.INDIVIDUAL,
    partnerships: Iterable[Partnership] = (),
    three_player_tables: bool = False,
    missed_round_policy: str = Event.MissedRounds.NOTHING,
    sit_out_victory_points: int = 1,
    avoid_season_partners: bool = False,
    season: Season | None = None,
) -> Event:
    """Create an event with its participants (and, for a fixed-partnership format, its pairs).

    The house rules are checked by the scoring engine now, so a bad option never reaches a
    table (with tables of three, against the 3-player game too). `confirmation_required`
    defaults to on for tournaments, off for league nights. For a fixed-partnership format,
    `partnerships` are numbered in the order given, and their players join the event; with
    none, the `players` are paired in the order given (1 & 2, 3 & 4, ...). With
    `avoid_season_partners`, individual seatings also avoid the partners of the `season`'s
    earlier nights.
    Raises ValidationError (field `options`, `players` or `partnerships`) on bad input.
    """
    if confirmation_required is None:
        confirmation_required = kind == Event.Kind.TOURNAMENT
    options = dict(options or {})
    _check_rules(variant, options)
    players = list(players)
    pairs: list[Partnership] = []
    if format in Event.PARTNERSHIP_FORMATS:
        three_player_tables = False  # partnerships sit out (a bye), never at a table of three
        pairs = _event_partnerships(club, list(partnerships), players)
        players = list(dict.fromkeys([*players, *(p for pair in pairs for p in (pair.first, pair.second))]))
    elif three_player_tables:
        _check_rules(three_player_variant(variant), options)
    if any(player.club_id != club.pk for player in players):
        raise ValidationError({"players": "Every player must belong to the event's club."})
    if season is not None and season.club_id != club.pk:
        raise ValidationError({"season": "The season belongs to another club."})
    event = Event(
        club=club,
        name=name,
        date=date,
        variant=variant,
        options=options,
        hands_per_round=hands_per_round,
        kind=kind,
        confirmation_required=confirmation_required,
        format=format,
        three_player_tables=three_player_tables,
        missed_round_policy=missed_round_policy,
        sit_out_victory_points=sit_out_victory_points,
        avoid_season_partners=avoid_season_partners,
        season=season,
    )
    event.full_clean()
    event.save()
    Participant.objects.bulk_create(Participant(event=event, player=p) for p in players)
    Pair.objects.bulk_create(
        Pair(event=event, number=number, partnership=partnership)
        for number, partnership in enumerate(pairs, start=1)
    )
    return event


def _event_partnerships(
    club: Club, partnerships: list[Partnership], players: list[Player]
) -> list[Partnership]:
    if not partnerships:
        if len(players) % 2:
            raise ValidationError({"players": "Fixed partnerships need an even number of players."})
        partnerships = [
            Partnership.objects.get_or_create(
                club=club,
                first=min(a, b, key=lambda p: p.pk),
                second=max(a, b, key=lambda p: p.pk),
            )[0]
            for a, b in zip(players[::2], players[1::2], strict=True)
        ]
    if any(p.club_id != club.pk for p in partnerships):
        raise ValidationError({"partnerships": "Every partnership must belong to the event's club."})
    seen = [player for p in partnerships for player in (p.first_id, p.second_id)]
    if len(set(seen)) != len(seen):
        raise ValidationError({"partnerships": "A player can play in one partnership only."})
    if len(partnerships) < 2:
        raise ValidationError({"partnerships": "Fixed partnerships need at least two partnerships."})
    return partnerships


def _check_rules(variant: str, options: Mapping[str, Any]) -> None:
    if variant not in scoring.VARIANTS:
        known = ", ".join(scoring.VARIANTS)
        raise ValidationError(
            {"variant": f"Unknown or unsupported variant {variant!r}; choose one of {known}."}
        )
    try:
        scoring.rules_for(variant, dict(options))
    except scoring.InvalidRules as exc:
        raise ValidationError({"options": str(exc)}) from exc


@transaction.atomic
def event_finish(*, event: Event) -> Event:
    """Close the event: no more rounds. Games in play keep their hands and can still be corrected."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    standings_queue(event_id=event.pk)
    return event


@transaction.atomic
def participant_set_present(*, event: Event, player: Player, present: bool) -> Participant:
    """Mark a player present or absent for the next seating; adds a late arrival to the event.

    A late arrival appears in the standings at once (queued after the commit); marking a
    withdrawn player present brings them back from the next round.
    """
    if player.club_id != event.club_id:
        raise ValidationError({"player": "The player belongs to another club."})
    participant, _ = Participant.objects.get_or_create(event=event, player=player)
    participant.present = present
    if present:
        participant.withdrawn_after_round = None
    participant.save(update_fields=["present", "withdrawn_after_round"])
    standings_queue(event_id=event.pk)
    return participant


@transaction.atomic
def participant_withdraw(*, event: Event, player: Player) -> Participant:
    """A player leaves the event: not seated again, every result so far kept.

    The participant stays (marked withdrawn after the latest round), so their games, seats
    and standings row remain, and the seating history that keeps partners from repeating
    still counts them. Raises Participant.DoesNotExist if the player is not in the event.
    """
    participant = Participant.objects.select_for_update().get(event=event, player=player)
    last = event.rounds.order_by("-number").values_list("number", flat=True).first()
    participant.present = False
    participant.withdrawn_after_round = last or 0
    participant.save(update_fields=["present", "withdrawn_after_round"])
    standings_queue(event_id=event.pk)
    return participant


# --- rounds and seating ------------------------------------------------------------------


@transaction.atomic
def round_start(*, event: Event) -> Round:
    """Open the event's next round and queue its seating (computed by a Celery worker).

    Refuses while a game of the current round is still in play, or with fewer than four
    players present. Raises ValidationError.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.FINISHED:
        raise ValidationError("The event is finished.")
    present = event.participants.filter(present=True).count()
    if present < 4:
        raise ValidationError(f"Seating needs at least 4 players present; {present} are.")
    last = event.rounds.order_by("-number").first()
    if last is not None:
        if last.status == Round.Status.SEATING:
            raise ValidationError(f"Round {last.number} is still being seated.")
        unfinished = Game.objects.filter(table__round=last, game_over=False).count()
        if unfinished:
            raise ValidationError(
                f"Round {last.number} still has {unfinished} game(s) in play; "
                "finish them before starting the next round."
            )
    new_round = Round.objects.create(event=event, number=(last.number + 1) if last else 1)
    if event.status == Event.Status.PLANNED:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    transaction.on_commit(partial(round_seat_task.delay, round_id=new_round.pk))
    return new_round


@transaction.atomic
def round_reseat(*, round: Round) -> Round:
    """Compute the round's seating again, replacing the one it has (before any hand is played).

    Locked tables are kept and the other players seated again. Also the way out for a round
    whose seating task was lost (a worker killed mid-task) or failed. Raises ValidationError
    for a locked round, or once a hand is recorded at a table that is not locked.
    """
    round = Round.objects.select_for_update().get(pk=round.pk)
    if round.locked:
        raise ValidationError("The round is locked; unlock it to seat it again.")
    if Hand.objects.filter(game__table__round=round, game__table__locked=False).exists():
        raise ValidationError("Hands have been entered in this round; its seating is kept.")
    round.status = Round.Status.SEATING
    round.seating_error = ""
    round.seating_started_at = None
    round.save(update_fields=["status", "seating_error", "seating_started_at"])
    transaction.on_commit(partial(round_seat_task.delay, round_id=round.pk))
    return round


@transaction.atomic
def round_seat(*, round_id: int) -> Round | None:
    """Seat the players present for a round, replacing any seating it had.

    Partners rotate: the seating module avoids repeating a partnership of this night while it
    can, spreads opponents and sit-outs (a round a player missed counts as a sit-out).
    Seats only a round waiting for its seating (status SEATING): a task delivered twice, or
    after `round_reseat`, leaves a seated round alone, so open table pages keep their game.
    Returns None if the round no longer exists.
    """
    round = Round.objects.select_for_update().select_related("event").filter(pk=round_id).first()
    if round is None:
        return None
    if round.status != Round.Status.SEATING:
        return round  # seated already (a repeated task), or failed: round_reseat asks again
    event = round.event
    kept_tables = list(round.tables.filter(locked=True).prefetch_related("seats"))
    kept = {seat.player_id for table in kept_tables for seat in table.seats.all()}
    present = list(
        event.participants.filter(present=True, withdrawn_after_round__isnull=True)
        .order_by("player_id")
        .values_list("player_id", flat=True)
    )
    try:
        if event.format in Event.PARTNERSHIP_FORMATS:
            if event.format == Event.Format.SWISS:
                standings_rebuild(event_id=event.pk)  # pair by the standings as they are now
            planned = partnership_seating.plan_pair_round(round=round, present=set(present), kept=kept)
            tables = [(t.sides, t.note) for t in planned.tables]
            sit_out = planned.sit_out
        else:
            players = [p for p in present if p not in kept]
            individual = seating.seat_round(
                players,
                _individual_history(round, players),
                seed=round.number,
                three_player_tables=event.three_player_tables,
            )
            tables = [(t.sides, "") for t in individual.tables]
            sit_out = individual.sit_out
    except ValueError as exc:
        round.status = Round.Status.FAILED
        round.seating_error = str(exc)
        round.save(update_fields=["status", "seating_error"])
        return round

    round.tables.filter(locked=False).delete()
    round.sit_outs.all().delete()
    taken = {table.number for table in kept_tables}
    free_numbers = (n for n in itertools.count(1) if n not in taken)
    for (sides_players, note), number in zip(tables, free_numbers, strict=False):
        _table_create(round, number, sides_players, note)
    SitOut.objects.bulk_create(SitOut(round=round, player_id=p) for p in sit_out)
    round.status = Round.Status.SEATED
    round.seating_error = ""
    round.save(update_fields=["status", "seating_error"])
    return round


def _individual_history(round: Round, players: list[int]) -> seating.SeatingHistory:
    """Tonight's earlier rounds; with `avoid_season_partners`, the season's earlier nights too."""
    history = seating.SeatingHistory()
    for earlier_night in _earlier_season_nights(round.event):
        for played in earlier_night.rounds.order_by("number"):
            history.record_earlier(_stored_round_seating(played))
    for earlier in round.event.rounds.filter(number__lt=round.number):
        played = _stored_round_seating(earlier)
        history.record(played)
        # A late arrival missed the rounds before it came: those count as its sit-outs, so
        # it is not also the first to sit out now.
        for player in set(players) - set(played.players):
            history.sit_outs[player] += 1
    return history


def _earlier_season_nights(event: Event) -> list[Event]:
    """The nights of the event's season before it (by date, then creation), if the option is on."""
    if not event.avoid_season_partners or event.season_id is None:
        return []
    return list(
        Event.objects.filter(season_id=event.season_id)
        .filter(Q(date__lt=event.date) | Q(date=event.date, pk__lt=event.pk))
        .order_by("date", "pk")
    )


def side_labels(side_count: int) -> tuple[str, ...]:
    """The side labels of a table: NS and EW for two partnerships, one seat each at a table of three."""
    return THREE_SIDES if side_count == len(THREE_SIDES) else PARTNERSHIP_SIDES[:side_count]


def _table_create(round: Round, number: int, sides_players: Iterable[Iterable[int]], note: str = "") -> Table:
    event = round.event
    sides_players = [tuple(side) for side in sides_players]
    sides = side_labels(len(sides_players))
    three = len(sides) == len(THREE_SIDES)
    table = Table.objects.create(round=round, number=number, pairing_note=note)
    seats = [
        Seat(table=table, player_id=player, side=side, position=position)
        for side, players_of_side in zip(sides, sides_players, strict=True)
        for player, position in zip(players_of_side, (side,) if three else SIDE_POSITIONS[side], strict=False)
    ]
    Seat.objects.bulk_create(seats)
    variant = three_player_variant(event.variant) if three else event.variant
    Game.objects.create(
        table=table,
        variant=variant,
        options=event.options,
        sides=list(sides),
        hands_planned=event.hands_per_round,
        totals={side: 0 for side in sides},
        initial_meld=_opening_minimums(variant, event.options, sides),
    )
    return table


def _stored_round_seating(round: Round) -> seating.RoundSeating:
    tables = []
    for table in round.tables.prefetch_related("seats"):
        by_side: dict[str, list[int]] = {}
        for seat in table.seats.all():
            by_side.setdefault(seat.side, []).append(seat.player_id)
        tables.append(seating.TableSeating(sides=tuple(tuple(p) for p in by_side.values())))
    sit_out = tuple(round.sit_outs.values_list("player_id", flat=True))
    return seating.RoundSeating(tables=tuple(tables), sit_out=sit_out)


def _opening_minimums(variant: str, options: Mapping[str, Any], sides: Iterable[str]) -> dict[str, int]:
    rules = scoring.rules_for(variant, dict(options))
    return {side: scoring.initial_meld_minimum(rules, 0) for side in sides}


@transaction.atomic
def table_link_renew(*, table: Table) -> Table:
    """Give a table a new private scoring link; the old link stops working at once."""
    table.access_token = new_access_token()
    table.save(update_fields=["access_token"])
    return table


# --- hands ---------------------------------------------------------------------------------


def game_score(*, game: Game, hands: list[Mapping[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """Score a game's hands (oldest first) with the game's rules: the score-sheet result.

    Adds `hands_played`, and applies the event's hands-per-round limit: once that many hands
    are played the game is over and the higher total wins (equal totals: a draw).
    Raises scoring.SheetRejected with the engine's errors (hand index 0-based).
    """
    sheet = {
        "variant": game.variant,
        "options": game.options,
        "sides": game.sides,
        "hands": hands,
    }
    result = scoring.score_sheet(sheet)
    result["hands_played"] = len(hands)
    result["draw"] = False
    if not result["game_over"] and game.hands_planned and len(hands) >= game.hands_planned:
        result["game_over"] = True
        best = max(result["totals"].values())
        leaders = [side for side, total in result["totals"].items() if total == best]
        result["winner"] = leaders[0] if len(leaders) == 1 else None
    if result["game_over"] and result["winner"] is None:
        result["draw"] = True
    return result


def hand_preview(*, game: Game, number: int, entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Score hand `number` as entered, without saving: the game result as if it were saved.

    Raises ValidationError whose message dict keys are `<side>.<field>` (or `__all__`).
    """
    hands = [hand.entries for hand in _stored_hands(game, None)[0]]
    _check_number(game, number, len(hands))
    if number <= len(hands):
        hands[number - 1] = entries
    else:
        hands.append(entries)
    return _score_or_raise(game, hands, number)


@transaction.atomic
def hand_record(
    *,
    game: Game,
    number: int,
    entries: Mapping[str, Mapping[str, Any]],
    submission_id: uuid.UUID | None = None,
    expected_version: int | None = None,
    recorded_by: AbstractBaseUser | None = None,
    entered_by_side: str = "",
) -> Hand:
    """Store hand `number` of `game` (a new hand, or a correction of an earlier one).

    `entries` maps each side to its score-sheet entry (the contract in tests/scoring/cases).
    A retried submission (same `submission_id`, same values) returns the hand it already
    made, with `was_created` False; the same id with other values is refused. A new hand
    must be the next number; a correction must give the `expected_version` it started from,
    and fails with a conflict if someone else changed the hand since; a corrected hand needs
    confirming again where the event asks for it. Rescoring the game rewrites its totals and
    result; the event's standings are recomputed after the commit. The history of each hand
    and entry (who, when, before and after) is kept by django-simple-history.
    Raises ValidationError (message dict keyed `<side>.<field>` or `__all__`); nothing is
    written then.
    """
    # of=("self",): lock the game row only. A plain FOR UPDATE with the join would also lock the
    # event row, queueing every table of the night (and the standings rebuild) behind each hand.
    game = Game.objects.select_for_update(of=("self",)).select_related("table__round__event").get(pk=game.pk)
    stored, done = _stored_hands(game, submission_id)
    if done is not None:
        if done.game_id != game.pk or done.number != number or done.entries != _plain(entries):
            raise ValidationError(
                f"This form was already saved as hand {done.number} with other values. "
                "Reload the page and enter the hand again.",
                code="submission_reused",
            )
        hand = Hand.objects.get(pk=done.pk)
        hand.was_created = False
        return hand
    hands = [stored_hand.entries for stored_hand in stored]
    _check_number(game, number, len(hands))
    existing = stored[number - 1] if number <= len(stored) else None
    if existing is None:
        if game.game_over:
            raise ValidationError("The game is over; correct an earlier hand instead.")
        hands.append(entries)
    else:
        if expected_version is None:
            raise ValidationError(f"Hand {number} is already recorded. Open it to correct it.", code="exists")
        if existing.version != expected_version:
            raise ValidationError(
                f"Hand {number} was changed by someone else while you were editing it "
                f"(your copy is version {expected_version}, the saved one is version "
                f"{existing.version}). Reload it and enter your correction again.",
                code="conflict",
            )
        hands[number - 1] = entries
    if entered_by_side and entered_by_side not in game.sides:
        raise ValidationError({"entered_by_side": f"No side {entered_by_side!r} at this table."})
    if game.table.round.event.confirmation_required and not entered_by_side:
        raise ValidationError(
            {"entered_by_side": "Say which side is entering the hand: the other side confirms it."}
        )
    result = _score_or_raise(game, hands, number)
    scored = result["hands"][number - 1]

    if existing is None:
        hand = Hand(game=game, number=number, recorded_by=recorded_by, entered_by_side=entered_by_side)
        if submission_id is not None:
            hand.submission_id = submission_id
        try:
            # No savepoint: the game row is locked and the submission id was looked up, so only
            # a submission id reused at the same instant at another table can collide here.
            hand.save()
        except IntegrityError as exc:
            raise ValidationError(f"Hand {number} is already recorded.", code="exists") from exc
        side_entries = [
            SideEntry(
                hand=hand,
                side=side,
                entry=dict(entries[side]),
                score=scored[side]["score"],
                breakdown=scored[side]["breakdown"],
            )
            for side in scored
        ]
        # One INSERT for the entries and one for their history rows (who and when, as save() would).
        bulk_create_with_history(side_entries, SideEntry)
    else:
        hand = Hand.objects.get(pk=existing.pk)
        hand.version += 1
        hand.recorded_by = recorded_by or hand.recorded_by
        hand.entered_by_side = entered_by_side or hand.entered_by_side
        hand.confirmed_at = None
        hand.confirmed_by = None
        hand.confirmed_by_side = ""
        hand.save()
        side_entries = list(hand.entries.all())
        for side_entry in side_entries:
            side_entry.entry = dict(entries[side_entry.side])
            side_entry.score = scored[side_entry.side]["score"]
            side_entry.breakdown = scored[side_entry.side]["breakdown"]
        bulk_update_with_history(side_entries, SideEntry, ["entry", "score", "breakdown"])
    # The response shows the entries: hand it the ones in memory rather than reading them again.
    hand._prefetched_objects_cache = {"entries": sorted(side_entries, key=lambda e: e.side)}
    was_over = game.game_over
    _store_result(game, result)
    event_id = game.table.round.event_id
    standings_queue(event_id=event_id)
    if was_over or game.game_over:
        # A game finished, or a finished game was corrected: its result feeds the ratings.
        club_id = game.table.round.event.club_id
        transaction.on_commit(partial(ratings_recompute_task.delay, club_id=club_id))
    hand.was_created = existing is None
    return hand


@dataclass(frozen=True, slots=True)
class _StoredHand:
    """What the hand services need of a stored hand: no model instances, no breakdowns."""

    pk: int
    game_id: int
    number: int
    version: int
    submission_id: uuid.UUID
    entries: dict[str, dict[str, Any]]  # side -> its score-sheet entry


def _stored_hands(
    game: Game, submission_id: uuid.UUID | None
) -> tuple[list[_StoredHand], _StoredHand | None]:
    """The game's hands, oldest first, and the hand saved under `submission_id` (any game) or None.

    One query, read as plain values: it runs on every save, for every hand of the game so far.
    """
    condition = Q(hand__game=game)
    if submission_id is not None:
        condition |= Q(hand__submission_id=submission_id)
    rows = (
        SideEntry.objects.filter(condition)
        .order_by("hand__number")
        .values_list(
            "hand_id",
            "hand__game_id",
            "hand__number",
            "hand__version",
            "hand__submission_id",
            "side",
            "entry",
        )
    )
    hands: dict[int, _StoredHand] = {}
    for hand_id, game_id, number, version, hand_submission, side, entry in rows:
        hand = hands.get(hand_id)
        if hand is None:
            hand = hands[hand_id] = _StoredHand(hand_id, game_id, number, version, hand_submission, {})
        hand.entries[side] = entry
    done = None
    if submission_id is not None:
        done = next((hand for hand in hands.values() if hand.submission_id == submission_id), None)
    return [hand for hand in hands.values() if hand.game_id == game.pk], done


def _plain(entries: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    return {side: dict(entry) for side, entry in entries.items()}


@transaction.atomic
def hand_confirm(
    *, hand: Hand, side: str, confirmed_by: AbstractBaseUser | None = None, as_director: bool = False
) -> Hand:
    """Confirm a hand for the side that did not enter it (a director may confirm for either).

    Idempotent: confirming a confirmed hand changes nothing. Raises ValidationError when the
    side is unknown or is the side that entered the hand.
    """
    hand = Hand.objects.select_for_update(of=("self",)).select_related("game__table__round").get(pk=hand.pk)
    if hand.confirmed_at is not None:
        return hand
    if not as_director:
        if side not in hand.game.sides:
            raise ValidationError("Say which side confirms the hand.")
        if side == hand.entered_by_side:
            raise ValidationError(f"Hand {hand.number} was entered by {side}; the other side confirms it.")
    hand.confirmed_at = timezone.now()
    hand.confirmed_by = confirmed_by
    hand.confirmed_by_side = side if side in hand.game.sides else ""
    hand.save()
    event_id = hand.game.table.round.event_id
    standings_queue(event_id=event_id)
    return hand


def _check_number(game: Game, number: int, recorded: int) -> None:
    if number < 1 or number > recorded + 1:
        raise ValidationError(
            f"Hand {number} cannot be entered: this game has {recorded} hand(s), "
            f"so the next one is hand {recorded + 1}."
        )


def _score_or_raise(game: Game, hands: list[Any], number: int) -> dict[str, Any]:
    try:
        return game_score(game=game, hands=hands)
    except scoring.SheetRejected as exc:
        details = [problem.as_detail() for problem in exc.problems]
        for detail in details:
            detail["message"] = describe(detail)  # in the user's language
        raise ValidationError(_errors_by_field(details, number, game.sides)) from exc


def _errors_by_field(errors: list[dict[str, Any]], number: int, sides: list[str]) -> dict[str, list[str]]:
    """Engine errors as a message dict keyed `<side>.<field>`.

    An error about both sides (two sides went out) is placed at that field of every side;
    an error of another hand than `number` (a correction that breaks a later hand) says which.
    """
    by_field: dict[str, list[str]] = {}
    for error in errors:
        message, hand, side, field = (
            error["message"],
            error.get("hand"),
            error.get("side"),
            error.get("field"),
        )
        if hand is not None and hand != number - 1:
            keys = ["__all__"]
            message = f"Hand {hand + 1}: {message}"
        elif field and field in ("variant", "options", "sides", "start"):
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


def _store_result(game: Game, result: Mapping[str, Any]) -> None:
    game.totals = result["totals"]
    game.initial_meld = result["initial_meld"]
    game.game_over = bool(result["game_over"])
    game.winner = result["winner"] or ""
    game.is_draw = bool(result["draw"])
    game.save(update_fields=["totals", "initial_meld", "game_over", "winner", "is_draw", "updated_at"])


@transaction.atomic
def game_rescore(*, game: Game) -> Game:
    """Rescore every stored hand of a game and rewrite its derived fields (idempotent)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    stored = _stored_hands(game, None)[0]
    result = game_score(game=game, hands=[hand.entries for hand in stored])
    scores = {
        (hand.pk, side): scored
        for hand, scored_hand in zip(stored, result["hands"], strict=True)
        for side, scored in scored_hand.items()
    }
    side_entries = list(SideEntry.objects.filter(hand__game=game).only("pk", "hand_id", "side"))
    for side_entry in side_entries:
        side_entry.score = scores[(side_entry.hand_id, side_entry.side)]["score"]
        side_entry.breakdown = scores[(side_entry.hand_id, side_entry.side)]["breakdown"]
    SideEntry.objects.bulk_update(side_entries, ["score", "breakdown"])
    _store_result(game, result)
    return game


# --- standings -----------------------------------------------------------------------------


def _confirmed_totals(event: Event) -> dict[int, tuple[dict[str, int], bool]]:
    """Game id -> (totals of its confirmed hands in points, whether every hand is confirmed)."""
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


@transaction.atomic
def standings_rebuild(*, event_id: int) -> list[Standing]:
    """Rebuild an event's standings from its games (derived data: running it twice changes nothing).

    Where the event asks the other side to confirm each hand, only confirmed hands count, and
    a game counts as finished once all its hands are confirmed. Holds the event row locked so
    two workers never interleave their rewrites. Returns [] if the event no longer exists.
    """
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        return []
    names = dict(event.participants.values_list("player_id", "player__name"))
    confirmed = _confirmed_totals(event) if event.confirmation_required else None
    # Plain values and no model ordering: the models' default orderings join the rounds and the
    # event into every query, which cost most of a rebuild on a night of 250 games.
    hands_played = dict(
        Hand.objects.filter(game__table__round__event=event)
        .order_by()
        .values_list("game_id")
        .annotate(count=Count("pk"))
    )
    players: dict[int, dict[str, list[int]]] = {}
    seats = Seat.objects.filter(table__round__event=event).order_by("table_id", "position")
    for table_id, side, player_id in seats.values_list("table_id", "side", "player_id"):
        players.setdefault(table_id, {}).setdefault(side, []).append(player_id)
    games = (
        Game.objects.filter(table__round__event=event)
        .order_by("pk")
        .values_list("pk", "table_id", "sides", "totals", "game_over", "winner", "is_draw")
    )
    results = []
    for game_id, table_id, sides, totals, finished, winner, is_draw in games:
        if confirmed is not None:
            totals, all_confirmed = confirmed.get(game_id, (dict.fromkeys(sides, 0), False))
            finished = finished and all_confirmed
        for side, side_players in players.get(table_id, {}).items():
            others = [total for other, total in totals.items() if other != side]
            results.append(
                SideResult(
                    players=tuple(side_players),
                    points_for=totals.get(side, 0),
                    points_against=max(others) if others else 0,
                    finished=finished,
                    won=finished and winner == side,
                    drew=finished and is_draw,
                    hands=hands_played.get(game_id, 0),
                )
            )
    scale, tie_breaks = event_ranking_rules(event=event)
    rows = rank_players(results, names, scale=scale, tie_breaks=tie_breaks)
    # Missed rounds are credited from the rows over games played (the average policy reads
    # each player's victory points per finished game on the event's own scale), then ranked again.
    credits = missed_round_credits(
        event.missed_round_policy,
        rows,
        selectors.event_missed_rounds(event=event),
        event.sit_out_victory_points,
    )
    if credits:
        rows = rank_players(results, names, credits, scale=scale, tie_breaks=tie_breaks)
    Standing.objects.filter(event=event).delete()
    return Standing.objects.bulk_create(
        Standing(
            event=event,
            player_id=row.player,
            rank=row.rank,
            games=row.games,
            wins=row.wins,
            draws=row.draws,
            losses=row.losses,
            victory_points=row.victory_points,
            points_for=row.points_for,
            points_against=row.points_against,
            finished_points=row.finished_points,
            match_points=row.match_points,
            separated_by=row.separated_by,
        )
        for row in rows
    )


@transaction.atomic
def event_ranking_set(
    *, event: Event, vp_scale: str, tie_breaks: Iterable[str], vp_custom: Mapping[str, Any] | None = None
) -> Event:
    """Set how the event's standings rank: the victory-point scale and the tie-break order.

    `vp_custom` is the club's own table (see `victory_points.scale_from_custom`), required
    when `vp_scale` is "custom". The standings are rebuilt after the commit.
    Raises ValidationError (field `vp_scale`, `vp_custom` or `tie_breaks`) on a bad setting.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    tie_breaks = list(tie_breaks)
    try:
        vp.checked_tie_breaks(tie_breaks)
    except vp.InvalidScale as exc:
        raise ValidationError({"tie_breaks": str(exc)}) from exc
    custom = dict(vp_custom or {})
    try:
        vp.scale_for(vp_scale, custom)
    except vp.InvalidScale as exc:
        raise ValidationError({"vp_custom" if vp_scale == vp.CUSTOM else "vp_scale": str(exc)}) from exc
    event.vp_scale = vp_scale
    event.vp_custom = custom if vp_scale == vp.CUSTOM else {}
    event.tie_breaks = tie_breaks
    event.full_clean()
    event.save(update_fields=["vp_scale", "vp_custom", "tie_breaks"])
    standings_queue(event_id=event.pk)
    return event


# --- ratings -------------------------------------------------------------------------------


def _rated_games(club_id: int) -> list[ratings.RatedGame]:
    """The club's finished games in rating order: event date, event, round, table.

    Where an event asks the other side to confirm each hand, a game counts once every hand
    is confirmed. Each game is one row, so a retried or duplicated submission (one hand, see
    hand_record) can never count a game twice.
    """
    unconfirmed = Hand.objects.filter(
        game__table__round__event__club_id=club_id,
        game__table__round__event__confirmation_required=True,
        confirmed_at__isnull=True,
    ).values("game_id")
    games = (
        Game.objects.filter(table__round__event__club_id=club_id, game_over=True)
        .exclude(pk__in=unconfirmed)
        .order_by(
            "table__round__event__date", "table__round__event_id", "table__round__number", "table__number"
        )
        .values_list("pk", "sides", "totals")
    )
    games = list(games)
    players: dict[int, dict[str, list[int]]] = {}
    seats = Seat.objects.filter(table__round__event__club_id=club_id, table__game__game_over=True).order_by(
        "table_id", "position"
    )
    for game_id, side, player_id in seats.values_list("table__game", "side", "player_id"):
        players.setdefault(game_id, {}).setdefault(side, []).append(player_id)
    rated = []
    for game_id, sides, totals in games:
        by_side = players.get(game_id, {})
        rated.append(
            ratings.RatedGame(
                game=game_id,
                sides=tuple(tuple(by_side.get(side, ())) for side in sides),
                totals=tuple(int(totals.get(side, 0)) for side in sides),
            )
        )
    return rated


@transaction.atomic
def ratings_rebuild(*, club_id: int) -> int:
    """Rebuild every rating and rating history of a club from its finished games.

    Deterministic (see tournaments/ratings.py), so running it after a correction gives what a
    fresh rebuild gives, and running it twice changes nothing. Holds the club row locked so
    two workers never interleave their rewrites. Returns the number of players rated (0 if
    the club no longer exists).
    """
    club = Club.objects.select_for_update().filter(pk=club_id).first()
    if club is None:
        return 0
    result = ratings.rate_games(_rated_games(club_id))
    RatingHistory.objects.filter(player__club_id=club_id).delete()
    Rating.objects.filter(player__club_id=club_id).delete()
    Rating.objects.bulk_create(
        (
            Rating(
                player_id=r.player,
                mu=r.mu,
                sigma=r.sigma,
                ordinal=r.ordinal,
                games=r.games,
                provisional=r.provisional,
            )
            for r in result.ratings.values()
        ),
        batch_size=2000,
    )
    _rating_history_insert(result.history)
    return len(result.ratings)


RATING_HISTORY_COLUMNS = ("player_id", "game_id", "sequence", "mu", "sigma", "ordinal")


def _rating_history_insert(history: Iterable[ratings.HistoryPoint]) -> None:
    """Write the history rows: on PostgreSQL with COPY (400,000 rows for 100,000 games, where
    building and sending them through bulk_create took most of a rebuild), else bulk_create."""
    if connection.vendor == "postgresql":
        sql = f"COPY {RatingHistory._meta.db_table} ({', '.join(RATING_HISTORY_COLUMNS)}) FROM STDIN"
        with connection.cursor() as cursor, cursor.copy(sql) as copy:
            for h in history:
                copy.write_row((h.player, h.game, h.sequence, h.mu, h.sigma, h.ordinal))
        return
    RatingHistory.objects.bulk_create(
        (
            RatingHistory(
                player_id=h.player,
                game_id=h.game,
                sequence=h.sequence,
                mu=h.mu,
                sigma=h.sigma,
                ordinal=h.ordinal,
            )
            for h in history
        ),
        batch_size=5000,
    )


# --- seasons -------------------------------------------------------------------------------


@transaction.atomic
def season_save(
    *,
    club: Club,
    name: str,
    events: Iterable[Event],
    best_n: int | None = None,
    min_nights: int = 0,
    season: Season | None = None,
) -> Season:
    """Create a season of `club` (or change `season`) and make `events` its nights.

    The season gathers exactly `events`: nights chosen here leave the season they were in,
    and the season's nights not chosen leave it. The season table is computed on read from
    the nights' standings, so nothing needs rebuilding. Raises ValidationError when a night
    belongs to another club or a setting is out of range.
    """
    events = list(events)
    if any(event.club_id != club.pk for event in events):
        raise ValidationError({"events": "Pick nights of this club only."})
    if season is None:
        season = Season(club=club)
    elif season.club_id != club.pk:
        raise ValidationError("This season belongs to another club.")
    season.name = name
    season.best_n = best_n
    season.min_nights = min_nights
    season.full_clean()
    season.save()
    chosen = [event.pk for event in events]
    Event.objects.filter(season=season).exclude(pk__in=chosen).update(season=None)
    Event.objects.filter(club=club, pk__in=chosen).update(season=season)
    return season
