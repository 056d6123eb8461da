"""Writes for events and their participants (docs/writes-and-reads.md#a-pair-acts-as-one)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from dataclasses import fields as dataclass_fields
from functools import partial
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext

import scoring
from clubs.models import Club, Federation, Partnership, Player
from clubs.selectors import member_places
from clubs.services import PairRequest, partnerships_ensure
from clubs.variants import variant_label as describe_variant
from clubs.viewer import shown_player_name
from tournaments.display.messages import describe_rules
from tournaments.domain import table_shapes
from tournaments.models import TABLE_SHAPE_LABELS, Event, Pair, Participant, Season
from tournaments.services.queue import standings_queue
from tournaments.services.rounds import round_close

MIN_PLAYERS = 4  # a table of four: the fewest an event can seat


@dataclass(frozen=True, kw_only=True)
class EventInput:
    """A new event as asked; `minutes_per_round`, `warning_minutes` in minutes,
    `sit_out_victory_points` in victory points."""

    name: str
    date: datetime.date
    variant: str
    players: Sequence[Player] = ()
    options: Mapping[str, Any] = dataclass_field(default_factory=dict)
    hands_per_round: int | None = None
    minutes_per_round: int | None = None
    warning_minutes: int = 10
    kind: str = Event.Kind.LEAGUE_NIGHT
    confirmation_required: bool | None = None
    format: str = Event.Format.INDIVIDUAL
    partnerships: Sequence[Partnership] = ()
    pairs: Sequence[PairRequest] = ()
    three_player_tables: bool = False
    table_shape: str = ""
    five_player_tables: bool = False
    play_to_target_across_tables: bool = False
    missed_round_policy: str = Event.MissedRounds.NOTHING
    sit_out_victory_points: int = 1
    avoid_season_partners: bool = False
    keep_clubs_apart: bool = False
    season: Season | None = None
    ranked: bool = True

    @classmethod
    def from_fields(cls, data: Mapping[str, Any], **looked_up: Any) -> EventInput:
        """The input from a door's checked `data` plus its `looked_up` values; missing fields default."""
        plain = {
            f.name: data[f.name] for f in dataclass_fields(cls) if f.name not in looked_up and f.name in data
        }
        return cls(**plain, **looked_up)


@transaction.atomic
def event_create(*, club: Club, asked: EventInput, federation: Federation | None = None) -> Event:
    """Create the event `asked` for with its participants (and, in fixed partnerships, its pairs).

    Preconditions: the house rules pass the engine at the event's tables; players for one table or two
    pairs (`MIN_PLAYERS`); a `table_shape` of the variant (`scoring.RuleSet.tables`); a `federation`'s
    event at a member `club`, each player passing `entrant_refusal`. Raises ValidationError (`options`,
    `variant`, `format`, `table_shape`, `five_player_tables`, `players`, `pairs`, `partnerships`,
    `season` or `club`), writing nothing."""
    if federation is not None and not _member_club_now(federation.pk, club.pk):
        message = gettext("%(club)s is not a member club of the federation: a championship is held at one.")
        raise ValidationError({"club": message % {"club": club.name}})
    confirmation_required = asked.confirmation_required
    if confirmation_required is None:
        confirmation_required = asked.kind == Event.Kind.TOURNAMENT
    options = dict(asked.options)
    three_player_tables, format, season = asked.three_player_tables, asked.format, asked.season
    variant, shape = _checked_games(
        asked.variant, options, asked.table_shape, format, three_player_tables, asked.five_player_tables
    )
    if format in Event.PARTNERSHIP_FORMATS:
        three_player_tables = False  # partnerships sit out (a bye), never at a table of three
    players, chosen = _event_entrants(
        Event(club=club, federation=federation),
        format,
        list(asked.players),
        list(asked.partnerships),
        list(asked.pairs),
        0 if federation is not None else sum(shape),
    )
    if season is not None and (season.club_id != club.pk or federation is not None):
        raise ValidationError({"season": gettext("The season belongs to another club.")})
    event = Event(
        club=club,
        name=asked.name,
        date=asked.date,
        variant=variant,
        options=options,
        hands_per_round=asked.hands_per_round,
        minutes_per_round=asked.minutes_per_round,
        warning_minutes=asked.warning_minutes,
        kind=asked.kind,
        confirmation_required=confirmation_required,
        format=format,
        three_player_tables=three_player_tables,
        table_shape=table_shapes.shape_text(shape) if asked.table_shape else "",
        five_player_tables=asked.five_player_tables,
        play_to_target_across_tables=asked.play_to_target_across_tables,
        missed_round_policy=asked.missed_round_policy,
        sit_out_victory_points=asked.sit_out_victory_points,
        avoid_season_partners=asked.avoid_season_partners,
        keep_clubs_apart=asked.keep_clubs_apart,
        ranked=asked.ranked,
        season=season,
        federation=federation,
    )
    event.full_clean()
    event.save()
    Participant.objects.bulk_create(Participant(event=event, player=p) for p in players)
    Pair.objects.bulk_create(
        Pair(event=event, number=number, partnership=partnership)
        for number, partnership in enumerate(chosen, start=1)
    )
    return event


