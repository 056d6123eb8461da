"""Writes for club and federation ratings (docs/writes-and-reads.md, "Ratings")."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.db import transaction
from django.db.models import Count, F, Max, OuterRef, Q, QuerySet, Subquery, Sum
from django.dispatch import receiver

from clubs.models import Club, Federation, FederationClub, FederationLeftOut, Player
from clubs.selectors import member_places
from clubs.services import federation_games_changed, ranking_groups_changed
from clubs.variants import ranking_group_of
from tournaments.domain import ratings
from tournaments.domain import victory_points as vp
from tournaments.domain.standings import game_side_results, result_victory_points
from tournaments.models import (
    Event,
    Game,
    Hand,
    PersonRating,
    PersonRatingHistory,
    Rating,
    RatingHistory,
    Seat,
)
from tournaments.selectors import event_standings_rules
from tournaments.services.queue import FEDERATION_RATINGS_RECOMPUTE, RATINGS_RECOMPUTE, task_send
from tournaments.services.rating_history import (
    CLUB_HISTORY,
    PERSON_HISTORY,
    HistoryRow,
    _as_date,
    _HistoryTable,
    _plain_rows,
    _rating_history_insert,
    _rating_history_write,
)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


@dataclass(frozen=True, slots=True)
class _GameFacts:
    """A game's event and each player's result, for its history rows."""

    event_id: int
    date: datetime.date
    results: dict[int, tuple[int, int, int, int]]  # player -> (won, drew, points, victory points)


def _prefixed(where: Q, prefix: str) -> Q:
    """`where` on Event, for rows reaching it by `prefix` (`"table__round__event__"`)."""
    moved = Q()
    moved.connector, moved.negated = where.connector, where.negated
    moved.children = [
        _prefixed(child, prefix) if isinstance(child, Q) else (prefix + child[0], child[1])  # type: ignore[index]
        for child in where.children
    ]
    return moved


@dataclass(slots=True)
class _Counted:
    """A club's games a federation's rebuild counted or left out."""

    counted: int = 0
    left_out: int = 0


def _rated_games(
    events: Q, together: dict[str, str], person_of: dict[int, int] | None = None
) -> tuple[dict[str, list[ratings.RatedGame]], dict[int, _GameFacts], dict[int | None, _Counted]]:
    """Finished games of ranked `events` (a condition on Event) by group (`together`) in rating
    order, their history facts, and with `person_of` each club's games counted and left out (a
    championship's under None). Three queries.

    With `person_of` (player id -> person id) the raters are people, a game counting only if every
    player at its table is a different person."""
    scales: dict[int, vp.Scale] = {}
    club_of: dict[int, int | None] = {}
    # The fields the standings rules read, so none is fetched again event by event.
    for event in Event.objects.filter(events, ranked=True).only(
        "club_id", "federation_id", "vp_scale", "vp_custom", "tie_breaks"
    ):
        scales[event.pk] = event_standings_rules(event=event)[0]
        # A championship's games are the federation's own, not its host club's: counted apart
        # (under None), so no club is told to link a player it does not have.
        club_of[event.pk] = event.club_id if event.federation_id is None else None
    players = _players_by_table(events)
    side_lists: dict[Any, tuple[str, ...]] = {}  # the few distinct `sides` values, parsed once
    no_seats: dict[str, list[int]] = {}
    by_group: dict[str, list[ratings.RatedGame]] = {}
    facts: dict[int, _GameFacts] = {}
    counts: dict[int | None, _Counted] = {}
    for game_id, table_id, sides_value, totals_value, variant, *result, event_id, date in _plain_rows(
        _finished_games(events)
    ):
        sides = side_lists.get(sides_value)
        if sides is None:
            sides = side_lists[sides_value] = tuple(_json(sides_value))
        totals = {side: int(total) for side, total in _json(totals_value).items()}
        seated = {side: players.get(table_id, no_seats).get(side, []) for side in sides}
        if person_of is not None:
            count = counts.setdefault(club_of[event_id], _Counted())
            people = {side: [person_of.get(player, 0) for player in seated[side]] for side in sides}
            at_table = [person for side in sides for person in people[side]]
            if 0 in at_table or len(set(at_table)) != len(at_table):
                count.left_out += 1
                continue
            count.counted += 1
            seated = people
        by_group.setdefault(ranking_group_of(variant, together), []).append(
            ratings.RatedGame(
                game_id,
                tuple([tuple(seated[side]) for side in sides]),
                tuple([totals.get(side, 0) for side in sides]),
            )
        )
        facts[game_id] = _GameFacts(
            event_id, _as_date(date), _results(seated, totals, result, scales[event_id])
        )
    return by_group, facts, counts


def _finished_games(events: Q) -> QuerySet[Any]:
    """Finished games of ranked `events`, one row each, in rating order; where an event asks to
    confirm each hand, only games with every hand confirmed."""
    unconfirmed = Hand.objects.filter(
        _prefixed(events, "game__table__round__event__"),
        game__table__round__event__confirmation_required=True,
        confirmed_at__isnull=True,
    ).values("game_id")
    return (
        Game.objects.filter(
            _prefixed(events, "table__round__event__"), table__round__event__ranked=True, game_over=True
        )
        .exclude(pk__in=unconfirmed)
        .order_by(
            "table__round__event__date", "table__round__event_id", "table__round__number", "table__number"
        )
        .values_list(
            "pk",
            "table_id",
            "sides",
            "totals",
            "variant",
            "winner",
            "is_draw",
            "hands_played",
            "table__round__event_id",
            "table__round__event__date",
        )
    )


def _results(
    seated: dict[str, list[int]], totals: dict[str, int], result: list[Any], scale: vp.Scale
) -> dict[int, tuple[int, int, int, int]]:
    """Player -> (won, drew, points, victory points) as `domain.standings.game_side_results`
    counts them; `result`: (winner, is_draw, hands)."""
    winner, is_draw, hands = result
    sides = game_side_results(
        seated, totals, finished=True, winner=winner, is_draw=bool(is_draw), hands=hands
    )
    results: dict[int, tuple[int, int, int, int]] = {}
    for side in sides:  # each side's figures once, shared by its players
        figures = (int(side.won), int(side.drew), side.points_for, result_victory_points(side, scale) or 0)
        for player in side.players:
            results[player] = figures
    return results


def _players_by_table(events: Q) -> dict[int, dict[str, list[int]]]:
    """Table id -> side -> player ids in seat order, for `events`."""
    seats = (
        Seat.objects.filter(_prefixed(events, "table__round__event__"))
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
    return players


@transaction.atomic
def ratings_rebuild(*, club_id: int) -> int:
    """Rebuild a club's ratings and rating history from its finished games of ranked events.

    Idempotent, writing only differing history rows; holds the club row locked. Returns the number
    of (player, group) ratings (0 for a club gone)."""
    club = Club.objects.select_for_update().filter(pk=club_id).first()
    if club is None:
        return 0
    # A championship hosted by the club is the federation's: it counts in the federation's
    # ranking, not in its host's (its entrants come from several clubs).
    own_events = Q(club_id=club_id, federation__isnull=True)
    by_group, facts, _counts = _rated_games(own_events, club.ranking_groups or {})
    current, history = _rate(by_group, facts)
    Rating.objects.filter(player__club_id=club_id).delete()
    Rating.objects.bulk_create(
        (Rating(player_id=r.player, group=group, **_rating_fields(r)) for group, r in current),
        batch_size=2000,
    )
    _rating_history_write(
        CLUB_HISTORY,
        RatingHistory.objects.filter(player_id__in=Player.objects.filter(club_id=club_id).values("pk")),
        history,
    )
    return len(current)


def _rate(
    by_group: dict[str, list[ratings.RatedGame]], facts: dict[int, _GameFacts]
) -> tuple[list[tuple[str, ratings.PlayerRating]], list[HistoryRow]]:
    """Rate each group's games in order: (group, rating) per rater, and the history rows."""
    current: list[tuple[str, ratings.PlayerRating]] = []
    history: list[HistoryRow] = []
    for group, games in by_group.items():
        result = ratings.rate_games(games)
        current.extend((group, r) for r in result.ratings.values())
        history.extend(_history_rows(group, result.history, facts))
    return current, history


