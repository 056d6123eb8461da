"""Writes for a club's ratings: rebuild every rating and its history from the club's finished
games (derived data). The rating model itself is the pure `tournaments/domain/ratings.py`.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, transaction

from clubs.models import Club
from tournaments.domain import ratings
from tournaments.models import Game, Hand, Rating, RatingHistory, Seat


def _rated_games(club_id: int) -> list[ratings.RatedGame]:
    """The club's finished games in rating order: event date, event, round, table.

    Where an event asks the other side to confirm each hand, a game counts once every hand
    is confirmed. Each game is one row, so a retried or duplicated submission (one hand, see
    hand_record) can never count a game twice.
    """
    unconfirmed = Hand.objects.filter(
        game__table__round__event__club_id=club_id,
        game__table__round__event__confirmation_required=True,
        confirmed_at__isnull=True,
    ).values("game_id")
    games = list(
        Game.objects.filter(table__round__event__club_id=club_id, game_over=True)
        .exclude(pk__in=unconfirmed)
        .order_by(
            "table__round__event__date", "table__round__event_id", "table__round__number", "table__number"
        )
        .values_list("pk", "sides", "totals")
    )
    players: dict[int, dict[str, list[int]]] = {}
    seats = Seat.objects.filter(table__round__event__club_id=club_id, table__game__game_over=True).order_by(
        "table_id", "position"
    )
    for game_id, side, player_id in seats.values_list("table__game", "side", "player_id"):
        players.setdefault(game_id, {}).setdefault(side, []).append(player_id)
    rated = []
    for game_id, sides, totals in games:
        by_side = players.get(game_id, {})
        rated.append(
            ratings.RatedGame(
                game=game_id,
                sides=tuple(tuple(by_side.get(side, ())) for side in sides),
                totals=tuple(int(totals.get(side, 0)) for side in sides),
            )
        )
    return rated


@transaction.atomic
def ratings_rebuild(*, club_id: int) -> int:
    """Rebuild every rating and rating history of a club from its finished games.

    Deterministic (see tournaments/domain/ratings.py), so running it after a correction gives what a
    fresh rebuild gives, and running it twice changes nothing. Holds the club row locked so
    two workers never interleave their rewrites. Returns the number of players rated (0 if
    the club no longer exists).
    """
    club = Club.objects.select_for_update().filter(pk=club_id).first()
    if club is None:
        return 0
    result = ratings.rate_games(_rated_games(club_id))
    RatingHistory.objects.filter(player__club_id=club_id).delete()
    Rating.objects.filter(player__club_id=club_id).delete()
    Rating.objects.bulk_create(
        (
            Rating(
                player_id=r.player,
                mu=r.mu,
                sigma=r.sigma,
                ordinal=r.ordinal,
                games=r.games,
                provisional=r.provisional,
            )
            for r in result.ratings.values()
        ),
        batch_size=2000,
    )
    _rating_history_insert(result.history)
    return len(result.ratings)


RATING_HISTORY_COLUMNS = ("player_id", "game_id", "sequence", "mu", "sigma", "ordinal")


def _rating_history_insert(history: Iterable[ratings.HistoryPoint]) -> None:
    """Write the history rows: on PostgreSQL with COPY (400,000 rows for 100,000 games, where
    building and sending them through bulk_create took most of a rebuild), else bulk_create."""
    if connection.vendor == "postgresql":
        sql = f"COPY {RatingHistory._meta.db_table} ({', '.join(RATING_HISTORY_COLUMNS)}) FROM STDIN"
        with connection.cursor() as cursor, cursor.copy(sql) as copy:
            for h in history:
                copy.write_row((h.player, h.game, h.sequence, h.mu, h.sigma, h.ordinal))
        return
    RatingHistory.objects.bulk_create(
        (
            RatingHistory(
                player_id=h.player,
                game_id=h.game,
                sequence=h.sequence,
                mu=h.mu,
                sigma=h.sigma,
                ordinal=h.ordinal,
            )
            for h in history
        ),
        batch_size=5000,
    )
