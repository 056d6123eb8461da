"""Forms for club settings and memberships: shape only; the services decide."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Invitation, Membership, variant_choices
from clubs.roster_files import (
    ROSTER_MAX_BYTES,
    ROSTER_TEXT_SUFFIXES,
    ROSTER_WORKBOOK_SUFFIXES,
    roster_file_text,
)
from clubs.text import NameFormField
from clubs.variants import variant_label, variant_notes
from scoring import VARIANTS


def _time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(zoneinfo.available_timezones())]


RANKED_WITH = "ranked_with_"  # the field of variant v: `ranked_with_<v>`, the variant it ranks with


class ClubSettingsForm(forms.ModelForm):
    """The club's settings; the variants ranked together are one "ranked with" choice a variant
    (`ranked_with_fields`), gathered into `ranking_groups` for the service to check."""

    time_zone = forms.ChoiceField(label=_("Time zone"), choices=_time_zone_choices)

    class Meta:
        model = Club
        fields = ("name", "time_zone", "language", "default_variant", "results_public")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["default_variant"].help_text = variant_notes()
        _add_ranked_with_fields(self, self.instance.ranking_groups or {})

    def ranked_with_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(RANKED_WITH)]

    def plain_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith(RANKED_WITH)]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        cleaned["ranking_groups"] = _ranked_together(cleaned)
        return cleaned


def _add_ranked_with_fields(form: forms.BaseForm, together: dict[str, str]) -> None:
    """One "ranked with" choice a variant (`RANKED_WITH` + the variant), from `together`."""
    for variant in VARIANTS:
        others = [(v, variant_label(v)) for v in VARIANTS if v != variant]
        form.fields[RANKED_WITH + variant] = forms.ChoiceField(
            label=variant_label(variant),
            choices=[("", _("its own ranking")), *others],
            required=False,
            initial=together.get(variant, ""),
        )


def _ranked_together(cleaned: dict[str, Any]) -> dict[str, str]:
    """The "ranked with" choices as a `ranking_groups` map, for the service to check."""
    return {
        variant: head
        for variant in VARIANTS
        if (head := cleaned.get(RANKED_WITH + variant)) and head != variant
    }


class FederationRankingGroupsForm(forms.Form):
    """The federation's variants ranked together, chosen as a club's are (`ClubSettingsForm`)."""

    def __init__(self, *args: Any, together: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _add_ranked_with_fields(self, together)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        cleaned["ranking_groups"] = _ranked_together(cleaned)
        return cleaned


class RosterUploadForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file or Excel workbook"),
        help_text=_(
            "An Excel workbook (.xlsx; its first sheet is read) or a CSV file in UTF-8, with commas, "
            "semicolons or tabs between the columns: from Excel, upload the workbook itself or save it "
            "as “CSV UTF-8 (Comma delimited)”. One player a row under a first row of column names: the "
            "name, and optionally whether the player is active (yes or no). Write them in any language "
            "of the table below; capitals and accents do not matter."
        ),
        widget=forms.FileInput(attrs={"accept": ",".join(ROSTER_TEXT_SUFFIXES + ROSTER_WORKBOOK_SUFFIXES)}),
    )

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > ROSTER_MAX_BYTES:
            raise forms.ValidationError(_("The file is too large (at most 256 KB)."))
        return roster_file_text(name=upload.name, content=upload.read())


class RosterConfirmForm(forms.Form):
    """The previewed file, sent back to be imported (checked again: nothing is trusted)."""

    # A field named like the form's `data` (the posted values): the form's metaclass moves it
    # into `base_fields`, so `self.data` stays the posted values; only the types see a clash.
    data = forms.CharField(  # type: ignore[assignment]
        widget=forms.HiddenInput, max_length=ROSTER_MAX_BYTES, strip=False
    )


class MemberInviteForm(forms.Form):
    """Add someone who has an account already."""

    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices, initial=Membership.Role.MEMBER)


class MemberCreateForm(forms.Form):
    """Create an account for someone new; the site makes up their first password."""

    new_username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices, initial=Membership.Role.MEMBER)


class MemberRoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices)


# --- federations --------------------------------------------------------------------------------


class ClubCreateForm(forms.Form):
    """A new club (`services.club_found`): its name, address, time zone and default variant."""

    name = NameFormField(label=_("Name"), max_length=120)
    slug = forms.CharField(
        label=_("Address"),
        max_length=50,
        required=False,
        help_text=_("Letters, digits and hyphens, as in the club's links; left empty, made from the name."),
    )
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=_time_zone_choices, initial="UTC")
    default_variant = forms.ChoiceField(
        label=_("Default variant"), choices=variant_choices, initial="classic"
    )


class FederationForm(forms.Form):
    """A new federation (services.FederationInput): its name and address."""

    name = NameFormField(label=_("Name"), max_length=120)
    slug = forms.CharField(
        label=_("Address"),
        max_length=50,
        required=False,
        help_text=_(
            "Letters, digits and hyphens, as in the federation's links; left empty, made from the name."
        ),
    )


class FederationInviteForm(forms.Form):
    club = forms.CharField(
        label=_("Club's address"),
        max_length=50,
        help_text=_("As in the club's links: /clubs/riverside/ is the address “riverside”."),
    )
    counts_from = forms.DateField(
        label=_("Count its games from (optional)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_(
            "Empty: the club's games count from the day it joins. An earlier date counts its ranked "
            "nights since then too, once its director accepts: the invitation says so."
        ),
    )


class FederationOfficerForm(forms.Form):
    who = forms.CharField(label=_("Username or email address"), max_length=254)


class PersonLinkForm(forms.Form):
    """A director's link of a player (services.PersonLinkInput): the member number."""

    member_number = forms.CharField(label=_("Member number"), max_length=64)


class ClubInvitationForm(forms.Form):
    """A director's invitation by mail (clubs.services.invitations.InvitationInput): address and role."""

    email = forms.EmailField(label=_("Email address"), max_length=254)
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices, initial=Membership.Role.MEMBER)


class FederationInvitationForm(forms.Form):
    """An officer's invitation by mail: an officer, or someone to found a club that joins."""

    email = forms.EmailField(label=_("Email address"), max_length=254)
    kind = forms.ChoiceField(
        label=_("Invite them"),
        choices=[
            (Invitation.Kind.OFFICER, _("to be an officer of the federation")),
            (Invitation.Kind.FOUND, _("to found their club here; it joins the federation")),
        ],
        initial=Invitation.Kind.OFFICER,
    )


class NewAccountForm(UserCreationForm):
    """A new account's username and password, twice (Django's checks); nothing is saved here."""

    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class SignUpForm(forms.Form):
    """Self sign-up's first step: the address to confirm."""

    email = forms.EmailField(label=_("Email address"), max_length=254)
