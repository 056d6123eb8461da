"""django-filter filter sets for the standings tables, and the ranking's choice of group and
period (shape only, no rules)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.text import isolated
from tournaments.models import Season
from tournaments.selectors import RankingGroup, RankingPeriod

EVERY_NIGHT = "all"  # the season choice of every night, whatever its season


class StandingFilter(django_filters.FilterSet):
    player = django_filters.CharFilter(label=_("Player"), field_name="player__name", lookup_expr="icontains")


class RankingQueryForm(forms.Form):
    """The ranking's group and period, from the query string (`variant`, `season`, `from`, `to`):
    by default the club's default variant's group and its current season (every night where
    the club has no season). A season and dates together count the season's nights between
    the dates. `variant` may name any variant of a group: the form answers with its group."""

    def __init__(
        self,
        data: Mapping[str, Any],
        *,
        group: RankingGroup,
        groups: Sequence[RankingGroup],
        seasons: Sequence[Season],
        current: Season | None,
    ) -> None:
        default_season = str(current.pk) if current is not None else EVERY_NIGHT
        super().__init__(
            {"season": default_season, **{k: v for k, v in data.items() if k in QUERY}, "variant": group.key}
        )
        listed = groups if any(g.key == group.key for g in groups) else [group, *groups]
        self.fields["variant"] = forms.ChoiceField(
            label=_("Game"), choices=[(g.key, g.label) for g in listed]
        )
        self.fields["season"] = forms.ChoiceField(
            label=_("Season"),
            # A name in a menu cannot hold <bdi>: Unicode isolates keep it in its place.
            choices=[
                (EVERY_NIGHT, _("Every night")),
                *((str(season.pk), isolated(season.name)) for season in seasons),
            ],
        )
        # `from` and `to` are words of Python: these two fields are named here, not declared.
        self.fields["from"] = forms.DateField(label=_("From"), required=False, widget=DATE)
        self.fields["to"] = forms.DateField(label=_("To"), required=False, widget=DATE)
        self.seasons = {str(season.pk): season for season in seasons}
        self.default_season = default_season

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        start, end = cleaned.get("from"), cleaned.get("to")
        if start and end and start > end:
            self.add_error("to", _("The end of the period comes before its start."))
        return cleaned

    def period(self) -> RankingPeriod:
        """The period asked for. Raises nothing: a period that does not read (its errors are
        shown beside the controls) gives the default season."""
        if not self.is_valid():
            return RankingPeriod(season=self.seasons.get(self.default_season))
        return RankingPeriod(
            season=self.seasons.get(self.cleaned_data["season"]),
            start=self.cleaned_data.get("from"),
            end=self.cleaned_data.get("to"),
        )


QUERY = ("season", "from", "to")
DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
