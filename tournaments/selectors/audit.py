"""The club's audit trail from django-simple-history's records: who created, changed, confirmed or
deleted what, and when (a table link or a task records no user)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from clubs.models import Club, Membership, Player
from clubs.text import isolated
from tournaments.models import Event, Hand, Round, SideEntry
from tournaments.selectors.scope import events_held


@dataclass(frozen=True, slots=True)
class AuditLine:
    when: datetime
    who: str
    what: str
    action: str
    detail: str


def _who(record: Any) -> str:
    user = record.history_user
    return user.get_username() if user is not None else _("(table link or system)")


def _lines(records: list[Any], fields: tuple[str, ...], describe: Callable[[Any], str]) -> list[AuditLine]:
    """One line per record; a change names the fields that changed (before → after)."""
    lines = []
    previous: dict[int, Any] = {}
    for record in sorted(records, key=lambda r: (r.history_date, r.history_id)):
        before = previous.get(record.id)
        previous[record.id] = record
        detail = ""
        if record.history_type == "+":
            action = _("created")
        elif record.history_type == "-":
            action = _("deleted")
        elif (
            before is not None
            and "confirmed_at" in fields
            and record.confirmed_at
            and not before.confirmed_at
        ):
            action, detail = _("confirmed"), record.confirmed_by_side
        else:
            action = _("changed")
            if before is not None:
                changed = [f for f in fields if getattr(before, f) != getattr(record, f)]
                if not changed:
                    continue  # saved with nothing worth showing changed (e.g. updated_at only)
                detail = ", ".join(f"{f}: {_shown(f, before)} → {_shown(f, record)}" for f in changed)
        reason = getattr(record, "history_change_reason", None)
        if reason:  # a director's change after the results were final
            detail = _("%(detail)s · reason: %(reason)s") % {"detail": detail, "reason": reason}
        lines.append(AuditLine(record.history_date, _who(record), describe(record), action, detail))
    return lines


def _shown(field: str, record: Any) -> object:
    """A field's value in a change line; a name isolated, so it cannot turn the line around."""
    value = getattr(record, field)
    return isolated(value) if field == "name" else value


HAND_FIELDS = ("version", "confirmed_at")
# The event's state and the director's ranking rules (scale, own table, tie-break order).
EVENT_FIELDS = ("status", "name", "date", "vp_scale", "vp_custom", "tie_breaks")
CLUB_FIELDS = ("name", "time_zone", "language", "default_variant", "results_public")
PLAYER_FIELDS = ("name", "active", "user")  # the account linked too


def _where(game: Any) -> str:
    table = game.table
    return _("%(event)s, round %(round)s, table %(table)s") % {
        "event": isolated(table.round.event.name),
        "round": table.round.number,
        "table": table.number,
    }


def club_audit(*, club: Club, limit: int = 200) -> list[AuditLine]:
    """The club's latest `limit` changes per kind, merged, newest first, over the events it holds."""

    def recent(queryset: Any) -> list[Any]:
        return list(queryset.select_related("history_user").order_by("-history_date")[:limit])

    held = events_held().filter(club=club).values("pk")
    hands = recent(
        Hand.history.filter(game__table__round__event__in=held).select_related("game__table__round__event")
    )
    # Through the hands' history, not the hands: a deleted hand keeps its entries' records.
    club_hands = Hand.history.filter(game__table__round__event__in=held)
    entries = recent(SideEntry.history.filter(hand_id__in=club_hands.values("id")))
    hand_of = {
        r.id: r
        for r in club_hands.filter(id__in={e.hand_id for e in entries}).select_related(
            "game__table__round__event"
        )
    }
    rounds = recent(Round.history.filter(event__in=held).select_related("event"))
    events = recent(Event.history.filter(club=club).filter(Q(federation__isnull=True) | Q(id__in=held)))
    memberships = recent(Membership.history.filter(club=club).select_related("user"))
    players = recent(Player.history.filter(club=club))  # added by hand or by a roster import
    clubs = recent(Club.history.filter(id=club.pk))

    lines = [
        *_lines(
            hands,
            HAND_FIELDS,
            lambda r: _("Hand %(n)s · %(where)s") % {"n": r.number, "where": _where(r.game)},
        ),
        *_lines(
            entries,
            ("score",),
            lambda r: (
                _("Hand %(n)s, side %(side)s · %(where)s")
                % {"n": hand_of[r.hand_id].number, "side": r.side, "where": _where(hand_of[r.hand_id].game)}
            ),
        ),
        *_lines(
            rounds,
            ("status", "locked"),
            lambda r: (
                _("Seating of round %(n)s · %(event)s") % {"n": r.number, "event": isolated(r.event.name)}
            ),
        ),
        *_lines(events, EVENT_FIELDS, lambda r: _("Event %(name)s") % {"name": isolated(r.name)}),
        *_lines(memberships, ("role",), lambda r: _("Role of %(user)s") % {"user": r.user.get_username()}),
        *_lines(players, PLAYER_FIELDS, lambda r: _("Player %(name)s") % {"name": isolated(r.name)}),
        *_lines(clubs, CLUB_FIELDS, lambda r: _("Club settings")),
    ]
    return sorted(lines, key=lambda line: line.when, reverse=True)