def _checked_games(
    variant: str, options: dict[str, Any], table_shape: str, format: str, three: bool, five: bool
) -> tuple[str, table_shapes.Shape]:
    """(variant, table shape) once `_check_rules` and `_check_table` pass."""
    _check_rules(variant, options)
    variant, shape, odd_games = _check_table(variant, table_shape, format, three, five)
    for game, at in dict.fromkeys(((variant, shape), *odd_games)):
        _check_rules(game, options, at)  # the house rules hold in every game the tables play
    return variant, shape


def _event_entrants(
    event: Event,
    format: str,
    players: list[Player],
    partnerships: list[Partnership],
    pairs: list[PairRequest],
    needed: int,
) -> tuple[list[Player], list[Partnership]]:
    """(participants, partnerships by number) of unsaved `event`; raises ValidationError
    (`format`, `players`, `pairs`, `partnerships`)."""
    club = event.club
    chosen: list[Partnership] = []
    if format in Event.PARTNERSHIP_FORMATS and (partnerships or pairs or players or needed):
        chosen = _event_partnerships(club, partnerships, pairs, players)
        players = [player for pair in chosen for player in (pair.first, pair.second)]
    else:
        if partnerships or pairs:
            message = gettext("Pairs are for a fixed-partnership format (Swiss, round robin or Mitchell).")
            raise ValidationError({"format": message})
        players = list({player.pk: player for player in players}.values())
        if len(players) < needed:
            message = gettext("An event needs at least %(count)s players; %(given)s are chosen.")
            raise ValidationError({"players": message % {"count": needed, "given": len(players)}})
    if event.federation_id is None:
        if any(player.club_id != club.pk for player in players):
            raise ValidationError({"players": gettext("Every player must belong to the event's club.")})
    else:
        refusals = [refusal for refusal in map(partial(entrant_refusal, event), players) if refusal]
        if refusals:
            raise ValidationError({"players": refusals})
    return players, chosen


def entrant_refusal(event: Event, player: Player) -> str | None:
    """Why `player` cannot enter `event`, or None: a club event takes its players, a championship a
    member club's player linked to a federation person with no other player in it."""
    if event.federation_id is None:
        if player.club_id != event.club_id:
            return gettext("%(name)s plays for another club.") % {"name": shown_player_name(player)}
        return None
    if not _member_club_now(event.federation_id, player.club_id):
        message = gettext("%(name)s plays for %(club)s, which is not a member club of the federation.")
        return message % {"name": shown_player_name(player), "club": player.club.name}
    if player.person is None or player.person.federation_id != event.federation_id:
        message = gettext(
            "%(name)s has no member number of the federation: %(club)s links them on its "
            "Federation members page."
        )
        return message % {"name": shown_player_name(player), "club": player.club.name}
    if event.pk is not None:
        twin = (
            event.participants.filter(player__person=player.person, withdrawn_after_round__isnull=True)
            .exclude(player=player)
            .select_related("player__club")
            .first()
        )
        if twin is not None:
            message = gettext("%(name)s is in the championship already, for %(club)s.")
            return message % {"name": shown_player_name(player), "club": twin.player.club.name}
    return None


def _member_club_now(federation_id: int, club_id: int) -> bool:
    return member_places(federation_id=federation_id, club_id=club_id).exists()


