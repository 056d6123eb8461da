"""Writes for the club's nights ahead: schedule, move or cancel them; a player's reply; the
check-in at the door; the night's event created from its check-in."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.formats import date_format
from django.utils.translation import gettext

from clubs.models import Club, Player
from clubs.variants import variant_label
from scoring import VARIANTS
from tournaments.models import CheckIn, Event, Night, NightReply
from tournaments.selectors.nights import night_check_in_refusal, night_replies, night_reply_refusal
from tournaments.services.events import EventInput, event_create, participant_set_present

# A season of weekly nights at most: a longer repeat is a typing slip.
MOST_NIGHTS = 60


@dataclass(frozen=True)
class NightInput:
    """A night (or, with `repeat_until`, one a week up to that date) as a director asks for it."""

    date: datetime.date
    start_time: datetime.time
    variant: str
    format: str = Event.Format.INDIVIDUAL
    place: str = ""
    repeat_until: datetime.date | None = None


def nights_schedule(*, club: Club, asked: NightInput) -> list[Night]:
    """Schedule the night `asked` for, and one each week after it up to `repeat_until`.
    Raises ValidationError (field `repeat_until`, `variant` or `format`): a repeat ending
    before the first night, more than MOST_NIGHTS nights, a variant or format not known."""
    until = asked.repeat_until or asked.date
    if until < asked.date:
        raise ValidationError({"repeat_until": gettext("The repeat ends before the first night.")})
    dates = []
    day = asked.date
    while day <= until:
        dates.append(day)
        day += datetime.timedelta(weeks=1)
    if len(dates) > MOST_NIGHTS:
        message = gettext("That repeat makes %(count)s nights; schedule at most %(most)s at once.")
        raise ValidationError({"repeat_until": message % {"count": len(dates), "most": MOST_NIGHTS}})
    nights = [
        Night(
            club=club,
            date=day,
            start_time=asked.start_time,
            variant=asked.variant,
            format=asked.format,
            place=asked.place,
        )
        for day in dates
    ]
    for night in nights:
        night.full_clean(exclude=["club", "event"])
    with transaction.atomic():
        return Night.objects.bulk_create(nights)


@transaction.atomic
def night_move(*, night: Night, date: datetime.date, start_time: datetime.time, place: str) -> Night:
    """Move the night to another date, time or place; calendars see the change (its sequence
    rises). Raises ValidationError: the night cancelled, or its event created already."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    _refuse_changes(night)
    if (night.date, night.start_time, night.place) != (date, start_time, place):
        night.date, night.start_time, night.place = date, start_time, place
        night.sequence += 1
        night.full_clean(exclude=["club", "event"])
        night.save()
    return night


@transaction.atomic
def night_cancel(*, night: Night) -> Night:
    """Cancel the night: it stays in the calendar, marked cancelled. Raises ValidationError as
    `night_move`."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    _refuse_changes(night)
    night.cancelled = True
    night.sequence += 1
    night.save(update_fields=["cancelled", "sequence", "updated_at"])
    return night


def _refuse_changes(night: Night) -> None:
    if night.cancelled:
        raise ValidationError(gettext("This night is cancelled."))
    if night.event_id is not None:
        raise ValidationError(gettext("The night's event is created: change the event instead."))


def night_reply_set(*, night: Night, player: Player, answer: str, by: User | None = None) -> NightReply:
    """Record the player's reply to the night (a later one replaces it). Raises ValidationError:
    a player of another club, an answer not known, the night cancelled or over."""
    if player.club_id != night.club_id:
        raise ValidationError(gettext("The player belongs to another club."))
    if answer not in NightReply.Answer.values:
        raise ValidationError(gettext("Choose coming, not coming or looking for a partner."))
    refusal = night_reply_refusal(night=night)
    if refusal:
        raise ValidationError(refusal)
    reply, _created = NightReply.objects.update_or_create(
        night=night, player=player, defaults={"answer": answer, "by": by}
    )
    return reply


@transaction.atomic
def night_check_in(
    *,
    night: Night,
    player: Player,
    present: bool,
    how: str,
    by: User | None = None,
    at_the_door: bool = False,
) -> bool:
    """Mark the player present at the night (or not, `present` False), and the event's
    participant with it once the event exists. Returns whether the player is checked in.
    Raises ValidationError: a player of another club or inactive, the check-in closed
    (`selectors.night_check_in_refusal`), the event's own refusal."""
    night = Night.objects.select_for_update(of=("self",)).select_related("club", "event").get(pk=night.pk)
    if player.club_id != night.club_id or not player.active:
        raise ValidationError(gettext("The player is not on the club's roster."))
    refusal = night_check_in_refusal(night=night, at_the_door=at_the_door)
    if refusal:
        raise ValidationError(refusal)
    if present:
        CheckIn.objects.get_or_create(night=night, player=player, defaults={"how": how, "by": by})
    else:
        CheckIn.objects.filter(night=night, player=player).delete()
    if night.event is not None:
        participant_set_present(event=night.event, player=player, present=present)
    return present


@transaction.atomic
def night_event_create(*, night: Night) -> Event:
    """Create the night's event with the players checked in; at a night of fixed partnerships
    the proposed partners are paired first. Raises ValidationError: the night cancelled, its
    event created already, or `event_create`'s refusal (too few players)."""
    night = Night.objects.select_for_update(of=("self",)).select_related("club").get(pk=night.pk)
    if night.cancelled:
        raise ValidationError(gettext("This night is cancelled."))
    if night.event_id is not None:
        raise ValidationError(gettext("The night's event is created already."))
    checked = {c.player_id for c in night.check_ins.all()}
    proposed = [p for pair in night_replies(night=night).proposed_pairs for p in pair]
    first = [p for p in proposed if p.pk in checked and _partner_here(p, proposed, checked)]
    rest = night.club.players.filter(pk__in=checked).exclude(pk__in=[p.pk for p in first]).order_by("name")
    label = variant_label(night.variant, VARIANTS[night.variant].name)
    name = gettext("%(variant)s night, %(date)s") % {"variant": label, "date": date_format(night.date)}
    event = event_create(
        club=night.club,
        asked=EventInput(
            name=name, date=night.date, variant=night.variant, format=night.format, players=[*first, *rest]
        ),
    )
    night.event = event
    night.save(update_fields=["event", "updated_at"])
    return event


def _partner_here(player: Player, proposed: list[Player], checked: set[int]) -> bool:
    """Whether the partner proposed to `player` (its neighbour in `proposed`) is checked in too."""
    index = proposed.index(player)
    partner = proposed[index + 1] if index % 2 == 0 else proposed[index - 1]
    return partner.pk in checked
