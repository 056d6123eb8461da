"""Reads for a club's ranking table: each player's games, wins and points, and their rank."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from django.db.models import F, FloatField, QuerySet, Sum, Window
from django.db.models.functions import Cast, NullIf, Rank

from clubs.models import Club, Player

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class RankingFigures(TypedDict):
    """What `club_rankings` adds to each player."""

    games: int
    wins: int
    total_points: int
    win_rate: float | None
    average_points: float | None


def club_rankings(*, club: Club) -> QuerySet[WithAnnotations[Player, RankingFigures]]:
    """Each player of the club with games, wins, win rate, total points and average per game.

    Counts finished games of every event of the club, from the derived standings rows.
    Win rate is a fraction (0 to 1); points are Canasta points of finished games.
    """
    games = Sum("standings__games", default=0)
    wins = Sum("standings__wins", default=0)
    points = Sum("standings__finished_points", default=0)
    return (
        Player.objects.filter(club=club)
        .annotate(games=games, wins=wins, total_points=points)
        .annotate(
            win_rate=Cast(F("wins"), FloatField()) / NullIf(Cast(F("games"), FloatField()), 0.0),
            average_points=Cast(F("total_points"), FloatField())
            / NullIf(Cast(F("games"), FloatField()), 0.0),
        )
        .order_by("-wins", "-total_points", "name")
    )


def club_ranks(*, club: Club) -> dict[int, int]:
    """Player id -> rank in the club's rankings, in one query.

    The order of `club_rankings`: most wins, then most points; players equal on both share a
    rank (1, 2, 2, 4). Only players with a finished game are ranked; the others are absent.
    A filter or a sort of the rankings table leaves these ranks as they are.
    """
    ranked = (
        club_rankings(club=club)
        .filter(games__gt=0)
        .annotate(rank=Window(Rank(), order_by=[F("wins").desc(), F("total_points").desc()]))
        .order_by()
    )
    return dict(ranked.values_list("pk", "rank"))
