"""Writes for a federation's championships, `Event`s with `federation` set (docs/federation.md,
"Championships"): create one at a member club and enter its entrants."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext

from clubs.models import Club, Federation, Player
from clubs.selectors import member_clubs, member_places
from clubs.viewer import shown_player_name
from tournaments import selectors
from tournaments.models import Event
from tournaments.services.events import EventInput, entrant_refusal, event_create, participant_add


@transaction.atomic
def championship_create(*, federation: Federation, host: Club, asked: EventInput) -> Event:
    """Create the championship `asked` for at `host`, a member club now, entrants optional; raises
    ValidationError as `services.event_create` does (field `club` for a non-member host)."""
    return event_create(club=host, asked=asked, federation=federation)


def championship_enter(
    *, event: Event, players: Sequence[Player] = (), pairs: Sequence[tuple[Player, Player]] = ()
) -> list[Player]:
    """Enter `players`, or `pairs` of one club each, into the championship; returns those entered.

    After its first round they arrive as late players. All or nothing: raises ValidationError (field
    `players`) naming each refusal (`services.entrant_refusal`; a finished championship)."""
    if event.federation_id is None:
        raise ValidationError({"players": gettext("Entrants are entered in a championship only.")})
    if event.status == Event.Status.FINISHED:
        raise ValidationError({"players": gettext("The championship is finished.")})
    partnership_format = event.format in Event.PARTNERSHIP_FORMATS
    if (partnership_format and players) or (not partnership_format and pairs):
        message = (
            gettext("A pair championship takes pairs: two players of one club each.")
            if partnership_format
            else gettext("An individual championship takes players one by one, not pairs.")
        )
        raise ValidationError({"players": message})
    entered: list[Player] = []
    with transaction.atomic():
        refusals: list[str] = []
        for first, second in [(p, None) for p in players] + [(a, b) for a, b in pairs]:
            try:
                participant_add(event=event, player=first, partner=second)
            except ValidationError as exc:
                refusals.extend(exc.messages)
            else:
                entered.extend(p for p in (first, second) if p is not None)
        if refusals:
            transaction.set_rollback(True)
            raise ValidationError({"players": refusals})
    return entered


@dataclass(frozen=True)
class Qualified:
    """A qualification's result: the players entered in ranking order, and those passed over with why."""

    entered: list[Player]
    passed_over: list[tuple[str, str]] = field(default_factory=list)


QUALIFY_FROM_CLUBS = "clubs"  # the top N of each member club's ranking
QUALIFY_FROM_FEDERATION = "federation"  # the top N of the federation's ranking


@transaction.atomic
def championship_qualify(
    *,
    event: Event,
    source: str,
    top: int,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
) -> Qualified:
    """Enter the top `top` of the variant group's ranking from `start` to `end` (either open).

    `source`: QUALIFY_FROM_CLUBS or QUALIFY_FROM_FEDERATION. Individual championships only; who is
    passed over: docs/writes-and-reads.md#qualifying-for-a-championship. Raises ValidationError
    (field `top`, `end` or `source`; a finished championship)."""
    if event.federation_id is None or event.format in Event.PARTNERSHIP_FORMATS:
        message = gettext("Rankings qualify players for an individual championship; clubs enter pairs.")
        raise ValidationError({"source": message})
    if event.status == Event.Status.FINISHED:
        raise ValidationError({"source": gettext("The championship is finished.")})
    if top < 1:
        raise ValidationError({"top": gettext("Qualify at least one player.")})
    if start and end and start > end:
        raise ValidationError({"end": gettext("The period ends before it starts.")})
    federation = event.federation
    assert federation is not None
    period = selectors.RankingPeriod(start=start, end=end)
    if source == QUALIFY_FROM_CLUBS:
        clubs = member_clubs(federation_id=federation.pk)
        lists = [_club_top(club, event.variant, period) for club in clubs]
    elif source == QUALIFY_FROM_FEDERATION:
        lists = [_federation_top(federation, event.variant, period)]
    else:
        raise ValidationError({"source": gettext("Choose the ranking that qualifies.")})
    entered: list[Player] = []
    passed_over: list[tuple[str, str]] = []
    entries = {entry.player_id: entry for entry in event.participants.all()}  # one query, not one a player
    for ranked in lists:
        taken = 0
        for player in ranked:
            if taken == top:
                break
            entry = entries.get(player.pk)
            if entry is not None and entry.withdrawn_after_round is not None:
                # A director withdrew them: a ranking does not bring them back.
                message = gettext("%(name)s withdrew from the championship.")
                passed_over.append((player.name, message % {"name": player.name}))
                continue
            if entry is not None:
                taken += 1  # in already: counts among the club's top, entered once
                continue
            refusal = entrant_refusal(event, player)
            if refusal:
                passed_over.append((shown_player_name(player), refusal))
                continue
            participant_add(event=event, player=player)
            entered.append(player)
            taken += 1
    return Qualified(entered, passed_over)


def _club_top(club: Club, variant: str, period: selectors.RankingPeriod) -> list[Player]:
    """The club's players of the variant's group over `period`, in the ranking's order."""
    group = selectors.club_ranking_group(club=club, variant=variant)
    lines = selectors.club_ranking(club=club, group=group.key, period=period)
    players = Player.objects.select_related("club", "person").in_bulk([line.line.player for line in lines])
    return [players[line.line.player] for line in lines if line.line.player in players]


def _federation_top(federation: Federation, variant: str, period: selectors.RankingPeriod) -> list[Player]:
    """The federation's people of the group over `period`, ranked, each as the player they enter as."""
    group = selectors.federation_ranking_group(federation=federation, variant=variant)
    lines = selectors.federation_ranking(federation=federation, group=group.key, period=period)
    people = [line.line.player for line in lines]
    members = member_places(federation=federation).values("club_id")
    candidates = (
        Player.objects.filter(person_id__in=people, club__in=members)
        .annotate(played=Count("seats"))
        .select_related("club", "person")
        .order_by("person_id", "-played", "pk")
    )
    chosen: dict[int, Player] = {}
    for player in candidates:
        assert player.person_id is not None
        chosen.setdefault(player.person_id, player)
    return [chosen[person] for person in people if person in chosen]
