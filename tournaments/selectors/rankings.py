"""Reads for club and federation rankings (rule: tournaments/domain/rankings.py)."""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count, Max, Min, Q, QuerySet, Sum

from clubs import stamps
from clubs.models import Club, Federation, Person, Player
from clubs.variants import ranking_group_label, ranking_group_of, ranking_group_variants
from clubs.viewer import shown_name, shown_person_name, viewer_among
from scoring import VARIANTS
from tournaments.domain import rankings
from tournaments.models import Event, PersonRating, PersonRatingHistory, RatingHistory, Season
from tournaments.selectors.kept import kept_get, kept_put


@dataclass(frozen=True, slots=True)
class RankingGroup:
    """A club's ranking group: its key (the variant the others rank with), variants and name."""

    key: str
    variants: tuple[str, ...]
    label: str

    @property
    def one_variant(self) -> bool:
        """Points compare only within one variant: a group of several shows none."""
        return len(self.variants) == 1


@dataclass(frozen=True, slots=True)
class RankingPeriod:
    """A season's nights, the nights between two dates (either end open), or every night."""

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
    """`variant`'s group in `club`. Raises ValueError for a variant the engine does not know."""
    return _ranking_group(variant, club.ranking_groups or {})


def _ranking_group(variant: str, together: Mapping[str, str]) -> RankingGroup:
    if variant not in VARIANTS:
        raise ValueError(f"no variant {variant!r}")
    key = ranking_group_of(variant, together)
    variants = tuple(ranking_group_variants(key, together))
    return RankingGroup(key, variants, ranking_group_label(key, together))


def club_ranking_groups(*, club: Club) -> list[RankingGroup]:
    """Groups with a rated game: the default variant's first (always), then engine order."""
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
    """`season` a club's season id, EVERY_NIGHT, or None for the current one, narrowed by
    `start` and `end`. Raises ValueError: another club's season, or an end before the start."""
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
    """The season of the club's latest night (by date, then creation); None when that night
    belongs to no season, so that the default period (every night) still holds it."""
    latest = Event.objects.filter(club=club).order_by("-date", "-pk").values("season_id")[:1]
    return Season.objects.filter(pk__in=latest).first()


def club_ranking(*, club: Club, group: str, period: RankingPeriod) -> list[rankings.RankedLine]:
    """The club's ranking of `group` over `period` (`domain.rankings.rank`), named as the page
    shows. Three queries whatever the games."""
    return _ranking(
        RatingHistory.objects.filter(player__club=club, group=group),
        "player_id",
        period,
        lambda ids: {pk: (name, ()) for pk, name in player_names(club.players.filter(pk__in=ids)).items()},
    )


