"""What a running total implies: the next initial-meld minimum, game over, the winner."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.rules import MeldRequirement, RuleSet


def initial_meld_minimum(rules: RuleSet, total: int, *, deal: int = 1) -> int:
    """The initial-meld minimum in points for a side whose cumulative total is `total` points.

    Classic (S0, S4, PAG & Bicycle via GH-NL, rules.md §1.1): < 0 -> 15, 0-1495 -> 50, 1500-2995 ->
    90, >= 3000 -> 120; others per their RuleSet bands. Hand and Foot goes by `deal` (1-based;
    50/90/120/150, S2). Brazilian from 7000: the points part only (`initial_meld_requirement`)."""
    if rules.initial_meld_by_deal:
        by_deal = rules.initial_meld_by_deal
        return by_deal[min(max(deal, 1), len(by_deal)) - 1]
    requirement = _requirement(rules, total)
    if requirement is not None:
        return requirement.points
    for below, minimum in rules.initial_meld_bands:
        if total < below:
            return minimum
    return rules.initial_meld_top


def initial_meld_requirement(rules: RuleSet, total: int) -> str | None:
    """What the opening meld must hold besides its points for a side at `total`, or None: Brazilian only
    (BIC-BR, RG-BR, rules.md §1.6), 7000-7995 "canasta", 8000-8995 "canasta_200", 9000+ "natural_canasta"."""
    requirement = _requirement(rules, total)
    return None if requirement is None else requirement.code


def _requirement(rules: RuleSet, total: int) -> MeldRequirement | None:
    found = None
    for requirement in rules.initial_meld_requirements:
        if total >= requirement.from_total:
            found = requirement
    return found


@dataclass(frozen=True, slots=True, kw_only=True)
class GameState:
    """Whether the game is over after the hands so far, and who won (None: not over or a tie)."""

    game_over: bool
    winner: str | None


def game_state(
    rules: RuleSet,
    totals: Mapping[str, int],
    *,
    deals_played: int,
    won_by: str | None = None,
) -> GameState:
    """Game over and winner after `deals_played` hands with cumulative `totals` (side -> points).

    Over at the target (S0/S4/PAG) or after the fixed deals (Hand and Foot, S2); the highest total
    wins. A tie names no winner (rules.md §6): "play_on" and "went_out" play on. `won_by`: a side
    that won outright (Dream Hand, CLA; `tie_won_by`)."""
    if won_by is not None:
        return GameState(game_over=True, winner=won_by)
    if not totals:
        return GameState(game_over=False, winner=None)
    best = max(totals.values())
    if not _reached(rules, totals, deals_played):
        return GameState(game_over=False, winner=None)
    leaders = [side for side, total in totals.items() if total == best]
    if len(leaders) == 1:
        return GameState(game_over=True, winner=leaders[0])
    return GameState(game_over=rules.tie_policy not in ("play_on", "went_out"), winner=None)


def tie_won_by(
    rules: RuleSet, totals: Mapping[str, int], *, deals_played: int, went_out: str | None
) -> str | None:
    """tie_policy "went_out" (OpenSpiel; rules.md §6a): the side that went out in the hand that
    left the sides tied at the top at the game's end, when it is one of them; else None (the
    stock ran out, or it is not among them: play goes on)."""
    if rules.tie_policy != "went_out" or went_out is None or not _reached(rules, totals, deals_played):
        return None
    best = max(totals.values())
    leaders = [side for side, total in totals.items() if total == best]
    return went_out if len(leaders) > 1 and went_out in leaders else None


def _reached(rules: RuleSet, totals: Mapping[str, int], deals_played: int) -> bool:
    """Whether the game has reached its end: its deals played, or a side at the target."""
    if rules.deals:
        return deals_played >= rules.deals
    target = rules.target_for(len(totals))
    return target > 0 and max(totals.values()) >= target
