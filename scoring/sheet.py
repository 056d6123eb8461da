"""Score a whole score sheet: the project's import and exchange format (cases/README.md).

A sheet is plain JSON data: {"variant", "options"?, "sides", "start"?, "hands"}. The result is
the contract's output dict; any rejected entry rejects the whole sheet with every error found
(all shape errors of every hand, and the rule errors of each hand up to the first bad one,
after which totals are unknown and only the checks that do not need them run).

Extensions to the contract (all optional; a sheet without them reads as before):

Players. `"players": 1` says how many players each side has in one hand, where the variant is
played both ways with this many sides (Samba and Spanish: two sides of one player or of two
partners; three sides alone or of two). Without it, the variant's first table with that many
sides is meant (`RuleSet.tables`): two partnerships, three players alone. It decides the checks
that depend on partners (a side of one that goes out holds no cards, rules.md §4 #18; how many
players can be caught holding three aces).

Entry modes. Each side's entry in each hand is one of three; a sheet may mix them freely, across
hands and across the sides of one hand.

- Summary (the contract's entry): `melded_points`, `hand_points` and the other fields.
- Card count: the summary fields without `melded_points` and `hand_points`, plus
  `"cards": {"melded": {"jokers": 1, "twos": 2, "aces": 3, "high": 7, "low": 4,
  "black_threes": 0}, "in_hand": {...}}` (`high` = 8 to K, `low` = 4 to 7; missing kinds and
  places are 0). The engine computes both points fields at the variant's card values
  (`scoring.cards`, rules.md §1.0; a black three in hand 100 in Bolivia, Brazilian and
  Greek-Spanish) and scores the entry exactly as the summary entry with those points. Giving
  `melded_points` or `hand_points` beside `cards` is an error (one source for the points, so
  the two can never disagree). Errors name `cards.melded.jokers`-style fields, and
  `cards.melded` / `cards.in_hand` where the computed points are at fault. The counts are also
  checked against the pack (per side and over all sides that counted) and against the side's
  canastas (wild and natural cards each canasta needs).
- Total only: `{"total": 1285}`, the side's hand score as written on a paper pad, with at most
  `went_out` (so "two sides went out" and the game's flow can still be checked) and
  `penalty_points` (a director's penalty, subtracted as in the other modes) beside it. The
  total must be an int, a multiple of 5 and within `RuleSet.hand_score_bounds`, a safe
  [derived] range of what one side can score in one hand of the variant (for classic -3180 to
  7680). Its breakdown is one item, "hand_total". Nothing else about it can be checked.

The initial-meld check (rules.md §4 #21) needs a side's melded points, so it is skipped for a
total-only entry: that hand's opening meld is not checked. The totals stay exact, so the next
hand's minimum, and its check for a summary or card-count entry, are unaffected.

Initial meld that is not a number of points (Brazilian from 7000, rules.md §1.6).
`initial_meld[side]` stays an int: the points minimum that applies (0 where the requirement is
only a kind of canasta, 200 at 8000-8995). For a variant with such requirements (Brazilian
only), the result also has `"initial_meld_requirement": {side: code or null}`, code one of
"canasta" (7000-7995), "canasta_200" (8000-8995: a canasta and at least 200 melded points) or
"natural_canasta" (9000 and up); null where only the points minimum applies. Other variants'
results do not have the key.
"""

from __future__ import annotations

from typing import Any

from scoring.checks import hand_problems
from scoring.engine import score_hand
from scoring.entries import SideEntry, parse_entry
from scoring.errors import InvalidHandEntry, InvalidRules, Problem, SheetRejected
from scoring.game import game_state, initial_meld_minimum, initial_meld_requirement
from scoring.rules import RuleSet, rules_for

_SHEET_KEYS = ("variant", "options", "sides", "players", "start", "hands")
# A resumed game's totals: far beyond any target (the largest is 15 000), yet small enough
# that a mistyped number is caught [derived].
MAX_START_TOTAL = 100_000


