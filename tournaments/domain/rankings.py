"""A club's ranking of players over a period, in one ranking group: the order and who is ranked.

Pure; the rule: docs/rankings.md ("How the ranking works").
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.domain import ratings
from tournaments.domain.ratings import PROVISIONAL_GAMES

# A new player's rating (OpenSkill's defaults: mu 25, sigma 25/3, so 0.0): the "before" of a
# player's first game.
START_RATING = ratings.new_rating_ordinal()
SHOWN_DECIMALS = 1  # the rating's precision on the page; equal to it, players share a rank


@dataclass(frozen=True, slots=True)
class RankingLine:
    """One player's games of the period in one group. Points are Canasta points (the sides'
    game totals), victory points on each event's scale; ratings are ordinals (mu − 3 sigma)."""

    player: int
    name: str
    games: int
    wins: int
    draws: int
    points: int
    victory_points: int
    last_played: datetime.date
    rating: float  # after the player's last game of the period
    sigma: float  # its uncertainty (one standard deviation of the skill estimate)
    rating_before: float  # before the player's first game of the period
    rated_games: int  # the player's rated games in the group, up to the last of the period
    clubs: tuple[str, ...] = ()  # a federation's person: the names of their clubs

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def win_rate(self) -> float:
        """Wins over games, a fraction from 0 to 1."""
        return self.wins / self.games

    @property
    def victory_points_per_game(self) -> float:
        return self.victory_points / self.games

    @property
    def points_per_game(self) -> float:
        return self.points / self.games

    @property
    def change(self) -> float:
        """The rating's change over the period (after its last game minus before its first)."""
        return self.rating - self.rating_before


@dataclass(frozen=True, slots=True)
class RankedLine:
    line: RankingLine
    rank: int | None  # None: provisional, listed after the ranked players
    provisional: bool
    position: int  # the line's place in the ranking's order, from 1 (a sort by rank uses it)
    place: int  # the place shown: the rank, or a provisional line's place after the ranked ones


def rank(lines: Iterable[RankingLine], *, provisional_games: int = PROVISIONAL_GAMES) -> list[RankedLine]:
    """The lines in the ranking's order: settled players by rating, equal shown ratings sharing
    a rank, then provisional players without a rank but with a place after the ranked ones
    (shared the same way); equal ratings by name."""
    # Each rating rounded once (a federation ranks 16,000 lines a page load).
    shown = sorted(((round(line.rating, SHOWN_DECIMALS), line) for line in lines), key=_order)
    settled = [(rating, line) for rating, line in shown if line.rated_games >= provisional_games]
    ranked: list[RankedLine] = []
    before: float | None = None
    for position, (rating, line) in enumerate(settled, start=1):
        tied = before is not None and before == rating
        rank_ = ranked[-1].rank if tied else position
        ranked.append(RankedLine(line, rank_, False, position, rank_ or position))
        before = rating
    provisional = [(rating, line) for rating, line in shown if line.rated_games < provisional_games]
    before = None
    for position, (rating, line) in enumerate(provisional, start=len(settled) + 1):
        tied = before is not None and before == rating
        ranked.append(RankedLine(line, None, True, position, ranked[-1].place if tied else position))
        before = rating
    return ranked


def _order(shown: tuple[float, RankingLine]) -> tuple[float, str, int]:
    """A line's place in the ranking's order: its shown rating, best first, then its name."""
    rating, line = shown
    return (-rating, line.name, line.player)
