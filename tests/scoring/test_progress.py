"""A game scored hand by hand against its stored state (scoring.progress) is the game scored
as a whole sheet (scoring.score_sheet): for every variant, every player count and every
house-rule option, with corrections in the middle (hypothesis), and a few worked examples."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring.rules import TIE_POLICIES

Draw = st.DrawFn
FIVES = st.integers(0, 60).map(lambda n: 5 * n)
POSITIVE_FIVES = st.integers(1, 60).map(lambda n: 5 * n)


def _meld_table(draw: Draw, rules: scoring.RuleSet) -> list[dict[str, int]]:
    belows = sorted(set(draw(st.lists(st.integers(-20, 200).map(lambda n: 25 * n), min_size=1, max_size=4))))
    bands: list[dict[str, int]] = [{"below": below, "minimum": draw(FIVES)} for below in belows]
    return [*bands, {"minimum": draw(FIVES)}]


def _red_three_values(draw: Draw, rules: scoring.RuleSet) -> Any:
    # Where red threes count as they are (Hand and Foot), a value may be below 0 (rules.md §6a).
    values = st.integers(-60, 60).map(lambda n: 5 * n) if rules.red_threes_positive == "always" else FIVES
    if draw(st.booleans()):
        return draw(st.lists(values, min_size=rules.red_threes_in_pack, max_size=rules.red_threes_in_pack))
    value: dict[str, int] = {"each": draw(values)}
    if draw(st.booleans()):
        value["all"] = draw(values)
    return value


def _books(draw: Draw, rules: scoring.RuleSet) -> dict[str, int]:
    keys = draw(st.lists(st.sampled_from(["clean", "dirty", "wild"]), min_size=1, max_size=3, unique=True))
    return {key: draw(st.integers(0, 2)) for key in keys}


def _book_values(draw: Draw, rules: scoring.RuleSet) -> dict[str, int]:
    keys = draw(st.lists(st.sampled_from(["clean", "dirty", "wild"]), min_size=1, max_size=3, unique=True))
    return {key: draw(FIVES) for key in keys}


def _simple(strategy: st.SearchStrategy[Any]) -> Callable[[Draw, scoring.RuleSet], Any]:
    return lambda draw, rules: draw(strategy)


# A valid value of every house-rule option (scoring/rules/options.py, `_OPTION_HANDLERS`). Small
# targets end games within a few hands, so that hands after the end are tried too.
OPTION_VALUES: Mapping[str, Callable[[Draw, scoring.RuleSet], Any]] = {
    "packs": _simple(st.sampled_from([3, 4])),
    "target": _simple(st.sampled_from([500, 1500, 3000, 5000])),
    "tie_policy": _simple(st.sampled_from(TIE_POLICIES)),
    "red_threes_negative_without": _simple(st.sampled_from(["meld", "canasta"])),
    "negative_minimum": _simple(st.sampled_from([15, 0])),
    "concealed_canasta_bonus": _simple(st.booleans()),
    "special_hands": _simple(st.sampled_from(["cla", "pagat"])),
    "red_three_in_hand_penalty": _simple(POSITIVE_FIVES),
    "books_to_go_out": _books,
    "minimum_at_7000": _simple(POSITIVE_FIVES),
    "red_three_penalty_all_six": _simple(POSITIVE_FIVES),
    "black_three_in_hand": _simple(POSITIVE_FIVES),
    "going_out_bonus": _simple(FIVES),
    "concealed_going_out_bonus": _simple(FIVES),
    "initial_meld_table": _meld_table,
    "initial_meld_by_deal": lambda draw, rules: draw(
        st.lists(FIVES, min_size=rules.deals, max_size=rules.deals)
    ),
    "red_three_values": _red_three_values,
    "book_values": _book_values,
    "deals": _simple(st.sampled_from([0, 1, 2, 4])),
    "red_threes_against": _simple(st.fixed_dictionaries({"each": FIVES}, optional={"all": FIVES})),
    "canasta_values": _simple(
        st.fixed_dictionaries({}, optional={"natural": FIVES, "mixed": FIVES}).filter(bool)
    ),
    "wild_canasta": _simple(POSITIVE_FIVES),
    "canastas_to_go_out": _simple(st.integers(1, 3)),
    "unfinished_wild_four_jokers": _simple(POSITIVE_FIVES),
    "going_out_bonus_by_deal": lambda draw, rules: draw(
        st.lists(FIVES, min_size=rules.deals, max_size=rules.deals)
    ),
    "perfect_cut_bonus": _simple(POSITIVE_FIVES),
    "books_to_go_out_by_deal": lambda draw, rules: [_books(draw, rules) for _ in range(rules.deals)],
    "special_books": _simple(st.fixed_dictionaries({"sevens": FIVES, "black_threes": FIVES})),
}
CONFLICTS = (
    ("initial_meld_table", "negative_minimum"),
    ("initial_meld_table", "minimum_at_7000"),
    ("going_out_bonus_by_deal", "going_out_bonus"),
    ("books_to_go_out_by_deal", "books_to_go_out"),
)
# Drawn first: the values of the other options are checked against them (Chilean's pack, the
# deals of a Hand and Foot game).
STRUCTURAL = ("packs", "deals")
# A Hand and Foot game of no deals is played to a target with minimums by score; with deals it
# takes neither, nor options by deal without any deal (rules.md §6a).
TO_A_TARGET = ("target", "initial_meld_table")
BY_DEAL = ("going_out_bonus_by_deal", "books_to_go_out_by_deal", "initial_meld_by_deal")


def _house_rules(draw: Draw, variant: str, table: dict[str, int]) -> dict[str, Any]:
    """Valid house rules of `variant` at `table`: up to four of its options, with those the
    ones drawn need."""
    base = scoring.VARIANTS[variant]
    names = draw(st.lists(st.sampled_from(base.options), unique=True, max_size=4)) if base.options else []
    for first, second in CONFLICTS:
        if first in names and second in names:
            names.remove(second)
    options = {name: OPTION_VALUES[name](draw, base) for name in names if name in STRUCTURAL}
    if "deals" in base.options:
        to_target = options.get("deals") == 0
        names = [n for n in names if (n in TO_A_TARGET) == to_target or n not in TO_A_TARGET]
        names += [n for n in TO_A_TARGET if to_target and n not in names]
        if to_target:
            names = [n for n in names if n not in BY_DEAL]
    # (a game of no deals is checked with its target and bands, drawn below)
    packed = scoring.rules_for(variant, {k: v for k, v in options.items() if k == "packs" or v}, **table)
    return options | {name: OPTION_VALUES[name](draw, packed) for name in names if name not in STRUCTURAL}


def test_every_option_of_every_variant_has_values_here():
    """The property below covers every house-rule option: a new one needs its values here."""
    options = {option for rules in scoring.VARIANTS.values() for option in rules.options}
    assert options <= OPTION_VALUES.keys()


@st.composite
def _entry(draw: Draw, rules: scoring.RuleSet, players: int) -> dict[str, Any]:
    """A side's entry: a total as on a paper pad (mostly valid) or the variant's fields with
    small values (often rejected: the engine decides)."""
    if draw(st.booleans()):
        low, high = rules.hand_score_bounds
        entry: dict[str, Any] = {"total": 5 * draw(st.integers(max(low // 5, -200), min(high // 5, 600)))}
        if draw(st.integers(0, 4)) == 0:
            entry["went_out"] = True
        return entry
    entry = {}
    for field in scoring.entry_fields(rules):
        if draw(st.integers(0, 4)):
            continue
        if field.kind == "flag":
            entry[field.name] = draw(st.booleans())
        elif field.kind == "choice":
            entry[field.name] = draw(st.sampled_from(field.choices))
        elif field.kind == "points":
            entry[field.name] = 5 * draw(st.integers(0, 120))
        else:
            entry[field.name] = draw(st.sampled_from([0, 1, 1, 2]))
    holding = players - (1 if entry.get("went_out") else 0)
    if not holding:
        entry.pop("hand_points", None)
    elif "hand_points" in entry or draw(st.integers(0, 9)):
        entry["hand_points"] = 5 * holding + 5 * draw(st.integers(0, 40))
    floor = sum(entry.get(name, 0) * least for name, _bonus, _group, least in rules.canasta_plan)
    if floor and draw(st.integers(0, 4)):
        entry["melded_points"] = floor + 5 * draw(st.integers(0, 40))
    return entry


def _one_out(hand: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Mostly one side goes out: a second side's going out is dropped, and so is going out
    concealed where the side did not go out (the checks of both are tested elsewhere)."""
    out = False
    for entry in hand.values():
        if entry.get("went_out") and out:
            del entry["went_out"]
        out = out or bool(entry.get("went_out"))
        if not entry.get("went_out"):
            entry.pop("concealed", None)
    return hand


