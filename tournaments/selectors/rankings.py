"""Reads for a club's ranking: its ranking groups, its periods, and the ranking of one group
over one period (the rule: tournaments/domain/rankings.py).

Read from the rated games (RatingHistory: one row per player per finished game of a ranked
event, with its result and the rating after it), which `services.ratings_rebuild` writes.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Max, Min, Q, QuerySet, Sum

from clubs.models import Club, Player
from clubs.variants import ranking_group_label, ranking_group_of, ranking_group_variants
from clubs.viewer import shown_name
from scoring import VARIANTS
from tournaments.domain import rankings
from tournaments.models import Event, RatingHistory, Season


@dataclass(frozen=True, slots=True)
class RankingGroup:
    """A ranking group of a club: its key (the variant the others are ranked with), its
    variants and its name for the pages."""

    key: str
    variants: tuple[str, ...]
    label: str

    @property
    def one_variant(self) -> bool:
        """Points compare only within one variant: a group of several shows none."""
        return len(self.variants) == 1


@dataclass(frozen=True, slots=True)
class RankingPeriod:
    """The games a ranking counts: a season's nights, or the nights between two dates
    (either end open), or every night (nothing given)."""

    season: Season | None = None
    start: datetime.date | None = None
    end: datetime.date | None = None

    def games(self, rows: QuerySet[RatingHistory]) -> QuerySet[RatingHistory]:
        if self.season is not None:
            rows = rows.filter(event__season=self.season)
        if self.start is not None:
            rows = rows.filter(date__gte=self.start)
        if self.end is not None:
            rows = rows.filter(date__lte=self.end)
        return rows

    @property
    def slug(self) -> str:
        """The period in a file name: the season's id, the dates, or "all"."""
        parts = [f"season-{self.season.pk}"] if self.season is not None else []
        if self.start or self.end:
            parts.append(f"{self.start or ''}--{self.end or ''}")
        return "-".join(parts) or "all"


def club_ranking_group(*, club: Club, variant: str) -> RankingGroup:
    """The ranking group of `variant` in `club` (the variant alone unless the club ranks it
    with others). Raises ValueError for a variant the rules engine does not know."""
    if variant not in VARIANTS:
        raise ValueError(f"no variant {variant!r}")
    key = ranking_group_of(variant, club.ranking_groups)
    variants = tuple(ranking_group_variants(key, club.ranking_groups))
    return RankingGroup(key, variants, ranking_group_label(key, club.ranking_groups))


def club_ranking_groups(*, club: Club) -> list[RankingGroup]:
    """The club's ranking groups with a rated game, the club's default variant's group first
    (listed even before its first game), then in the engine's order of their keys."""
    played = set(
        RatingHistory.objects.filter(player__club=club).order_by().values_list("group", flat=True).distinct()
    )
    default = ranking_group_of(club.default_variant, club.ranking_groups)
    keys = [default, *sorted(played - {default}, key=_engine_order)]
    return [club_ranking_group(club=club, variant=key) for key in keys]


def _engine_order(variant: str) -> int:
    return list(VARIANTS).index(variant) if variant in VARIANTS else len(VARIANTS)


EVERY_NIGHT = "all"  # the season asked for by a ranking of every night, whatever its season


def club_ranking_period(
    *,
    club: Club,
    season: str | None = None,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
) -> RankingPeriod:
    """The period a ranking is asked for, by the page's controls or the API's parameters alike:
    `season` a season id of the club, EVERY_NIGHT, or nothing for the club's current season
    (every night where it has none); `start` and `end` narrow it to those dates.
    Raises ValueError for a season that is not the club's, or an end before the start."""
    if start and end and start > end:
        raise ValueError("the end of the period comes before its start")
    if season == EVERY_NIGHT:
        chosen = None
    elif season:
        chosen = club.seasons.filter(pk=int(season) if season.isdigit() else 0).first()
        if chosen is None:
            raise ValueError(f"no season {season!r} in this club")
    else:
        chosen = club_current_season(club=club)
    return RankingPeriod(season=chosen, start=start, end=end)


def club_current_season(*, club: Club) -> Season | None:
    """The season of the club's latest night that belongs to one (by date, then creation)."""
    latest = (
        Event.objects.filter(club=club, season__isnull=False).order_by("-date", "-pk").values("season_id")[:1]
    )
    return Season.objects.filter(pk__in=latest).first()


def club_ranking(*, club: Club, group: str, period: RankingPeriod) -> list[rankings.RankedLine]:
    """The club's ranking of `group` over `period`, in the ranking's order
    (`domain.rankings.rank`): every player with a rated game of the group in the period, named
    as the page shows them (`display.names`).

    Three queries whatever the number of games: the period's sums by player, the ratings at the
    period's two ends, the players' names.
    """
    rows = period.games(RatingHistory.objects.filter(player__club=club, group=group))
    sums = list(
        rows.order_by()
        .values("player_id")
        .annotate(
            games=Count("pk"),
            wins=Sum("won"),
            draws=Sum("drew"),
            points=Sum("points"),
            victory_points=Sum("victory_points"),
            last_played=Max("date"),
            first=Min("sequence"),
            last=Max("sequence"),
        )
    )
    if not sums:
        return []
    ends = _ratings_at(
        club,
        group,
        [(s["player_id"], s["first"] - 1) for s in sums] + [(s["player_id"], s["last"]) for s in sums],
    )
    names = player_names(club.players.filter(pk__in=[s["player_id"] for s in sums]))
    lines = (
        rankings.RankingLine(
            player=s["player_id"],
            name=names[s["player_id"]],
            games=s["games"],
            wins=s["wins"],
            draws=s["draws"],
            points=s["points"],
            victory_points=s["victory_points"],
            last_played=s["last_played"],
            rating=ends[(s["player_id"], s["last"])][0],
            sigma=ends[(s["player_id"], s["last"])][1],
            rating_before=ends.get((s["player_id"], s["first"] - 1), (rankings.START_RATING, 0.0))[0],
            rated_games=s["last"],
        )
        for s in sums
    )
    return rankings.rank(lines)


def player_names(players: QuerySet[Player]) -> dict[int, str]:
    """Player id -> the name the viewer sees (`clubs.viewer.shown_name`)."""
    return {
        pk: shown_name(name, by_initials, club_id)
        for pk, name, by_initials, club_id in players.values_list("pk", "name", "public_initials", "club_id")
    }


def _ratings_at(
    club: Club, group: str, wanted: Iterable[tuple[int, int]]
) -> dict[tuple[int, int], tuple[float, float]]:
    """(player, sequence) -> (ordinal, sigma) after that rated game of the group, for `wanted`."""
    wanted = [(player, sequence) for player, sequence in wanted if sequence > 0]
    if not wanted:
        return {}
    match = Q()
    for player, sequence in wanted:
        match |= Q(player_id=player, sequence=sequence)
    found = RatingHistory.objects.filter(player__club=club, group=group).filter(match)
    return {(p, s): (o, sg) for p, s, o, sg in found.values_list("player_id", "sequence", "ordinal", "sigma")}