def _check_table(
    variant: str,
    table_shape: str,
    format: str,
    three_player_tables: bool,
    five_player_tables: bool,
) -> tuple[str, table_shapes.Shape, list[tuple[str, table_shapes.Shape]]]:
    """Variant, shape and odd tables' games; a variant not played at a shape becomes its game for
    that many players (Classic for 6 at "3+3"). Raises ValidationError."""
    name = describe_variant(variant)
    try:
        shape = table_shapes.event_shape(variant, table_shape)
    except ValueError:
        raise ValidationError({"table_shape": gettext("Choose how many players sit at a table.")}) from None
    own = table_shapes.variant_at(variant, shape)
    if own is not None:
        variant = own
    if shape not in table_shapes.variant_shapes(variant):
        message = gettext("%(variant)s is not played at this table; it is played by: %(tables)s.")
        shown = ", ".join(
            str(TABLE_SHAPE_LABELS[table_shapes.shape_text(allowed)])
            for allowed in table_shapes.variant_shapes(variant)
        )
        raise ValidationError({"table_shape": message % {"variant": name, "tables": shown}})
    if format in Event.PARTNERSHIP_FORMATS and shape != table_shapes.FOUR:
        message = gettext("Fixed partnerships play at tables of four in two partnerships.")
        raise ValidationError({"table_shape": message})
    odd_games = []
    for asked, odd, field in (
        (
            three_player_tables and format not in Event.PARTNERSHIP_FORMATS,
            table_shapes.THREE,
            "three_player_tables",
        ),
        (five_player_tables, table_shapes.FIVE, "five_player_tables"),
    ):
        if not asked:
            continue
        try:
            odd_variant = table_shapes.table_variant(variant, shape, odd)
        except ValueError:
            message = gettext("%(variant)s at this table has no game for a table of %(players)s.")
            raise ValidationError({field: message % {"variant": name, "players": sum(odd)}}) from None
        odd_games.append((odd_variant, odd))
    return variant, shape, odd_games


def _event_partnerships(
    club: Club, partnerships: list[Partnership], pairs: list[PairRequest], players: list[Player]
) -> list[Partnership]:
    if not partnerships and not pairs:
        # Players only (the API's shortest form): paired in the order given.
        if len(players) % 2:
            raise ValidationError({"players": gettext("Fixed partnerships need an even number of players.")})
        pairs = [
            PairRequest(where=gettext("Pair %(number)s") % {"number": number}, players=(a, b))
            for number, (a, b) in enumerate(zip(players[::2], players[1::2], strict=True), start=1)
        ]
    if any(p.club_id != club.pk for p in partnerships):
        message = gettext("Every partnership must belong to the event's club.")
        raise ValidationError({"partnerships": message})
    made = partnerships_ensure(club=club, pairs=pairs)
    labelled = [(request.where, partnership) for request, partnership in zip(pairs, made, strict=True)]
    labelled += [(gettext("the partnership %(name)s") % {"name": p}, p) for p in partnerships]
    where_of: dict[int, str] = {}
    errors = []
    for where, partnership in labelled:
        for player in (partnership.first, partnership.second):
            if player.pk in where_of:
                message = gettext("%(name)s is in two pairs (%(first)s and %(second)s).")
                errors.append(message % {"name": player.name, "first": where_of[player.pk], "second": where})
            else:
                where_of[player.pk] = where
    if errors:
        raise ValidationError({"pairs": errors})
    alone = [player.name for player in players if player.pk not in where_of]
    if alone:
        message = gettext("Not in any pair: %(names)s. Give each of them a partner, or leave them out.")
        raise ValidationError({"players": message % {"names": ", ".join(alone)}})
    chosen = [partnership for _where, partnership in labelled]
    if len(chosen) < MIN_PLAYERS // 2:
        message = gettext("Fixed partnerships need at least two pairs (%(count)s players).")
        raise ValidationError({"pairs": message % {"count": MIN_PLAYERS}})
    return chosen