@st.composite
def games(draw: Draw) -> dict[str, Any]:
    """A sheet of any variant at any of its player counts, with any of its house rules, and a
    correction: a hand to put in place of one of the first hands."""
    variant = draw(st.sampled_from(sorted(scoring.VARIANTS)))
    base = scoring.VARIANTS[variant]
    count = draw(st.sampled_from(base.side_counts))
    sides = ["NS", "EW", "XY", "ZW"][:count]
    players = draw(st.sampled_from(base.players_options(count)))
    table = {"sides": count, "players": players}  # the pack may follow the players (Hand and Foot)
    options = _house_rules(draw, variant, table)
    rules = scoring.rules_for(variant, options, **table)
    entries = _entry(rules, players)
    hands = [_one_out({side: draw(entries) for side in sides}) for _ in range(draw(st.integers(1, 7)))]
    sheet: dict[str, Any] = {"variant": variant, "options": options, "sides": sides, "players": players}
    if not rules.deals and draw(st.integers(0, 3)) == 0:
        sheet["start"] = {side: 5 * draw(st.integers(-200, 1000)) for side in sides}
    sheet["hands"] = hands
    correction = _one_out({side: draw(entries) for side in sides})
    return {"sheet": sheet, "rules": rules, "at": draw(st.integers(0, 6)), "correction": correction}


