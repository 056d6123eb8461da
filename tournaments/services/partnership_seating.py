"""Seats a round of a fixed-partnership event through `tournaments.domain.pairing`
(design: docs/writes-and-reads.md#seating-pairs)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

from tournaments.domain import pairing
from tournaments.domain import victory_points as vp
from tournaments.models import Event, Pair, Round, Standing
from tournaments.selectors import event_player_clubs, event_standings_rules
from tournaments.services.planned import PlannedRound, PlannedTable
from tournaments.services.standings import standings_rebuild


def plan_pair_round(
    round: Round,
    present: Collection[int],
    kept: Collection[int] = (),
    *,
    format: str | None = None,
    number: int | None = None,
    field: Sequence[int] | None = None,
) -> PlannedRound:
    """The round's tables for the pairs in play: `present` players, `kept` at locked tables.

    A stage may give its `format`, the round's `number` in it and its `field` (pair numbers by seed).
    Raises ValueError with fewer than two pairs in play."""
    event = round.event
    format = format or event.format
    number = number or round.number
    pairs = list(event.pairs.select_related("partnership").order_by("number"))
    if field is not None:
        by_number = {p.number: p for p in pairs}
        pairs = [by_number[n] for n in field if n in by_number]
    players_of = {p.number: (p.partnership.first_id, p.partnership.second_id) for p in pairs}
    active = [
        p.number
        for p in pairs
        if all(player in present and player not in kept for player in players_of[p.number])
    ]
    if len(active) < 2:
        raise ValueError(f"Seating needs at least two pairs with both players present; {len(active)} are.")
    met, byes = _pair_history(event, round, players_of)
    if format == Event.Format.SWISS:
        standings_rebuild(event_id=event.pk)  # pair by the standings as they are now
        clubs = _pair_clubs(event, players_of)
        pairings = pairing.swiss_round(_pairs_by_standings(event, pairs, active), met, byes, clubs)
    else:
        mitchell = format == Event.Format.MITCHELL
        movement = pairing.mitchell_round if mitchell else pairing.round_robin_round
        scheduled = movement([p.number for p in pairs], number)
        pairings = pairing.drop_withdrawn(scheduled, set(active))
        pairings = [
            pairing.Pairing(p.ns, p.ew, pairing.REMATCH)
            if p.ew is not None and met.get(pairing.meeting(p.ns, p.ew))
            else p
            for p in pairings
        ]
    tables = tuple(
        PlannedTable(sides=(players_of[p.ns], players_of[p.ew]), note=p.reason)
        for p in pairings
        if p.ew is not None
    )
    sit_out = tuple(player for p in pairings if p.ew is None for player in players_of[p.ns])
    return PlannedRound(tables=tables, sit_out=sit_out)


def _pair_clubs(
    event: Event, players_of: dict[int, tuple[int, int]]
) -> dict[int, tuple[int | None, ...]] | None:
    """The clubs of each pair's two players, by pair number, if the event keeps clubs apart."""
    if not event.keep_clubs_apart:
        return None
    club_of = event_player_clubs(event=event)
    return {number: tuple(club_of.get(p) for p in players) for number, players in players_of.items()}


def _pair_history(
    event: Event, round: Round, players_of: dict[int, tuple[int, int]]
) -> tuple[Counter[frozenset[int]], Counter[int]]:
    pair_of_player = {player: number for number, players in players_of.items() for player in players}
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    earlier = event.rounds.filter(number__lt=round.number).prefetch_related("tables__seats", "sit_outs")
    for played in earlier:
        for table in played.tables.all():
            at_table = {
                pair for seat in table.seats.all() if (pair := pair_of_player.get(seat.player_id)) is not None
            }
            if len(at_table) == 2:
                met[frozenset(at_table)] += 1
        bye_pairs = {
            pair for s in played.sit_outs.all() if (pair := pair_of_player.get(s.player_id)) is not None
        }
        for number in bye_pairs:
            byes[number] += 1
    return met, byes


def _pairs_by_standings(event: Event, pairs: list[Pair], active: list[int]) -> list[int]:
    """The pairs in play, best first, by their players' summed standings, then pair number."""
    _, tie_breaks = event_standings_rules(event=event)
    rows = {
        row.player_id: row
        for row in Standing.objects.filter(event=event).only(
            "player_id", "victory_points", "match_points", "wins", "points_for", "points_against"
        )
    }

    def merit(pair: Pair) -> tuple[int, ...]:
        mine = [rows[p] for p in (pair.partnership.first_id, pair.partnership.second_id) if p in rows]
        points_for = sum(r.points_for for r in mine)
        points_against = sum(r.points_against for r in mine)
        criteria = {
            "victory_points": sum(r.victory_points for r in mine),
            "match_points": sum(r.match_points for r in mine),
            "point_difference": points_for - points_against,
            "points_for": points_for,
            "wins": sum(r.wins for r in mine),
            "points_against": points_against,
        }
        return (*vp.standings_key(criteria, tie_breaks), pair.number)

    return [p.number for p in sorted(pairs, key=merit) if p.number in active]
