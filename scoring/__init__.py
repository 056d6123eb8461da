"""The Canasta rules engine: pure Python, no framework imports (tests/scoring/test_purity.py).

Public API: `score_sheet` (a whole score sheet, cases/README.md contract), `rules_for` and
`VARIANTS` (variants as RuleSet data, rules.md), `entry_fields` (the entry form of a variant),
`parse_entry` / `score_hand` / `score_side` (one hand), `initial_meld_minimum`, `game_state`,
and the domain errors `InvalidRules`, `InvalidHandEntry`, `SheetRejected`.
"""

from __future__ import annotations

from scoring.engine import BreakdownItem, HandScore, SideScore, score_hand, score_side
from scoring.entries import (
    FIELD_KINDS,
    EntryField,
    SideEntry,
    entry_fields,
    parse_entry,
)
from scoring.errors import (
    InvalidHandEntry,
    InvalidRules,
    Problem,
    SheetRejected,
    UnsupportedVariant,
)
from scoring.game import GameState, game_state, initial_meld_minimum
from scoring.rules import CONTRACT_VARIANTS, VARIANTS, RuleSet, rules_for
from scoring.sheet import score_sheet

__all__ = [
    "CONTRACT_VARIANTS",
    "FIELD_KINDS",
    "VARIANTS",
    "BreakdownItem",
    "EntryField",
    "GameState",
    "HandScore",
    "InvalidHandEntry",
    "InvalidRules",
    "Problem",
    "RuleSet",
    "SheetRejected",
    "SideEntry",
    "SideScore",
    "UnsupportedVariant",
    "entry_fields",
    "game_state",
    "initial_meld_minimum",
    "parse_entry",
    "rules_for",
    "score_hand",
    "score_sheet",
    "score_side",
]
