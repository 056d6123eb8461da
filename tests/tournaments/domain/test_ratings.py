"""Ratings: the pure OpenSkill module and the rebuild service, including a correction."""

from __future__ import annotations

import random

import pytest

from tests.support.hands import HAND_A, HAND_B
from tournaments import services
from tournaments.domain import ratings
from tournaments.models import Game, Rating, RatingHistory
from tournaments.services.rating_history import RATING_HISTORY_COLUMNS


def _game(game, a, b, total_a, total_b):
    return ratings.RatedGame(game=game, sides=(a, b), totals=(total_a, total_b))


def test_winners_go_up_losers_go_down_and_partners_move_together():
    result = ratings.rate_games([_game(1, (1, 2), (3, 4), 3000, 2000)], provisional_games=1)
    r = result.ratings
    assert r[1].mu == r[2].mu > 25.0 > r[3].mu == r[4].mu
    assert all(rating.games == 1 and not rating.provisional for rating in r.values())
    assert [(h.player, h.sequence) for h in result.history] == [(1, 1), (2, 1), (3, 1), (4, 1)]


def test_a_draw_between_new_players_moves_no_mean():
    r = ratings.rate_games([_game(1, (1, 2), (3, 4), 2500, 2500)]).ratings
    assert r[1].mu == pytest.approx(25.0) == r[3].mu
    assert r[1].sigma < 25 / 3  # but everyone is better known


def test_players_are_provisional_until_the_set_number_of_games():
    games = [_game(n, (1, 2), (3, 4), 3000, 2000) for n in range(3)]
    assert ratings.rate_games(games, provisional_games=4).ratings[1].provisional
    assert not ratings.rate_games(games, provisional_games=3).ratings[1].provisional


def _season(seed: int, games: int = 600):
    """Random 2v2 games among 16 players whose hidden skill decides most games."""
    rng = random.Random(seed)
    skill = {p: rng.gauss(0, 1) for p in range(16)}
    out = []
    for n in range(games):
        four = rng.sample(range(16), 4)
        a, b = tuple(four[:2]), tuple(four[2:])
        edge = sum(skill[p] for p in a) - sum(skill[p] for p in b) + rng.gauss(0, 1)
        out.append(_game(n, a, b, 3000 + int(300 * edge), 3000 - int(300 * edge)))
    return out


def test_the_same_games_in_the_same_order_give_the_same_ratings():
    games = _season(1)
    assert ratings.rate_games(games).ratings == ratings.rate_games(list(games)).ratings


def test_games_rated_after_the_ratings_so_far_give_what_rating_them_all_at_once_gives():
    games = _season(3)
    whole = ratings.rate_games(games)
    so_far = ratings.rate_games(games[:599]).ratings
    last = games[599]
    at_table = {player: so_far[player] for side in last.sides for player in side}
    result = ratings.rate_games([last], start=at_table)
    assert result.ratings == {player: whole.ratings[player] for player in at_table}  # to the float
    assert result.history == whole.history[-4:]  # sequences go on from the games so far


def test_on_held_out_games_the_ratings_beat_a_coin_and_are_reported_beside_the_baseline():
    report = {p.name: p for p in ratings.evaluate(_season(2), held_out=0.25)}
    assert set(report) == {"openskill", "openskill, margin", "win-rate baseline"}
    assert report["openskill"].games > 100
    # Skill decides these games, so the ratings must predict far better than a coin (0.25).
    assert report["openskill"].brier < 0.22
    assert report["openskill"].accuracy > 0.6