def _history_rows(
    group: str, points: Iterable[ratings.HistoryPoint], facts: dict[int, _GameFacts]
) -> Iterable[HistoryRow]:
    """A group's history rows: each point's rating with its game's facts."""
    for point in points:
        game = facts[point.game]
        won, drew, points_for, victory_points = game.results[point.player]
        yield HistoryRow(
            point.player,
            point.game,
            group,
            game.event_id,
            game.date,
            point.sequence,
            point.mu,
            point.sigma,
            point.ordinal,
            won,
            drew,
            points_for,
            victory_points,
        )


def _rating_fields(r: ratings.PlayerRating) -> dict[str, Any]:
    return {
        "mu": r.mu,
        "sigma": r.sigma,
        "ordinal": r.ordinal,
        "games": r.games,
        "provisional": r.provisional,
    }


def _totals(history: Iterable[HistoryRow]) -> dict[tuple[int, str], dict[str, Any]]:
    """(rater, group) -> PersonRating totals, summed from the rater's history rows."""
    totals: dict[tuple[int, str], dict[str, Any]] = {}
    for row in history:
        total = totals.get((row.player_id, row.group))
        if total is None:
            totals[(row.player_id, row.group)] = {
                "wins": row.won,
                "draws": row.drew,
                "points": row.points,
                "victory_points": row.victory_points,
                "last_played": row.date,
            }
        else:
            total["wins"] += row.won
            total["draws"] += row.drew
            total["points"] += row.points
            total["victory_points"] += row.victory_points
            total["last_played"] = max(total["last_played"], row.date)
    return totals


