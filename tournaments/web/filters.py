"""django-filter filter sets for the standings and rankings tables (shape only, no rules)."""

from __future__ import annotations

import django_filters
from django.utils.translation import gettext_lazy as _


class StandingFilter(django_filters.FilterSet):
    player = django_filters.CharFilter(label=_("Player"), field_name="player__name", lookup_expr="icontains")


class RankingFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(label=_("Player"), lookup_expr="icontains")
    games_min = django_filters.NumberFilter(
        label=_("At least this many games"), field_name="games", lookup_expr="gte"
    )
