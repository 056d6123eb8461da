"""Which stage the next round belongs to, and the planners of a stage's rounds
(design: docs/writes-and-reads.md#seating-a-stage)."""

from __future__ import annotations

from collections.abc import Collection

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.viewer import shown_player_name
from tournaments import selectors
from tournaments.domain import seating, table_shapes
from tournaments.domain import stages as stages_domain
from tournaments.models import Event, Round, Stage
from tournaments.services import individual_seating, partnership_seating
from tournaments.services.planned import PlannedRound, PlannedTable


def next_round_stage(*, event: Event) -> Stage | None:
    """The stage of the event's next round (None without stages), once the round before is closed.

    Raises ValidationError: "stages_done", "entrants_unconfirmed", "entrants_absent",
    "match_undecided" (a knockout game ended level), "pair_absent"."""
    overview = selectors.event_stages_overview(event=event)
    if overview is None:
        return None
    stage = overview.current
    if stage is None:
        raise ValidationError(
            _("Every stage has played its rounds: add a stage, or finish the event."), code="stages_done"
        )
    line = overview.line(stage.number)
    if stage.restricted:
        if stage.confirmed_at is None or not line.entrants:
            raise ValidationError(
                _("Confirm who plays “%(stage)s” first: the proposal is on the event page.")
                % {"stage": stage.name},
                code="entrants_unconfirmed",
            )
        playing = selectors.event_entrants(event=event)[1]
        absent = [entrant for _seed, entrant in line.entrants if _key(entrant) not in playing]
        if stage.kind == Stage.Kind.FINAL_TABLE and absent:
            raise ValidationError(
                _(
                    "%(names)s of “%(stage)s” are not present: mark them present, or confirm "
                    "someone else in their place."
                )
                % {"names": ", ".join(_name(e) for e in absent), "stage": stage.name},
                code="entrants_absent",
            )
    if stage.kind == Stage.Kind.KNOCKOUT and line.bracket is not None:
        _check_knockout(event, line)
    return stage


def _check_knockout(event: Event, line: selectors.StageLine) -> None:
    drawn = line.bracket
    assert drawn is not None
    played = line.rounds_played
    if played:
        undecided = [m for m in drawn.rounds[played - 1] if m.winner is None]
        if undecided:
            tables = _match_tables(line, played, undecided)
            raise ValidationError(
                ngettext(
                    "A match of the knockout's round %(number)s has no winner yet (table "
                    "%(tables)s): a game that ended level is decided by the director on the bracket page.",
                    "Matches of the knockout's round %(number)s have no winner yet (tables "
                    "%(tables)s): a game that ended level is decided by the director on the bracket page.",
                    len(undecided),
                )
                % {"number": played, "tables": tables},
                code="match_undecided",
            )
    playing = selectors.event_entrants(event=event)[1]
    missing = [pair for m in drawn.rounds[played] if m.ready for pair in m.entrants if pair not in playing]
    if missing:
        raise ValidationError(
            _(
                "Pair(s) %(pairs)s of the knockout's next round are not present: mark them present, "
                "or decide their match on the bracket page (the other pair goes through)."
            )
            % {"pairs": ", ".join(str(p) for p in missing)},
            code="pair_absent",
        )


def _match_tables(line: selectors.StageLine, number: int, matches: list[stages_domain.Match]) -> str:
    """The numbers of the tables at which `matches` of bracket round `number` were played."""
    pair_of = {p.pk: entrant.pair for _seed, entrant in line.entrants for p in entrant.players}
    wanted = {frozenset(m.entrants) for m in matches}
    found = [
        str(table.number)
        for table in line.rounds[number - 1].tables.prefetch_related("seats")
        if frozenset(pair_of.get(seat.player_id) for seat in table.seats.all()) in wanted
    ]
    return ", ".join(found)


def _key(entrant: selectors.Entrant) -> int:
    return entrant.pair if entrant.pair is not None else entrant.players[0].pk


def _name(entrant: selectors.Entrant) -> str:
    names = " & ".join(shown_player_name(p) for p in entrant.players)
    if entrant.pair is None:
        return names
    return _("Pair %(number)s (%(names)s)") % {"number": entrant.pair, "names": names}