def score_sheet(sheet: Any) -> dict[str, Any]:
    """Score every hand of `sheet` and return the contract's result.

    Returns {"variant": str, "hands": [{side: {"score": int, "breakdown": [{"item": str,
    "points": int, "count"?: int, "name"?: str}]}}], "totals": {side: int},
    "initial_meld": {side: int} (the minimum for the next hand), "game_over": bool,
    "winner": side | None}, and for Brazilian "initial_meld_requirement": {side: str | None}
    (module docstring). All values are points. Raises SheetRejected whose `.errors` lists
    {"hand", "side", "field", "message"} dicts (hand 0-based; None for sheet-level errors).
    """
    problems: list[Problem] = []
    rules, sides, start, hands = _read_sheet(sheet, problems)
    if rules is None or sides is None or start is None or hands is None:
        raise SheetRejected(problems)
    players = _read_players(sheet.get("players"), rules, sides, problems)
    if players is None:
        raise SheetRejected(problems)

    totals = dict(start)
    reliable = True  # False once a hand is rejected: later totals are unknown
    scored_hands: list[dict[str, Any]] = []
    over_after: int | None = None
    won_by: str | None = None
    over_at_start = bool(hands) and game_state(rules, totals, deals_played=0, won_by=None).game_over
    for index, raw_hand in enumerate(hands):
        if reliable and (over_after is not None or over_at_start):
            if over_after is None:
                problem = Problem(
                    hand=index,
                    code="game_over_at_start",
                    message="the game was already over at the starting totals; no more hands can be entered",
                )
            else:
                problem = Problem(
                    hand=index,
                    code="game_over_after_hand",
                    message=f"the game was over after hand {over_after + 1}; no more hands can be entered",
                    params={"after_hand": over_after, "after_hand_number": over_after + 1},
                )
            problems.append(problem)
            reliable = False
        entries = _read_hand(rules, sides, raw_hand, index, problems)
        if entries is None:
            reliable = False
            continue
        if not reliable:
            problems.extend(hand_problems(rules, entries, None, deal=index + 1, hand=index, players=players))
            continue
        try:
            hand_score = score_hand(rules, entries, totals, deal=index + 1, hand=index, players=players)
        except InvalidHandEntry as exc:
            problems.extend(exc.problems)
            reliable = False
            continue
        scored: dict[str, Any] = {}
        for side, side_score in hand_score.sides.items():
            totals[side] += side_score.score
            scored[side] = {
                "score": side_score.score,
                "breakdown": [i.as_dict() for i in side_score.breakdown],
            }
        won_by = won_by or hand_score.game_won_by
        scored_hands.append(scored)
        state = game_state(rules, totals, deals_played=len(scored_hands), won_by=won_by)
        if state.game_over:
            over_after = index
    if problems:
        raise SheetRejected(problems)

    state = game_state(rules, totals, deals_played=len(scored_hands), won_by=won_by)
    next_deal = len(scored_hands) + 1
    result: dict[str, Any] = {
        "variant": rules.key,
        "hands": scored_hands,
        "totals": totals,
        "initial_meld": {side: initial_meld_minimum(rules, totals[side], deal=next_deal) for side in sides},
        "game_over": state.game_over,
        "winner": state.winner,
    }
    if rules.initial_meld_requirements:
        result["initial_meld_requirement"] = {
            side: initial_meld_requirement(rules, totals[side]) for side in sides
        }
    return result


def _read_sheet(
    sheet: Any, problems: list[Problem]
) -> tuple[RuleSet | None, list[str] | None, dict[str, int] | None, list[Any] | None]:
    def bad(field: str | None, code: str, message: str, **params: Any) -> None:
        problems.append(Problem(field=field, code=code, message=message, params=params))

    if type(sheet) is not dict:
        bad(None, "sheet_not_object", "the score sheet must be a JSON object with variant, sides and hands")
        return None, None, None, None
    for key in sheet:
        if key not in _SHEET_KEYS:
            bad(
                str(key),
                "unknown_sheet_key",
                f"unknown score-sheet key {key!r} (expected: {', '.join(_SHEET_KEYS)})",
                key=str(key),
                expected=list(_SHEET_KEYS),
            )

    rules = None
    if "variant" not in sheet:
        bad("variant", "missing_variant", "the score sheet does not say which variant it is")
    else:
        options = sheet.get("options")
        if options is not None and type(options) is not dict:
            message = "the options must be an object of house-rule names and values"
            bad("options", "options_not_object", message)
        else:
            try:
                rules = rules_for(sheet["variant"], options)
            except InvalidRules as exc:
                bad("options" if exc.option else "variant", exc.code, exc.message, **exc.params)

    sides = _read_sides(sheet.get("sides"), rules, bad)
    start = _read_start(sheet.get("start"), sides, bad) if sides is not None else None
    if rules is not None and rules.deals and sheet.get("start") is not None:
        # Hand and Foot minimums go by deal, and a total does not say which deal comes next.
        bad(
            "start",
            "start_not_allowed",
            f"a {rules.name} sheet cannot start from totals; enter the earlier deals as hands",
            variant=rules.key,
            variant_name=rules.name,
        )
        start = None
    hands = sheet.get("hands")
    if type(hands) is not list:
        bad("hands", "hands_not_list", "the hands must be a list of hands (one entry per side each)")
        hands = None
    return rules, sides, start, hands