def _stored_totals(people: Iterable[int], group: str) -> dict[tuple[int, str], dict[str, Any]]:
    """`_totals` from stored rows: one query, by the (person, group, sequence) index."""
    rows = (
        PersonRatingHistory.objects.filter(person_id__in=list(people), group=group)
        .order_by()
        .values("person_id")
        .annotate(
            wins=Sum("won"),
            draws=Sum("drew"),
            total_points=Sum("points"),
            total_victory_points=Sum("victory_points"),
            last_played=Max("date"),
        )
    )
    return {
        (row["person_id"], group): {
            "wins": row["wins"],
            "draws": row["draws"],
            "points": row["total_points"],
            "victory_points": row["total_victory_points"],
            "last_played": row["last_played"],
        }
        for row in rows
    }


def federation_counted_events(federation_id: int, *, club_id: int | None = None) -> Q:
    """The events a federation counts (a condition on Event): its championships, and each member
    club's events from joining (or the earlier date it consented to, `counted_from`) to
    leaving (both included, club-local dates) or today; none for neither. With `club_id`, that
    club's nights and the championships it hosted."""
    spans = Q(pk__in=[])
    places = FederationClub.objects.filter(federation_id=federation_id, joined_on__isnull=False)
    own = Q(federation_id=federation_id)
    if club_id is not None:
        places = places.filter(club_id=club_id)
        own &= Q(club_id=club_id)
    for place in places.only("club_id", "joined_on", "counts_from", "left_on"):
        span = Q(club_id=place.club_id, date__gte=place.counted_from)
        spans |= span & Q(date__lte=place.left_on) if place.left_on is not None else span
    return own | (spans & Q(federation__isnull=True))


@transaction.atomic
def federation_ratings_rebuild(*, federation_id: int) -> int:
    """Rebuild a federation's people's ratings and history from the games it counts
    (`federation_counted_events`), a game counting only if every player at its table is linked to a
    person of the federation; clubs' ratings untouched, each club's counted and left-out games stored
    (FederationLeftOut). Three queries a group; holds the federation row locked.

    Returns the number of (person, group) ratings (0 for a federation gone).
    """
    federation = Federation.objects.select_for_update().filter(pk=federation_id).first()
    if federation is None:
        return 0
    events = federation_counted_events(federation_id)
    person_of = dict(
        Player.objects.filter(person__federation_id=federation_id, person__isnull=False).values_list(
            "pk", "person_id"
        )
    )
    by_group, facts, counts = _rated_games(events, federation.ranking_groups or {}, person_of)
    current, history = _rate(by_group, facts)
    totals = _totals(history)
    PersonRating.objects.filter(person__federation_id=federation_id).delete()
    PersonRating.objects.bulk_create(
        (
            PersonRating(person_id=r.player, group=group, **_rating_fields(r), **totals[(r.player, group)])
            for group, r in current
        ),
        batch_size=2000,
    )
    _rating_history_write(
        PERSON_HISTORY, PersonRatingHistory.objects.filter(person__federation_id=federation_id), history
    )
    FederationLeftOut.objects.filter(federation_id=federation_id).delete()
    FederationLeftOut.objects.bulk_create(
        FederationLeftOut(
            federation_id=federation_id, club_id=club_id, counted=c.counted, left_out=c.left_out
        )
        for club_id, c in counts.items()
        if club_id is not None
    )
    return len(current)


