"""A ranking table's sorts (`listings.RankedLines`): by each column, either way, the order
django-tables2's own sort of a list gives, ties kept in the ranking's order."""

from __future__ import annotations

import datetime

import pytest
from django_tables2.data import TableListData

from tournaments.domain.rankings import RankingLine, rank
from tournaments.web.listings import FederationRankingTable, RankedLines, RankingTable

D = datetime.date


def _line(player: int, name: str, rating: float, rated_games: int, games: int, wins: int) -> RankingLine:
    return RankingLine(
        player=player,
        name=name,
        games=games,
        wins=wins,
        draws=1 if player % 2 else 0,
        points=300 * player - 900,
        victory_points=games + wins,
        last_played=D(2026, 11, player % 3 + 1),
        rating=rating,
        sigma=1.0 + player / 10,
        rating_before=0.5 * player,
        rated_games=rated_games,
        clubs=("Avon",) if player % 2 else ("Avon", "Brook"),
    )


# Ties in every column sorted: Bea and Cal share a rating as shown, Ann twice a name (two
# people), Dan and Eve the same games, wins and date; Fay and Gus provisional.
LINES = rank(
    [
        _line(1, "Ann", 12.04, 30, 4, 2),
        _line(2, "Bea", 12.0, 12, 4, 2),
        _line(3, "Ann", 15.0, 40, 6, 3),
        _line(4, "Dan", 3.5, 200, 5, 1),
        _line(5, "Eve", -1.0, 11, 5, 1),
        _line(6, "Fay", 20.0, 3, 3, 3),
        _line(7, "Gus", -4.0, 1, 1, 0),
        _line(8, "Cal", 12.0, 10, 2, 1),
    ],
    provisional_games=10,
)


@pytest.mark.parametrize("table_class", [RankingTable, FederationRankingTable])
def test_each_column_sorts_as_the_generic_sort_of_a_list(table_class):
    extra = {"federation_slug": "north"} if table_class is FederationRankingTable else {}
    orderable = [column.name for column in table_class(LINES, **extra).columns if column.orderable]
    assert {"rank", "name", "rating", "games", "wins", "last_played", "change"} <= set(orderable)
    for name in orderable:
        for alias in (name, f"-{name}"):
            ours = table_class(list(LINES), order_by=alias, **extra)
            theirs = table_class(list(LINES), order_by=alias, **extra)
            theirs.data = TableListData(list(LINES))  # django-tables2's own sort
            theirs.data.set_table(theirs)
            theirs.data.order_by(theirs.order_by)
            assert isinstance(ours.data, RankedLines)
            assert [r.line.player for r in ours.data] == [r.line.player for r in theirs.data], alias


def test_the_default_sort_is_the_rankings_order():
    table = RankingTable(list(reversed(LINES)))
    assert [r.position for r in table.data] == list(range(1, len(LINES) + 1))


@pytest.mark.parametrize("table_class", [RankingTable, FederationRankingTable])
def test_the_nobody_ranked_notice_only_while_every_line_is_provisional(table_class):
    extra = {"federation_slug": "north"} if table_class is FederationRankingTable else {}
    provisional = [line for line in LINES if line.rank is None]  # Fay and Gus: 3 and 1 rated games
    assert [line.line.name for line in provisional] == ["Fay", "Gus"]
    assert table_class(provisional, **extra).nobody_ranked
    # One ranked line (Cal, exactly 10 rated games) is enough for a ranking: no notice.
    assert not table_class(
        [*provisional, next(line for line in LINES if line.line.name == "Cal")], **extra
    ).nobody_ranked
    assert not table_class(LINES, **extra).nobody_ranked
    assert not table_class([], **extra).nobody_ranked  # nothing played: the empty text says so
