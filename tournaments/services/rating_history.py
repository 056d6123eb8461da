"""The rating history's rows and their writer: a club's (RatingHistory, by player) or a
federation's (PersonRatingHistory, by person), made equal to the computed rows by writing only
what differs; on PostgreSQL the rows go in and out through binary COPY."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db import connection, models
from django.db.models import QuerySet

from tournaments.models import PersonRatingHistory, RatingHistory


def _plain_rows(queryset: QuerySet[Any], *, binary: bool = False) -> list[tuple[Any, ...]]:
    """A `values_list` queryset's rows as the database driver gives them, without Django's
    per-value converters: JSON columns as text. `binary`: numbers in binary on PostgreSQL
    (only for columns of numbers and text)."""
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


class HistoryRow(NamedTuple):
    """A stored RatingHistory row, column for column (RATING_HISTORY_COLUMNS): a player's rated
    game, its result for them and their rating in its ranking group right after it."""

    player_id: int
    game_id: int
    group: str
    event_id: int
    date: datetime.date
    sequence: int
    mu: float
    sigma: float
    ordinal: float
    won: int
    drew: int
    points: int
    victory_points: int


RATING_HISTORY_COLUMNS = HistoryRow._fields


@dataclass(frozen=True, slots=True)
class _HistoryTable:
    """A table of history rows: a club's (by player) or a federation's (by person), the same
    columns but the first, the rater's."""

    model: type[models.Model]
    columns: tuple[str, ...]

    @property
    def db_table(self) -> str:
        return str(self.model._meta.db_table)


CLUB_HISTORY = _HistoryTable(RatingHistory, RATING_HISTORY_COLUMNS)
PERSON_HISTORY = _HistoryTable(PersonRatingHistory, ("person_id", *RATING_HISTORY_COLUMNS[1:]))


def _rating_history_write(
    table: _HistoryTable, stored_rows: QuerySet[Any], history: Sequence[HistoryRow]
) -> None:
    """Make the stored history rows `stored_rows` of `table` equal `history`, writing only what
    differs (floats compared exactly): equal rows stay, differing ones are updated in place,
    stored rows with no computed one are deleted, and the rest inserted in `history`'s order.
    A rebuild that finds nothing changed writes no row."""
    stored = _plain_rows(stored_rows.order_by().values_list("id", *table.columns), binary=True)
    missing = {(row.player_id, row.game_id): row for row in history}
    stale: list[int] = []
    changed: list[tuple[int, HistoryRow]] = []
    for row_id, *row in stored:
        computed = missing.pop((row[0], row[1]), None)
        if computed is None:
            stale.append(row_id)
        # SQLite gives the date as text: compared as a date only when the row differs as read.
        elif computed != tuple(row) and computed != (*row[:4], _as_date(row[4]), *row[5:]):
            changed.append((row_id, computed))
    _rating_history_delete(table, stale)
    _rating_history_update(table, changed)
    _rating_history_insert(table, missing.values())


def _rating_history_delete(table: _HistoryTable, ids: list[int]) -> None:
    if not ids:
        return
    if connection.vendor == "postgresql":
        with _binary_cursor() as cursor:
            cursor.execute(f"DELETE FROM {table.db_table} WHERE id = ANY(%s)", [ids])
        return
    for start in range(0, len(ids), 5000):
        table.model._default_manager.filter(pk__in=ids[start : start + 5000]).delete()


# What an update rewrites: every column but the row's player and game.
_UPDATED_COLUMNS = RATING_HISTORY_COLUMNS[2:]


def _rating_history_update(table: _HistoryTable, rows: list[tuple[int, HistoryRow]]) -> None:
    """Rewrite every column but the player and game of stored rows (id, computed row): on
    PostgreSQL through a temporary table in one UPDATE, elsewhere deleted and inserted again."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        _rating_history_delete(table, [row_id for row_id, _row in rows])
        _rating_history_insert(table, (row for _row_id, row in rows))
        return
    columns = ("id", *_UPDATED_COLUMNS)
    quoted = _quoted(columns)
    assignments = ", ".join(f"{name} = v.{name}" for name in _quoted(_UPDATED_COLUMNS).split(", "))
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMPORARY TABLE rating_history_changes ON COMMIT DROP AS "
            f"SELECT {quoted} FROM {table.db_table} WITH NO DATA"
        )
        with cursor.copy(f"COPY rating_history_changes ({quoted}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(_column_types(table, columns))
            for row_id, row in rows:
                copy.write_row((row_id, *row[2:]))
        cursor.execute(
            f"UPDATE {table.db_table} AS h SET {assignments} "
            "FROM rating_history_changes AS v WHERE h.id = v.id"
        )
        cursor.execute("DROP TABLE rating_history_changes")


def _quoted(columns: Sequence[str]) -> str:
    # "group" is a word of SQL: every column name is quoted.
    return ", ".join(connection.ops.quote_name(column) for column in columns)


def _column_types(table: _HistoryTable, columns: Sequence[str]) -> list[str]:
    """The database types of the table's `columns` (a binary COPY sends each in its own)."""
    fields = [table.model._meta.get_field(column.removesuffix("_id")) for column in columns]
    # The type's name without its length ("varchar(32)" is "varchar" to psycopg's registry).
    return [str(field.db_type(connection)).split("(")[0] for field in fields]


def _rating_history_insert(table: _HistoryTable, history: Iterable[HistoryRow]) -> None:
    """Write the history rows: on PostgreSQL with a binary COPY, else bulk_create."""
    if connection.vendor == "postgresql":
        columns = _quoted(table.columns)
        sql = f"COPY {table.db_table} ({columns}) FROM STDIN (FORMAT BINARY)"
        with connection.cursor() as cursor, cursor.copy(sql) as copy:
            copy.set_types(_column_types(table, table.columns))
            for row in history:
                copy.write_row(row)
        return
    table.model._default_manager.bulk_create(
        (table.model(**dict(zip(table.columns, row, strict=True))) for row in history), batch_size=5000
    )


def _as_date(value: Any) -> datetime.date:
    return value if isinstance(value, datetime.date) else datetime.date.fromisoformat(str(value))
