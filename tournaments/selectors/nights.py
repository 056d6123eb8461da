"""Reads for the club's nights: replies, tables, check-in, signed tokens."""

from __future__ import annotations

import datetime
import zoneinfo
from dataclasses import dataclass

from django.core import signing
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Membership, Player
from clubs.selectors import clubs_directed_by, clubs_where
from clubs.users import Requester
from tournaments.models import CheckIn, Night, NightReply, Round
from tournaments.selectors.rounds import SeatingChoice, seating_choices

DOOR_SALT = "tournaments.night-door"
REPLY_SALT = "tournaments.night-reply"
FEED_SALT = "tournaments.calendar-feed"
# What a door's or a personal link's token can be in a path: "<id>:<signature>".
NIGHT_TOKEN_PATTERN = "[0-9]{1,10}:[A-Za-z0-9_-]{20,64}"
COMING = (NightReply.Answer.COMING, NightReply.Answer.PARTNER)


def club_today(club: Club) -> datetime.date:
    """Today's date in the club's time zone."""
    return timezone.localdate(timezone=zoneinfo.ZoneInfo(club.time_zone))


def nights_visible_to(*, user: Requester) -> QuerySet[Night]:
    """The nights of the clubs `user` is a member of."""
    return Night.objects.filter(club__in=clubs_where(user=user)).select_related("club", "event")


def nights_directed_by(*, user: Requester) -> QuerySet[Night]:
    """The nights of the clubs `user` directs."""
    return Night.objects.filter(club__in=clubs_directed_by(user=user)).select_related("club", "event")


def nights_ahead(*, club: Club, limit: int | None = 12) -> list[Night]:
    """The club's nights from its today on, cancelled too, soonest first, at most `limit`."""
    nights = club.nights.filter(date__gte=club_today(club)).select_related("event")
    return list(nights[:limit] if limit else nights)


def player_of(*, user: Requester, club: Club) -> Player | None:
    """The club's active player linked to the signed-in `user`, or None."""
    if not user.is_authenticated:
        return None
    return club.players.filter(user=user, active=True).order_by("pk").first()


@dataclass(frozen=True)
class NightReplies:
    """A night's replies: who is coming (looking for a partner or not), who is not, partners
    proposed in reply order, the one left over, their tables."""

    coming: list[Player]
    not_coming: list[Player]
    looking: list[Player]
    proposed_pairs: list[tuple[Player, Player]]
    unpaired: Player | None
    tables: list[SeatingChoice]
    answers: dict[int, str]


def night_replies(*, night: Night) -> NightReplies:
    """The replies to `night` (one query for the replies)."""
    replies = list(night.replies.select_related("player").order_by("at", "pk"))
    coming = sorted((r.player for r in replies if r.answer in COMING), key=lambda p: p.name)
    looking = [r.player for r in replies if r.answer == NightReply.Answer.PARTNER]
    pairs = [(looking[i], looking[i + 1]) for i in range(0, len(looking) - 1, 2)]
    return NightReplies(
        coming=coming,
        not_coming=sorted(
            (r.player for r in replies if r.answer == NightReply.Answer.NOT_COMING), key=lambda p: p.name
        ),
        looking=looking,
        proposed_pairs=pairs,
        unpaired=looking[-1] if len(looking) % 2 else None,
        tables=night_tables(night=night, players=len(coming)),
        answers={r.player_id: r.answer for r in replies},
    )


def night_tables(*, night: Night, players: int) -> list[SeatingChoice]:
    """The tables `players` make, per odd-table choice allowed (fours alone first)."""
    return seating_choices(present=players, variant=night.variant, table_shape="", format=night.format)


@dataclass(frozen=True)
class CheckInLine:
    player: Player
    answer: str  # NightReply.Answer, or "" for no reply
    checked_in: CheckIn | None


