"""Players' skill ratings from partnership games, with OpenSkill. Pure: no ORM.

Each finished game is a two-versus-two (or one-versus-one) match between its sides; the
side with the higher total wins, equal totals draw. Ratings are OpenSkill's Plackett-Luce
model (the `openskill` package, Weng-Lin Bayesian ratings): each player has a mean `mu` and
an uncertainty `sigma`, and the number shown is the conservative `ordinal` (mu − 3 sigma).
A player is *provisional* until they have played `provisional_games` rated games.

Determinism: games are rated one by one in the order given (the caller sorts them by event
date, event, round and table), and OpenSkill's update is plain arithmetic, so the same games
in the same order always give the same ratings. That is what makes a correction safe: the
service rebuilds from scratch, and the result equals a fresh rebuild by construction.

`margin=True` also feeds the two totals to OpenSkill (its `margin` option: a win by more
than MARGIN_POINTS points moves ratings more). `evaluate` measures on held-out games whether
that, or the ratings at all, predict better than the players' win rates.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

PROVISIONAL_GAMES = 10
# A margin below this many points counts as a plain win when `margin=True`: about one
# ordinary hand's swing in Canasta (a club choice, see bench/README.md for its effect).
MARGIN_POINTS = 500.0


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game as the ratings see it: the players of each side and the sides' totals."""

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


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """A player's rating right after a game (`sequence` counts the player's rated games)."""

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


def _ranks(totals: Sequence[int]) -> list[float]:
    # Rank 1 is the best; equal totals share a rank (a draw). Whole numbers, in OpenSkill's type.
    return [1 + sum(1 for other in totals if other > total) for total in totals]


def rate_games(
    games: Iterable[RatedGame],
    *,
    provisional_games: int = PROVISIONAL_GAMES,
    margin: bool = False,
    with_history: bool = True,
) -> RatingsResult:
    """Rate `games` in the order given (see the module docstring); every player starts new.

    Games with fewer than two sides, or a side with no player, are skipped.
    """
    model = _model(margin)
    current: dict[int, PlackettLuceRating] = {}
    played: dict[int, int] = {}
    history: list[HistoryPoint] = []
    for game in games:
        if len(game.sides) < 2 or not all(game.sides):
            continue
        teams = [[_get(current, model, p) for p in side] for side in game.sides]
        if margin:
            rated = model.rate(teams, scores=[float(t) for t in game.totals])
        else:
            rated = model.rate(teams, ranks=_ranks(game.totals))
        for side, team in zip(game.sides, rated, strict=True):
            for player, rating in zip(side, team, strict=True):
                current[player] = rating
                played[player] = played.get(player, 0) + 1
                if with_history:
                    history.append(
                        HistoryPoint(
                            player, game.game, played[player], rating.mu, rating.sigma, rating.ordinal()
                        )
                    )
    ratings = {
        player: PlayerRating(
            player,
            rating.mu,
            rating.sigma,
            rating.ordinal(),
            played[player],
            played[player] < provisional_games,
        )
        for player, rating in current.items()
    }
    return RatingsResult(ratings=ratings, history=history)


def _get(current: dict[int, PlackettLuceRating], model: PlackettLuce, player: int) -> PlackettLuceRating:
    rating = current.get(player)
    if rating is None:
        rating = current[player] = model.rating(name=str(player))
    return rating


# --- how well the ratings predict --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Prediction:
    """Quality of a predictor on held-out decided games: accuracy, Brier score and log loss
    of the probability that the first side wins (lower Brier and log loss are better)."""

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
    """Train on the first games, predict the last `held_out` share (decided two-side games).

    Predictors: OpenSkill without and with the margin, and the baseline: each side's mean
    win rate in the training games (a player with no games counts 0.5), turned into a
    probability as rate_a / (rate_a + rate_b).
    """
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
