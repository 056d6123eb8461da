"""Rows without a game in the standings (`domain/standings.py`): a late player before their
first game is listed after every player with one, the losers included."""

from __future__ import annotations

from tournaments.domain.standings import PLAYED, Credit, SideResult, rank_players


def _game(winners: tuple[int, ...], losers: tuple[int, ...], won: int, lost: int) -> list[SideResult]:
    return [
        SideResult(players=winners, points_for=won, points_against=lost, finished=True, won=True, drew=False),
        SideResult(players=losers, points_for=lost, points_against=won, finished=True, won=False, drew=False),
    ]


def test_a_late_player_with_no_game_is_listed_after_those_who_lost_one() -> None:
    # Round 1: 1 & 2 beat 3 & 4 by 3000 to 1200. Player 5 came late and has played nothing:
    # 0 victory points and a difference of 0, ahead of the losers' -1800 if ranked with them.
    names = {1: "Ana", 2: "Bea", 3: "Cai", 4: "Dan", 5: "Eve"}
    rows = rank_players(_game((1, 2), (3, 4), 3000, 1200), names)
    assert [(row.player, row.rank) for row in rows] == [(1, 1), (2, 1), (3, 3), (4, 3), (5, 5)]
    assert rows[3].separated_by == PLAYED
    assert rows[4].no_game and not rows[3].no_game
    assert rows[4].separated_by == ""


def test_a_game_in_play_or_a_credit_ranks_as_before() -> None:
    # Player 5 is credited 1 victory point for a missed round (the sit-out score): ranked by it,
    # ahead of the losers' 0; player 6 is in a game with points but none finished.
    names = {1: "Ana", 2: "Bea", 3: "Cai", 4: "Dan", 5: "Eve", 6: "Fay"}
    in_play = SideResult(
        players=(6,), points_for=200, points_against=0, finished=False, won=False, drew=False
    )
    rows = rank_players([*_game((1, 2), (3, 4), 3000, 1200), in_play], names, {5: Credit(victory_points=1)})
    assert [row.player for row in rows] == [1, 2, 5, 6, 3, 4]
    assert not any(row.no_game for row in rows)