# What rating a game did in a club or a federation.
GAME_RATED = "rated"  # the game rated alone, from its raters' ratings before it
GAME_NOT_COUNTED = "not counted"  # no rating counts it (unfinished, left out, not ranked...)
REBUILD_QUEUED = "rebuild"  # the game alone would not be exact: the federation's rebuild queued
REBUILT = "rebuilt"  # the game alone would not be exact: the club's ratings rebuilt


@dataclass(frozen=True, slots=True)
class GameRatings:
    """What `game_rate` did: in the game's club and in each federation counting it."""

    club: str
    federations: dict[int, str]


def game_rate(*, game_id: int) -> GameRatings:
    """`club_game_rate`, then `federation_game_rate`; nothing for a game gone."""
    return GameRatings(club_game_rate(game_id=game_id), federation_game_rate(game_id=game_id))


@dataclass(frozen=True, slots=True)
class _Raters:
    """A club's players or a federation's people: the models and their column."""

    rating: type[Rating] | type[PersonRating]
    history: type[RatingHistory] | type[PersonRatingHistory]
    column: str  # "player_id" or "person_id"


_PLAYERS = _Raters(Rating, RatingHistory, "player_id")
_PEOPLE = _Raters(PersonRating, PersonRatingHistory, "person_id")


def club_game_rate(*, game_id: int) -> str:
    """Update the club's ratings after game `game_id` changed, from the ratings before it, else
    by `ratings_rebuild`. Returns GAME_RATED, GAME_NOT_COUNTED (also a game gone) or REBUILT."""
    game = Game.objects.filter(pk=game_id).select_related("table__round__event").first()
    if game is None or game.table.round.event.federation_id is not None:
        return GAME_NOT_COUNTED  # a championship counts in its federation's ranking only
    event = game.table.round.event
    with transaction.atomic():
        club = Club.objects.select_for_update().filter(pk=event.club_id).first()
        if club is None:
            return GAME_NOT_COUNTED
        rows = RatingHistory.objects.filter(game_id=game.pk)
        stored = dict(rows.values_list("player_id", "group"))
        counted = _game_alone(game, event, club.ranking_groups or {})
        if counted is None and not stored:
            return GAME_NOT_COUNTED
        if counted is None or not _rate_alone(_PLAYERS, CLUB_HISTORY, game, counted, stored, rows):
            ratings_rebuild(club_id=club.pk)
            return REBUILT
        return GAME_RATED


def federation_game_rate(*, game_id: int) -> dict[int, str]:
    """Update the ratings of the federations counting a changed game (docs/federation.md, "When it moves").

    Returns federation id -> GAME_RATED, GAME_NOT_COUNTED or REBUILD_QUEUED ({} for a game gone or
    counted by none).
    """
    game = Game.objects.filter(pk=game_id).select_related("table__round__event").first()
    if game is None:
        return {}
    event = game.table.round.event
    return {
        federation_id: _federation_game_rate(federation_id, game, event)
        for federation_id in _federations_counting(event)
    }


def _federations_counting(event: Event) -> list[int]:
    """A championship's federation, else those counting its club's games on the event's date
    (a member then, or from an earlier date the club consented to)."""
    if event.federation_id is not None:
        return [event.federation_id]
    places = FederationClub.objects.filter(club_id=event.club_id, joined_on__isnull=False)
    return [place.federation_id for place in places if place.counts_on(event.date)]


