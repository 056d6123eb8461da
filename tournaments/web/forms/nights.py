"""The forms of the club's nights ahead: schedule nights (weekly until a date), move one."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, variant_choices
from tournaments.models import Event
from tournaments.services import NightInput


class NightMoveForm(forms.Form):
    """A night's date, time and place (the club's local date and time)."""

    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    start_time = forms.TimeField(label=_("Time"), widget=forms.TimeInput(attrs={"type": "time"}))
    place = forms.CharField(label=_("Place"), max_length=200, required=False)


class NightForm(NightMoveForm):
    """New nights: the first one's date and time, the game, and how long to repeat it weekly."""

    variant = forms.ChoiceField(label=_("Variant"), choices=variant_choices)
    format = forms.ChoiceField(label=_("Format"), choices=Event.Format.choices)
    repeat_until = forms.DateField(
        label=_("Repeat weekly until"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Leave it empty for one night."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["variant"].initial = club.default_variant

    def night_input(self) -> NightInput:
        data = self.cleaned_data
        return NightInput(
            date=data["date"],
            start_time=data["start_time"],
            variant=data["variant"],
            format=data["format"],
            place=data["place"],
            repeat_until=data["repeat_until"],
        )
