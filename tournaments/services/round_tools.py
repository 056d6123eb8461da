"""Writes for a director's hand on a round: locks, swaps, and the moment a seating began."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from clubs.models import Player
from clubs.viewer import shown_player_name
from tournaments.models import Event, Hand, Pair, Round, Seat, SitOut, Table
from tournaments.services.queue import standings_queue


def round_seating_began(*, round_id: int) -> None:
    """Note, outside any transaction, that a worker began the round's seating; no-op unless waiting."""
    Round.objects.filter(pk=round_id, status=Round.Status.SEATING).update(seating_started_at=timezone.now())


@transaction.atomic
def round_lock(*, round: Round, locked: bool) -> Round:
    """Lock (or unlock) a round's seating: a locked round is neither reseated nor swapped."""
    round = Round.objects.select_for_update().get(pk=round.pk)
    if locked and round.status != Round.Status.SEATED:
        raise ValidationError(_("Only a seated round can be locked."))
    round.locked = locked
    round.save(update_fields=["locked"])
    return round


@transaction.atomic
def table_lock(*, table: Table, locked: bool) -> Table:
    """Keep (or release) a table when the rest of its round is seated again."""
    round = Round.objects.select_for_update().get(pk=table.round_id)
    if round.locked:
        raise ValidationError(_("The round is locked."))
    table.locked = locked
    table.save(update_fields=["locked"])
    return table


def _swap_groups(round: Round, first: Player, second: Player) -> list[tuple[Player, Player]]:
    """Who trades places with whom: the two players, or their two pairs partner with partner."""
    event = round.event
    if event.format not in Event.PARTNERSHIP_FORMATS:
        return [(first, second)]
    pairs = {
        player: pair
        for pair in event.pairs.select_related("partnership__first", "partnership__second")
        for player in (pair.partnership.first_id, pair.partnership.second_id)
    }
    mine, theirs = pairs.get(first.pk), pairs.get(second.pk)
    if mine is not None and mine == theirs:
        raise ValidationError(
            gettext("Both are in pair %(number)s; choose two pairs.") % {"number": mine.number}
        )
    if mine is None or theirs is None:
        return [(first, second)]

    def partner(pair: Pair, player: Player) -> Player:
        p = pair.partnership
        return p.second if p.first_id == player.pk else p.first

    return [(first, second), (partner(mine, first), partner(theirs, second))]


@transaction.atomic
def seats_swap(*, round: Round, first: Player, second: Player) -> Round:
    """Exchange two players' places (two pairs' in fixed partnerships), locking the tables involved.

    Raises ValidationError for a locked round, a table with hands, the same player (or pair) twice,
    two players sitting out, or a player not in the round."""
    round = Round.objects.select_for_update().select_related("event").get(pk=round.pk)
    if round.locked:
        raise ValidationError(_("The round is locked; unlock it to change the seating."))
    if round.status != Round.Status.SEATED:
        raise ValidationError(_("The round is not seated yet."))
    if first.pk == second.pk:
        raise ValidationError(_("Choose two different players."))
    groups = _swap_groups(round, first, second)
    movers = [player for group in groups for player in group]
    seats = {s.player_id: s for s in Seat.objects.filter(table__round=round, player__in=movers)}
    sitting_out = {s.player_id: s for s in SitOut.objects.filter(round=round, player__in=movers)}
    for player in movers:
        if player.pk not in seats and player.pk not in sitting_out:
            raise ValidationError(
                _("%(name)s is not in round %(number)s.")
                % {"name": shown_player_name(player), "number": round.number}
            )
    if not seats:
        raise ValidationError(_("Both players sit out; there is nothing to swap."))
    tables = {seat.table_id for seat in seats.values()}
    if Hand.objects.filter(game__table__in=tables).exists():
        raise ValidationError(_("Hands are entered at that table; its seating is kept."))
    places = {}
    for player in movers:
        seat = seats.get(player.pk)
        places[player.pk] = (seat.table_id, seat.side, seat.position) if seat else None
    Seat.objects.filter(pk__in=[s.pk for s in seats.values()]).delete()
    SitOut.objects.filter(pk__in=[s.pk for s in sitting_out.values()]).delete()
    for one, other in groups:
        for player, place in ((one, places[other.pk]), (other, places[one.pk])):
            if place is None:
                SitOut.objects.create(round=round, player=player)
            else:
                table_id, side, position = place
                Seat.objects.create(table_id=table_id, player=player, side=side, position=position)
    Table.objects.filter(pk__in=tables).update(locked=True)
    standings_queue(event_id=round.event_id)
    return round
