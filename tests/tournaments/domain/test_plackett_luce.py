"""The ratings' own Plackett-Luce update (tournaments/domain/plackett_luce.py) against the
`openskill` package it reproduces: the same ratings, game by game and over whole seasons."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from tournaments.domain import plackett_luce as pl
from tournaments.domain import ratings

# The package's and this module's floats agree to the last bit (the same operations in the same
# order); the tests allow a relative 1e-12 so that they fail on a change of the arithmetic, not
# on a rounding.
TIGHT = 1e-12


def _random_game(rng: random.Random) -> tuple[list[list[pl.Rating]], list[int]]:
    """Two to four teams of one to three players with varied ratings, and their totals (points),
    ties included."""
    teams = [
        [(rng.uniform(5.0, 45.0), rng.uniform(0.3, 25.0 / 3.0)) for _ in range(rng.choice((1, 2, 2, 3)))]
        for _ in range(rng.choice((2, 2, 3, 4)))
    ]
    totals = [rng.choice((1500, 2500, 2500, rng.randrange(-400, 6000))) for _ in teams]
    return teams, totals


def _package_rate(package: PlackettLuce, teams: list[list[pl.Rating]], **result) -> list[list[pl.Rating]]:
    rated = package.rate(
        [[package.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams], **result
    )
    return [[(rating.mu, rating.sigma) for rating in team] for team in rated]


def _assert_close(ours: list[list[pl.Rating]], theirs: list[list[pl.Rating]]) -> None:
    assert [len(team) for team in ours] == [len(team) for team in theirs]
    for our_team, their_team in zip(ours, theirs, strict=True):
        for (mu, sigma), (their_mu, their_sigma) in zip(our_team, their_team, strict=True):
            assert mu == pytest.approx(their_mu, rel=TIGHT, abs=TIGHT)
            assert sigma == pytest.approx(their_sigma, rel=TIGHT, abs=TIGHT)


def test_the_default_parameters_are_the_packages():
    package, ours = PlackettLuce(), pl.Model()
    assert (ours.mu, ours.sigma, ours.beta, ours.kappa, ours.tau, ours.margin) == (
        package.mu,
        package.sigma,
        package.beta,
        package.kappa,
        package.tau,
        package.margin,
    )
    assert ours.rating() == (package.rating().mu, package.rating().sigma)
    assert pl.ordinal((30.0, 2.0)) == package.rating(mu=30.0, sigma=2.0).ordinal() == 24.0


@pytest.mark.parametrize("seed", range(4))
def test_ranks_give_the_packages_ratings(seed):
    """Teams of one, two and three; two to four sides; wins, draws and ties among several."""
    rng = random.Random(seed)
    package, model = PlackettLuce(), pl.Model()
    for _ in range(400):
        teams, totals = _random_game(rng)
        ranks = [1 + sum(1 for other in totals if other > total) for total in totals]
        _assert_close(pl.rate(model, teams, ranks=ranks), _package_rate(package, teams, ranks=ranks))


@pytest.mark.parametrize("margin", [0.0, 500.0])
def test_scores_give_the_packages_ratings_with_and_without_a_margin(margin):
    rng = random.Random(int(margin))
    package, model = PlackettLuce(margin=margin), pl.Model(margin=margin)
    for _ in range(400):
        teams, totals = _random_game(rng)
        scores = [float(total) for total in totals]
        _assert_close(pl.rate(model, teams, scores=scores), _package_rate(package, teams, scores=scores))


def test_plain_cases_match_the_package_to_the_last_bit():
    package, model = PlackettLuce(), pl.Model()
    new = model.rating()
    cases = [
        ([[new], [new]], [1, 2]),  # one against one, new players
        ([[new, new], [new, new]], [1, 1]),  # a draw between new pairs
        ([[(31.2, 4.1), (19.7, 6.6)], [(24.0, 2.5), (26.3, 7.9)]], [2, 1]),  # the second pair wins
        ([[(28.0, 3.0), (22.0, 5.0), (25.0, 1.0)], [(25.0, 8.0)] * 3], [1, 2]),  # teams of three
        ([[new], [(30.0, 2.0)], [(20.0, 6.0)]], [2, 2, 1]),  # three sides, two tied behind
    ]
    for teams, ranks in cases:
        assert pl.rate(model, teams, ranks=ranks) == _package_rate(package, teams, ranks=ranks)
    # With neither ranks nor scores, the teams finished in the order given, as in the package.
    teams = cases[2][0]
    assert pl.rate(model, teams) == _package_rate(package, teams)


def test_bad_arguments_are_refused():
    model, new = pl.Model(), pl.Model().rating()
    with pytest.raises(ValueError, match="Two or more teams"):
        pl.rate(model, [[new]], ranks=[1])
    with pytest.raises(ValueError, match="Two or more teams"):
        pl.rate(model, [[new], []], ranks=[1, 2])
    with pytest.raises(ValueError, match="not both"):
        pl.rate(model, [[new], [new]], ranks=[1, 2], scores=[2.0, 1.0])
    with pytest.raises(ValueError, match="One rank or score a team"):
        pl.rate(model, [[new], [new]], ranks=[1, 2, 3])


def _package_rate_games(games: list[ratings.RatedGame], margin: bool) -> tuple[list[tuple], dict]:
    """What `ratings.rate_games` computed before it had its own update: the package's rating
    objects kept per player and `rate` called game by game."""
    package = PlackettLuce(margin=ratings.MARGIN_POINTS) if margin else PlackettLuce()
    current: dict = {}
    played: dict[int, int] = {}
    history = []
    for game in games:
        if len(game.sides) < 2 or not all(game.sides):
            continue
        teams = [[current.setdefault(p, package.rating(name=str(p))) for p in side] for side in game.sides]
        if margin:
            rated = package.rate(teams, scores=[float(t) for t in game.totals])
        else:
            ranks = [1 + sum(1 for other in game.totals if other > total) for total in game.totals]
            rated = package.rate(teams, ranks=ranks)
        for side, team in zip(game.sides, rated, strict=True):
            for player, rating in zip(side, team, strict=True):
                current[player] = rating
                played[player] = played.get(player, 0) + 1
                history.append((player, game.game, played[player], rating.mu, rating.sigma, rating.ordinal()))
    final = {player: (r.mu, r.sigma, r.ordinal(), played[player]) for player, r in current.items()}
    return history, final


@pytest.mark.parametrize("margin", [False, True])
def test_a_season_rates_as_the_package_rated_it(margin):
    """3,000 games among 40 players: pairs, tables of three and of two teams of three, draws,
    a game with an empty side (skipped), and a player seated twice (rated by the package)."""
    rng = random.Random(7)
    games = []
    for number in range(3000):
        sides_count, size = rng.choice(((2, 2), (2, 2), (2, 1), (3, 1), (2, 3), (4, 1)))
        seated = rng.sample(range(40), sides_count * size)
        sides = tuple(tuple(seated[i * size : (i + 1) * size]) for i in range(sides_count))
        if number % 500 == 1:
            sides = (sides[0], ())
        if number % 700 == 3:
            sides = (sides[0], (sides[0][0], *sides[1][1:]), *sides[2:])
        totals = tuple(rng.choice((2000, 2000, rng.randrange(-300, 5000))) for _ in sides)
        games.append(ratings.RatedGame(game=number, sides=sides, totals=totals))

    result = ratings.rate_games(games, margin=margin)
    history, final = _package_rate_games(games, margin)
    assert len(result.history) == len(history) > 9000
    for ours, theirs in zip(result.history, history, strict=True):
        assert ours[:3] == theirs[:3]
        assert ours[3:] == pytest.approx(theirs[3:], rel=TIGHT, abs=TIGHT)
    assert set(result.ratings) == set(final)
    for player, rating in result.ratings.items():
        assert (rating.mu, rating.sigma, rating.ordinal) == pytest.approx(final[player][:3], rel=TIGHT)
        assert rating.games == final[player][3]
