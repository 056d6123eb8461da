"""Writes for events and their participants: create, finish, presence and withdrawal."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from clubs.models import Club, Partnership, Player
from tournaments.engine_messages import describe_rules
from tournaments.models import Event, Pair, Participant, Season
from tournaments.services.rounds import three_player_variant
from tournaments.standings_queue import standings_queue


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
    minutes_per_round: int | None = None,
    warning_minutes: int = 10,
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
    earlier nights. `minutes_per_round` gives each round a clock (minutes), which warns the
    tables `warning_minutes` before the end.
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
        raise ValidationError({"players": _("Every player must belong to the event's club.")})
    if season is not None and season.club_id != club.pk:
        raise ValidationError({"season": _("The season belongs to another club.")})
    event = Event(
        club=club,
        name=name,
        date=date,
        variant=variant,
        options=options,
        hands_per_round=hands_per_round,
        minutes_per_round=minutes_per_round,
        warning_minutes=warning_minutes,
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
            raise ValidationError({"players": _("Fixed partnerships need an even number of players.")})
        partnerships = [
            Partnership.objects.get_or_create(
                club=club,
                first=min(a, b, key=lambda p: p.pk),
                second=max(a, b, key=lambda p: p.pk),
            )[0]
            for a, b in zip(players[::2], players[1::2], strict=True)
        ]
    if any(p.club_id != club.pk for p in partnerships):
        raise ValidationError({"partnerships": _("Every partnership must belong to the event's club.")})
    seen = [player for p in partnerships for player in (p.first_id, p.second_id)]
    if len(set(seen)) != len(seen):
        raise ValidationError({"partnerships": _("A player can play in one partnership only.")})
    if len(partnerships) < 2:
        raise ValidationError({"partnerships": _("Fixed partnerships need at least two partnerships.")})
    return partnerships


def _check_rules(variant: str, options: Mapping[str, Any]) -> None:
    if variant not in scoring.VARIANTS:
        known = ", ".join(scoring.VARIANTS)
        raise ValidationError(
            {
                "variant": _("Unknown or unsupported variant “%(variant)s”; choose one of %(known)s.")
                % {"variant": variant, "known": known}
            }
        )
    try:
        scoring.rules_for(variant, dict(options))
    except scoring.InvalidRules as exc:
        raise ValidationError({"options": describe_rules(exc)}) from exc


@transaction.atomic
def event_finish(*, event: Event) -> Event:
    """Close the event: no more rounds, and every result is final (selectors.game_results_final):
    from then on only a director changes a hand, giving a reason. Games in play keep their hands."""
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
        raise ValidationError({"player": _("The player belongs to another club.")})
    participant, _created = Participant.objects.get_or_create(event=event, player=player)
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
