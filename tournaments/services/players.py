"""Writes for a night's guests (club `Player`s marked `guest`): added by name, later merged into
their roster player."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Partnership, Player
from clubs.services import player_add
from clubs.text import name_trimmed, refuse_invisible_characters
from tournaments.models import Event, Participant, Rating, RatingHistory, Seat, SitOut, Standing
from tournaments.services.events import participant_set_present
from tournaments.services.queue import ratings_queue, standings_queue


@transaction.atomic
def guest_add(*, event: Event, name: str) -> Player:
    """Add a guest not on the roster to the night by name, seated from the next round; raises
    ValidationError (key "name") for an empty name, a name the club has, or a championship."""
    if event.federation_id is not None:
        message = _(
            "A championship has no guests: every entrant is a player of a member club with a member number."
        )
        raise ValidationError({"name": message})
    name = " ".join(part for part in name_trimmed(name).split(" ") if part)  # the rest is checked
    if not name:
        raise ValidationError({"name": _("Type the guest's name.")})
    # Before the look-up below: PostgreSQL refuses a NUL byte in a query (a 500, not a message).
    refuse_invisible_characters(Player(club=event.club, name=name), {"name": _("The player's name")})
    same = event.club.players.filter(name__iexact=name).first()
    if same is not None:
        raise ValidationError(
            {
                "name": _("%(name)s is already a player of the club: add them from the list of players.")
                % {"name": same.name}
            }
        )
    guest = player_add(club=event.club, name=name, guest=True)
    participant_set_present(event=event, player=guest, present=True)
    return guest


@transaction.atomic
def guest_merge(*, guest: Player, into: Player, merged_by: User | None = None) -> Player:
    """Merge a guest into roster player `into`, rebuilding the standings of its events and the ratings.

    Raises ValidationError when `guest` is no guest, of another club, or both played one event."""
    guest = Player.objects.select_for_update().get(pk=guest.pk)
    into = Player.objects.select_for_update().get(pk=into.pk)
    if not guest.guest:
        raise ValidationError(_("%(name)s is not a guest.") % {"name": guest.name})
    if guest.club_id != into.club_id or guest.pk == into.pk:
        raise ValidationError(_("Choose another player of the same club."))
    shared = Event.objects.filter(participants__player=guest).filter(participants__player=into).first()
    if shared is not None:
        raise ValidationError(
            _("%(guest)s and %(player)s both played in %(event)s: they cannot be one person.")
            % {"guest": guest.name, "player": into.name, "event": shared.name}
        )
    events = list(Event.objects.filter(participants__player=guest).values_list("pk", flat=True))
    Participant.objects.filter(player=guest).update(player=into)
    Seat.objects.filter(player=guest).update(player=into)
    SitOut.objects.filter(player=guest).update(player=into)
    Partnership.objects.filter(first=guest).update(first=into)
    Partnership.objects.filter(second=guest).update(second=into)
    # Derived rows: rebuilt below from the games, now under `into`.
    Standing.objects.filter(player=guest).delete()
    RatingHistory.objects.filter(player=guest).delete()
    Rating.objects.filter(player=guest).delete()
    guest._history_user = merged_by
    guest._change_reason = f"merged into {into.name} (#{into.pk})"
    guest.delete()
    for event_id in events:
        standings_queue(event_id=event_id)
    ratings_queue(club_id=into.club_id)
    return into
