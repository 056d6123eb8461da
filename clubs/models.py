"""Clubs, the people in them and their roles.

A Player is anyone who sits at a table; a Membership gives a user account a role in a club.
A player may be linked to a user account, but need not be (guests are scored too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from clubs.text import NameField, refuse_invisible_characters
from clubs.variants import variant_label
from scoring import VARIANTS

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def variant_choices() -> list[tuple[str, str]]:
    """The variants the rules engine knows, for model and form choices."""
    return [(key, variant_label(key, rules.name)) for key, rules in VARIANTS.items()]


class Club(models.Model):
    name = NameField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), unique=True)
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC")
    default_variant = models.CharField(
        _("default variant"), max_length=32, choices=variant_choices, default="classic"
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        blank=True,
        help_text=_("The language of the club's pages for visitors who have not chosen one."),
    )
    results_public = models.BooleanField(
        _("results are public"),
        default=False,
        help_text=_("Anyone, even without an account, may see the event standings and player rankings."),
    )
    # Variants ranked together: {variant: the variant it is ranked with}; a variant not named
    # is ranked alone (clubs/variants.py, `ranking_group_of`).
    ranking_groups = models.JSONField(_("variants ranked together"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()  # settings changes, e.g. results made public (audit page)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        refuse_invisible_characters(self, {"name": _("The club's name")})


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = NameField(_("name"), max_length=120)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
    )
    active = models.BooleanField(_("active"), default=True)
    guest = models.BooleanField(
        _("guest"),
        default=False,
        help_text=_("Added on the night by name, not on the roster; can be merged into a roster player."),
    )
    public_initials = models.BooleanField(
        _("shown by initials on public pages"),
        default=False,
        help_text=_("At the player's request: pages anyone can open show the initials, not the name."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()  # who added, renamed or deactivated a player (audit page)
    # Not columns: who and why, for django-simple-history's row of the next save or delete
    # (its documented `_history_user`, in place of the request's user, and `_change_reason`).
    _history_user: User | None
    _change_reason: str | None

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="player_name_unique_per_club"),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        refuse_invisible_characters(self, {"name": _("The player's name")})


class Membership(models.Model):
    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        SCORER = "scorer", _("Scorer")
        MEMBER = "member", _("Member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=16, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()  # who gave or changed a role (audit page)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_unique_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) at {self.club}"


class Partnership(models.Model):
    """Two players who play as one side through a fixed-partnership event."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="partnerships")
    first = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(_("name"), max_length=120, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "first", "second"], name="partnership_unique_per_club"),
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")),
                name="partnership_players_ordered",
            ),
        ]

    def __str__(self) -> str:
        return self.name or f"{self.first} & {self.second}"
