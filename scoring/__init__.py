"""The Canasta rules engine: pure Python, no framework imports (tests/scoring/test_purity.py).
Design: docs/engine.md."""

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
