"""The entries a scorekeeper must reject (rules.md §4), for one hand.

Each check returns Problems naming hand, side and field; it never fixes or guesses a value.
Field-by-field shape errors (types, negatives, multiples of 5, unknown fields) are found
earlier by `entries.parse_entry`; here are the checks that need several fields, several sides,
the pack, or the side's total before the hand.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.entries import SideEntry
from scoring.errors import Problem
from scoring.game import initial_meld_minimum
from scoring.rules import RuleSet

_MA_UNFINISHED = ("unfinished_aces", "unfinished_sevens", "unfinished_wild")


def canasta_counts(rules: RuleSet, e: SideEntry) -> tuple[int, int, int, int, int]:
    """A side's completed canastas: (all, natural, mixed, wild, sequence) under `rules`."""
    total = natural = mixed = wild = sequence = 0
    for kind in rules.canastas:
        n = getattr(e, kind.field)
        if n:
            total += n
            group = kind.group
            if group == "natural":
                natural += n
            elif group == "mixed":
                mixed += n
            elif group == "wild":
                wild += n
            else:
                sequence += n
    return total, natural, mixed, wild, sequence


def hand_problems(
    rules: RuleSet,
    entries: Mapping[str, SideEntry],
    totals_before: Mapping[str, int] | None,
    *,
    deal: int = 1,
    hand: int | None = None,
) -> list[Problem]:
    """Every rules.md §4 problem of one hand's entries (side label -> SideEntry), in order:
    each side's own problems, then those across sides. `totals_before` None skips #21."""
    problems: list[Problem] = []
    for side, e in entries.items():
        total_before = None if totals_before is None else totals_before.get(side)
        problems.extend(_side_problems(rules, e, side=side, hand=hand, total_before=total_before, deal=deal))
    problems.extend(_cross_side_problems(rules, entries, hand=hand))
    return problems


def _filled_fields(rules: RuleSet, e: SideEntry, *, ignore: tuple[str, ...]) -> list[str]:
    return [n for n in rules.fields if n not in ignore and getattr(e, n) not in (0, False, None)]


def _side_problems(
    rules: RuleSet,
    e: SideEntry,
    *,
    side: str,
    hand: int | None,
    total_before: int | None,
    deal: int,
) -> list[Problem]:
    out: list[Problem] = []

    def bad(field: str, message: str) -> None:
        out.append(Problem(hand=hand, side=side, field=field, message=message))

    # British (S0, S4): Acaba ends the hand; nothing else is counted (§4 #20)
    if e.acaba:
        others = _filled_fields(rules, e, ignore=("acaba", "penalty_points"))
        if others:
            bad(
                "acaba",
                f"Acaba ends the hand and nothing else is counted; remove {', '.join(others)}",
            )
        return out
    if e.special_hand is not None:  # Modern American (CLA, CCOM, CJ-2; §4 #14)
        others = _filled_fields(rules, e, ignore=("special_hand",))
        if others:
            bad(
                "special_hand",
                f"a special hand is the side's only score; remove {', '.join(others)}",
            )
        return out

    total, natural, mixed, wild, sequence = canasta_counts(rules, e)
    if e.concealed and not e.went_out:  # §4 #5 (PAG, BRIT)
        bad("concealed", "'concealed' is a way of going out: it needs 'went_out' too")
    if e.went_out:
        shortfall = _going_out_shortfall(rules, total, natural, mixed, wild, sequence)
        if shortfall:
            bad("went_out", f"going out needs {shortfall}")  # §4 #4
        if any(getattr(e, f) for f in _MA_UNFINISHED):  # §4 #22 (CLA, PAG)
            bad(
                "went_out",
                "a side cannot go out while it has an unfinished aces, 7s or wild meld",
            )
        # §4 #18: the player who went out holds no cards
        if rules.players_per_side == 1:
            if e.hand_points:
                bad(
                    "hand_points",
                    "the player who went out holds no cards, so 'hand_points' must be 0",
                )
            if e.red_threes_in_hand:
                bad(
                    "red_threes_in_hand",
                    "the player who went out holds no cards, so no red threes either",
                )

    floor = sum(getattr(e, kind.field) * kind.min_points for kind in rules.canastas)
    if e.melded_points < floor:  # §4 #8, #9 [derived]
        if e.melded_points == 0:
            bad(
                "melded_points",
                f"{total} canasta(s) entered for a side with no melded points",
            )
        else:
            bad(
                "melded_points",
                f"{total} canasta(s) need at least {floor} melded points; {e.melded_points} entered",
            )
    if total > rules.max_canastas_per_side:  # §4 #12 [derived]
        field = max(rules.canastas, key=lambda k: getattr(e, k.field)).field
        bad(
            field,
            f"{total} canastas for one side; at most {rules.max_canastas_per_side} are possible",
        )

    # Modern American (CLA): one meld per rank, one wild meld open
    if rules.special_hands:
        for field in _MA_UNFINISHED:
            if getattr(e, field) > 1:
                bad(
                    field,
                    f"a side has at most one such unfinished meld, not {getattr(e, field)}",
                )
        for field in ("players_with_three_aces", "players_with_three_sevens"):
            if getattr(e, field) > rules.players_per_side:
                bad(
                    field,
                    f"a side has {rules.players_per_side} players, not {getattr(e, field)}",
                )

    # §4 #21: only a side that melded; its opening meld stays on the table.
    if e.melded_points and total_before is not None:
        minimum = initial_meld_minimum(rules, total_before, deal=deal)
        if e.melded_points < minimum:
            bad(
                "melded_points",
                f"the side's opening meld had to be at least {minimum} points (total before "
                f"the hand {total_before}), so its melded points cannot be {e.melded_points}",
            )
    return out


