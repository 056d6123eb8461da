"""OpenSkill's Plackett-Luce update on plain numbers. Pure: no ORM.

The rating of one game, step for step the arithmetic of the `openskill` package's
`PlackettLuce.rate` (openskill 6, `openskill/models/weng_lin/plackett_luce.py`), which
implements Algorithm 4 of Weng and Lin, "A Bayesian Approximation Method for Online Ranking",
JMLR 12 (2011). The package's method copies every team (`copy.deepcopy`, a new uuid4 per
player), checks its arguments, and builds an object per team and per player; over 100,000
games that overhead costs several times the arithmetic. Here a player's rating is a pair
`(mu, sigma)` of floats and the operations are the package's own, in the package's order, so
the results are the same floats (tests/tournaments/test_plackett_luce.py compares the two on
varied games: teams of one to three players, draws, three and four sides, with and without
the margin).

Supported: what `tournaments/domain/ratings.py` uses, the package's defaults (no weights,
the default gamma `sqrt(sigma²) / c`, no `balance`, no `limit_sigma`) and its `margin` option.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Rating = tuple[float, float]  # (mu, sigma)


@dataclass(frozen=True, slots=True)
class Model:
    """The model's parameters, the package's `PlackettLuce(...)` defaults unless given.

    `mu` and `sigma` are a new player's rating; `beta` the performance noise; `kappa` the floor
    of a variance factor; `tau` the dynamics added to sigma before each game; `margin` the
    points a win must exceed to count as a wide one (0: the margin is not used).
    """

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    kappa: float = 0.0001
    tau: float = 25.0 / 300.0
    margin: float = 0.0

    def rating(self) -> Rating:
        """A new player's rating."""
        return (self.mu, self.sigma)


def ordinal(rating: Rating) -> float:
    """The package's conservative rating `mu − 3 sigma` (its `ordinal()` with the defaults)."""
    return rating[0] - 3.0 * rating[1]


def _ranks_from_scores(scores: Sequence[float]) -> list[int]:
    # The package's `_calculate_rankings` of the negated scores: each team's rank is the index,
    # in the sorted list, of the first team with its score (0 the best; equal scores share it).
    negated = [-score for score in scores]
    first: dict[float, int] = {}
    for index, value in enumerate(sorted(negated)):
        first.setdefault(value, index)
    return [first[value] for value in negated]


def rate(
    model: Model,
    teams: Sequence[Sequence[Rating]],
    *,
    ranks: Sequence[float] | None = None,
    scores: Sequence[float] | None = None,
) -> list[list[Rating]]:
    """The teams' ratings after one game, in the order given (as the package's `rate`).

    `teams` holds two or more teams of one or more `(mu, sigma)` ratings. The result is given
    either by `ranks` (lower is better, equal ranks draw) or by `scores` (higher is better; with
    `model.margin` a wide win moves ratings more); with neither, the teams finished in the
    order given. Raises ValueError for fewer than two teams, an empty team, both `ranks` and
    `scores`, or a list of ranks or scores whose length is not the number of teams.
    """
    k = len(teams)
    if k < 2 or not all(teams):
        raise ValueError("Two or more teams of at least one player are needed.")
    if ranks is not None and scores is not None:
        raise ValueError("Give the ranks or the scores, not both.")
    for given in (ranks, scores):
        if given is not None and len(given) != k:
            raise ValueError("One rank or score a team is needed.")
    if scores:
        ranks = _ranks_from_scores(scores)
    elif not ranks:
        ranks = list(range(k))
    # Teams are rated best first (a stable sort by rank), the results put back in the order given.
    two = [1, 0] if k == 2 and ranks[1] < ranks[0] else [0, 1]
    order = two if k == 2 else sorted(range(k), key=ranks.__getitem__)
    rank = [int(ranks[i]) for i in order]
    ordered_scores = [scores[i] for i in order] if scores else None

    # Every player's sigma is widened by the dynamics tau before the game; each team's mu and
    # variance are its players' sums, added up best ordinal first as the package does (the
    # order matters to the last bit from three players on: two floats add up either way).
    tau_squared = model.tau * model.tau
    ordered: list[list[Rating]] = []
    team_mu: list[float] = []
    team_var: list[float] = []
    for i in order:
        members = [(mu, math.sqrt(sigma * sigma + tau_squared)) for mu, sigma in teams[i]]
        ordered.append(members)
        mu_sum = 0.0
        var_sum = 0.0
        for mu, sigma in sorted(members, key=ordinal, reverse=True) if len(members) > 2 else members:
            mu_sum += mu
            var_sum += sigma**2
        team_mu.append(mu_sum)
        team_var.append(var_sum)
    beta_squared = model.beta**2
    collective = 0.0
    for var in team_var:
        collective += var + beta_squared
    c = math.sqrt(collective)
    adjusted = team_mu if ordered_scores is None else _margin_adjusted(model, team_mu, ordered_scores)
    strength = [math.exp(mu / c) for mu in adjusted]
    factors = _two_team_factors(strength, rank) if k == 2 else _factors(strength, rank)

    kappa = model.kappa
    result: list[list[Rating]] = [[] for _ in range(k)]
    for i, (omega, delta) in enumerate(factors):
        var_i = team_var[i]
        omega *= var_i / c
        delta *= var_i / c**2
        delta *= math.sqrt(var_i) / c  # the default gamma
        result[order[i]] = [
            (
                mu + (sigma**2 / var_i) * omega,
                sigma * math.sqrt(max(1 - (sigma**2 / var_i) * delta, kappa)),
            )
            for mu, sigma in ordered[i]
        ]
    # (The package then averages the change of mu within each group of tied teams, but it
    # measures each change against the updated rating itself: a change of 0, nothing to do.)
    return result


