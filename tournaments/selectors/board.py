"""Reads for the hall board: who may open it, the tag of what changed, and what it shows."""

from __future__ import annotations

import datetime
import functools
import hashlib
from dataclasses import dataclass

from django.core import signing
from django.db import connection

from clubs.models import Player
from tournaments.models import Event, Game, Hand, Participant, Round, Seat, SitOut, Standing, Table
from tournaments.selectors.pairs import event_pair_numbers, event_pair_standings
from tournaments.selectors.round_results import IN_PLAY, RoundResult, TableResult, event_round_results
from tournaments.selectors.rounds import RoundClock, round_clock
from tournaments.selectors.scope import events_held
from tournaments.selectors.standings import event_standings

# The salt of the board link's signature: a table link's or a session's signature is no board link.
BOARD_LINK_SALT = "tournaments.hall-board"
# A board link's token in a URL (tournaments/web/urls/board.py): "<event id>-<version>:<signature>".
BOARD_TOKEN_PATTERN = "[0-9]{1,10}-[0-9]{1,10}:[A-Za-z0-9_-]{20,64}"


def board_token(*, event: Event) -> str:
    """The board link's token: event id and `board_link_version`, signed ("12-0:<signature>")."""
    return signing.Signer(salt=BOARD_LINK_SALT).sign(f"{event.pk}-{event.board_link_version}")


def event_of_board_token(*, token: str) -> Event | None:
    """The held event whose current board link `token` is; None if unsigned, replaced or not held."""
    try:
        value = signing.Signer(salt=BOARD_LINK_SALT).unsign(token)
    except signing.BadSignature:
        return None
    event_id, _dash, version = value.partition("-")
    return (
        events_held().select_related("club").filter(pk=int(event_id), board_link_version=int(version)).first()
    )


@functools.cache
def _tag_sql() -> tuple[str, str]:
    """The tag's two queries: the latest round's latest changes and counts, and the standings' figures."""
    rounds, games, tables, hands, seats, sit_outs, standings, participants, players_history = (
        model._meta.db_table
        for model in (Round, Game, Table, Hand, Seat, SitOut, Standing, Participant, Player.history.model)
    )
    of_round = f"JOIN {tables} t ON t.id = x.table_id WHERE t.round_id = r.id"
    of_hands = (
        f"JOIN {games} g ON g.id = x.game_id JOIN {tables} t ON t.id = g.table_id WHERE t.round_id = r.id"
    )
    # One row even before the first round: the players' latest change counts then too (the
    # board lists the entrants before round 1).
    latest = f"""
        SELECT (SELECT MAX(h.history_id) FROM {players_history} h
                JOIN {participants} p ON p.player_id = h.id WHERE p.event_id = %s),
            r.id, r.number, r.status, r.updated_at, r.clock_started_at, r.results_final_at,
            r.target_reached_table,
            (SELECT MAX(x.updated_at) FROM {games} x {of_round}),
            (SELECT MAX(x.updated_at) FROM {hands} x {of_hands}),
            (SELECT COUNT(*) FROM {hands} x {of_hands}),
            (SELECT MAX(x.id) FROM {seats} x {of_round}),
            (SELECT COUNT(*) FROM {seats} x {of_round}),
            (SELECT MAX(x.id) FROM {sit_outs} x WHERE x.round_id = r.id),
            (SELECT COUNT(*) FROM {sit_outs} x WHERE x.round_id = r.id)
        FROM (SELECT 1 AS one) o LEFT JOIN (
            SELECT * FROM {rounds} WHERE event_id = %s ORDER BY number DESC LIMIT 1
        ) r ON 1 = 1"""
    figures = f"""
        SELECT player_id, rank, victory_points, games, points_for, points_against
        FROM {standings} WHERE event_id = %s ORDER BY player_id"""
    return latest, figures


def board_tag(*, event: Event, viewer: str = "") -> str:
    """A short tag (the ETag) of what the board's live part shows, in two queries, no rendering;
    `viewer` names what else differs by who looks (docs/writes-and-reads.md#the-hall-board)."""
    latest_sql, figures_sql = _tag_sql()
    with connection.cursor() as cursor:
        cursor.execute(latest_sql, [event.pk, event.pk])
        latest = cursor.fetchone()
        cursor.execute(figures_sql, [event.pk])
        figures = cursor.fetchall()
    own = (
        event.name,
        event.status,
        event.minutes_per_round,
        event.warning_minutes,
        event.hands_per_round,
        event.board_link_version,
    )
    text = repr((viewer, own, latest, figures))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


@dataclass(frozen=True, slots=True)
class BoardStanding:
    """One line of the standings on the board: a player, or a pair (`pair` its number)."""

    rank: int
    pair: int | None
    players: tuple[Player, ...]
    victory_points: int
    games: int


@dataclass(frozen=True, slots=True)
class HallBoard:
    """What the hall board shows: the latest `round`, its `tables` as the round results read them,
    `round_over` (and then no `clock`), `sit_outs`, `standings` best first (per pair), `pair_of`
    player -> pair number."""

    event: Event
    round: Round | None
    clock: RoundClock | None
    tables: list[TableResult]
    round_over: bool
    finished_tables: int
    sit_outs: list[Player]
    standings: list[BoardStanding]
    pair_of: dict[int, int]


def hall_board(*, event: Event, now: datetime.datetime | None = None) -> HallBoard:
    """The hall board of `event` from the round results and standings; six queries whatever the tables."""
    round_ = event.rounds.order_by("-number").first()
    if round_ is not None:
        round_.event = event  # the clock reads it
    result: RoundResult | None = None
    if round_ is not None and round_.status == Round.Status.SEATED:
        found = event_round_results(event=event, number=round_.number)
        result = found[0] if found else None
    tables = result.tables if result is not None else []
    done = sum(1 for table in tables if table.state != IN_PLAY)
    round_over = bool(tables) and done == len(tables)
    return HallBoard(
        event=event,
        round=round_,
        # The clock stops when the round's last game ends, before the next round is seated.
        clock=round_clock(round=round_, now=now) if round_ is not None and not round_over else None,
        tables=tables,
        round_over=round_over,
        finished_tables=done,
        sit_outs=result.sit_outs if result is not None else [],
        standings=_standings(event),
        pair_of=event_pair_numbers(event=event) if event.format in Event.PARTNERSHIP_FORMATS else {},
    )


def _standings(event: Event) -> list[BoardStanding]:
    if event.format in Event.PARTNERSHIP_FORMATS:
        return [
            BoardStanding(row.rank, row.pair, row.players, row.victory_points, row.games)
            for row in event_pair_standings(event=event)
        ]
    return [
        BoardStanding(row.rank, None, (row.player,), row.victory_points, row.games)
        for row in event_standings(event=event).order_by("rank", "player__name", "player_id")
    ]
