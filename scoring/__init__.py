"""The Canasta rules engine: pure Python, no framework imports (tests/scoring/test_purity.py).

Public API: `score_sheet` (a whole score sheet, cases/README.md contract and the extensions
documented in `scoring.sheet`) and `sheet_result` (the same, typed: a `GameResult` of
`HandScore`s and the final `GameProgress`, whose `as_dict()` is the contract's result),
`rules_for` and `VARIANTS` (variants as RuleSet data, rules.md; `OPTION_SPECS` and
`option_specs`, the house-rule options with the values each allows; `playing`: the players of a side
in one hand at a table), `entry_fields` (the summary entry form of a variant),
`card_count_fields` and `card_points` (the card-count entry form, rules.md §1.0), `parse_entry`
/ `score_hand` / `score_side` (one hand: `HandScore`, `SideScore`, `BreakdownItem`, each with
`as_dict()` for the contract), `initial_meld_minimum`, `initial_meld_requirement`,
`game_state`; a game kept hand by hand (`scoring.progress`): `GameProgress`, its state after
the hands so far (`result()`: the contract's game part), `game_start`, `game_resume` (from a
stored state) and `hands_score` (the next hands against that state alone, as `HandScore`s);
and the domain errors `InvalidRules`, `InvalidHandEntry`, `SheetRejected` (each `Problem` with
a stable code of `PROBLEM_CODES` and plain params, for callers that translate messages).
"""

from __future__ import annotations

from scoring.cards import CardCounts, CardField, SideCards, card_count_fields, card_points
from scoring.engine import BreakdownItem, HandScore, SideScore, score_hand, score_side
from scoring.entries import (
    ENTRY_MODES,
    FIELD_KINDS,
    EntryField,
    SideEntry,
    entry_fields,
    entry_mode,
    parse_entry,
)
from scoring.errors import (
    PROBLEM_CODES,
    InvalidHandEntry,
    InvalidRules,
    Problem,
    SheetRejected,
    UnsupportedVariant,
)
from scoring.game import GameState, game_state, initial_meld_minimum, initial_meld_requirement
from scoring.progress import GameProgress, game_resume, game_start, hands_score
from scoring.rules import (
    CARD_KINDS,
    CARD_VALUES,
    CONTRACT_VARIANTS,
    MELD_REQUIREMENTS,
    OPTION_SPECS,
    VARIANTS,
    MeldRequirement,
    OptionSpec,
    RuleSet,
    option_specs,
    playing,
    rules_for,
)
from scoring.sheet import GameResult, score_sheet, sheet_result

__all__ = [
    "CARD_KINDS",
    "CARD_VALUES",
    "CONTRACT_VARIANTS",
    "ENTRY_MODES",
    "FIELD_KINDS",
    "MELD_REQUIREMENTS",
    "OPTION_SPECS",
    "PROBLEM_CODES",
    "VARIANTS",
    "BreakdownItem",
    "CardCounts",
    "CardField",
    "EntryField",
    "GameProgress",
    "GameResult",
    "GameState",
    "HandScore",
    "InvalidHandEntry",
    "InvalidRules",
    "MeldRequirement",
    "OptionSpec",
    "Problem",
    "RuleSet",
    "SheetRejected",
    "SideCards",
    "SideEntry",
    "SideScore",
    "UnsupportedVariant",
    "card_count_fields",
    "card_points",
    "entry_fields",
    "entry_mode",
    "game_resume",
    "game_start",
    "game_state",
    "hands_score",
    "initial_meld_minimum",
    "initial_meld_requirement",
    "option_specs",
    "parse_entry",
    "playing",
    "rules_for",
    "score_hand",
    "score_sheet",
    "score_side",
    "sheet_result",
]
