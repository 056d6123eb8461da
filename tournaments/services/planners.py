"""Which planner seats a round: one table, `PLANNERS`, by the round's stage and the event's format."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from tournaments.models import Event, Round, Stage
from tournaments.services import individual_seating, partnership_seating, stage_seating
from tournaments.services.planned import PlannedRound, Planner

NO_STAGE = ""  # an event played without stages

# (the round's stage kind, the event plays in fixed partnerships) -> its planner. A knockout
# of players alone has none: `services.stage_add` refuses it (a knockout is played by pairs).
PLANNERS: Mapping[tuple[str, bool], Planner] = {
    (NO_STAGE, False): individual_seating.plan_individual_round,
    (NO_STAGE, True): partnership_seating.plan_pair_round,
    (Stage.Kind.ROUNDS, False): individual_seating.plan_individual_round,
    (Stage.Kind.ROUNDS, True): stage_seating.plan_stage_pairs_round,
    (Stage.Kind.FINAL_TABLE, False): stage_seating.plan_final_table_round,
    (Stage.Kind.FINAL_TABLE, True): stage_seating.plan_final_table_pairs_round,
    (Stage.Kind.KNOCKOUT, True): stage_seating.plan_knockout_round,
}


def planner_for(round: Round) -> Planner:
    """The planner of `round`; raises ValueError for a stage kind and format no planner seats."""
    key = (
        round.stage.kind if round.stage is not None else NO_STAGE,
        round.event.format in Event.PARTNERSHIP_FORMATS,
    )
    try:
        return PLANNERS[key]
    except KeyError:
        raise ValueError(f"No seating planner for a {key[0] or 'stageless'} round of this format.") from None


def round_plan(round: Round, present: Collection[int], kept: Collection[int]) -> PlannedRound:
    """The new tables of `round` for `present` players but those at `kept` (locked) tables; raises
    ValueError when no seating can be made."""
    return planner_for(round)(round, present, kept)