def _check_rules(variant: str, options: Mapping[str, Any], shape: table_shapes.Shape | None = None) -> None:
    """Refuse an unknown variant, or house rules refused at `shape` (None: its own)."""
    if variant not in scoring.VARIANTS:
        known = ", ".join(scoring.VARIANTS)
        raise ValidationError(
            {
                "variant": gettext("Unknown or unsupported variant “%(variant)s”; choose one of %(known)s.")
                % {"variant": variant, "known": known}
            }
        )
    try:
        if shape is None:
            scoring.rules_for(variant, dict(options))
        else:
            scoring.rules_for(variant, dict(options), sides=len(shape), players=scoring.playing(shape))
    except scoring.InvalidRules as exc:
        raise ValidationError({"options": describe_rules(exc)}) from exc


@transaction.atomic
def event_odd_tables_set(*, event: Event, three_player_tables: bool, five_player_tables: bool) -> Event:
    """Seat next rounds with or without tables of three and five; raises ValidationError for a
    finished event or an odd table with no game of the variant."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.FINISHED:
        raise ValidationError(gettext("The event is finished."), code="finished")
    _check_table(event.variant, event.table_shape, event.format, three_player_tables, five_player_tables)
    event.three_player_tables = three_player_tables
    event.five_player_tables = five_player_tables
    event.save(update_fields=["three_player_tables", "five_player_tables"])
    return event


@transaction.atomic
def event_keep_clubs_apart_set(*, event: Event, keep_clubs_apart: bool) -> Event:
    """Keep a club's players apart in next rounds, or not; ValidationError for a finished event."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.FINISHED:
        raise ValidationError(gettext("The event is finished."), code="finished")
    event.keep_clubs_apart = keep_clubs_apart
    event.save(update_fields=["keep_clubs_apart"])
    return event


@transaction.atomic
def event_board_link_renew(*, event: Event) -> Event:
    """Give the hall board a new link (`selectors.board_token`); every earlier link stops at once."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    event.board_link_version += 1
    event.save(update_fields=["board_link_version"])
    return event


@transaction.atomic
def event_finish(*, event: Event, end_unfinished: bool = False, by: User | None = None) -> Event:
    """Close the event, every result final; raises ValidationError while its last round has a
    game in play or a hand unconfirmed, unless `end_unfinished` ends them."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    last = event.rounds.order_by("-number").first()
    if last is not None and event.status != Event.Status.FINISHED:
        last.event = event
        round_close(round=last, end_unfinished=end_unfinished, by=by)
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    standings_queue(event_id=event.pk)
    return event


def _pair_of(event: Event, player: Player) -> Pair | None:
    """The player's pair in a fixed-partnership event (locked with its participants), or None."""
    if event.format not in Event.PARTNERSHIP_FORMATS:
        return None
    return (
        Pair.objects.select_related("partnership__first", "partnership__second")
        .filter(event=event)
        .filter(Q(partnership__first=player) | Q(partnership__second=player))
        .first()
    )


def _together(event: Event, player: Player) -> list[Player]:
    """Who arrives, leaves or is marked absent with `player`: their pair in fixed partnerships."""
    pair = _pair_of(event, player)
    if pair is None:
        return [player]
    return [pair.partnership.first, pair.partnership.second]


def _set_present(event: Event, players: list[Player], present: bool) -> list[Participant]:
    participants = []
    for player in players:
        participant, _created = Participant.objects.select_for_update().get_or_create(
            event=event, player=player
        )
        participant.present = present
        if present:
            participant.withdrawn_after_round = None
        participant.save(update_fields=["present", "withdrawn_after_round"])
        participants.append(participant)
    standings_queue(event_id=event.pk)
    return participants


@transaction.atomic
def participant_set_present(*, event: Event, player: Player, present: bool) -> Participant:
    """Mark a player (with their pair) present or absent for the next seating; a late arrival
    joins, a withdrawn one returns (`entrant_refusal` in a championship). Raises ValidationError
    (`player`), also for a player of no pair in fixed partnerships."""
    if event.federation_id is None and player.club_id != event.club_id:
        raise ValidationError({"player": gettext("The player belongs to another club.")})
    if event.federation_id is not None and not event.participants.filter(player=player).exists():
        raise ValidationError(
            {"player": gettext("A championship's entrants are entered, not marked present.")}
        )
    players = _together(event, player)
    if event.format in Event.PARTNERSHIP_FORMATS and len(players) == 1:
        message = gettext("%(name)s is in no pair of this event: add a late pair with both players.")
        raise ValidationError({"player": message % {"name": shown_player_name(player)}})
    if event.federation_id is not None and present:
        # Back in a championship, as entering: linked now, and not a person entered since for
        # another club (a withdrawn entrant's person may have been linked to an entrant).
        for one in players:
            refusal = entrant_refusal(event, one)
            if refusal:
                raise ValidationError({"player": refusal})
    return _set_present(event, players, present)[0]


