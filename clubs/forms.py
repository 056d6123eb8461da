"""Forms for club settings and memberships: shape only; the services decide."""

from __future__ import annotations

import zoneinfo

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club


def _time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(zoneinfo.available_timezones())]


class ClubSettingsForm(forms.ModelForm):
    time_zone = forms.ChoiceField(label=_("time zone"), choices=_time_zone_choices)

    class Meta:
        model = Club
        fields = ("name", "time_zone", "language", "default_variant", "results_public")
