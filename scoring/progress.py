"""Score a game one hand at a time, from its state after the hands so far. Design:
docs/engine.md#a-game-kept-hand-by-hand."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.checks import hand_problems
from scoring.engine import HandScore, score_hand
from scoring.entries import SideEntry, parse_entry
from scoring.errors import InvalidHandEntry, Problem, SheetRejected
from scoring.game import game_state, initial_meld_minimum, initial_meld_requirement, tie_won_by
from scoring.rules import RuleSet

# A resumed game's totals: far beyond any target (the largest is 15 000), yet small enough
# that a mistyped number is caught [derived].
MAX_START_TOTAL = 100_000


@dataclass(frozen=True, slots=True, kw_only=True)
class GameProgress:
    """A game's state after the hands scored so far: all its next hand is checked against.

    Build it with `game_start`, `game_resume` or `hands_score`; do not change it. `totals` are
    cumulative points, starting totals included; `hands` the deals played; `won_by` a side that
    won outright (`tie_won_by`) or None; `initial_meld` in points;
    `initial_meld_requirement` "canasta", "canasta_200", "natural_canasta" or None."""

    sides: tuple[str, ...]
    players: int
    totals: Mapping[str, int]
    hands: int
    won_by: str | None
    game_over: bool
    winner: str | None
    initial_meld: Mapping[str, int]
    initial_meld_requirement: Mapping[str, str | None] | None

    def result(self) -> dict[str, Any]:
        """The game part of `score_sheet`'s result, JSON-ready: {"totals": {side: int},
        "initial_meld": {side: int}, "game_over": bool, "winner": side | None}, plus
        "initial_meld_requirement": {side: str | None} for a variant that has requirements."""
        out: dict[str, Any] = {
            "totals": dict(self.totals),
            "initial_meld": dict(self.initial_meld),
            "game_over": self.game_over,
            "winner": self.winner,
        }
        if self.initial_meld_requirement is not None:
            out["initial_meld_requirement"] = dict(self.initial_meld_requirement)
        return out


def game_start(
    rules: RuleSet,
    sides: Sequence[str],
    *,
    start: Mapping[str, int] | None = None,
    players: int | None = None,
) -> GameProgress:
    """The state of a game before its first hand: every total 0, or `start` (side -> points).
    `players` None: the variant's first table with this many sides. Raises SheetRejected with
    the problems `score_sheet` finds in "sides", "players" and "start"."""
    problems: list[Problem] = []

    def bad(field: str | None, code: str, message: str, **params: Any) -> None:
        problems.append(Problem(field=field, code=code, message=message, params=params))

    checked_sides = read_sides(list(sides), rules, bad)
    totals = None
    if checked_sides is not None:
        totals = read_start(None if start is None else dict(start), checked_sides, bad)
        if rules.deals and start is not None:
            bad(
                "start",
                "start_not_allowed",
                f"a {rules.name} sheet cannot start from totals; enter the earlier deals as hands",
                variant=rules.key,
                variant_name=rules.name,
            )
    if checked_sides is None or totals is None or problems:
        raise SheetRejected(problems)
    checked_players = read_players(players, rules, checked_sides, problems)
    if checked_players is None:
        raise SheetRejected(problems)
    return _progress(rules, tuple(checked_sides), checked_players, totals, hands=0, won_by=None)


def game_resume(
    rules: RuleSet,
    sides: Sequence[str],
    totals: Mapping[str, int],
    *,
    hands: int,
    won_by: str | None = None,
    players: int | None = None,
) -> GameProgress:
    """The state of a game after `hands` hands that left it at `totals` (side -> points).

    Raises SheetRejected for sides or players the variant does not have, and ValueError for a state
    no game can be in: totals not one int per side, `hands` below 0, `won_by` not a side."""
    problems: list[Problem] = []

    def bad(field: str | None, code: str, message: str, **params: Any) -> None:
        problems.append(Problem(field=field, code=code, message=message, params=params))

    checked_sides = read_sides(list(sides), rules, bad)
    if checked_sides is None:
        raise SheetRejected(problems)
    checked_players = read_players(players, rules, checked_sides, problems)
    if checked_players is None:
        raise SheetRejected(problems)
    if set(totals) != set(checked_sides) or not all(type(totals[side]) is int for side in checked_sides):
        raise ValueError(f"totals must give an int for each side of {checked_sides}, not {dict(totals)!r}")
    if hands < 0:
        raise ValueError(f"a game cannot have played {hands} hands")
    if won_by is not None and won_by not in checked_sides:
        raise ValueError(f"won_by {won_by!r} is not a side of {checked_sides}")
    current = {side: totals[side] for side in checked_sides}
    return _progress(rules, tuple(checked_sides), checked_players, current, hands=hands, won_by=won_by)


def hands_score(
    rules: RuleSet, progress: GameProgress, hands: Sequence[Any]
) -> tuple[list[HandScore], GameProgress]:
    """Check and score `hands` (each {side: entry}), the game's next hands, against `progress`:
    the HandScores and the state after them. Raises SheetRejected with every problem
    `score_sheet` would find (`hand` the 0-based index in the game); nothing is scored then."""
    scored, after, problems = score_hands(rules, progress, hands)
    if problems:
        raise SheetRejected(problems)
    return scored, after


def score_hands(
    rules: RuleSet, progress: GameProgress, raw_hands: Sequence[Any]
) -> tuple[list[HandScore], GameProgress, list[Problem]]:
    """`hands_score` without raising: the scored hands, the state after them and the problems
    (rules.md §4). After a rejected hand only the checks needing no totals run, and the state is the
    one before it."""
    problems: list[Problem] = []
    sides = progress.sides
    players = progress.players
    totals = dict(progress.totals)
    played = progress.hands
    won_by = progress.won_by
    over = progress.game_over
    reliable = True  # False once a hand is rejected: later totals are unknown
    scored_hands: list[HandScore] = []
    for offset, raw_hand in enumerate(raw_hands):
        index = progress.hands + offset
        if reliable and over:
            if played == 0:
                problem = Problem(
                    hand=index,
                    code="game_over_at_start",
                    message="the game was already over at the starting totals; no more hands can be entered",
                )
            else:
                problem = Problem(
                    hand=index,
                    code="game_over_after_hand",
                    message=f"the game was over after hand {played}; no more hands can be entered",
                    params={"after_hand": played - 1, "after_hand_number": played},
                )
            problems.append(problem)
            reliable = False
        entries = read_hand(rules, sides, raw_hand, index, problems)
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
        for side, side_score in hand_score.sides.items():
            totals[side] += side_score.score
        scored_hands.append(hand_score)
        played += 1
        won_by = won_by or hand_score.game_won_by
        if won_by is None and rules.tie_policy == "went_out":
            out = next((side for side, e in entries.items() if e.went_out), None)
            won_by = tie_won_by(rules, totals, deals_played=played, went_out=out)
        over = game_state(rules, totals, deals_played=played, won_by=won_by).game_over
    if not scored_hands:
        return scored_hands, progress, problems
    return scored_hands, _progress(rules, sides, players, totals, hands=played, won_by=won_by), problems


def _progress(
    rules: RuleSet,
    sides: tuple[str, ...],
    players: int,
    totals: dict[str, int],
    *,
    hands: int,
    won_by: str | None,
) -> GameProgress:
    state = game_state(rules, totals, deals_played=hands, won_by=won_by)
    next_deal = hands + 1
    requirement = None
    if rules.initial_meld_requirements:
        requirement = {side: initial_meld_requirement(rules, totals[side]) for side in sides}
    return GameProgress(
        sides=sides,
        players=players,
        totals=totals,
        hands=hands,
        won_by=won_by,
        game_over=state.game_over,
        winner=state.winner,
        initial_meld={side: initial_meld_minimum(rules, totals[side], deal=next_deal) for side in sides},
        initial_meld_requirement=requirement,
    )


# --- a game's shape and its hands, read as a sheet gives them (scoring.sheet uses these too) ---

Bad = Callable[..., None]  # bad(field, code, message, **params): record a sheet-level problem


def read_sides(raw: Any, rules: RuleSet | None, bad: Bad) -> list[str] | None:
    """The side labels (distinct non-empty strs, as many as the variant allows), or None after
    calling `bad` with the problem."""
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


def read_players(raw: Any, rules: RuleSet, sides: list[str], problems: list[Problem]) -> int | None:
    """Each side's players in one hand (the sheet's `players`), or the variant's default for
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


def read_start(raw: Any, sides: list[str], bad: Bad) -> dict[str, int] | None:
    """The starting totals (side -> points; all 0 for None), or None after calling `bad`."""
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


def read_hand(
    rules: RuleSet, sides: Sequence[str], raw: Any, index: int, problems: list[Problem]
) -> dict[str, SideEntry] | None:
    """One hand's entries parsed (side -> SideEntry), or None after adding its problems."""
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