def plan_stage_pairs_round(round: Round, present: Collection[int], kept: Collection[int]) -> PlannedRound:
    """A round of a stage of pairs by the stage's movement; raises ValueError with fewer than two pairs."""
    stage = _stage(round)
    return partnership_seating.plan_pair_round(
        round, present, kept, format=stage.format, number=_number_in_stage(round, stage)
    )


def plan_final_table_pairs_round(
    round: Round, present: Collection[int], kept: Collection[int]
) -> PlannedRound:
    """A round of a final table of pairs: its confirmed pairs play a round robin in seed order."""
    stage = _stage(round)
    return partnership_seating.plan_pair_round(
        round,
        present,
        kept,
        format=Event.Format.ROUND_ROBIN,
        number=_number_in_stage(round, stage),
        field=_entrant_keys(_line(round, stage)),
    )


def plan_final_table_round(round: Round, present: Collection[int], kept: Collection[int]) -> PlannedRound:
    """A final table's round, partners rotating; raises ValueError when a finalist is absent."""
    stage = _stage(round)
    return _final_table_round(round, stage, _entrant_keys(_line(round, stage)), present, kept)


def plan_knockout_round(round: Round, present: Collection[int], kept: Collection[int]) -> PlannedRound:
    """A knockout's bracket round, the better seed North-South, a round-1 bye sitting out; raises
    ValueError before the round before is decided or when a pair is absent."""
    stage = _stage(round)
    return _knockout_round(_line(round, stage), _number_in_stage(round, stage), present, kept)


def _stage(round: Round) -> Stage:
    assert round.stage is not None, "a stage's planner seats a round of a stage"
    return round.stage


def _number_in_stage(round: Round, stage: Stage) -> int:
    return stage.rounds.filter(number__lte=round.number).count()


def _line(round: Round, stage: Stage) -> selectors.StageLine:
    overview = selectors.event_stages_overview(event=round.event)
    assert overview is not None
    return overview.line(stage.number)


def _entrant_keys(line: selectors.StageLine) -> list[int]:
    return [_key(entrant) for _seed, entrant in line.entrants]


def _final_table_round(
    round: Round, stage: Stage, players: list[int], present: Collection[int], kept: Collection[int]
) -> PlannedRound:
    missing = [p for p in players if p not in present]
    if missing:
        raise ValueError(f"Finalists not present: {missing}.")
    field = [p for p in players if p not in kept]
    event = round.event
    shape = table_shapes.event_shape(event.variant, event.table_shape)
    stages_domain.tables_needed(len(players), sum(shape))
    history = seating.SeatingHistory()
    for earlier in stage.rounds.filter(number__lt=round.number):
        history.record(selectors.round_seating(round=earlier))
    clubs = individual_seating.player_clubs(event)
    planned = seating.seat_round(field, history, seed=round.number, shape=shape, clubs=clubs)
    return PlannedRound(tables=tuple(PlannedTable(sides=t.sides) for t in planned.tables), sit_out=())


def _knockout_round(
    line: selectors.StageLine, number: int, present: Collection[int], kept: Collection[int]
) -> PlannedRound:
    drawn = line.bracket
    if drawn is None:
        raise ValueError("The knockout has no confirmed entrants.")
    if number > len(drawn.rounds):
        raise ValueError("The knockout has played all its rounds.")
    if number > 1 and any(m.winner is None for m in drawn.rounds[number - 2]):
        raise ValueError(f"A match of bracket round {number - 1} is undecided.")
    players_of = {
        entrant.pair: tuple(p.pk for p in entrant.players)
        for _seed, entrant in line.entrants
        if entrant.pair is not None
    }
    tables = []
    for match in drawn.rounds[number - 1]:
        if not match.ready:
            continue
        assert match.high is not None and match.low is not None
        sides = (players_of[match.high], players_of[match.low])
        seated = [p for side in sides for p in side]
        if all(p in kept for p in seated):
            continue  # a table the director locked keeps this match
        missing = [p for p in seated if p not in present]
        if missing:
            raise ValueError(f"Players of match {match.slot} are not present: {missing}.")
        tables.append(PlannedTable(sides=sides))
    sit_out = tuple(
        player
        for match in drawn.rounds[number - 1]
        if match.bye and number == 1
        for player in players_of[match.winner or 0]
    )
    return PlannedRound(tables=tuple(tables), sit_out=sit_out)