def night_check_in_list(*, night: Night) -> list[CheckInLine]:
    """Active players for the door, those coming first, then by name, plus checked-in ones."""
    answers = dict(night.replies.values_list("player_id", "answer"))
    check_ins = {c.player_id: c for c in night.check_ins.all()}
    roster = night.club.players
    players = roster.filter(active=True, guest=False) | roster.filter(pk__in=list(check_ins))
    lines = [CheckInLine(p, answers.get(p.pk, ""), check_ins.get(p.pk)) for p in players.distinct()]
    return sorted(lines, key=lambda line: (line.answer not in COMING, line.player.name))


def nights_begun(*, nights: list[Night]) -> set[int]:
    """The ids of `nights` whose event has begun: its round 1 seated (one query)."""
    rounds = Round.objects.filter(event__night__in=nights).filter(
        Q(status=Round.Status.SEATED) | Q(number__gt=1)
    )
    return set(rounds.values_list("event__night", flat=True))


def night_check_in_refusal(*, night: Night, at_the_door: bool = False) -> str | None:
    """Why check-in is closed, or None: cancelled, or round 1 seated. The door's page opens on
    the night's date only; a director may tick before it."""
    if night.cancelled:
        return _("This night is cancelled.")
    if nights_begun(nights=[night]):
        return _("Check-in closed when round 1 was seated: the director adds late players on the event page.")
    if at_the_door and night.date != club_today(night.club):
        return _("Check-in opens on the night itself, %(date)s.") % {"date": night.date.isoformat()}
    return None


def night_reply_refusal(*, night: Night) -> str | None:
    """Why no one may reply now, or None: cancelled, begun (round 1 seated), or over."""
    return night_reply_refusals(nights=[night])[night.pk]


def night_reply_refusals(*, nights: list[Night]) -> dict[int, str | None]:
    """`night_reply_refusal` of each of `nights` (of one club), by id, in two queries."""
    if not nights:
        return {}
    begun = nights_begun(nights=nights)
    today = club_today(nights[0].club)
    refusals: dict[int, str | None] = {}
    for night in nights:
        if night.cancelled:
            refusals[night.pk] = _("This night is cancelled.")
        elif night.pk in begun:
            refusals[night.pk] = _("The night has begun: round 1 is seated, so replies are closed.")
        elif night.date < today:
            refusals[night.pk] = _("This night is over.")
        else:
            refusals[night.pk] = None
    return refusals


# --- signed addresses ---------------------------------------------------------------------------


def night_door_token(*, night: Night) -> str:
    """The token of the night's door (its QR page): the night's id, signed."""
    return signing.Signer(salt=DOOR_SALT).sign(str(night.pk))


def night_of_door_token(*, token: str) -> Night | None:
    """The night whose door `token` opens, or None for a token this site did not sign."""
    try:
        night_id = int(signing.Signer(salt=DOOR_SALT).unsign(token))
    except (signing.BadSignature, ValueError):
        return None
    return Night.objects.select_related("club", "event").filter(pk=night_id).first()


def player_reply_token(*, player: Player) -> str:
    """The player's personal link token (the player's id, signed)."""
    return signing.Signer(salt=REPLY_SALT).sign(str(player.pk))


def player_of_reply_token(*, token: str) -> Player | None:
    """The active player whose personal link `token` is, or None."""
    try:
        player_id = int(signing.Signer(salt=REPLY_SALT).unsign(token))
    except (signing.BadSignature, ValueError):
        return None
    return Player.objects.select_related("club").filter(pk=player_id, active=True).first()


def calendar_feed_token(*, user: Requester, club: Club) -> str:
    """A member's calendar feed token (club and user ids, signed), valid while a member."""
    return signing.Signer(salt=FEED_SALT).sign(f"{club.pk}-{user.pk}")


def calendar_feed_allowed(*, club: Club, token: str) -> bool:
    """Whether `token` is the club's feed token of a current member."""
    try:
        club_id, _dash, user_id = signing.Signer(salt=FEED_SALT).unsign(token).partition("-")
    except signing.BadSignature:
        return False
    if club_id != str(club.pk) or not user_id.isdigit():
        return False
    return Membership.objects.filter(club=club, user_id=int(user_id)).exists()