def _factors(strength: list[float], rank: list[int]) -> list[tuple[float, float]]:
    """Each team's Omega and Delta before their scaling by its variance (Algorithm 4, the
    package's `_compute`), teams best first: `strength` is exp(mu / c) of each team, `rank`
    its rank (sorted)."""
    k = len(rank)
    # sum_q: the strengths of the teams ranked q or worse; a: how many teams share q's rank.
    sum_q = [0.0] * k
    for i in range(k):
        for q in range(k):
            if rank[i] >= rank[q]:
                sum_q[q] += strength[i]
    a = [rank.count(mine) for mine in rank]
    factors = []
    for i in range(k):
        strength_i = strength[i]
        rank_i = rank[i]
        omega = 0.0
        delta = 0.0
        for q in range(k):
            share = strength_i / sum_q[q]
            if rank[q] <= rank_i:
                delta += share * (1 - share) / a[q]
                if q == i:
                    omega += (1 - share) / a[q]
                else:
                    omega -= share / a[q]
        factors.append((omega, delta))
    return factors


def _two_team_factors(strength: list[float], rank: list[int]) -> list[tuple[float, float]]:
    """`_factors` of two teams (most games), the same operations in the same order unrolled:
    the better team first, a draw when the ranks are equal."""
    s0, s1 = strength
    a = 2 if rank[0] == rank[1] else 1
    sum0 = 0.0 + s0 + s1
    sum1 = 0.0 + s0 + s1 if a == 2 else 0.0 + s1
    # The better team (or the first of two tied).
    share = s0 / sum0
    delta0 = 0.0 + share * (1 - share) / a
    omega0 = 0.0 + (1 - share) / a
    if a == 2:
        share = s0 / sum1
        delta0 += share * (1 - share) / a
        omega0 -= share / a
    # The other team.
    share = s1 / sum0
    delta1 = 0.0 + share * (1 - share) / a
    omega1 = 0.0 - share / a
    share = s1 / sum1
    delta1 += share * (1 - share) / a
    omega1 += (1 - share) / a
    return [(omega0, delta0), (omega1, delta1)]


def _margin_adjusted(model: Model, team_mu: list[float], scores: list[float]) -> list[float]:
    """Each team's mu moved by its margins over (or under) the others, as the package's
    `_sum_q` and `_compute` do when given scores: a margin above `model.margin` scales the
    skill difference by log1p(margin / model.margin)."""
    adjusted = []
    for i, mu_i in enumerate(team_mu):
        change = 0.0
        count = 0
        for j, mu_j in enumerate(team_mu):
            if i == j:
                continue
            difference = abs(scores[i] - scores[j])
            if difference > 0:
                factor = 1.0
                if difference > model.margin and model.margin > 0.0:
                    factor = math.log1p(difference / model.margin)
                if scores[i] > scores[j]:
                    change -= (mu_i - mu_j) * (factor - 1.0)
                else:
                    change += (mu_j - mu_i) * (factor - 1.0)
                count += 1
        adjusted.append(mu_i + (change / count if count else change))
    return adjusted
