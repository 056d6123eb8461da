"""Score Canasta hands: one side (rules.md §2) and one hand's checks (§4). Pure functions."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from scoring.checks import canasta_counts, hand_problems
from scoring.entries import SideEntry
from scoring.errors import InvalidHandEntry
from scoring.rules import CanastaSetBonus, RuleSet


class BreakdownItem(NamedTuple):
    """One line of a side's score: a stable snake_case `item` key and its points; `count` where a
    count applies, `name` for a special hand. Build it with keywords."""

    item: str
    points: int
    # The field shadows tuple.count() on purpose ("count" is the contract's key, and nothing
    # calls the method on a breakdown line); mypy reports the override as an incompatible type.
    count: int | None = None  # type: ignore[assignment]
    name: str | None = None

    def as_dict(self) -> dict[str, object]:
        """The contract's breakdown line: {"item", "points"} plus "count" / "name" if set."""
        out: dict[str, object] = {"item": self.item, "points": self.points}
        if self.count is not None:
            out["count"] = self.count
        if self.name is not None:
            out["name"] = self.name
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class SideScore:
    """A side's score for one hand, in points; `score` is the sum of the breakdown's points."""

    score: int
    breakdown: tuple[BreakdownItem, ...]

    def as_dict(self) -> dict[str, Any]:
        """The contract's score of one side in a hand: {"score": int, "breakdown": [{"item",
        "points", "count"?, "name"?}]} (`BreakdownItem.as_dict`)."""
        return {"score": self.score, "breakdown": [item.as_dict() for item in self.breakdown]}


@dataclass(frozen=True, slots=True, kw_only=True)
class HandScore:
    """Every side's score for one hand; `game_won_by`: a side that wins outright (Dream Hand), else None."""

    sides: Mapping[str, SideScore]
    game_won_by: str | None = None

    def as_dict(self) -> dict[str, dict[str, Any]]:
        """The contract's scored hand: {side: SideScore.as_dict()}, in the sides' order. A hand
        that wins outright says so in the game's state (`GameProgress.won_by`), not here."""
        return {side: score.as_dict() for side, score in self.sides.items()}


def score_side(
    rules: RuleSet, entry: SideEntry, *, opponent_called_acaba: bool = False, deal: int = 1
) -> SideScore:
    """Score one side's entry for one hand (rules.md §2): points with a breakdown.

    The entry must have passed `score_hand`'s checks (else IndexError may be raised). `deal` is 1-based;
    `opponent_called_acaba`: the British rule (S0, S4), the Acaba award only. Items of 0 points are left
    out unless they carry a count; a total-only entry is one item, "hand_total"."""
    items: list[BreakdownItem] = []
    add = items.append
    if entry.total is not None:
        add(BreakdownItem(item="hand_total", points=entry.total))
    elif entry.acaba:
        # the caller's side scores 0 (S0, S4)
        add(BreakdownItem(item="acaba", points=0))
    elif opponent_called_acaba:
        add(BreakdownItem(item="acaba_award", points=rules.acaba_award))
    elif entry.special_hand is not None:
        special = rules.special_hand(entry.special_hand)
        assert special is not None  # parse_entry accepts only the variant's names
        add(BreakdownItem(item="special_hand", points=special.points, name=special.name))
    else:
        _score_played_hand(rules, entry, add, deal)
    if entry.penalty_points:
        add(BreakdownItem(item="penalty", points=-entry.penalty_points))
    return SideScore(score=sum(i.points for i in items), breakdown=tuple(items))