@transaction.atomic
def participant_add(*, event: Event, player: Player, partner: Player | None = None) -> Participant:
    """Add a late arrival, or bring back a withdrawn or absent player (with their pair); a
    player of no pair needs a `partner` of none. Raises ValidationError (`player`, `partner`)."""
    if event.format not in Event.PARTNERSHIP_FORMATS and partner is not None:
        message = gettext("Partners are for a fixed-partnership event; add the players one by one.")
        raise ValidationError({"partner": message})
    if event.federation_id is not None:
        # One person enters a championship once: two clubs entering them at the same moment
        # wait for each other here, so the second sees the first's entrant.
        Event.objects.select_for_update().filter(pk=event.pk).first()
    for field, someone in (("player", player), ("partner", partner)):
        refusal = None if someone is None else entrant_refusal(event, someone)
        if refusal:
            raise ValidationError({field: refusal})
    if partner is not None and partner.club_id != player.club_id:
        # A championship's pair is entered by its club: its partnership is that club's.
        message = gettext("%(name)s and %(partner)s play for different clubs: a pair plays for one club.")
        raise ValidationError(
            {"partner": message % {"name": shown_player_name(player), "partner": shown_player_name(partner)}}
        )
    pair = _pair_of(event, player)
    if pair is not None:
        players = [pair.partnership.first, pair.partnership.second]
        if partner is not None and partner not in players:
            message = gettext("%(name)s plays in pair %(number)s of this event, with %(partner)s.")
            other = next(p for p in players if p.pk != player.pk)
            raise ValidationError(
                {
                    "partner": message
                    % {
                        "name": shown_player_name(player),
                        "number": pair.number,
                        "partner": shown_player_name(other),
                    }
                }
            )
    elif event.format in Event.PARTNERSHIP_FORMATS:
        if partner is None:
            message = gettext("Choose the partner of %(name)s: in a pair event, players arrive in pairs.")
            raise ValidationError({"partner": message % {"name": shown_player_name(player)}})
        taken = _pair_of(event, partner)
        if taken is not None:
            message = gettext("%(name)s plays in pair %(number)s of this event already.")
            raise ValidationError(
                {"partner": message % {"name": shown_player_name(partner), "number": taken.number}}
            )
        request = PairRequest(where=gettext("The late pair"), players=(player, partner))
        (partnership,) = partnerships_ensure(club=player.club, pairs=[request], field="partner")
        # Lock the event: two late pairs at once must not take the same number.
        Event.objects.select_for_update().filter(pk=event.pk).first()
        number = (event.pairs.aggregate(last=Max("number"))["last"] or 0) + 1
        Pair.objects.create(event=event, number=number, partnership=partnership)
        players = [player, partner]
    else:
        players = [player]
    here = event.participants.filter(
        player__in=players, present=True, withdrawn_after_round__isnull=True
    ).count()
    if here == len(players):
        message = gettext("%(name)s is in the event already.")
        raise ValidationError({"player": message % {"name": shown_player_name(player)}})
    return _set_present(event, players, True)[0]


@transaction.atomic
def participant_withdraw(*, event: Event, player: Player) -> Participant:
    """A player (with their pair) leaves, results kept; Participant.DoesNotExist if absent."""
    Participant.objects.select_for_update().get(event=event, player=player)
    last = event.rounds.order_by("-number").values_list("number", flat=True).first()
    participants = []
    for someone in _together(event, player):
        participant = Participant.objects.select_for_update().filter(event=event, player=someone).first()
        if participant is None:
            continue
        participant.present = False
        participant.withdrawn_after_round = last or 0
        participant.save(update_fields=["present", "withdrawn_after_round"])
        participants.append(participant)
    standings_queue(event_id=event.pk)
    return next(p for p in participants if p.player_id == player.pk)