@pytest.mark.django_db
class TestRatingsRebuild:
    def _finish_round(self, event):
        for game in Game.objects.filter(table__round__event=event).order_by("table__number"):
            for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
                services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))

    def _snapshot(self):
        current = sorted(Rating.objects.values_list("player_id", "group", "mu", "sigma", "ordinal", "games"))
        history = sorted(RatingHistory.objects.values_list(*RATING_HISTORY_COLUMNS))
        return current, history

    def test_winners_are_rated_above_losers_and_a_second_run_changes_nothing(self, league_night):
        self._finish_round(league_night)
        assert services.ratings_rebuild(club_id=league_night.club_id) == 8
        first = self._snapshot()
        services.ratings_rebuild(club_id=league_night.club_id)
        assert self._snapshot() == first
        # Both tables played the same hands: NS won both games (2930 to 2550).
        winners = set(
            Game.objects.filter(table__round__event=league_night, table__seats__side="NS").values_list(
                "table__seats__player_id", flat=True
            )
        )
        for rating in Rating.objects.all():
            assert (rating.mu > 25) == (rating.player_id in winners)
            assert rating.provisional and rating.games == 1

    def test_a_corrected_hand_gives_the_ratings_of_a_fresh_rebuild(
        self, league_night, django_capture_on_commit_callbacks
    ):
        with django_capture_on_commit_callbacks(execute=True):
            self._finish_round(league_night)  # finishing a game queues the ratings task
        before = self._snapshot()
        assert len(before[0]) == 8
        # Hands 1 and 3 of table 1 had the sides swapped: NS 485 − 220 + 485 − 220 = 530,
        # EW 1685 + 790 + 1685 + 790 = 4950, so EW now wins table 1.
        game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
        swapped = {"NS": HAND_A["EW"], "EW": HAND_A["NS"]}
        with django_capture_on_commit_callbacks(execute=True):
            services.hand_record(
                game=game, asked=services.HandInput(number=1, entries=swapped, expected_version=1)
            )
            services.hand_record(
                game=game, asked=services.HandInput(number=3, entries=swapped, expected_version=1)
            )
        game.refresh_from_db()
        assert game.winner == "EW"
        after_correction = self._snapshot()
        assert after_correction != before

        Rating.objects.all().delete()
        RatingHistory.objects.all().delete()
        services.ratings_rebuild(club_id=league_night.club_id)
        assert self._snapshot() == after_correction

    def test_a_rebuild_writes_only_the_history_rows_that_differ(self, league_night):
        """Nothing changed: no row is written. A row put wrong is put right, a missing one
        written again, a stray one removed, and the rows already right stay as they were."""
        from django.db import connection

        self._finish_round(league_night)
        services.ratings_rebuild(club_id=league_night.club_id)
        fresh = self._snapshot()
        ids = set(RatingHistory.objects.values_list("pk", flat=True))
        services.ratings_rebuild(club_id=league_night.club_id)
        assert set(RatingHistory.objects.values_list("pk", flat=True)) == ids

        wrong, missing, *right = RatingHistory.objects.order_by("pk")
        RatingHistory.objects.filter(pk=wrong.pk).update(mu=wrong.mu + 1.0, sequence=7)
        missing.delete()
        # A row for a game the player did not play (the other table's).
        other_game = Game.objects.filter(table__round__event=league_night).exclude(pk=wrong.game_id).get()
        stray = RatingHistory.objects.create(
            player_id=wrong.player_id,
            game=other_game,
            group=wrong.group,
            event=league_night,
            date=league_night.date,
            sequence=2,
            mu=30.0,
            sigma=5.0,
            ordinal=15.0,
            won=1,
            drew=0,
            points=100,
            victory_points=2,
        )
        services.ratings_rebuild(club_id=league_night.club_id)
        assert self._snapshot() == fresh
        kept = set(RatingHistory.objects.values_list("pk", flat=True))
        assert {row.pk for row in right} <= kept and stray.pk not in kept
        if connection.vendor == "postgresql":
            assert wrong.pk in kept  # updated in place

    def test_a_correction_leaves_the_rows_it_does_not_change(
        self, league_night, django_capture_on_commit_callbacks
    ):
        """Table 1's result is turned round: its players' rows change, table 2's (other players,
        a later game in the order) stay as they were."""
        self._finish_round(league_night)
        services.ratings_rebuild(club_id=league_night.club_id)
        first, second = Game.objects.filter(table__round__event=league_night).order_by("table__number")
        untouched = dict(RatingHistory.objects.filter(game=second).values_list("pk", "mu"))
        swapped = {"NS": HAND_A["EW"], "EW": HAND_A["NS"]}
        for number in (1, 3):
            services.hand_record(
                game=first, asked=services.HandInput(number=number, entries=swapped, expected_version=1)
            )
        services.ratings_rebuild(club_id=league_night.club_id)
        assert dict(RatingHistory.objects.filter(game=second).values_list("pk", "mu")) == untouched
        corrected = self._snapshot()
        Rating.objects.all().delete()
        RatingHistory.objects.all().delete()
        services.ratings_rebuild(club_id=league_night.club_id)
        assert self._snapshot() == corrected

    def test_the_task_runs_twice_and_survives_a_deleted_club(self, league_night):
        from tournaments.workers.tasks import ratings_recompute

        self._finish_round(league_night)
        assert ratings_recompute(club_id=league_night.club_id) == 8
        assert ratings_recompute(club_id=league_night.club_id) == 8
        assert ratings_recompute(club_id=987654) == 0


@pytest.mark.django_db
def test_the_nightly_schedule_rebuilds_every_clubs_ratings(league_night, mallory):
    from django.conf import settings

    from tournaments.workers.tasks import ratings_refresh_all

    entry = settings.CELERY_BEAT_SCHEDULE["ratings-refresh-nightly"]
    assert entry["task"] == ratings_refresh_all.name
    TestRatingsRebuild()._finish_round(league_night)
    assert ratings_refresh_all() == 2  # Riverside and mallory's club; run in-process in tests
    assert Rating.objects.filter(player__club=league_night.club).count() == 8
