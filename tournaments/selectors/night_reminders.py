"""Reads for the nights' reminders by mail: whose are on, which are due, the stop link's token."""

from __future__ import annotations

import datetime
import zoneinfo
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core import signing

from clubs.models import Club, Membership, Player
from clubs.users import Requester
from tournaments.models import Night, NightReminders, NightReminderSent, NightReply
from tournaments.selectors.nights import COMING

REMINDERS_SALT = "tournaments.night-reminders-stop"
# What a stop link's token can be in a path: "<club id>-<user id>:<signature>".
REMINDERS_TOKEN_PATTERN = "[0-9]{1,10}-[0-9]{1,10}:[A-Za-z0-9_-]{20,64}"
# The club's local hour from which the day before's reminders are mailed (the beat's hourly run).
REMINDER_HOUR = 10


def night_reminders_of(*, user: Requester, club: Club) -> NightReminders | None:
    """`user`'s reminders of `club`'s nights, or None when they are off."""
    if not user.is_authenticated:
        return None
    return NightReminders.objects.filter(club=club, user=user).first()


@dataclass(frozen=True)
class Reminder:
    """A reminder to mail: the night, the account, its player coming, the mail's language."""

    night: Night
    user: User
    player: Player
    language: str


def _nights_tomorrow(now: datetime.datetime) -> list[Night]:
    """The nights not cancelled that are tomorrow in their club's zone, REMINDER_HOUR struck there."""
    today = now.date()
    candidates = Night.objects.filter(
        cancelled=False, date__range=(today, today + datetime.timedelta(days=2))
    ).select_related("club")
    due = []
    for night in candidates:
        local = now.astimezone(zoneinfo.ZoneInfo(night.club.time_zone))
        if night.date == local.date() + datetime.timedelta(days=1) and local.hour >= REMINDER_HOUR:
            due.append(night)
    return due


def night_reminders_due(*, now: datetime.datetime) -> list[Reminder]:
    """The reminders to mail at `now` (aware): for each night tomorrow in its club's zone once
    REMINDER_HOUR has struck there, each member with reminders on, an email address, and the
    club's active player linked to their account (the first) said coming, none mailed yet."""
    nights = _nights_tomorrow(now)
    clubs = {night.club_id for night in nights}
    wishes = list(
        NightReminders.objects.filter(club__in=clubs).exclude(user__email="").select_related("user")
    )
    members = set(Membership.objects.filter(club__in=clubs).values_list("club_id", "user_id"))
    players: dict[tuple[int, int | None], Player] = {}
    for linked in Player.objects.filter(club__in=clubs, active=True, user__isnull=False).order_by("-pk"):
        players[(linked.club_id, linked.user_id)] = linked  # the first by id wins, as `player_of`
    coming = set(
        NightReply.objects.filter(night__in=nights, answer__in=COMING).values_list("night_id", "player_id")
    )
    sent = set(NightReminderSent.objects.filter(night__in=nights).values_list("night_id", "user_id"))
    due = []
    for night in nights:
        for wish in (w for w in wishes if w.club_id == night.club_id):
            player = players.get((night.club_id, wish.user_id))
            if (
                (night.club_id, wish.user_id) in members
                and player is not None
                and (night.pk, player.pk) in coming
                and (night.pk, wish.user_id) not in sent
            ):
                language = wish.language or night.club.language
                due.append(Reminder(night, wish.user, player, language))
    return due


def night_reminders_stop_token(*, club: Club, user: User) -> str:
    """The token of the stop link in `user`'s reminders of `club` (both ids, signed)."""
    return signing.Signer(salt=REMINDERS_SALT).sign(f"{club.pk}-{user.pk}")


def night_reminders_of_stop_token(*, token: str) -> tuple[Club, User] | None:
    """The club and account whose stop link `token` is, or None for a token this site did not
    sign or whose club or account is gone."""
    try:
        club_id, _dash, user_id = signing.Signer(salt=REMINDERS_SALT).unsign(token).partition("-")
    except signing.BadSignature:
        return None
    club = Club.objects.filter(pk=int(club_id)).first()
    user = User.objects.filter(pk=int(user_id)).first()
    return (club, user) if club is not None and user is not None else None