def _federation_game_rate(federation_id: int, game: Game, event: Event) -> str:
    with transaction.atomic():
        federation = Federation.objects.select_for_update().filter(pk=federation_id).first()
        if federation is None:
            return GAME_NOT_COUNTED
        rows = PersonRatingHistory.objects.filter(game_id=game.pk, person__federation_id=federation_id)
        stored = dict(rows.values_list("person_id", "group"))
        # An event not ranked counts no game (nor any game left out): its club's counts stay.
        if event.ranked and event.federation_id is None:
            _club_counts(federation_id, event.club_id)
        counted = _game_alone(game, event, federation.ranking_groups or {}, federation_id=federation_id)
        if counted is None:
            return _rebuild_queued(federation_id) if stored else GAME_NOT_COUNTED
        if not _rate_alone(_PEOPLE, PERSON_HISTORY, game, counted, stored, rows):
            return _rebuild_queued(federation_id)
        return GAME_RATED


_Alone = tuple[str, ratings.RatedGame, dict[int, _GameFacts]]


def _game_alone(
    game: Game, event: Event, together: dict[str, str], *, federation_id: int | None = None
) -> _Alone | None:
    """The game as a rebuild rates it, read alone; None if it counts in no rating (unfinished, a
    hand unconfirmed where asked, not ranked, or for `federation_id` a player linked to no
    person or two players to one)."""
    if not (event.ranked and game.game_over):
        return None
    if event.confirmation_required and game.hands.filter(confirmed_at__isnull=True).exists():
        return None
    seats = Seat.objects.filter(table_id=game.table_id).order_by("position").values_list("side", "player_id")
    seated: dict[str, list[int]] = {side: [] for side in game.sides}
    for side, player in seats:
        if side in seated:
            seated[side].append(player)
    if federation_id is not None:
        at_table = [player for players in seated.values() for player in players]
        links = Player.objects.filter(pk__in=at_table, person__federation_id=federation_id)
        person_of = dict(links.values_list("pk", "person_id"))
        seated = {side: [person_of.get(player, 0) for player in players] for side, players in seated.items()}
        people = [person for players in seated.values() for person in players]
        if 0 in people or len(set(people)) != len(people):
            return None
    totals = {side: int(total) for side, total in game.totals.items()}
    scale = event_standings_rules(event=event)[0]
    results = _results(seated, totals, [game.winner, game.is_draw, game.hands_played], scale)
    rated = ratings.RatedGame(
        game.pk,
        tuple([tuple(seated[side]) for side in game.sides]),
        tuple([totals.get(side, 0) for side in game.sides]),
    )
    facts = {game.pk: _GameFacts(event.pk, _as_date(event.date), results)}
    return ranking_group_of(game.variant, together), rated, facts


def _rate_alone(
    raters: _Raters,
    table: _HistoryTable,
    game: Game,
    counted: _Alone,
    stored: dict[int, str],
    rows: QuerySet[Any],
) -> bool:
    """Rate `counted` from the ratings before it and write its rows, when exact
    (`_ratings_before`); else False, writing nothing."""
    group, rated, facts = counted
    event = game.table.round.event
    key = (_as_date(event.date), event.pk, game.table.round.number, game.table.number)
    start = _ratings_before(raters, group, rated, stored, key)
    if start is None:
        return False
    result = ratings.rate_games([rated], start=start)
    people = [person for side in rated.sides for person in side]
    rows.delete()
    _rating_history_insert(table, _history_rows(group, result.history, facts))
    raters.rating.objects.filter(**{f"{raters.column}__in": people}, group=group).delete()
    if raters is _PEOPLE:
        # Their totals summed again from their rows, this game's as now written: exact whether
        # the game is new to them or a correction of their last one.
        totals = _stored_totals(people, group)
        PersonRating.objects.bulk_create(
            PersonRating(person_id=r.player, group=group, **_rating_fields(r), **totals[(r.player, group)])
            for r in result.ratings.values()
        )
    else:
        Rating.objects.bulk_create(
            Rating(player_id=r.player, group=group, **_rating_fields(r)) for r in result.ratings.values()
        )
    return True


