"""Players' skill ratings with OpenSkill's Plackett-Luce model (`openskill`); pure, no ORM.

Provisional until `provisional_games` rated games; the same games in the same order give the same
ratings. Design: docs/writes-and-reads.md ("Ratings").
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from openskill.models import PlackettLuce, PlackettLuceRating

PROVISIONAL_GAMES = 10
Rating = tuple[float, float]  # (mu, sigma)
# A margin below this many points counts as a plain win when `margin=True`: about one
# ordinary hand's swing in Canasta (a club choice).
MARGIN_POINTS = 500.0


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game for the ratings: each side's players and the sides' totals."""

    game: int
    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerRating:
    player: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    provisional: bool


class HistoryPoint(NamedTuple):
    """A rating right after a game (`sequence` counts the player's rated games)."""

    player: int
    game: int
    sequence: int
    mu: float
    sigma: float
    ordinal: float


@dataclass(slots=True)
class RatingsResult:
    ratings: dict[int, PlayerRating] = field(default_factory=dict)
    history: list[HistoryPoint] = field(default_factory=list)


def _model(margin: bool) -> PlackettLuce:
    return PlackettLuce(margin=MARGIN_POINTS) if margin else PlackettLuce()


def _ranks(totals: Sequence[int]) -> list[int]:
    # Rank 1 is the best; equal totals share a rank (a draw).
    if len(totals) == 2:
        first, second = totals
        return [1, 2] if first > second else [2, 1] if second > first else [1, 1]
    return [1 + sum(1 for other in totals if other > total) for total in totals]


def rate_games(
    games: Iterable[RatedGame],
    *,
    provisional_games: int = PROVISIONAL_GAMES,
    margin: bool = False,
    with_history: bool = True,
    start: Mapping[int, PlayerRating] | None = None,
) -> RatingsResult:
    """Rate `games` in order; players start new but those of `start` (player -> rating so far),
    who go on from it, `sequence` included. Skips games with under two sides or an empty side.
    """
    model = _model(margin)
    new = (model.mu, model.sigma)
    current: dict[int, Rating] = {}
    played: dict[int, int] = {}
    for player, known in (start or {}).items():
        current[player] = (known.mu, known.sigma)
        played[player] = known.games
    history: list[HistoryPoint] = []
    for game in games:
        sides = game.sides
        if len(sides) < 2 or not all(sides):
            continue
        teams = [[current.get(player, new) for player in side] for side in sides]
        rated = _rate_one(model, margin, sides, teams, game.totals)
        for side, team in zip(sides, rated, strict=True):
            for player, rating in zip(side, team, strict=True):
                current[player] = rating
                count = played[player] = played.get(player, 0) + 1
                if with_history:
                    mu, sigma = rating
                    history.append(HistoryPoint(player, game.game, count, mu, sigma, mu - 3.0 * sigma))
    ratings = {
        player: player_rating(player, rating, played[player], provisional_games=provisional_games)
        for player, rating in current.items()
    }
    return RatingsResult(ratings=ratings, history=history)


def new_rating_ordinal() -> float:
    """The shown rating of a player with no rated game (a new rating's ordinal)."""
    return float(PlackettLuce().rating().ordinal())


def player_rating(
    player: int, rating: Rating, games: int, *, provisional_games: int = PROVISIONAL_GAMES
) -> PlayerRating:
    """A player's rating after `games` rated games, from (mu, sigma)."""
    mu, sigma = rating
    return PlayerRating(player, mu, sigma, mu - 3.0 * sigma, games, games < provisional_games)


def _rate_one(
    model: PlackettLuce,
    margin: bool,
    sides: tuple[tuple[int, ...], ...],
    teams: list[list[Rating]],
    totals: Sequence[int],
) -> list[list[Rating]]:
    """One game rated by the package: each side's players' ratings after it, in seat order."""
    objects: dict[int, PlackettLuceRating] = {}
    for side, team in zip(sides, teams, strict=True):
        for player, (mu, sigma) in zip(side, team, strict=True):
            objects.setdefault(player, model.rating(mu=mu, sigma=sigma, name=str(player)))
    package_teams = [[objects[player] for player in side] for side in sides]
    if margin:
        rated = model.rate(package_teams, scores=[float(t) for t in totals])
    else:
        rated = model.rate(package_teams, ranks=[float(rank) for rank in _ranks(totals)])
    return [[(rating.mu, rating.sigma) for rating in team] for team in rated]


# --- how well the ratings predict --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Prediction:
    """A predictor's accuracy, Brier score and log loss on held-out decided games for "the first
    side wins" (lower Brier and log loss: better)."""

    name: str
    games: int
    accuracy: float
    brier: float
    log_loss: float


def _score(name: str, pairs: list[tuple[float, int]]) -> Prediction:
    if not pairs:
        return Prediction(name, 0, 0.0, 0.0, 0.0)
    eps = 1e-6
    accuracy = sum((p > 0.5) == bool(y) for p, y in pairs if p != 0.5) / len(pairs)
    brier = sum((p - y) ** 2 for p, y in pairs) / len(pairs)
    log_loss = -sum(math.log(max(eps, p if y else 1 - p)) for p, y in pairs) / len(pairs)
    return Prediction(name, len(pairs), accuracy, brier, log_loss)


def evaluate(games: Sequence[RatedGame], *, held_out: float = 0.2) -> list[Prediction]:
    """Train on the first games, predict the last `held_out` share (decided two-side games):
    OpenSkill without and with margin, against win rates (no games: 0.5)."""
    cut = int(len(games) * (1 - held_out))
    train, test = games[:cut], [g for g in games[cut:] if len(g.sides) == 2 and g.totals[0] != g.totals[1]]
    outcomes = [int(g.totals[0] > g.totals[1]) for g in test]
    results = []
    for margin in (False, True):
        model = _model(margin)
        fitted = rate_games(train, margin=margin, with_history=False).ratings
        pairs = []
        for game, outcome in zip(test, outcomes, strict=True):
            teams = [
                [
                    model.rating(mu=fitted[p].mu, sigma=fitted[p].sigma) if p in fitted else model.rating()
                    for p in side
                ]
                for side in game.sides
            ]
            pairs.append((model.predict_win(teams)[0], outcome))
        results.append(_score("openskill, margin" if margin else "openskill", pairs))
    wins: dict[int, int] = {}
    played: dict[int, int] = {}
    for game in train:
        ranks = _ranks(game.totals)
        for side, rank in zip(game.sides, ranks, strict=True):
            for player in side:
                played[player] = played.get(player, 0) + 1
                wins[player] = wins.get(player, 0) + (rank == 1 and ranks.count(1) == 1)

    def side_rate(side: tuple[int, ...]) -> float:
        rates = [wins[p] / played[p] if played.get(p) else 0.5 for p in side]
        return sum(rates) / len(rates)

    pairs = []
    for game, outcome in zip(test, outcomes, strict=True):
        a, b = side_rate(game.sides[0]), side_rate(game.sides[1])
        pairs.append((0.5 if a + b == 0 else a / (a + b), outcome))
    results.append(_score("win-rate baseline", pairs))
    return results
