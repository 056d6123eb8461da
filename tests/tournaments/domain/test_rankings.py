"""The ranking's order (tournaments/domain/rankings.py), on lines made by hand."""

from __future__ import annotations

import datetime

from tournaments.domain.rankings import START_RATING, RankingLine, rank

DAY = datetime.date(2026, 11, 27)


def _line(name: str, rating: float, rated_games: int, *, player: int = 0) -> RankingLine:
    return RankingLine(
        player=player or hash(name) % 1000,
        name=name,
        games=2,
        wins=1,
        draws=0,
        points=1000,
        victory_points=2,
        last_played=DAY,
        rating=rating,
        sigma=2.0,
        rating_before=START_RATING,
        rated_games=rated_games,
    )


def test_settled_players_rank_by_rating_sharing_a_rank_when_equal_as_shown():
    ranked = rank(
        [
            _line("Cal", 12.04, 30),
            _line("Ann", 15.0, 12),
            _line("Bea", 12.0, 10),  # 12.04 and 12.0 both read 12.0: Bea and Cal share rank 2
            _line("Dan", 3.5, 200),
        ],
        provisional_games=10,
    )
    assert [(r.line.name, r.rank, r.position) for r in ranked] == [
        ("Ann", 1, 1),
        ("Bea", 2, 2),
        ("Cal", 2, 3),
        ("Dan", 4, 4),
    ]


def test_a_provisional_player_is_listed_after_every_settled_one_without_a_rank():
    # Eve's 40.0 from 3 games does not rank above Dan's 3.5 from 200.
    ranked = rank([_line("Dan", 3.5, 200), _line("Eve", 40.0, 3), _line("Fay", 1.0, 9)], provisional_games=10)
    assert [(r.line.name, r.rank, r.provisional, r.position, r.place) for r in ranked] == [
        ("Dan", 1, False, 1, 1),
        ("Eve", None, True, 2, 2),
        ("Fay", None, True, 3, 3),
    ]


def test_provisional_players_of_equal_shown_ratings_share_their_place_as_ranked_ones_share_a_rank():
    # A new ranking's first night: two pairs, each partner rated alike (2.43 and -1.50), no one ranked.
    lines = [
        _line("Ann", -1.498, 1),
        _line("Bob", -1.502, 1),
        _line("Cat", 2.430, 1),
        _line("Dan", 2.4301, 1),
    ]
    ranked = rank(lines, provisional_games=10)
    assert [(r.line.name, r.rank, r.place) for r in ranked] == [
        ("Cat", None, 1),
        ("Dan", None, 1),
        ("Ann", None, 3),
        ("Bob", None, 3),
    ]


def test_a_lines_figures_per_game_and_change():
    line = RankingLine(
        player=1,
        name="Ann",
        games=4,
        wins=3,
        draws=1,
        points=5000,
        victory_points=7,
        last_played=DAY,
        rating=6.5,
        sigma=3.0,
        rating_before=2.0,
        rated_games=4,
    )
    assert (line.losses, line.win_rate, line.victory_points_per_game, line.points_per_game) == (
        0,
        0.75,
        1.75,
        1250,
    )
    assert line.change == 4.5
    assert START_RATING == 0.0  # OpenSkill's new player: mu 25 minus 3 times sigma 25/3
