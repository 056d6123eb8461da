"""The director's forms for how an event ranks, and for a season and its nights (shape only)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.core.validators import MinValueValidator
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from tournaments.display.labels import CRITERION_LABELS
from tournaments.domain import victory_points as vp
from tournaments.models import VP_SCALE_CHOICES, Event, Season
from tournaments.web.forms.fields import model_choice_field

TIE_BREAK_SLOTS = 4


def _criterion_choices() -> list[tuple[str, Any]]:
    return [("", "—")] + [
        (key, label) for key, label in CRITERION_LABELS.items() if key not in (vp.VICTORY_POINTS, vp.TIED)
    ]


class StandingsRulesForm(forms.Form):
    vp_scale = forms.ChoiceField(label=_("Victory-point scale"), choices=VP_SCALE_CHOICES)
    vp_custom = forms.CharField(
        label=_("The club's own table (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "dir": "ltr"}),
        help_text=_(
            'Only for "The club\'s own table". For example {"total": 20, "bands": [{"from": 0, '
            '"to": 99, "ahead": 10, "behind": 10}, …, {"from": 3500, "to": null, "ahead": 20, '
            '"behind": 0}]}; add "tables": {"any": […], "3": […]} for a table by round length.'
        ),
    )

    ranked = forms.BooleanField(
        label=_("Counts in the club's ranking"),
        required=False,
        help_text=_("Untick for a social night or a knockout: its games then move no ranking or rating."),
    )

    def __init__(self, data: Mapping[str, Any] | None = None, *, event: Event, **kwargs: Any) -> None:
        initial = {
            "ranked": event.ranked,
            "vp_scale": event.vp_scale,
            "vp_custom": json.dumps(event.vp_custom) if event.vp_custom else "",
        }
        for slot, criterion in enumerate(event.tie_breaks[:TIE_BREAK_SLOTS], start=1):
            initial[f"tie_break_{slot}"] = criterion
        super().__init__(data, initial=initial, **kwargs)
        for slot in range(1, TIE_BREAK_SLOTS + 1):
            self.fields[f"tie_break_{slot}"] = forms.ChoiceField(
                label=_("Tie-break %(n)s") % {"n": slot}, choices=_criterion_choices(), required=False
            )

    def clean_vp_custom(self) -> dict[str, Any]:
        text = self.cleaned_data["vp_custom"].strip()
        if not text:
            return {}
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(_("This is not valid JSON: %(error)s") % {"error": exc}) from exc
        if not isinstance(value, dict):
            raise forms.ValidationError(_("The table is a JSON object with a total and its bands."))
        return value

    def tie_breaks(self) -> list[str]:
        slots = (self.cleaned_data.get(f"tie_break_{n}") for n in range(1, TIE_BREAK_SLOTS + 1))
        return [criterion for criterion in slots if criterion]


class NightsField(forms.ModelMultipleChoiceField):
    """The club's nights, each named with its date and the season it is in."""

    def label_from_instance(self, obj: Event) -> str:
        label = f"{obj.name} · {obj.date}"
        if obj.season is not None:
            label += f" ({obj.season.name})"
        return label


class SeasonForm(forms.ModelForm):
    """A season's name, how its table counts, and which of the club's nights it gathers."""

    events = NightsField(
        label=_("Nights of this season"),
        queryset=Event.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("A night ticked here leaves the season it was in."),
    )

    class Meta:
        model = Season
        fields = ["name", "best_n", "min_nights"]

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["best_n"].validators.append(MinValueValidator(1))
        self.fields["best_n"].widget.attrs["min"] = 1
        # The club's own nights: a championship it hosts is its federation's.
        nights = club.events.filter(federation__isnull=True).select_related("season").order_by("-date", "-id")
        model_choice_field(self, "events").queryset = nights
        if self.instance.pk:
            self.fields["events"].initial = list(self.instance.events.values_list("pk", flat=True))
