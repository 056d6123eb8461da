"""django-tables2 tables: formatting only; the rows arrive computed from selectors."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from tournaments.models import Standing


class StandingTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"))
    player = tables.Column(verbose_name=_("Player"), accessor="player__name", order_by="player__name")
    match_points = tables.Column(verbose_name=_("Match points"))
    games = tables.Column(verbose_name=_("Games"))
    wins = tables.Column(verbose_name=_("Won"))
    draws = tables.Column(verbose_name=_("Drawn"))
    losses = tables.Column(verbose_name=_("Lost"))
    points_for = tables.Column(verbose_name=_("Points"))
    point_difference = tables.Column(verbose_name=_("Difference"))

    class Meta:
        model = Standing
        fields = (
            "rank",
            "player",
            "match_points",
            "games",
            "wins",
            "draws",
            "losses",
            "points_for",
            "point_difference",
        )
        order_by = ("rank",)
        attrs = {"class": "data-table", "id": "standings"}


class RankingTable(tables.Table):
    name = tables.Column(verbose_name=_("Player"))
    games = tables.Column(verbose_name=_("Games"))
    wins = tables.Column(verbose_name=_("Wins"))
    win_rate = tables.Column(verbose_name=_("Win rate"))
    total_points = tables.Column(verbose_name=_("Total points"))
    average_points = tables.Column(verbose_name=_("Points per game"))

    class Meta:
        model = Player
        fields = ("name", "games", "wins", "win_rate", "total_points", "average_points")
        attrs = {"class": "data-table", "id": "rankings"}

    def render_win_rate(self, value: float) -> str:
        return f"{value:.0%}"

    def render_average_points(self, value: float) -> str:
        return number_format(round(value), use_l10n=True)