def _read_sides(raw: Any, rules: RuleSet | None, bad: Any) -> list[str] | None:
    if type(raw) is not list or not all(type(s) is str and s for s in raw):
        bad("sides", "sides_not_list", "the sides must be a list of side labels (non-empty strings)")
        return None
    if len(set(raw)) != len(raw):
        bad("sides", "sides_not_distinct", "the side labels must be different")
        return None
    allowed = rules.side_counts if rules is not None else (2, 3)
    if len(raw) not in allowed:
        counts = " or ".join(str(n) for n in allowed)
        name = rules.name if rules is not None else "a game"
        bad(
            "sides",
            "wrong_number_of_sides",
            f"{name} is played by {counts} sides, not {len(raw)}",
            allowed=counts,
            count=len(raw),
            variant_name=name,
        )
        return None
    return list(raw)


def _read_players(raw: Any, rules: RuleSet, sides: list[str], problems: list[Problem]) -> int | None:
    """The sheet's `players` (each side's players in one hand), or the variant's default for
    this many sides; None after adding a problem."""
    allowed = rules.players_options(len(sides))
    if raw is None:
        return rules.players_for(len(sides))
    if type(raw) is int and raw in allowed:
        return raw
    shown = " or ".join(str(n) for n in allowed)
    problems.append(
        Problem(
            field="players",
            code="wrong_number_of_players",
            message=(
                f"{rules.name} with {len(sides)} sides is played by {shown} players a side in a "
                f"hand, not {raw!r}"
            ),
            params={
                "allowed": shown,
                "count": len(sides),
                "players": str(raw),
                "variant_name": rules.name,
            },
        )
    )
    return None


def _read_start(raw: Any, sides: list[str], bad: Any) -> dict[str, int] | None:
    if raw is None:
        return dict.fromkeys(sides, 0)
    if type(raw) is not dict or set(raw) != set(sides):
        bad(
            "start",
            "start_not_per_side",
            f"the starting totals must give a total for each side ({', '.join(sides)}) and no other",
            sides=list(sides),
        )
        return None
    start: dict[str, int] = {}
    for side in sides:
        value = raw[side]
        if type(value) is not int or value % 5 or abs(value) > MAX_START_TOTAL:
            bad(
                "start",
                "start_total_invalid",
                f"the starting total of {side} must be a whole number of points, a multiple of 5, "
                f"between -{MAX_START_TOTAL} and {MAX_START_TOTAL}",
                side=side,
                limit=MAX_START_TOTAL,
            )
            return None
        start[side] = value
    return start


def _read_hand(
    rules: RuleSet, sides: list[str], raw: Any, index: int, problems: list[Problem]
) -> dict[str, SideEntry] | None:
    if type(raw) is not dict:
        problems.append(
            Problem(
                hand=index,
                code="hand_not_object",
                message="a hand must be an object with one entry per side",
            )
        )
        return None
    ok = True
    for key in raw:
        if key not in sides:
            problems.append(
                Problem(
                    hand=index,
                    side=str(key),
                    code="unknown_side",
                    message=f"{key!r} is not a side of this game",
                    params={"side": str(key)},
                )
            )
            ok = False
    entries: dict[str, SideEntry] = {}
    for side in sides:
        if side not in raw:
            problems.append(
                Problem(
                    hand=index,
                    side=side,
                    code="missing_side_entry",
                    message=f"the hand has no entry for side {side}",
                    params={"side": side},
                )
            )
            ok = False
            continue
        try:
            entries[side] = parse_entry(rules, raw[side], hand=index, side=side)
        except InvalidHandEntry as exc:
            problems.extend(exc.problems)
            ok = False
    return entries if ok else None
