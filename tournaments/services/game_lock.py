"""The hand save's first query: lock a game's row and read it with its table, round and event,
and the hand already saved under a submission id.

It runs on every save, and the ORM's compiling of it (four models' columns, two subqueries)
cost about 3 ms of CPU of a 13 ms save, four times its running. So it is written here once per
database connection, from the models' own columns and foreign keys (a field added to a model
is read with it), and its rows are turned into model instances with the converters the ORM
uses (`Model.from_db`): the same objects as
`Game.objects.select_for_update(of=("self",)).select_related("table__round__event")`.
tests/tournaments/services/test_hand_state.py compares the two.

The plan is the same whatever PostgreSQL's statistics: every table is reached through its
primary key or a unique index (the submission id's). Who may write is not read here: the hand
services ask the one rule (`selectors.door_level`) once the lock is theirs.

A save that waited for the lock: PostgreSQL (read committed) then returns the game's row as the
save that held the lock left it, but the query's subqueries still read the database as it was
when the query began, before that save's commit. A hand that save stored under the same
submission id (the same hand sent twice at once) is then not seen, and the second save would
be refused as a hand already recorded. So the query also says whether the game's row changed
since it began (its `updated_at`, rewritten by every hand's save), and then the submission id
is looked up again, in a query of its own, which sees every commit.
"""

from __future__ import annotations

import uuid
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, ForeignObjectRel, Model

from tournaments.models import Event, Game, Hand, Round, Table

# The path read with the game: each model and the foreign key that reaches it from the one before.
_CHAIN: Sequence[tuple[type[Model], str | None]] = (
    (Game, None),
    (Table, "table"),
    (Round, "round"),
    (Event, "event"),
)
_ALIASES = ("g", "t", "r", "e")
Converter = Callable[[Any, Any, Any], Any]


@dataclass(frozen=True, slots=True)
class _Query:
    sql: str
    columns: tuple[tuple[str, ...], ...]  # attnames per model of _CHAIN
    converters: tuple[tuple[tuple[int, Converter, Any], ...], ...]  # (column index, converter, expression)


_queries: weakref.WeakKeyDictionary[BaseDatabaseWrapper, _Query] = weakref.WeakKeyDictionary()


def _query(connection: BaseDatabaseWrapper) -> _Query:
    found = _queries.get(connection)
    if found is None:
        found = _queries[connection] = _build(connection)
    return found


def _build(connection: BaseDatabaseWrapper) -> _Query:
    q = connection.ops.quote_name
    select: list[str] = []
    columns: list[tuple[str, ...]] = []
    converters: list[tuple[tuple[int, Converter, Any], ...]] = []
    joins: list[str] = []
    previous: tuple[type[Model], str] | None = None
    for (model, via), alias in zip(_CHAIN, _ALIASES, strict=True):
        fields = model._meta.concrete_fields
        columns.append(tuple(field.attname for field in fields))
        model_converters = []
        for index, field in enumerate(fields):
            select.append(f"{alias}.{q(_column(field))}")
            col = field.get_col(alias)
            for converter in connection.ops.get_db_converters(col) + col.get_db_converters(connection):
                model_converters.append((index, converter, col))
        converters.append(tuple(model_converters))
        if previous is not None and via is not None:
            before_model, before_alias = previous
            key = before_model._meta.get_field(via)
            on = f"{alias}.{q(_column(model._meta.pk))} = {before_alias}.{q(_column(key))}"
            joins.append(f"JOIN {q(model._meta.db_table)} {alias} ON {on}")
        previous = (model, alias)
    hand = Hand._meta
    done = (
        f"(SELECT h.{q(_column(hand.pk))} FROM {q(hand.db_table)} h "
        f"WHERE h.{q(_column(hand.get_field('submission_id')))} = %s LIMIT 1)"
    )
    game_pk, updated = q(_column(Game._meta.pk)), q(_column(Game._meta.get_field("updated_at")))
    # The game's row as this query's snapshot has it, against the locked row (the newest):
    # different when a save committed while this one waited for the lock.
    moved = (
        f"((SELECT s.{updated} FROM {q(Game._meta.db_table)} s WHERE s.{game_pk} = g.{game_pk}) "
        f"<> g.{updated})"
    )
    base = (
        f"SELECT {', '.join(select)}, {done}, {moved} FROM {q(Game._meta.db_table)} g "
        f"{' '.join(joins)} WHERE g.{game_pk} = %s"
    )
    lock = ""
    if connection.features.has_select_for_update:
        lock = " FOR UPDATE OF g" if connection.features.has_select_for_update_of else " FOR UPDATE"
    return _Query(sql=base + lock, columns=tuple(columns), converters=tuple(converters))


def _column(field: Field[Any, Any] | ForeignObjectRel | None) -> str:
    """The column of a model's concrete field (the types allow a relation or a field with no
    column of its own, which none of these is)."""
    assert isinstance(field, Field) and field.column is not None, field
    return field.column


def game_lock(game_id: int, *, submission_id: uuid.UUID | None, using: str = DEFAULT_DB_ALIAS) -> Game | None:
    """Lock game `game_id`'s row (in the caller's transaction) and read it with its table,
    round and event. The game gets `_done_id`, the id of the hand saved under `submission_id`
    (None for none; as committed when the lock was granted, looked up again if a save
    committed while this one waited). None if there is no such game."""
    connection = connections[using]
    query = _query(connection)
    submission = Hand._meta.get_field("submission_id").get_db_prep_value(submission_id, connection)
    sql, params = query.sql, [submission, game_id]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    objects = []
    start = 0
    for (model, _via), names, converters in zip(_CHAIN, query.columns, query.converters, strict=True):
        values = list(row[start : start + len(names)])
        start += len(names)
        for index, converter, expression in converters:
            values[index] = converter(values[index], expression, connection)
        objects.append(model.from_db(connection.alias, names, values))
    game, table, round_, event = objects
    assert isinstance(game, Game)  # _CHAIN's first model
    Round._meta.get_field("event").set_cached_value(round_, event)
    Table._meta.get_field("round").set_cached_value(table, round_)
    Game._meta.get_field("table").set_cached_value(game, table)
    game._done_id = row[start]
    if row[start + 1] and submission_id is not None:
        # The game moved on while this save waited for its lock: the look-up above read the
        # hands as they were before, and may have missed (or still found) a hand of this id.
        found = Hand.objects.using(using).filter(submission_id=submission_id).values_list("pk", flat=True)
        game._done_id = found.first()
    return game