def _ranking(
    history: QuerySet[Any],
    rater: str,
    period: RankingPeriod,
    names: Callable[[list[int]], dict[int, tuple[str, tuple[str, ...]]]],
) -> list[rankings.RankedLine]:
    """`history` (one group) ranked over `period` by `rater`; `names`: ids -> (name, clubs)."""
    sums = list(
        period.games(history)
        .order_by()
        .values(rater)
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
        history,
        rater,
        [(s[rater], s["first"] - 1) for s in sums] + [(s[rater], s["last"]) for s in sums],
    )
    named = names([s[rater] for s in sums])
    lines = (
        rankings.RankingLine(
            player=s[rater],
            name=named[s[rater]][0],
            games=s["games"],
            wins=s["wins"],
            draws=s["draws"],
            points=s["points"],
            victory_points=s["victory_points"],
            last_played=s["last_played"],
            rating=ends[(s[rater], s["last"])][0],
            sigma=ends[(s[rater], s["last"])][1],
            rating_before=ends.get((s[rater], s["first"] - 1), (rankings.START_RATING, 0.0))[0],
            rated_games=s["last"],
            clubs=named[s[rater]][1],
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
    history: QuerySet[Any], rater: str, wanted: Iterable[tuple[int, int]]
) -> dict[tuple[int, int], tuple[float, float]]:
    """(rater, sequence) -> (ordinal, sigma) after that game, for `wanted`."""
    wanted = [(who, sequence) for who, sequence in wanted if sequence > 0]
    if not wanted:
        return {}
    if connection.vendor == "postgresql" and len(wanted) > _FEW:
        # Thousands of pairs (a federation's 16,000 people): one array of each, matched as rows
        # (an OR of 32,000 terms took minutes to build and plan).
        table = connection.ops.quote_name(history.model._meta.db_table)
        column = connection.ops.quote_name(history.model._meta.get_field(rater.removesuffix("_id")).column)
        found = history.extra(
            where=[
                f"({table}.{column}, {table}.sequence) IN (SELECT * FROM unnest(%s::bigint[], %s::int[]))"
            ],
            params=[[who for who, _ in wanted], [sequence for _, sequence in wanted]],
        )
    else:
        match = Q()
        for who, sequence in wanted:
            match |= Q(**{rater: who, "sequence": sequence})
        found = history.filter(match)
    return {(p, s): (o, sg) for p, s, o, sg in found.values_list(rater, "sequence", "ordinal", "sigma")}


_FEW = 100  # (rater, sequence) pairs matched by an OR of each; more, by arrays (an OR of
# thousands of terms is slow to plan, and PostgreSQL's JIT compiles it for minutes, uninterruptibly)


# --- a federation's ranking ---------------------------------------------------------------------


def federation_ranking_group(*, federation: Federation, variant: str) -> RankingGroup:
    """`variant`'s group in the federation (each variant alone by default). Raises ValueError
    for a variant the engine does not know."""
    return _ranking_group(variant, federation.ranking_groups or {})


def federation_ranking_groups(*, federation: Federation) -> list[RankingGroup]:
    """The federation's groups with a counted game, engine order (Classic's always)."""
    # A person's rating in a group is there once they have a counted game in it: read from the
    # ratings (a row a person), not from the history (a row a person and game, 2,000,000).
    played = set(
        PersonRating.objects.filter(person__federation=federation)
        .order_by()
        .values_list("group", flat=True)
        .distinct()
    )
    keys = sorted(played, key=_engine_order) or [federation_default_group(federation=federation)]
    return [federation_ranking_group(federation=federation, variant=key) for key in keys]


def federation_default_group(*, federation: Federation) -> str:
    """The group the federation's ranking shows first: Classic's (the engine's first variant)."""
    return ranking_group_of(next(iter(VARIANTS)), federation.ranking_groups or {})


def federation_ranking_period(
    *, start: datetime.date | None = None, end: datetime.date | None = None
) -> RankingPeriod:
    """Dates (either end open) or every night. Raises ValueError for end < start."""
    if start and end and start > end:
        raise ValueError("the end of the period comes before its start")
    return RankingPeriod(start=start, end=end)


def federation_ranking(
    *, federation: Federation, group: str, period: RankingPeriod
) -> list[rankings.RankedLine]:
    """The federation's ranking of `group` over `period` by the club's rule, each person named
    by their strictest club (`clubs.viewer.shown_person_name`). Four queries whatever the games;
    every night: two small ones while nothing changed (`_cached_every_night`)."""
    if period.season is None and period.start is None and period.end is None:
        ratings = PersonRating.objects.filter(person__federation=federation, group=group)
        return _cached_every_night(federation, group, ratings, lambda names: _every_night(ratings, names))
    return _ranking(
        PersonRatingHistory.objects.filter(person__federation=federation, group=group),
        "person_id",
        period,
        lambda ids: person_names(federation=federation, people=ids),
    )


Names = dict[int, tuple[str, tuple[str, ...]]]  # person id -> (shown name, their clubs)


def _cached_every_night(
    federation: Federation,
    group: str,
    ratings: QuerySet[PersonRating],
    read: Callable[[Callable[[list[int]], Names]], list[rankings.RankedLine]],
) -> list[rankings.RankedLine]:
    """`read(names)` kept by the process (`selectors.kept`) under the ratings' count and newest
    row, names under `clubs.stamps`; a fresh list each call, read anew without a shared cache."""

    def named(ids: list[int]) -> Names:
        return person_names(federation=federation, people=ids)

    names = stamps.stamp(stamps.FEDERATION_NAMES)
    if names is None:
        return read(named)
    # Who is shown by initials, to whom, read here and not kept anywhere: a name by initials
    # is what a player asked for, and no lost renewal of a stamp may show it whole.
    by_initials = sorted(
        _federation_players(federation).filter(public_initials=True).values_list("pk", "person_id", "club_id")
    )
    among = viewer_among(frozenset(club for _pk, _person, club in by_initials))
    viewer = "whole" if among is None else ",".join(map(str, sorted(among)))
    initials = hashlib.blake2b(repr(by_initials).encode(), digest_size=16).hexdigest()
    names_key = f"{federation.pk}:{initials}:{names}:{viewer}"
    written = ratings.order_by().aggregate(count=Count("pk"), newest=Max("pk"))
    key = f"{names_key}:{group}:{written['count']}:{written['newest']}"
    lines = kept_get(f"lines:{key}")
    if lines is not None:
        return lines

    def kept_names(ids: list[int]) -> Names:
        known = kept_get(f"names:{names_key}")
        if known is not None and all(pk in known for pk in ids):
            return known
        fresh = named(ids)
        kept_put(f"names:{names_key}", fresh)
        return fresh

    lines = read(kept_names)
    kept_put(f"lines:{key}", lines)
    return lines


def _every_night(
    ratings: QuerySet[PersonRating], names: Callable[[list[int]], Names]
) -> list[rankings.RankedLine]:
    """The every-night ranking from the group's `ratings`' kept totals, without the history."""
    totals = ("games", "wins", "draws", "points", "victory_points", "last_played")
    rows = list(ratings.filter(games__gt=0).order_by().values_list("person_id", *totals, "ordinal", "sigma"))
    named = names([row[0] for row in rows])
    return rankings.rank(
        rankings.RankingLine(
            player=person,
            name=named[person][0],
            games=games,
            wins=wins,
            draws=draws,
            points=points,
            victory_points=victory_points,
            last_played=last_played,
            rating=ordinal,
            sigma=sigma,
            rating_before=rankings.START_RATING,
            rated_games=games,
            clubs=named[person][1],
        )
        for person, games, wins, draws, points, victory_points, last_played, ordinal, sigma in rows
    )


def _federation_players(federation: Federation) -> QuerySet[Player]:
    """Players linked to the federation's people at its clubs, past or present members."""
    return Player.objects.filter(
        person__federation=federation,
        club__federation_places__federation=federation,
        club__federation_places__joined_on__isnull=False,
    )


def person_names(*, federation: Federation, people: Iterable[int]) -> Names:
    """Person id -> (shown name, their clubs' names in `federation`, sorted); one query."""
    people = list(people)
    wanted = set(people)
    names: dict[int, str] = {}
    clubs: dict[int, set[str]] = {}
    initials_at: dict[int, set[int]] = {}
    rows = _federation_players(federation)
    if len(people) <= _FEW:
        rows = rows.filter(person_id__in=people)
    # else every linked player of the federation, the others skipped here: an IN of 16,000 ids
    # took PostgreSQL longer to parse and plan than the federation's rows took to read.
    for person_id, name, club_id, club_name, by_initials in rows.values_list(
        "person_id", "person__name", "club_id", "club__name", "public_initials"
    ):
        if person_id not in wanted:
            continue
        names[person_id] = name
        clubs.setdefault(person_id, set()).add(club_name)
        if by_initials:
            initials_at.setdefault(person_id, set()).add(club_id)
    # A person with no player left in the federation's clubs: named as stored, with no club.
    for person_id, name in Person.objects.filter(pk__in=wanted - set(names)).values_list("pk", "name"):
        names[person_id] = name
    named: Names = {}
    for pk, name in names.items():
        # Most people asked for no initials and play at one club: neither needs more work
        # (0.1 s of a 16,000-person ranking when each did).
        at = initials_at.get(pk)
        held = clubs.get(pk, ())
        named[pk] = (
            shown_person_name(name, frozenset(at)) if at else name,
            tuple(sorted(held)) if len(held) > 1 else tuple(held),
        )
    return named