def _whole(sheet: dict[str, Any]) -> dict[str, Any] | list[dict[str, object]]:
    """score_sheet's result, or its problems (each with code and params)."""
    try:
        return scoring.score_sheet(sheet)
    except scoring.SheetRejected as exc:
        return [problem.as_detail() for problem in exc.problems]


def _by_hand(rules: scoring.RuleSet, progress: scoring.GameProgress, hands: list[Any]) -> Any:
    """hands_score's scored hands and state, or its problems."""
    try:
        return scoring.hands_score(rules, progress, hands)
    except scoring.SheetRejected as exc:
        return [problem.as_detail() for problem in exc.problems]


def _stored(progress: scoring.GameProgress, rules: scoring.RuleSet) -> scoring.GameProgress:
    """The state as a caller keeps it (totals, hands, won_by) and resumes it."""
    return scoring.game_resume(
        rules,
        progress.sides,
        dict(progress.totals),
        hands=progress.hands,
        won_by=progress.won_by,
        players=progress.players,
    )


def _as_result(
    rules: scoring.RuleSet, scored: list[scoring.HandScore], progress: scoring.GameProgress
) -> dict[str, Any]:
    return scoring.GameResult(variant=rules.key, hands=tuple(scored), state=progress).as_dict()


@pytest.mark.slow
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_scoring_hand_by_hand_is_scoring_the_whole_sheet(game: dict[str, Any]) -> None:
    sheet, rules = game["sheet"], game["rules"]
    whole = _whole(sheet)
    progress = scoring.game_start(rules, sheet["sides"], start=sheet.get("start"), players=sheet["players"])
    states = [progress]  # the state after 0, 1, 2, ... accepted hands
    scored: list[Any] = []
    for index, hand in enumerate(sheet["hands"]):
        one = _by_hand(rules, progress, [hand])
        if isinstance(one, list):
            # The first refused hand: the sheet is refused, this hand for the same reasons,
            # and the rest of the sheet from here with exactly the sheet's problems.
            assert isinstance(whole, list)
            assert one == [problem for problem in whole if problem["hand"] == index]
            assert _by_hand(rules, progress, sheet["hands"][index:]) == whole
            break
        (scored_hand,), after = one
        scored.append(scored_hand)
        progress = _stored(after, rules)
        assert progress == after
        states.append(progress)
    else:
        assert whole == _as_result(rules, scored, progress)
        # All at once from the start gives the same.
        assert _by_hand(rules, states[0], sheet["hands"]) == (scored, progress)

    # A correction of an accepted hand, as a caller that stores each hand's scores makes it:
    # the state before the corrected hand from the hands before it (their count and summed
    # scores), then it and the hands after it scored again.
    if len(scored) == 0:
        return
    at = game["at"] % len(scored)
    start = sheet.get("start") or dict.fromkeys(sheet["sides"], 0)
    totals = {side: start[side] + sum(h.sides[side].score for h in scored[:at]) for side in sheet["sides"]}
    before = scoring.game_resume(rules, sheet["sides"], totals, hands=at, players=sheet["players"])
    assert before == states[at]
    corrected = [game["correction"], *sheet["hands"][at + 1 : len(scored)]]
    expected = _whole({**sheet, "hands": [*sheet["hands"][:at], *corrected]})
    again = _by_hand(rules, before, corrected)
    if isinstance(again, list):
        assert again == expected
    else:
        assert expected == _as_result(rules, scored[:at] + again[0], again[1])


