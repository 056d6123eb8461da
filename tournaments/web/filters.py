"""django-filter filter sets for the standings tables, and the ranking's choice of group and
period (shape only, no rules)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club
from clubs.text import isolated
from clubs.viewer import name_found_by
from tournaments.domain.rankings import RankedLine
from tournaments.models import Season
from tournaments.selectors import (
    EVERY_NIGHT,
    RankingGroup,
    RankingPeriod,
    club_ranking_period,
    federation_ranking_period,
)


class StandingFilter(django_filters.FilterSet):
    player = django_filters.CharFilter(label=_("Player"), method="filter_player")

    def filter_player(self, queryset: Any, name: str, value: str) -> Any:
        # The name as this viewer may search it (clubs/viewer.py): initials stay initials.
        return queryset.filter(name_found_by(value, prefix="player__"))


class RankingQueryForm(forms.Form):
    """The ranking's controls: group and period from `variant`, `season`, `from`, `to`, read as the
    API reads them (`selectors.club_ranking_period`; without a club, a federation's:
    `selectors.federation_ranking_period`, no season). Defaults: the club's default variant's
    group, its current season."""

    def __init__(
        self,
        data: Mapping[str, Any],
        *,
        club: Club | None,
        group: RankingGroup,
        groups: Sequence[RankingGroup],
        seasons: Sequence[Season] = (),
        current: Season | None = None,
        unknown_variant: bool = False,
    ) -> None:
        self.club = club
        self.unknown_variant = unknown_variant
        default_season = str(current.pk) if current is not None else EVERY_NIGHT
        super().__init__(
            {
                "season": default_season,
                **{k: v for k, v in data.items() if k in (*QUERY, "player")},
                "variant": group.key,
            }
        )
        listed = groups if any(g.key == group.key for g in groups) else [group, *groups]
        self.fields["variant"] = forms.ChoiceField(
            label=pgettext_lazy("the kind of game a ranking is of", "Game"),
            choices=[(g.key, g.label) for g in listed],
        )
        if club is not None:
            self.fields["season"] = forms.ChoiceField(
                label=_("Season"),
                # A name in a menu cannot hold <bdi>: Unicode isolates keep it in its place.
                choices=[
                    (EVERY_NIGHT, _("All nights")),
                    *((str(season.pk), isolated(season.name)) for season in seasons),
                ],
            )
        # `from` and `to` are words of Python: these two fields are named here, not declared.
        self.fields["from"] = forms.DateField(label=_("From"), required=False, widget=DATE)
        self.fields["to"] = forms.DateField(label=_("To"), required=False, widget=DATE)
        # Find a player: the ranking's lines whose name, as this viewer sees it, holds the text.
        self.fields["player"] = forms.CharField(label=_("Player"), required=False, max_length=80)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.unknown_variant and self.club is None:
            self.add_error("variant", _("This game is not one the federation can rank: here is its first."))
        elif self.unknown_variant:
            self.add_error("variant", _("This game is not one the club can rank: here is the club's own."))
        start, end = cleaned.get("from"), cleaned.get("to")
        if start and end and start > end:
            self.add_error("to", _("The end of the period comes before its start."))
        return cleaned

    def period(self) -> RankingPeriod:
        """The period asked for. Raises nothing: a period that does not read (its errors are
        shown beside the controls) gives the default, the current season."""
        self.is_valid()
        data = self.cleaned_data
        if self.club is None:
            if "from" in self.errors or "to" in self.errors:
                return federation_ranking_period()
            return federation_ranking_period(start=data.get("from"), end=data.get("to"))
        if any(name in self.errors for name in QUERY):  # a wrong game alone keeps the period asked
            return club_ranking_period(club=self.club)
        return club_ranking_period(
            club=self.club, season=data["season"], start=data.get("from"), end=data.get("to")
        )

    def named(self, lines: list[RankedLine]) -> list[RankedLine]:
        """The ranked `lines` of the player asked for (`?player=`, any case, by the name the viewer is
        shown), their ranks kept; all of them when none is asked."""
        self.is_valid()
        text = (self.cleaned_data.get("player") or "").strip().casefold()
        return [line for line in lines if text in line.line.name.casefold()] if text else lines


QUERY = ("season", "from", "to")
DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
