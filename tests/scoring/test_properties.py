"""Properties that hold for every sheet the engine accepts (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring


@st.composite
def classic_entries(draw: st.DrawFn, *, may_go_out: bool) -> dict[str, Any]:
    """A plausible classic entry: mostly valid, sometimes not (the engine decides)."""
    natural = draw(st.integers(0, 2))
    mixed = draw(st.integers(0, 2))
    melded = draw(st.booleans()) or natural + mixed > 0
    entry: dict[str, Any] = {
        "natural_canastas": natural,
        "mixed_canastas": mixed,
        "red_threes": draw(st.integers(0, 2)),
    }
    if melded:
        floor = max(35 * natural + 50 * mixed, 50)
        entry["melded_points"] = floor + 5 * draw(st.integers(0, 40))
    went_out = may_go_out and natural + mixed > 0 and draw(st.booleans())
    if went_out:
        entry["went_out"] = True
        entry["concealed"] = draw(st.booleans())
    # Every partner still holding cards holds at least 5 points (rules.md §3 note): 5 for the
    # partner of the player who went out, 10 for a side that did not. Now and then less, which
    # the engine must reject.
    held = 5 if went_out else 10
    if draw(st.sampled_from([False] * 19 + [True])):
        held = 5 * draw(st.integers(0, held // 5 - 1))
    entry["hand_points"] = held + 5 * draw(st.integers(0, 28))
    if draw(st.integers(0, 9)) == 0:
        entry["penalty_points"] = draw(st.sampled_from([50, 100]))
    if draw(st.integers(0, 9)) == 0:
        entry["red_threes_in_hand"] = 1
    return entry


@st.composite
def classic_sheets(draw: st.DrawFn) -> dict[str, Any]:
    hands = []
    for _ in range(draw(st.integers(1, 4))):
        first_out = draw(st.booleans())
        hands.append(
            {
                "NS": draw(classic_entries(may_go_out=first_out)),
                "EW": draw(classic_entries(may_go_out=not first_out)),
            }
        )
    start = {
        "NS": 5 * draw(st.integers(-100, 600)),
        "EW": 5 * draw(st.integers(-100, 600)),
    }
    return {"variant": "classic", "sides": ["NS", "EW"], "start": start, "hands": hands}


def _score(sheet: dict[str, Any]) -> dict[str, Any] | None:
    try:
        return scoring.score_sheet(sheet)
    except scoring.SheetRejected:
        return None


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(classic_sheets())
def test_scores_are_multiples_of_5_and_totals_add_up(sheet: dict[str, Any]) -> None:
    out = _score(sheet)
    if out is None:
        return
    for side in ("NS", "EW"):
        scores = [hand[side]["score"] for hand in out["hands"]]
        assert all(score % 5 == 0 for score in scores)
        assert out["totals"][side] == sheet["start"][side] + sum(scores)
        for hand in out["hands"]:
            assert sum(item["points"] for item in hand[side]["breakdown"]) == hand[side]["score"]
            assert all(type(item["points"]) is int for item in hand[side]["breakdown"])


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(classic_sheets())
def test_swapping_the_sides_swaps_the_scores(sheet: dict[str, Any]) -> None:
    swapped = {
        **sheet,
        "start": {"NS": sheet["start"]["EW"], "EW": sheet["start"]["NS"]},
        "hands": [{"NS": hand["EW"], "EW": hand["NS"]} for hand in sheet["hands"]],
    }
    out, out_swapped = _score(sheet), _score(swapped)
    assert (out is None) == (out_swapped is None)
    if out is None or out_swapped is None:
        return
    for hand, hand_swapped in zip(out["hands"], out_swapped["hands"], strict=True):
        assert hand["NS"]["score"] == hand_swapped["EW"]["score"]
        assert hand["EW"]["score"] == hand_swapped["NS"]["score"]
    assert out["totals"] == {
        "NS": out_swapped["totals"]["EW"],
        "EW": out_swapped["totals"]["NS"],
    }


@st.composite
def variant_sheets(draw: st.DrawFn) -> dict[str, Any]:
    """Any implemented variant, entries drawn from its own fields with small values."""
    variant = draw(st.sampled_from(sorted(scoring.VARIANTS)))
    rules = scoring.VARIANTS[variant]
    sides = ["A", "B", "C"][: rules.side_counts[0]]
    hands = []
    for _ in range(draw(st.integers(1, 3))):
        hand = {}
        for side in sides:
            entry: dict[str, Any] = {}
            for field in scoring.entry_fields(rules):
                if not draw(st.integers(0, 2)):
                    continue
                if field.kind == "flag":
                    entry[field.name] = draw(st.booleans())
                elif field.kind == "choice":
                    entry[field.name] = draw(st.sampled_from(field.choices))
                elif field.kind == "points":
                    entry[field.name] = 5 * draw(st.integers(0, 120))
                else:
                    entry[field.name] = draw(st.integers(0, 3))
            # Every player who has not gone out holds at least one 5-point card (rules.md §3 note):
            # keep blank or "hand 0" entries from making almost every drawn sheet invalid.
            # A lone player who went out holds nothing (§4 #18). Now and then the field stays blank.
            holding = rules.players_per_side - (1 if entry.get("went_out") else 0)
            if not holding:
                entry.pop("hand_points", None)
            elif "hand_points" in entry or draw(st.sampled_from([True] * 9 + [False])):
                entry["hand_points"] = 5 * holding + 5 * draw(st.integers(0, 40))
            # Canastas need melded cards: mostly at least their cheapest meld (rules.md §4 #9).
            floor = sum(entry.get(name, 0) * least for name, _bonus, _group, least in rules.canasta_plan)
            if floor and draw(st.integers(0, 4)):
                entry["melded_points"] = floor + 5 * draw(st.integers(0, 40))
            hand[side] = entry
        hands.append(hand)
    return {"variant": variant, "sides": sides, "hands": hands}


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(variant_sheets())
def test_every_variant_scores_in_multiples_of_5(sheet: dict[str, Any]) -> None:
    out = _score(sheet)
    if out is None:
        return
    for hand in out["hands"]:
        for side_score in hand.values():
            assert side_score["score"] % 5 == 0
            assert sum(item["points"] for item in side_score["breakdown"]) == side_score["score"]


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=20,
)
FIELD_NAMES = st.sampled_from([*sorted(scoring.FIELD_KINDS), "bogus", "cards", "total"])


@st.composite
def messy_sheets(draw: st.DrawFn) -> Any:
    """Arbitrary JSON, or sheet-shaped JSON with arbitrary values in the right places."""
    if draw(st.booleans()):
        return draw(JSON)
    variant = draw(st.sampled_from([*scoring.CONTRACT_VARIANTS, "x"]) | JSON)
    sides = draw(st.sampled_from([["NS", "EW"], ["A", "B", "C"]]) | JSON)
    entry = st.dictionaries(FIELD_NAMES, JSON | st.integers(0, 2000), max_size=6) | JSON
    side_labels = (
        sides if isinstance(sides, list) and all(isinstance(s, str) for s in sides) else ["NS", "EW"]
    )
    hands = draw(st.lists(st.fixed_dictionaries({s: entry for s in side_labels}) | JSON, max_size=3) | JSON)
    sheet: dict[str, Any] = {"variant": variant, "sides": sides, "hands": hands}
    if draw(st.booleans()):
        sheet["options"] = draw(
            st.dictionaries(
                st.sampled_from(["target", "tie_policy", "negative_minimum", "books_to_go_out", "x"]),
                JSON,
            )
            | JSON
        )
    if draw(st.booleans()):
        sheet["start"] = draw(
            st.fixed_dictionaries({s: st.integers(-5000, 5000) for s in side_labels}) | JSON
        )
    return sheet


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(messy_sheets())
def test_arbitrary_json_is_scored_or_rejected_never_crashes(data: Any) -> None:
    try:
        out = scoring.score_sheet(data)
    except scoring.SheetRejected as exc:
        assert exc.errors
        for error in exc.errors:
            assert set(error) == {"hand", "side", "field", "message"}
            assert isinstance(error["message"], str)
        return
    # Brazilian alone adds its non-points initial-meld requirements (docs/engine.md, "Score
    # sheets and their extensions").
    extra = {"initial_meld_requirement"} if out["variant"] == "brazilian" else set()
    assert set(out) == {
        "variant",
        "hands",
        "totals",
        "initial_meld",
        "game_over",
        "winner",
        *extra,
    }