def _club_counts(federation_id: int, club_id: int) -> None:
    """Store the club's counted and left-out games (FederationLeftOut); two counts."""
    events = federation_counted_events(federation_id, club_id=club_id) & Q(federation__isnull=True)
    at_table = Seat.objects.filter(table_id=OuterRef("table_id")).order_by().values("table_id")
    linked = at_table.filter(player__person__federation_id=federation_id)
    games = Game.objects.filter(pk__in=_finished_games(events).order_by().values("pk")).annotate(
        seated=Subquery(at_table.annotate(n=Count("pk")).values("n")),
        people=Subquery(linked.annotate(n=Count("player__person_id", distinct=True)).values("n")),
    )
    total = games.count()
    if not total:
        FederationLeftOut.objects.filter(federation_id=federation_id, club_id=club_id).delete()
        return
    counted = games.filter(Q(seated__isnull=True) | Q(seated=F("people"))).count()
    FederationLeftOut.objects.update_or_create(
        federation_id=federation_id,
        club_id=club_id,
        defaults={"counted": counted, "left_out": total - counted},
    )


def _rebuild_queued(federation_id: int) -> str:
    transaction.on_commit(partial(task_send, FEDERATION_RATINGS_RECOMPUTE, federation_id=federation_id))
    return REBUILD_QUEUED


def _ratings_before(
    raters: _Raters,
    group: str,
    rated: ratings.RatedGame,
    stored: dict[int, str],
    key: tuple[datetime.date, int, int, int],
) -> dict[int, ratings.PlayerRating] | None:
    """Rater -> rating in `group` right before `rated` (new raters left out) when it is each
    rater's last rated game (`key`: its rating order; `stored`: rater -> group of stored rows);
    else None, and the rebuild decides."""
    people = [person for side in rated.sides for person in side]
    if stored and (set(stored) != set(people) or set(stored.values()) != {group}):
        return None  # its raters or its group changed: their later games may move too
    column = raters.column
    games = dict(
        raters.rating.objects.filter(**{f"{column}__in": people}, group=group).values_list(column, "games")
    )
    # Each rater's last rated game and, for a game rated again, the one before it.
    wanted = Q(pk__in=[])
    for person in people:
        last = games.get(person, 0)
        for sequence in (last, last - 1) if person in stored else (last,):
            if sequence > 0:
                wanted |= Q(**{column: person}, sequence=sequence)
    rows = {
        (person, sequence): (game_id, mu, sigma, (_as_date(date), event_id, round_number, table_number))
        for person, sequence, game_id, mu, sigma, date, event_id, round_number, table_number in (
            raters.history.objects.filter(wanted, group=group).values_list(
                column,
                "sequence",
                "game_id",
                "mu",
                "sigma",
                "date",
                "event_id",
                "game__table__round__number",
                "game__table__number",
            )
        )
    }
    start: dict[int, ratings.PlayerRating] = {}
    for person in people:
        last = games.get(person, 0)
        if person in stored:
            # Rated again: it must still be their last game; they go on from the game before.
            if rows.get((person, last), (None,))[0] != rated.game:
                return None
            played = last - 1
        else:
            if last and rows.get((person, last), (None, 0.0, 0.0, key))[3] >= key:
                return None  # a game of theirs rated already comes after this one (or is not found)
            played = last
        if played:
            before = rows.get((person, played))
            if before is None:
                return None
            start[person] = ratings.player_rating(person, (before[1], before[2]), played)
    return start


@receiver(ranking_groups_changed)
def _rate_again_by_the_new_groups(sender: Any, club_id: int, **kwargs: Any) -> None:
    # The club's variants ranked together changed: its ratings, kept per group, are rebuilt.
    task_send(RATINGS_RECOMPUTE, club_id=club_id)


def federation_ratings_queue(*, club_id: int) -> int:
    """Queue the club's current federation's rebuild; returns how many (0 for none)."""
    federations = member_places(club_id=club_id).values_list("federation_id", flat=True)
    for federation_id in federations:
        task_send(FEDERATION_RATINGS_RECOMPUTE, federation_id=federation_id)
    return len(federations)


@receiver(federation_games_changed)
def _rate_the_federation_again(sender: Any, federation_id: int, **kwargs: Any) -> None:
    # A club joined or left, a player was linked or unlinked: the federation's games changed.
    task_send(FEDERATION_RATINGS_RECOMPUTE, federation_id=federation_id)