def _going_out_shortfall(
    rules: RuleSet, total: int, natural: int, mixed: int, wild: int, sequence: int
) -> str:
    need = rules.going_out
    counted = total if need.counts_wild else total - wild
    missing = []
    if counted < need.canastas:
        kind = "canasta(s)" if need.counts_wild else "canasta(s) other than wild canastas"
        missing.append(f"{need.canastas} {kind} (this side has {counted})")
    for label, have, wanted in (
        ("natural/clean", natural, need.natural),
        ("mixed/dirty", mixed, need.mixed),
        ("wild", wild, need.wild),
        ("sequence", sequence, need.sequence),
    ):
        if have < wanted:
            missing.append(f"{wanted} {label} canasta(s) (this side has {have})")
    return "; ".join(missing)


def _cross_side_problems(
    rules: RuleSet, entries: Mapping[str, SideEntry], *, hand: int | None
) -> list[Problem]:
    out: list[Problem] = []

    def bad(field: str | None, message: str, side: str | None = None) -> None:
        out.append(Problem(hand=hand, side=side, field=field, message=message))

    values = entries.values()
    red = sum(e.red_threes + e.red_threes_in_hand for e in values)
    if red > rules.red_threes_in_pack:  # §4 #1 [derived]
        bad(
            "red_threes",
            f"{red} red threes entered over all sides; the pack has {rules.red_threes_in_pack}",
        )
    for field in ("black_threes", "captured_black_threes"):  # §4 #2; Cuban capture
        if field not in rules.fields:
            continue
        black = sum(getattr(e, field) for e in values)
        if black > rules.black_threes_in_pack:
            bad(
                field,
                f"{black} black threes entered over all sides; the pack has {rules.black_threes_in_pack}",
            )

    out_sides = [side for side, e in entries.items() if e.went_out]
    if len(out_sides) > 1:  # §4 #3 (S0, S4)
        bad(
            "went_out",
            f"{' and '.join(out_sides)} both went out; a hand ends when one side goes out",
        )

    points = sum(e.melded_points + e.hand_points for e in values)
    if points > rules.pack_points:  # §4 #10 [derived]
        bad(
            "melded_points",
            f"melded and hand points over all sides add up to {points}; the pack holds only "
            f"{rules.pack_points} card points",
        )

    totals = [0, 0, 0, 0, 0]
    for e in values:
        for i, n in enumerate(canasta_counts(rules, e)):
            totals[i] += n
    for index, limit, field in (  # §4 #12, #13 [derived]
        (0, rules.max_canastas_total, "natural_canastas"),
        (1, rules.max_natural_canastas_total, "natural_canastas"),
        (2, rules.max_mixed_canastas_total, "mixed_canastas"),
        (3, rules.max_wild_canastas_total, "wild_canastas"),
    ):
        if totals[index] > limit:
            what = ("canastas", "natural canastas", "mixed canastas", "wild canastas")[index]
            bad(
                field,
                f"{totals[index]} {what} over all sides; the pack allows at most {limit}",
            )
    for kind in rules.canastas:
        if kind.max_total:
            n = sum(getattr(e, kind.field) for e in values)
            if n > kind.max_total:
                bad(
                    kind.field,
                    f"{n} {kind.field.replace('_', ' ')} over all sides; the pack allows {kind.max_total}",
                )

    # Modern American: a completed 7s or aces canasta leaves too few cards for an unfinished
    # meld of that rank anywhere (§4 #13).
    for unfinished, completed in (
        ("unfinished_sevens", "sevens_canastas"),
        ("unfinished_aces", "aces_canastas"),
    ):
        if any(getattr(e, completed) for e in values):
            for side, e in entries.items():
                if getattr(e, unfinished):
                    bad(
                        unfinished,
                        f"a completed {completed.split('_')[0]} canasta leaves no cards for it",
                        side,
                    )

    specials = [side for side, e in entries.items() if e.special_hand is not None]
    if len(specials) > 1:  # a special hand ends the hand (CLA)
        bad(
            "special_hand",
            f"{' and '.join(specials)} both laid a special hand; it ends the hand",
        )
    callers = [side for side, e in entries.items() if e.acaba]
    if len(callers) > 1:  # §4 #20 (S0)
        bad("acaba", f"{' and '.join(callers)} both called Acaba; it ends the hand")
    if specials or callers:
        ender = (specials or callers)[0]
        how = "a special hand" if specials else "Acaba"
        for side, e in entries.items():
            if side in specials or side in callers:
                continue
            if e.went_out:
                bad(
                    "went_out",
                    f"{ender} ended the hand with {how}, so no one went out",
                    side,
                )
            elif callers:
                others = _filled_fields(rules, e, ignore=("penalty_points",))
                if others:
                    bad(
                        others[0],
                        f"{ender} called Acaba: this side scores the award and nothing else",
                        side,
                    )
    return out
