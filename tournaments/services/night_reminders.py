"""Writes for the nights' reminders by mail: a member turns them on or off; the beat's run mails
each one due once. Design: docs/running-a-night.md#before-the-night"""

from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.template import loader
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext

from clubs.models import Club
from clubs.selectors import role_in
from tournaments.models import NightReminders, NightReminderSent
from tournaments.selectors.night_reminders import Reminder, night_reminders_due, night_reminders_stop_token
from tournaments.selectors.nights import player_of

logger = logging.getLogger(__name__)


@transaction.atomic
def night_reminders_set(*, club: Club, user: User, on: bool, language: str = "") -> bool:
    """Turn `user`'s reminders of `club`'s nights on (their mails in `language`) or off; returns
    `on`. Raises ValidationError turning them on: not a member, no email address, or no player
    of the club linked to the account."""
    if not on:
        NightReminders.objects.filter(club=club, user=user).delete()
        return False
    if role_in(user=user, club=club) is None:
        raise ValidationError(gettext("Only the club's members get its reminders."))
    if not user.email:
        raise ValidationError(
            gettext("Your account has no email address to send reminders to: ask a director.")
        )
    if player_of(user=user, club=club) is None:
        raise ValidationError(gettext("Your account is linked to no player of the club: ask a director."))
    language = language if language in dict(settings.LANGUAGES) else ""
    NightReminders.objects.update_or_create(club=club, user=user, defaults={"language": language})
    return True


def night_reminders_send(*, now: datetime.datetime | None = None) -> int:
    """Mail each reminder due at `now` (`selectors.night_reminders_due`), once a night and
    account even when runs overlap; returns how many were mailed. A mail the server refuses
    is logged and tried again at the next run."""
    mailed = 0
    for reminder in night_reminders_due(now=now or timezone.now()):
        if not _claim(reminder):
            continue  # another run took it
        try:
            _mail(reminder).send()
        except Exception:  # refused, or no answer within EMAIL_TIMEOUT
            logger.exception(
                "night reminder of night %s to user %s not sent", reminder.night.pk, reminder.user.pk
            )
            NightReminderSent.objects.filter(night=reminder.night, user=reminder.user).delete()
            continue
        mailed += 1
    return mailed


def _claim(reminder: Reminder) -> bool:
    """Write the reminder as sent (committed before the mail goes); False if it is already."""
    try:
        with transaction.atomic():
            NightReminderSent.objects.create(night=reminder.night, user=reminder.user)
    except IntegrityError:
        return False
    return True


def _mail(reminder: Reminder) -> EmailMessage:
    """The reminder's mail in its language, with its one-click stop link (RFC 8058)."""
    night = reminder.night
    stop = reverse(
        "tournaments:night_reminders_stop",
        kwargs={"token": night_reminders_stop_token(club=night.club, user=reminder.user)},
    )
    stop_url = settings.SITE_URL + stop
    night_url = settings.SITE_URL + reverse("tournaments:night_detail", kwargs={"night_id": night.pk})
    with translation.override(reminder.language or settings.LANGUAGE_CODE):
        context = {
            "night": night,
            "player": reminder.player,
            "date": date_format(night.date, "DATE_FORMAT"),
            "time": night.start_time.strftime("%H:%M"),
            "variant": night.get_variant_display(),
            "night_url": night_url,
            "stop_url": stop_url,
        }
        subject = "".join(
            loader.render_to_string("tournaments/mail/night_reminder_subject.txt", context).splitlines()
        )
        body = loader.render_to_string("tournaments/mail/night_reminder_body.txt", context)
    headers = {
        "List-Unsubscribe": f"<{stop_url}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated",
    }
    return EmailMessage(subject, body, None, [reminder.user.email], headers=headers)