# --- worked examples ----------------------------------------------------------------------------

CLASSIC = scoring.rules_for("classic")
# rules.md §3.1 C1A: NS went out with a natural and a mixed canasta.
HAND_1 = {
    "NS": {
        "melded_points": 310,
        "hand_points": 25,
        "natural_canastas": 1,
        "mixed_canastas": 1,
        "red_threes": 2,
        "went_out": True,
    },
    "EW": {"melded_points": 150, "hand_points": 65, "mixed_canastas": 1, "red_threes": 1},
}


def test_the_state_after_a_hand_is_what_the_next_hand_is_scored_against():
    start = scoring.game_start(CLASSIC, ["NS", "EW"])
    assert (start.hands, start.totals, start.initial_meld) == (0, {"NS": 0, "EW": 0}, {"NS": 50, "EW": 50})
    ((hand,), after) = scoring.hands_score(CLASSIC, start, [HAND_1])
    assert dict(after.totals) == {"NS": hand.sides["NS"].score, "EW": hand.sides["EW"].score}
    assert after.hands == 1 and not after.game_over and after.winner is None
    # The next hand's minimum comes from the totals: 90 from 1500 on.
    near = scoring.game_resume(CLASSIC, ["NS", "EW"], {"NS": 1500, "EW": -10}, hands=7)
    assert near.initial_meld == {"NS": 90, "EW": 15}
    low_meld = {"NS": {"melded_points": 50, "hand_points": 10}, "EW": {"total": 0}}
    with pytest.raises(scoring.SheetRejected) as refused:
        scoring.hands_score(CLASSIC, near, [low_meld])
    assert [(p.hand, p.side, p.code) for p in refused.value.problems] == [(7, "NS", "opening_meld_too_low")]


def test_a_hand_after_the_end_is_refused_naming_the_last_hand():
    over = scoring.game_resume(CLASSIC, ["NS", "EW"], {"NS": 5100, "EW": 2000}, hands=12)
    assert over.game_over and over.winner == "NS"
    with pytest.raises(scoring.SheetRejected) as refused:
        scoring.hands_score(CLASSIC, over, [{"NS": {"total": 100}, "EW": {"total": 100}}])
    assert [(p.hand, p.code, p.params) for p in refused.value.problems] == [
        (12, "game_over_after_hand", {"after_hand": 11, "after_hand_number": 12})
    ]


def test_a_state_no_game_can_be_in_is_refused():
    with pytest.raises(ValueError, match="totals must give an int for each side"):
        scoring.game_resume(CLASSIC, ["NS", "EW"], {"NS": 0}, hands=1)
    with pytest.raises(ValueError, match="is not a side"):
        scoring.game_resume(CLASSIC, ["NS", "EW"], {"NS": 0, "EW": 0}, hands=1, won_by="XY")
    with pytest.raises(scoring.SheetRejected):
        scoring.game_resume(CLASSIC, ["NS", "EW", "XY"], {"NS": 0, "EW": 0, "XY": 0}, hands=1)
    with pytest.raises(ValueError, match="cannot have played -1 hands"):
        scoring.game_resume(CLASSIC, ["NS", "EW"], {"NS": 0, "EW": 0}, hands=-1)
