"""Samba family (rules.md §1.4-1.6, §1.11, §2.4): Samba, Bolivia, Chilean, Brazilian."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.rules.common import CLASSIC_BANDS, COMMON_OPTIONS, MIXED, NATURAL, pack_counts, per_three
from scoring.rules.ruleset import CanastaKind, GoingOutRequirement, MeldRequirement, RuleSet

# Classic's bands, then 150 (PAG-SA, S0, URV)
_SAMBA_BANDS = (*CLASSIC_BANDS, (7000, 120))
_SEQUENCE = CanastaKind(field="sequence_canastas", bonus=1500, group="sequence", min_points=50)
_SAMBA_FIELDS = (
    "melded_points",
    "hand_points",
    "natural_canastas",
    "mixed_canastas",
    "sequence_canastas",
    "red_threes",
    "went_out",
    "penalty_points",
)

SAMBA = RuleSet(
    key="samba",
    name="Samba",
    # 4 in two partnerships, also 2 to 6 (BIC-SA, HSW-SA, PAG-SA via GH-FD-S, S0, S4; rules.md
    # §1.4): two or three alone, or six in three teams of two; three sides are three players
    # alone unless the game says otherwise.
    tables=((2, 2), (1, 1), (1, 1, 1), (2, 2, 2)),
    fields=_SAMBA_FIELDS,
    options=(*COMMON_OPTIONS, "minimum_at_7000", "red_three_penalty_all_six"),
    decks=3,
    pack_points=1770,  # 3 decks + 6 jokers
    red_threes_in_pack=6,
    black_threes_in_pack=6,
    # samba 1500 (BIC-SA, HSW-SA, PAG-SA, S0, URV)
    canastas=(
        NATURAL,
        MIXED,
        _SEQUENCE,
    ),
    # A group holds at most 2 wild cards, so a canasta 5 naturals (BIC-SA, RG-SA, PAG-SA, S0;
    # rules.md §4 #11); Bolivia, Chilean and Brazilian as Samba.
    mixed_max_wild=2,
    # Several groups of one rank are allowed; 150 non-three cards / 7 = 21 ([derived]).
    max_canastas_per_side=21,
    max_natural_canastas_total=21,
    max_mixed_canastas_total=18,
    max_wild_canastas_total=0,
    max_canastas_total=21,
    going_out_bonus=200,  # BIC-SA, HSW-SA, PAG-SA, S0; no concealed bonus
    going_out=GoingOutRequirement(canastas=2),  # any two canastas or sambas
    red_three_values=(0, 100, 200, 300, 400, 500, 1000),  # all six = 1000
    # Against the side, all six -1000 (HSW-SA); rules.md §6 default, option 600 (Pagat).
    red_threes_positive="canastas",
    red_threes_min_canastas=2,  # the going-out requirement (BIC-SA, PAG-SA)
    initial_meld_bands=_SAMBA_BANDS,
    initial_meld_top=150,  # 150 from 7000 (rules.md §6; option 160: BIC-SA, HSW-SA)
    targets=((2, 10000), (3, 10000)),  # BIC-SA, HSW-SA, S0, S4
)

BOLIVIA = replace(
    SAMBA,
    key="bolivia",
    name="Bolivia",
    fields=(*_SAMBA_FIELDS[:5], "wild_canastas", *_SAMBA_FIELDS[5:]),
    options=(*COMMON_OPTIONS, "black_three_in_hand"),
    # A black three left in hand is -100 (BIC-BO, S0, S4; rules.md §6, option 5): 95 more than
    # its 5 points, for each of the pack's 6 black threes: 1770 + 6 x 95 = 2340 (§4 #10).
    pack_points=2340,
    black_three_in_hand=100,
    canastas=(
        NATURAL,
        MIXED,
        _SEQUENCE,  # escalera 1500 (BIC-BO, S0)
        # a "bolivia": seven wild cards, 2500 (BIC-BO, S0, S4)
        CanastaKind(field="wild_canastas", bonus=2500, group="wild", min_points=140),
    ),
    max_wild_canastas_total=2,  # 18 wild cards ([derived])
    going_out=GoingOutRequirement(canastas=2, sequence=1),  # BIC-BO, S0, S4
    red_threes_min_canastas=2,  # S0, S4
    targets=((2, 15000), (3, 15000)),  # BIC-BO, S0, S4
)

# Chilean Canasta (rules.md §1.11, §6): Samba's sequences and Bolivia's wild canastas, with 3
# packs (162 cards) or 4 (216), the table's choice (S0, S4, RG-CH). No source gives its values,
# so they are Bolivia's ([derived], §6): escalera 1500, bolivia 2500, going out 200, black
# three in hand -100, target 15 000, Bolivia's minimums and going-out rule. The `packs` option
# (3 by default, §6) sets everything the pack decides: `chilean_pack`.
CHILEAN_PACKS = (3, 4)


def chilean_pack(packs: int, black_three_in_hand: int) -> dict[str, Any]:
    """The RuleSet values `packs` packs decide (rules.md §1.0, §1.11, §6), a black three left in
    hand worth `black_three_in_hand` ([derived] unless cited).

    4 packs: red threes 100 each and no bonus for all eight (§6: no source gives one)."""
    bolivia_red = (0, 100, 200, 300, 400, 500, 1000)  # Bolivia = Samba (BIC-BO, S0, S4)
    return {
        **pack_counts(packs, black_three_in_hand),
        "name": f"Chilean Canasta ({packs} packs)",
        "red_three_values": bolivia_red if packs == 3 else per_three(2 * packs),
    }


CHILEAN = replace(
    BOLIVIA,
    key="chilean",
    options=(*BOLIVIA.options, "packs"),
    **chilean_pack(3, BOLIVIA.black_three_in_hand),  # 3 packs unless the table chooses 4 (§6)
)

BRAZILIAN = replace(
    BOLIVIA,  # "as Bolivia, except" (BIC-BR, RG-BR, S0, S4; rules.md §1.6)
    key="brazilian",
    name="Brazilian Canasta",
    fields=(*_SAMBA_FIELDS[:5], "wild_canastas", *_SAMBA_FIELDS[5:7], "short_sequences", "penalty_points"),
    canastas=(
        NATURAL,
        MIXED,
        _SEQUENCE,  # escalera 1500, as Bolivia
        # wild canasta 2000 (BIC-BR, RG-BR, S0, S4)
        CanastaKind(field="wild_canastas", bonus=2000, group="wild", min_points=140),
    ),
    # Any two canastas; no escalera needed (BIC-BR). Going-out bonus: not restated, Samba's and
    # Bolivia's 200 ([derived], rules.md §1.6, §3.5 Br1).
    going_out=GoingOutRequirement(canastas=2),
    # 1-4: 100 each; 5 = 1000; 6 = 1200. For the side with 1 canasta or more, else against it
    # (BIC-BR, RG-BR, S0, S4).
    red_three_values=(0, 100, 200, 300, 400, 1000, 1200),
    red_threes_min_canastas=1,
    # -1000 for each melded sequence of fewer than five cards at the end (BIC-BR, RG-BR; S0/S4
    # "five or fewer", rules.md §5 #6; the project takes "fewer than five", §6).
    short_sequence_penalty=1000,
    # Below 7000 as Bolivia (BIC-BR; S0/S4 would have 150 from 5000, rules.md §5 #6). From 7000
    # the opening meld must hold a canasta (7000-7995), a canasta and 200 points in all
    # (8000-8995; RG-BR "a canasta and total meld worth at least 200", BIC-BR "a canasta worth
    # at least 200": both mean at least 200 melded points), a natural canasta (9000 and up).
    initial_meld_requirements=(
        MeldRequirement(from_total=7000, code="canasta"),
        MeldRequirement(from_total=8000, code="canasta_200", points=200),
        MeldRequirement(from_total=9000, code="natural_canasta"),
    ),
    targets=((2, 10000), (3, 10000)),  # BIC-BR, RG-BR, S0, S4
)
