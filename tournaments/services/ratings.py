"""Writes for a club's ratings: rebuild every rating and its history from the club's finished
games (derived data). The rating model itself is the pure `tournaments/domain/ratings.py`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection, transaction
from django.db.models import QuerySet

from clubs.models import Club, Player
from tournaments.domain import ratings
from tournaments.models import Game, Hand, Rating, RatingHistory, Seat


def _plain_rows(queryset: QuerySet[Any], *, binary: bool = False) -> list[tuple[Any, ...]]:
    """A `values_list` queryset's rows as the database driver gives them, without Django's
    per-value converters (100,000 games' JSON fields took a second through them): JSON columns
    come back as text, as PostgreSQL's driver (set up by Django) and SQLite give them.
    `binary`: on PostgreSQL, numbers in binary (half the time for 400,000 history rows); only
    for columns of numbers and text."""
    sql, params = queryset.query.sql_with_params()
    if binary and connection.vendor == "postgresql":
        with _binary_cursor() as cursor:
            cursor.execute(sql, params, binary=True)
            return cursor.fetchall()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _binary_cursor() -> Any:
    """A psycopg cursor on Django's connection (same transaction) that binds its parameters on
    the server and can take results in binary; Django's own cursors bind them in the client."""
    import psycopg

    connection.ensure_connection()
    return psycopg.Cursor(connection.connection)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


def _rated_games(club_id: int) -> list[ratings.RatedGame]:
    """The club's finished games in rating order: event date, event, round, table.

    Where an event asks the other side to confirm each hand, a game counts once every hand
    is confirmed. Each game is one row, so a retried or duplicated submission (one hand, see
    hand_record) can never count a game twice. Two queries: the games, and the seats of the
    club's tables (players of a side in seat order).
    """
    unconfirmed = Hand.objects.filter(
        game__table__round__event__club_id=club_id,
        game__table__round__event__confirmation_required=True,
        confirmed_at__isnull=True,
    ).values("game_id")
    games = (
        Game.objects.filter(table__round__event__club_id=club_id, game_over=True)
        .exclude(pk__in=unconfirmed)
        .order_by(
            "table__round__event__date", "table__round__event_id", "table__round__number", "table__number"
        )
        .values_list("pk", "table_id", "sides", "totals")
    )
    seats = (
        Seat.objects.filter(table__round__event__club_id=club_id)
        .order_by("table_id", "position")
        .values_list("table_id", "side", "player_id")
    )
    players: dict[int, dict[str, list[int]]] = {}
    by_side: dict[str, list[int]] = {}
    last_table = None
    for table_id, side, player_id in _plain_rows(seats, binary=True):  # by table
        if table_id != last_table:
            last_table, by_side = table_id, {}
            players[table_id] = by_side
        same_side = by_side.get(side)
        if same_side is None:
            by_side[side] = [player_id]
        else:
            same_side.append(player_id)
    side_lists: dict[Any, tuple[str, ...]] = {}  # the few distinct `sides` values, parsed once
    no_seats: dict[str, list[int]] = {}
    rated = []
    for game_id, table_id, sides_value, totals_value in _plain_rows(games):
        sides = side_lists.get(sides_value)
        if sides is None:
            sides = side_lists[sides_value] = tuple(_json(sides_value))
        totals = _json(totals_value)
        by_side = players.get(table_id, no_seats)
        rated.append(
            ratings.RatedGame(
                game_id,
                tuple([tuple(by_side.get(side, ())) for side in sides]),
                tuple([int(totals.get(side, 0)) for side in sides]),
            )
        )
    return rated


@transaction.atomic
def ratings_rebuild(*, club_id: int) -> int:
    """Rebuild every rating and rating history of a club from its finished games.

    Deterministic (see tournaments/domain/ratings.py), so running it after a correction gives what a
    fresh rebuild gives, and running it twice changes nothing. Every game is rated again; of
    the history, only the rows that differ from the stored ones are written (see
    `_rating_history_write`). Holds the club row locked so two workers never interleave their
    rewrites. Returns the number of players rated (0 if the club no longer exists).
    """
    club = Club.objects.select_for_update().filter(pk=club_id).first()
    if club is None:
        return 0
    result = ratings.rate_games(_rated_games(club_id))
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
    _rating_history_write(club_id, result.history)
    return len(result.ratings)


RATING_HISTORY_COLUMNS = ("player_id", "game_id", "sequence", "mu", "sigma", "ordinal")


def _rating_history_write(club_id: int, history: Sequence[ratings.HistoryPoint]) -> None:
    """Make the club's stored history rows equal `history`, writing only what differs.

    A stored row equal to its computed one (same player and game, same sequence, mu, sigma and
    ordinal, the floats compared exactly) stays; one whose figures differ is updated in place;
    a stored row with no computed one is deleted, and the computed rows not stored are
    inserted (in the order of `history`). So a rebuild that finds nothing changed (the nightly
    refresh) writes no history row, a new game at the end of the order writes its players'
    rows, and a correction rewrites the rows from the corrected game on.
    """
    stored = _plain_rows(
        RatingHistory.objects.filter(player_id__in=Player.objects.filter(club_id=club_id).values("pk"))
        .order_by()
        .values_list("id", *RATING_HISTORY_COLUMNS),
        binary=True,
    )
    missing = {(point.player, point.game): point for point in history}
    stale: list[int] = []
    changed: list[tuple[int, ratings.HistoryPoint]] = []
    for row_id, *row in stored:
        point = missing.pop((row[0], row[1]), None)
        if point is None:
            stale.append(row_id)
        elif point != tuple(row):
            changed.append((row_id, point))
    _rating_history_delete(stale)
    _rating_history_update(changed)
    _rating_history_insert(missing.values())


def _rating_history_delete(ids: list[int]) -> None:
    if not ids:
        return
    if connection.vendor == "postgresql":
        with _binary_cursor() as cursor:
            cursor.execute(f"DELETE FROM {RatingHistory._meta.db_table} WHERE id = ANY(%s)", [ids])
        return
    for start in range(0, len(ids), 5000):
        RatingHistory.objects.filter(pk__in=ids[start : start + 5000]).delete()


def _rating_history_update(rows: list[tuple[int, ratings.HistoryPoint]]) -> None:
    """Rewrite the sequence, mu, sigma and ordinal of stored rows (id, computed row): on
    PostgreSQL copied into a temporary table and updated from it in one statement (the row's
    player and game stay, so unlike a delete and an insert it needs no foreign-key check),
    elsewhere deleted and inserted again."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        _rating_history_delete([row_id for row_id, _point in rows])
        _rating_history_insert(point for _row_id, point in rows)
        return
    table = RatingHistory._meta.db_table
    columns = ("id", "sequence", "mu", "sigma", "ordinal")
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMPORARY TABLE rating_history_changes ON COMMIT DROP AS "
            f"SELECT {', '.join(columns)} FROM {table} WITH NO DATA"
        )
        with cursor.copy("COPY rating_history_changes FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(_column_types(columns))
            for row_id, point in rows:
                copy.write_row((row_id, point.sequence, point.mu, point.sigma, point.ordinal))
        cursor.execute(
            f"UPDATE {table} AS h SET sequence = v.sequence, mu = v.mu, sigma = v.sigma, "
            "ordinal = v.ordinal FROM rating_history_changes AS v WHERE h.id = v.id"
        )
        cursor.execute("DROP TABLE rating_history_changes")


def _column_types(columns: Sequence[str]) -> list[str]:
    """The database types of RatingHistory's `columns` (a binary COPY sends each in its own)."""
    fields = [RatingHistory._meta.get_field(column.removesuffix("_id")) for column in columns]
    return [str(field.db_type(connection)) for field in fields]


def _rating_history_insert(history: Iterable[ratings.HistoryPoint]) -> None:
    """Write the history rows: on PostgreSQL with a binary COPY (400,000 rows for 100,000
    games, where building and sending them through bulk_create took most of a rebuild; in
    binary, neither side formats or parses the floats), else bulk_create."""
    if connection.vendor == "postgresql":
        columns = ", ".join(RATING_HISTORY_COLUMNS)
        sql = f"COPY {RatingHistory._meta.db_table} ({columns}) FROM STDIN (FORMAT BINARY)"
        with connection.cursor() as cursor, cursor.copy(sql) as copy:
            copy.set_types(_column_types(RATING_HISTORY_COLUMNS))
            for point in history:
                copy.write_row(point)
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
