"""Clubs, the people in them and their roles; federations of clubs. Design: docs/site.md#clubs"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from clubs.names import name_words_key
from clubs.numbers import MEMBER_NUMBER_MAX, number_key
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
    # The federation's person this player is (one human across clubs). PROTECT: a person is never
    # deleted from under a link, which would unlink players without anyone deciding it.
    person = models.ForeignKey(
        "Person", on_delete=models.PROTECT, null=True, blank=True, related_name="players"
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


class PlayerClaim(models.Model):
    """A member's word that they are `player` of the club's roster, until a director links the
    account to a player (that one or another) or the member leaves."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="player_claims")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_claims")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="claims")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="player_claim_once_a_member"),
        ]

    def __str__(self) -> str:
        return f"{self.user} says they are {self.player}"


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


# --- federations ----------------------------------------------------------------------------------


class Federation(models.Model):
    """Clubs under one ranking. Its officers run its pages; its clubs join by two-party consent."""

    name = NameField(_("name"), max_length=120)
    slug = models.SlugField(_("address"), unique=True)
    ranking_public = models.BooleanField(
        _("ranking is public"),
        default=False,
        help_text=_("Anyone, even without an account, may see the federation's ranking."),
    )
    # Variants ranked together in the federation's ranking, as a club's (clubs/variants.py).
    ranking_groups = models.JSONField(_("variants ranked together"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        refuse_invisible_characters(self, {"name": _("The federation's name")})


class FederationOfficer(models.Model):
    """A user who runs a federation's pages: a role of its own, never a director's over a club."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="officers")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="federation_roles"
    )
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["federation", "user"], name="federation_officer_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} at {self.federation}"


class FederationClub(models.Model):
    """A club's place in a federation: invited, then joined or declined; left when a director or an
    officer ends it (the row kept). Dates are the club's local dates."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="clubs")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="federation_places")
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    invited_at = models.DateTimeField(auto_now_add=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    joined_on = models.DateField(_("joined on"), null=True, blank=True)
    declined_on = models.DateField(_("declined on"), null=True, blank=True)
    left_on = models.DateField(_("left on"), null=True, blank=True)
    # An earlier date the officers chose for the club's games to count from, consented to by the
    # club's director on accepting; None: from the day it joined.
    counts_from = models.DateField(_("games count from"), null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-invited_at", "-pk"]
        constraints = [
            # A club is in one federation at a time.
            models.UniqueConstraint(
                fields=["club"],
                condition=models.Q(joined_on__isnull=False, left_on__isnull=True),
                name="federation_club_one_at_a_time",
            ),
            # One open invitation a federation and club.
            models.UniqueConstraint(
                fields=["federation", "club"],
                condition=models.Q(joined_on__isnull=True, declined_on__isnull=True),
                name="federation_club_one_invitation",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club} in {self.federation}"

    @property
    def shown_name(self) -> str:
        """How the federation names the club: its name once joined, the address typed before."""
        return self.club.name if self.joined_on is not None else self.club.slug

    @property
    def counted_from(self) -> datetime.date | None:
        """The first date whose games the federation counts: the earlier of joining and
        `counts_from`; None before the club joins."""
        if self.joined_on is None:
            return None
        return min(self.joined_on, self.counts_from) if self.counts_from else self.joined_on

    def counts_on(self, date: datetime.date) -> bool:
        """Whether the federation counts the club's games of `date` (club-local): from
        `counted_from` to leaving, both included."""
        start = self.counted_from
        return start is not None and start <= date and (self.left_on is None or date <= self.left_on)

    @property
    def status(self) -> str:
        """ "invited", "declined", "member" or "left"."""
        if self.joined_on is None:
            return "declined" if self.declined_on is not None else "invited"
        return "left" if self.left_on is not None else "member"


class FederationLeftOut(models.Model):
    """How many finished games of a member club's ranked events, played as a member, the federation's last
    rebuild left out: a player at the table is linked to none of its people. Derived, with the ratings."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="left_out")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    counted = models.PositiveIntegerField(default=0)
    left_out = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["federation", "club"], name="federation_left_out_once"),
        ]

    def __str__(self) -> str:
        return f"{self.club} in {self.federation}: {self.counted} counted, {self.left_out} left out"


class PersonQuerySet(models.QuerySet["Person"]):
    def of_number(self, federation_id: int, number: str) -> Person | None:
        """The federation's person whose number is `number` however written (clubs.numbers.number_key)."""
        return self.filter(federation_id=federation_id, number_key=number_key(number)).first()


class Person(models.Model):
    """One human across a federation's clubs, known by their member number. `save` keeps `name_words`
    and `number_key` those of the name and number."""

    federation = models.ForeignKey(Federation, on_delete=models.CASCADE, related_name="people")
    # As the federation writes it: as first entered (clubs.numbers.number_written), or as an officer set it.
    member_number = models.CharField(_("member number"), max_length=MEMBER_NUMBER_MAX)
    # clubs.numbers.number_key of the number: one person a number however it is written. A person
    # whose number equalled an older one's when keys came in keeps "<key>~<id>" (migration 0006).
    number_key = models.CharField(max_length=48, editable=False)
    name = NameField(_("name"), max_length=120)
    # clubs.names.name_words_key of the name: the players' suggestions look it up.
    name_words = models.CharField(max_length=120, db_index=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PersonQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["federation", "number_key"], name="person_number_key_unique_per_federation"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.member_number})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_words = name_words_key(self.name)
        if self.plain_number_key != number_key(self.member_number):
            self.number_key = number_key(self.member_number)
        fields = kwargs.get("update_fields")
        if fields is not None:
            kwargs["update_fields"] = {*fields, "name_words", "number_key"}
        super().save(*args, **kwargs)

    def clean(self) -> None:
        refuse_invisible_characters(self, {"name": _("The person's name")})
        if self.federation_id is None or self.plain_number_key == number_key(self.member_number):
            return
        holder = Person.objects.of_number(self.federation_id, self.member_number)
        if holder is not None and holder.pk != self.pk:
            message = _("%(number)s is already the number of %(name)s, written %(written)s.")
            raise ValidationError(
                {
                    "member_number": message
                    % {"number": self.member_number, "name": holder.name, "written": holder.member_number}
                }
            )

    @property
    def plain_number_key(self) -> str:
        """`number_key` without the "~<id>" of a person kept apart (migration 0006)."""
        return self.number_key.split("~")[0]


class PersonLinkRecord(models.Model):
    """One decision on a player's person: a link made or undone, who made it, when and how."""

    class Action(models.TextChoices):
        LINKED = "linked", _("linked")
        UNLINKED = "unlinked", _("unlinked")

    class How(models.TextChoices):
        DIRECTOR = "director", _("confirmed by a director of the club")
        OFFICER = "officer", _("resolved by an officer of the federation")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="person_links")
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="links")
    action = models.CharField(max_length=16, choices=Action.choices)
    how = models.CharField(max_length=16, choices=How.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.player} {self.action} {self.person} ({self.how})"


class PersonLinkConflict(models.Model):
    """A link a director asked for that the rules hold for an officer: the number's person has a
    name unlike the player's, or is linked to another player of the same club."""

    class Reason(models.TextChoices):
        NAME_DIFFERS = "name_differs", _("the person's name is not the player's")
        LINKED_IN_CLUB = "linked_in_club", _("the person is linked to another player of the club")

    class Outcome(models.TextChoices):
        CONFIRMED = "confirmed", _("confirmed")
        REFUSED = "refused", _("refused")
        WITHDRAWN = "withdrawn", _("withdrawn")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="person_conflicts")
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="conflicts")
    reasons = models.JSONField(default=list)  # Reason values
    asked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    asked_at = models.DateTimeField(auto_now_add=True)
    outcome = models.CharField(max_length=16, choices=Outcome.choices, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["asked_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"], condition=models.Q(outcome=""), name="person_conflict_one_open_a_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} as {self.person}: {self.outcome or 'waiting'}"

    def reason_labels(self) -> list[str]:
        return [str(self.Reason(reason).label) for reason in self.reasons]


class PersonRename(models.Model):
    """An officer's change of a person's name or of how their number is written: before and after,
    who and when."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="renames")
    name_before = models.CharField(max_length=120)
    name_after = models.CharField(max_length=120)
    number_before = models.CharField(max_length=MEMBER_NUMBER_MAX)
    number_after = models.CharField(max_length=MEMBER_NUMBER_MAX)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.name_before} ({self.number_before}) -> {self.name_after} ({self.number_after})"


class Invitation(models.Model):
    """An invitation by mail: to a role in a club, to be a federation's officer, or to found a member club.
    Its token is kept as a digest only; sending it again replaces it, so only the last link opens it."""

    class Kind(models.TextChoices):
        CLUB = "club", _("A role in the club")
        OFFICER = "officer", _("An officer of the federation")
        FOUND = "found", _("A new club in the federation")

    kind = models.CharField(max_length=16, choices=Kind.choices)
    email = models.EmailField(_("email address"))
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, null=True, blank=True, related_name="invitations"
    )
    federation = models.ForeignKey(
        Federation, on_delete=models.CASCADE, null=True, blank=True, related_name="invitations"
    )
    role = models.CharField(_("role"), max_length=16, choices=Membership.Role.choices, blank=True)
    language = models.CharField(max_length=8, choices=settings.LANGUAGES)  # of its mails
    token_digest = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-sent_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(kind="club", club__isnull=False) & ~models.Q(role=""))
                | (models.Q(kind__in=["officer", "found"], federation__isnull=False, club__isnull=True)),
                name="invitation_has_its_place",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.email}"

    def status_at(self, now: datetime.datetime) -> str:
        """ "accepted", "withdrawn", "expired" or "waiting" at `now`."""
        if self.accepted_at is not None:
            return "accepted"
        if self.withdrawn_at is not None:
            return "withdrawn"
        return "expired" if self.expires_at <= now else "waiting"
