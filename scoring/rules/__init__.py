"""Canasta variants as immutable rule sets, and the house-rule options that change them.

Every value cites its source tag from the project's rulebook (`rules.md`, section numbers
given as §x). Nothing here knows about clubs, tables or the database: a game stores a
variant key and its options, and `rules_for()` turns them into the RuleSet the engine uses.

What is not plain data is named by a small hook value (a string the engine dispatches on),
so every variant stays a readable table:

- `red_threes_positive`: when a side's red threes count for it rather than against it.
  "melded"   the side melded something other than red threes (classic, PAG/BRIT §1.1)
  "canastas" the side completed at least `red_threes_min_canastas` canastas
  "swing"    Modern American: against it with 0 canastas, ignored with 1, for it with 2+
  "always"   Hand and Foot (threes caught in hand are a separate penalty)
- `melded_points_negative_without_canasta`: melded cards count against a side that has no
  canasta (Modern American swing, Greek-Spanish S3).
- `initial_meld_requirements`: from a cumulative total on, the opening meld must hold a kind of
  canasta rather than (or besides) a number of points (Brazilian, rules.md §1.6); see
  `MeldRequirement` and `MELD_REQUIREMENTS`.

Card values (rules.md §1.0) are `CARD_VALUES`, by the six kinds of card a card-count entry
counts (`CARD_KINDS`); a variant changes only what a black three left in hand costs
(`RuleSet.black_three_in_hand`). A RuleSet also carries values derived from its data when it
is built (`field_set`, `canasta_plan`, `penalty_plan`, `hand_score_bounds`): the engine's hot
path reads them instead of recomputing them for every entry.

The package's modules:

- `ruleset`: the RuleSet and the values it is made of (`CanastaKind`, `GoingOutRequirement`,
  `CanastaSetBonus`, `SpecialHand`, `MeldRequirement`), `playing`, `TIE_POLICIES`;
- `pack`: card values and the cards of one deck (rules.md §1.0);
- `common`: the pieces several variants share (fields, canastas, initial-meld bands);
- one module per family of variants, each variant beside the one it is built from:
  `classic` (Classic for 2 to 6 players, Uruguayan, British), `modern_american`,
  `hand_and_foot`, `samba` (Samba, Bolivia, Chilean, Brazilian), `cuban`, `italian`,
  `spanish` (the Greek seed S3);
- `options`: the house-rule options (rules.md §6): each declared once with the values it allows
  (`OPTION_SPECS`, `option_specs`), and how each changes a RuleSet;
- here: `VARIANTS`, `CONTRACT_VARIANTS` and `rules_for`, and every public name of the package,
  so that `from scoring.rules import ...` reads as it always has.
"""

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
    """The RuleSet of `variant` at a table of `sides` sides of `players` players each (None: the
    variant's own table; players None: its first table of that many sides), with the house-rule
    `options` (rules.md §6) applied.

    `options` maps option names to JSON values (points are ints, multiples of 5). Raises
    UnsupportedVariant (an InvalidRules) for a contract variant not scored yet, and
    InvalidRules for an unknown variant, an option the variant does not have, or a bad value.
    The table matters where the pack follows the players (Hand and Foot, `at_table`); it is set
    before the options, which are checked against the pack (`apply_options`). The result is a
    new RuleSet: `VARIANTS` and `options` are never changed.
    """
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
