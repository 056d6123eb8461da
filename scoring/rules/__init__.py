"""Canasta variants as immutable rule sets (rules.md) and the house-rule options that change them.
Design: docs/engine.md#rule-sets-and-their-hooks."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from scoring.errors import InvalidRules, UnsupportedVariant
from scoring.rules.classic import (
    BRITISH,
    CLASSIC,
    CLASSIC_2P,
    CLASSIC_3P,
    CLASSIC_5P,
    CLASSIC_6P,
    URUGUAYAN,
)
from scoring.rules.cuban import CUBAN
from scoring.rules.hand_and_foot import HAND_AND_FOOT, at_table
from scoring.rules.italian import ITALIAN
from scoring.rules.modern_american import MODERN_AMERICAN
from scoring.rules.options import OPTION_KINDS, OPTION_SPECS, OptionSpec, apply_options, option_specs
from scoring.rules.pack import CARD_KINDS, CARD_VALUES, CARDS_PER_DECK, DECK_POINTS
from scoring.rules.ruleset import (
    MELD_REQUIREMENTS,
    TIE_POLICIES,
    CanastaKind,
    CanastaSetBonus,
    GoingOutRequirement,
    MeldRequirement,
    RuleSet,
    SpecialHand,
    playing,
)
from scoring.rules.samba import BOLIVIA, BRAZILIAN, CHILEAN, CHILEAN_PACKS, SAMBA
from scoring.rules.spanish import SPANISH

__all__ = [
    "BOLIVIA",
    "BRAZILIAN",
    "BRITISH",
    "CARDS_PER_DECK",
    "CARD_KINDS",
    "CARD_VALUES",
    "CHILEAN",
    "CHILEAN_PACKS",
    "CLASSIC",
    "CLASSIC_2P",
    "CLASSIC_3P",
    "CLASSIC_5P",
    "CLASSIC_6P",
    "CONTRACT_VARIANTS",
    "CUBAN",
    "DECK_POINTS",
    "HAND_AND_FOOT",
    "ITALIAN",
    "MELD_REQUIREMENTS",
    "MODERN_AMERICAN",
    "OPTION_KINDS",
    "OPTION_SPECS",
    "SAMBA",
    "SPANISH",
    "TIE_POLICIES",
    "URUGUAYAN",
    "VARIANTS",
    "CanastaKind",
    "CanastaSetBonus",
    "GoingOutRequirement",
    "MeldRequirement",
    "OptionSpec",
    "RuleSet",
    "SpecialHand",
    "option_specs",
    "playing",
    "rules_for",
]

# Every variant the score-sheet contract names (cases/README.md); those not in VARIANTS are
# rejected as "not supported yet" rather than scored by a near relative.
CONTRACT_VARIANTS = (
    "classic",
    "classic-2p",
    "classic-3p",
    "classic-5p",
    "classic-6p",
    "uruguayan",
    "modern-american",
    "hand-and-foot",
    "samba",
    "bolivia",
    "chilean",
    "brazilian",
    "cuban",
    "italian",
    "british",
    "spanish",
)

VARIANTS: Mapping[str, RuleSet] = MappingProxyType(
    {
        rules.key: rules
        for rules in (
            CLASSIC,
            CLASSIC_2P,
            CLASSIC_3P,
            CLASSIC_5P,
            CLASSIC_6P,
            URUGUAYAN,
            BRITISH,
            MODERN_AMERICAN,
            HAND_AND_FOOT,
            SAMBA,
            BOLIVIA,
            CHILEAN,
            BRAZILIAN,
            CUBAN,
            ITALIAN,
            SPANISH,
        )
    }
)


def rules_for(
    variant: str,
    options: Mapping[str, Any] | None = None,
    *,
    sides: int | None = None,
    players: int | None = None,
) -> RuleSet:
    """The RuleSet of `variant` at a table of `sides` sides of `players` players each, with the
    house-rule `options` (rules.md §6: names to JSON values, points ints, multiples of 5) applied.

    `sides` None: the variant's own table; `players` None: its first table of that many sides.
    Raises UnsupportedVariant (an InvalidRules) for a contract variant not scored yet, and
    InvalidRules for an unknown variant, an option the variant does not have, or a bad value.
    Returns a new RuleSet; `VARIANTS` and `options` are never changed."""
    rules = VARIANTS.get(variant) if type(variant) is str else None
    if rules is None:
        if variant in CONTRACT_VARIANTS:
            raise UnsupportedVariant(
                f"variant '{variant}' is not supported yet",
                code="unsupported_variant",
                params={"variant": variant},
            )
        raise InvalidRules(
            f"unknown variant {variant!r}; known: {', '.join(CONTRACT_VARIANTS)}",
            code="unknown_variant",
            params={"variant": repr(variant), "known": list(CONTRACT_VARIANTS)},
        )
    if sides is not None and rules.pack_follows_players:
        rules = at_table(rules, sides * (players or rules.players_for(sides)))
    if not options:
        return rules
    return apply_options(rules, options)