def _score_played_hand(rules: RuleSet, e: SideEntry, add: Callable[[BreakdownItem], None], deal: int) -> None:
    counts = canasta_counts(rules, e)
    canastas = counts[0]
    melded = e.melded_points
    if melded:
        if rules.melded_points_negative_without_canasta and canastas == 0:
            melded = -melded  # Modern American swing (CLA, PAG); Greek-Spanish (S3)
        add(BreakdownItem(item="melded_cards", points=melded))
    if e.hand_points:
        add(BreakdownItem(item="cards_in_hand", points=-e.hand_points))
    if canastas or e.sevens_books or e.black_three_books:  # special books are counted apart
        for field, bonus, _group, _min_points in rules.canasta_plan:
            n = getattr(e, field)
            if n:
                add(BreakdownItem(item=field, points=n * bonus, count=n))
    for set_bonus in rules.canasta_set_bonuses:
        if _set_bonus_applies(set_bonus, counts):
            add(BreakdownItem(item=set_bonus.item, points=set_bonus.points))
    if e.red_threes or e.black_threes:
        sign = _threes_sign(rules, e, canastas)
        if e.red_threes:
            add(
                BreakdownItem(
                    item="red_threes",
                    points=_threes_value(rules, e.red_threes, sign),
                    count=e.red_threes,
                )
            )
        # Modern American only: scored like red threes, per colour (CLA)
        if e.black_threes:
            add(
                BreakdownItem(
                    item="black_threes",
                    points=_threes_value(rules, e.black_threes, sign),
                    count=e.black_threes,
                )
            )
    if e.red_threes_in_hand:
        n = e.red_threes_in_hand
        add(
            BreakdownItem(
                item="red_threes_in_hand",
                points=-n * rules.red_three_in_hand_penalty,
                count=n,
            )
        )
    if e.captured_black_threes:
        n = e.captured_black_threes
        add(
            BreakdownItem(
                item="captured_black_threes",
                points=rules.captured_black_three_values[n],
                count=n,
            )
        )
    if e.went_out:
        if e.concealed:
            add(BreakdownItem(item="concealed_going_out", points=rules.concealed_going_out_bonus))
        else:
            add(BreakdownItem(item="going_out", points=rules.going_out_bonus_for(deal)))
    if e.perfect_cut:  # counted only for a side that melded (rules.md §6a): else a line of 0
        add(
            BreakdownItem(
                item="perfect_cut", points=rules.perfect_cut_bonus if e.melded_points else 0, count=1
            )
        )
    for field, penalty in rules.penalty_plan:
        n = getattr(e, field)
        if n:
            if field == "unfinished_wild" and e.unfinished_wild_four_jokers:
                penalty = rules.unfinished_wild_four_jokers_penalty  # Pagat: all four jokers
            add(BreakdownItem(item=field, points=-n * penalty, count=n))


def _set_bonus_applies(bonus: CanastaSetBonus, counts: tuple[int, int, int, int, int]) -> bool:
    total, natural, mixed, _wild, _sequence = counts
    return (
        natural >= bonus.min_natural
        and (bonus.max_natural is None or natural <= bonus.max_natural)
        and mixed >= bonus.min_mixed
        and total >= bonus.min_total
    )


def _threes_sign(rules: RuleSet, e: SideEntry, canastas: int) -> int:
    """+1 when threes count for the side, -1 against it, 0 ignored (the RuleSet hook)."""
    hook = rules.red_threes_positive
    if hook == "melded":  # melded anything other than red threes (PAG via GH-NL, BRIT)
        return 1 if e.melded_points > 0 else -1
    if hook == "canastas":
        return 1 if canastas >= rules.red_threes_min_canastas else -1
    # Modern American (CLA, PAG): C=0 against, C=1 ignored, C>=2 for
    if hook == "swing":
        return -1 if canastas == 0 else (0 if canastas == 1 else 1)
    return 1  # "always"


def _threes_value(rules: RuleSet, count: int, sign: int) -> int:
    if sign < 0:
        return -(rules.red_three_negative_values or rules.red_three_values)[count]
    return sign * rules.red_three_values[count]


def score_hand(
    rules: RuleSet,
    entries: Mapping[str, SideEntry],
    totals_before: Mapping[str, int] | None = None,
    *,
    deal: int = 1,
    hand: int | None = None,
    players: int | None = None,
) -> HandScore:
    """Check and score one hand's `entries` (side label -> SideEntry); `totals_before` (side -> points)
    enables rules.md §4 #21, `deal` is 1-based, `players` None: the variant's first table with this many
    sides. Raises InvalidHandEntry with every problem (§4)."""
    problems = hand_problems(rules, entries, totals_before, deal=deal, hand=hand, players=players)
    if problems:
        raise InvalidHandEntry(problems)
    acaba = any(e.acaba for e in entries.values())
    sides = {
        side: score_side(rules, e, opponent_called_acaba=acaba and not e.acaba, deal=deal)
        for side, e in entries.items()
    }
    won_by = None
    for side, e in entries.items():
        if e.special_hand is not None:
            special = rules.special_hand(e.special_hand)
            if special is not None and special.wins_game:
                won_by = side
    return HandScore(sides=sides, game_won_by=won_by)
