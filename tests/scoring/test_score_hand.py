"""One side's hand score: the worked examples of rules.md section 3, row by row.

Every expected value is the rulebook's own arithmetic (quoted in the id or comment); none was
copied from the engine. Each row also passes the entry checks on its own, and its breakdown
adds up to its score.
"""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from scoring.checks import hand_problems

ROWS = [
    # --- §3.1 Classic, 4 players ---------------------------------------------------------------
    pytest.param(
        "classic",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 2,
            "red_threes": 2,
            "went_out": True,
            "melded_points": 285,
        },
        1685,
        id="C1A 285+500+600+200+100",
    ),
    pytest.param(
        "classic",
        {},
        {"mixed_canastas": 1, "red_threes": 1, "melded_points": 150, "hand_points": 65},
        485,
        id="C1B 150-65+300+100",
    ),
    pytest.param(
        "classic",
        {},
        {"mixed_canastas": 1, "red_threes": 4, "melded_points": 120, "hand_points": 30},
        1190,
        id="C2 all four red threes 800",
    ),
    pytest.param(
        "classic",
        {},
        {"red_threes": 4, "hand_points": 95},
        -895,
        id="C3 never melded -95-800",
    ),
    pytest.param(
        "classic",
        {},
        {"red_threes": 2, "hand_points": 40},
        -240,
        id="C4 never melded -40-200",
    ),
    pytest.param(
        "classic",
        {},
        {
            "natural_canastas": 1,
            "went_out": True,
            "concealed": True,
            "melded_points": 160,
        },
        860,
        id="C5 concealed 200 in all",
    ),
    pytest.param(
        "classic",
        {},
        {
            "natural_canastas": 1,
            "red_threes": 1,
            "went_out": True,
            "concealed": True,
            "melded_points": 160,
        },
        960,
        id="C6 red threes do not block concealed",
    ),
    pytest.param(
        "classic",
        {},
        {
            "mixed_canastas": 1,
            "melded_points": 200,
            "hand_points": 45,
            "penalty_points": 100,
        },
        355,
        id="C11 asked partner then failed -100",
    ),
    pytest.param(
        "classic",
        {},
        {"melded_points": 90, "hand_points": 20, "penalty_points": 50},
        20,
        id="C12 upcard misuse -50",
    ),
    pytest.param(
        "classic",
        {},
        {
            "natural_canastas": 1,
            "melded_points": 150,
            "hand_points": 35,
            "red_threes": 1,
            "red_threes_in_hand": 1,
        },
        215,
        id="C13 red three never laid down -500",
    ),
    pytest.param(
        "classic",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "went_out": True,
            "melded_points": 315,
        },
        1215,
        id="C14 black threes melded going out",
    ),
    pytest.param(
        "classic",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 2,
            "red_threes": 1,
            "melded_points": 540,
            "hand_points": 85,
        },
        1655,
        id="C15A stock exhausted no bonus",
    ),
    pytest.param(
        "classic",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 2,
            "melded_points": 310,
            "hand_points": 120,
        },
        1190,
        id="C15B stock exhausted other side",
    ),
    pytest.param(
        "classic",
        {"concealed_canasta_bonus": True},
        {
            "concealed_natural_canastas": 1,
            "mixed_canastas": 1,
            "went_out": True,
            "melded_points": 250,
        },
        1250,
        id="C16 S1 concealed canasta 600+300+250+100",
    ),
    # --- §3.2 Classic for 2, 3 and 6 players ----------------------------------------------------
    pytest.param(
        "classic-2p",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 1,
            "went_out": True,
            "melded_points": 410,
        },
        1410,
        id="T1A 2p 410+500+300+100+100",
    ),
    pytest.param(
        "classic-2p",
        {},
        {
            "mixed_canastas": 1,
            "red_threes": 1,
            "melded_points": 180,
            "hand_points": 115,
        },
        465,
        id="T1B 2p 180-115+300+100",
    ),
    pytest.param(
        "classic-3p",
        {},
        {"natural_canastas": 1, "went_out": True, "melded_points": 240},
        840,
        id="Th1 3p 240+500+100",
    ),
    pytest.param(
        "classic-3p",
        {},
        {"red_threes": 2, "melded_points": 95, "hand_points": 60},
        235,
        id="Th2 3p 95-60+200",
    ),
    pytest.param(
        "classic-3p",
        {},
        {"red_threes": 1, "hand_points": 110},
        -210,
        id="Th3 3p never melded -110-100",
    ),
    pytest.param(
        "classic-6p",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 5,
            "went_out": True,
            "melded_points": 530,
        },
        2430,
        id="S1A 6p five red threes 1000",
    ),
    pytest.param(
        "classic-6p",
        {},
        {"mixed_canastas": 1, "red_threes": 1, "melded_points": 300, "hand_points": 85},
        615,
        id="S1B 6p 300-85+300+100",
    ),
    pytest.param(
        "classic-6p",
        {},
        {"red_threes": 6, "hand_points": 70},
        -1270,
        id="S2 6p six red threes never melded -1200",
    ),
    # Red threes count against a side without a canasta under the Vienna option (rules.md §6):
    # C15-like side with meld 90, hand 20, 2 red threes: 90 - 20 - 200 = -130.
    pytest.param(
        "classic",
        {"red_threes_negative_without": "canasta"},
        {"red_threes": 2, "melded_points": 90, "hand_points": 20},
        -130,
        id="option red threes need a canasta",
    ),
    # --- §3.3 Modern American -----------------------------------------------------------------
    pytest.param(
        "modern-american",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 2,
            "black_threes": 1,
            "went_out": True,
            "melded_points": 380,
        },
        1680,
        id="A1 threes added with C=2",
    ),
    pytest.param(
        "modern-american",
        {},
        {
            "mixed_canastas": 1,
            "red_threes": 1,
            "black_threes": 2,
            "melded_points": 245,
            "hand_points": 70,
        },
        475,
        id="A2 C=1 threes ignored",
    ),
    pytest.param(
        "modern-american",
        {},
        {"red_threes": 1, "melded_points": 125, "hand_points": 90},
        -315,
        id="A3 C=0 meld and threes negative",
    ),
    pytest.param(
        "modern-american",
        {},
        {
            "sevens_canastas": 1,
            "natural_canastas": 1,
            "unfinished_aces": 1,
            "melded_points": 185,
            "hand_points": 25,
        },
        660,
        id="A4 unfinished aces -2500",
    ),
    pytest.param(
        "modern-american",
        {},
        {
            "mixed_canastas": 1,
            "players_with_three_aces": 2,
            "red_threes": 2,
            "melded_points": 200,
            "hand_points": 165,
        },
        -2665,
        id="A5 both partners hold three aces",
    ),
    pytest.param(
        "modern-american",
        {},
        {
            "deuce_canastas": 1,
            "natural_canastas": 1,
            "went_out": True,
            "melded_points": 430,
        },
        4030,
        id="A7 seven 2s 3000",
    ),
    pytest.param(
        "modern-american",
        {},
        {"special_hand": "pairs"},
        2500,
        id="A8 special hand pairs",
    ),
    pytest.param(
        "modern-american",
        {},
        {"red_threes": 1, "melded_points": 130, "hand_points": 85},
        -315,
        id="A9 opponents of a special hand",
    ),
    pytest.param(
        "modern-american",
        {},
        {"special_hand": "garbage"},
        3000,
        id="A10 garbage CLA 3000",
    ),
    pytest.param(
        "modern-american",
        {"special_hands": "pagat"},
        {"special_hand": "garbage"},
        2000,
        id="A10 garbage Pagat 2000",
    ),
    pytest.param(
        "modern-american",
        {},
        {"black_threes": 4, "melded_points": 130, "hand_points": 40},
        -1170,
        id="A12 four black threes without canasta",
    ),
    # --- §3.4 Hand and Foot ---------------------------------------------------------------------
    pytest.param(
        "hand-and-foot",
        {},
        {
            "natural_canastas": 2,
            "mixed_canastas": 2,
            "wild_canastas": 1,
            "red_threes": 3,
            "went_out": True,
            "melded_points": 1240,
        },
        4740,
        id="H1 out with 2/2/1 books",
    ),
    pytest.param(
        "hand-and-foot",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 3,
            "red_threes": 1,
            "red_threes_in_hand": 1,
            "melded_points": 905,
            "hand_points": 310,
        },
        1995,
        id="H2 red three in foot -100",
    ),
    pytest.param(
        "hand-and-foot",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes_in_hand": 2,
            "melded_points": 420,
            "hand_points": 520,
        },
        500,
        id="H3 Pagat -100 each",
    ),
    pytest.param(
        "hand-and-foot",
        {"red_three_in_hand_penalty": 300},
        {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes_in_hand": 2,
            "melded_points": 420,
            "hand_points": 520,
        },
        100,
        id="H3 Wikipedia -300 each",
    ),
    pytest.param(
        "hand-and-foot",
        {},
        {
            "natural_canastas": 2,
            "mixed_canastas": 1,
            "wild_canastas": 1,
            "red_threes": 1,
            "melded_points": 860,
        },
        3760,
        id="H5 stock ran out",
    ),
    pytest.param(
        "hand-and-foot",
        {"books_to_go_out": {"clean": 3, "dirty": 4, "wild": 0}},
        {
            "natural_canastas": 3,
            "mixed_canastas": 4,
            "went_out": True,
            "melded_points": 1110,
        },
        3910,
        id="H6 Wikipedia 3 clean + 4 dirty",
    ),
    # --- §3.5 Samba, Bolivia ------------------------------------------------------------------
    pytest.param(
        "samba",
        {},
        {
            "sequence_canastas": 1,
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 6,
            "went_out": True,
            "melded_points": 720,
        },
        4220,
        id="Sa1 samba and all six red threes",
    ),
    pytest.param(
        "samba",
        {},
        {"mixed_canastas": 1, "melded_points": 360, "hand_points": 140},
        520,
        id="Sa2 300+360-140",
    ),
    pytest.param(
        "samba",
        {},
        {"mixed_canastas": 1, "red_threes": 2, "melded_points": 250, "hand_points": 95},
        255,
        id="Sa3 red threes negative below two canastas",
    ),
    pytest.param(
        "samba",
        {},
        {
            "natural_canastas": 1,
            "red_threes": 6,
            "melded_points": 310,
            "hand_points": 60,
        },
        -250,
        id="Sa4 HSW six red threes -1000",
    ),
    pytest.param(
        "samba",
        {"red_three_penalty_all_six": 600},
        {
            "natural_canastas": 1,
            "red_threes": 6,
            "melded_points": 310,
            "hand_points": 60,
        },
        150,
        id="Sa4 Pagat six red threes -600",
    ),
    # Bo1: partner holds 35 points + one black three at -100, so hand_points = 135.
    pytest.param(
        "bolivia",
        {},
        {
            "sequence_canastas": 1,
            "wild_canastas": 1,
            "natural_canastas": 1,
            "red_threes": 3,
            "went_out": True,
            "melded_points": 890,
            "hand_points": 135,
        },
        5755,
        id="Bo1 escalera bolivia black three -100",
    ),
    # Bo2: hand 170 + two black threes at -100 = 370.
    pytest.param(
        "bolivia",
        {},
        {
            "natural_canastas": 1,
            "red_threes": 2,
            "melded_points": 410,
            "hand_points": 370,
        },
        340,
        id="Bo2 red threes negative below two canastas",
    ),
    # --- §3.6 Cuban, Italian, British, Greek-Spanish ------------------------------------------------
    pytest.param(
        "cuban",
        {},
        {
            "natural_canastas": 1,
            "red_threes": 3,
            "melded_points": 260,
            "hand_points": 40,
        },
        1220,
        id="Cu1 three red threes +500",
    ),
    pytest.param(
        "cuban",
        {},
        {"red_threes": 3, "melded_points": 120, "hand_points": 75},
        -455,
        id="Cu2 no canasta threes -500",
    ),
    pytest.param(
        "cuban",
        {},
        {
            "deuce_canastas": 1,
            "natural_canastas": 1,
            "went_out": True,
            "melded_points": 300,
            "captured_black_threes": 4,
        },
        5000,
        id="Cu3 seven deuces 4000 and all four black threes 100",
    ),
    pytest.param(
        "italian",
        {},
        {
            "natural_canastas": 5,
            "red_threes": 4,
            "went_out": True,
            "melded_points": 650,
        },
        6250,
        id="It1 five pure canastas 2500+2000",
    ),
    pytest.param(
        "italian",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 2,
            "melded_points": 380,
            "hand_points": 190,
        },
        1190,
        id="It2 500+300+200+380-190",
    ),
    pytest.param("british", {}, {"acaba": True}, 0, id="Ac1 the caller's side scores 0"),
    pytest.param(
        "spanish",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "concealed_natural_canastas": 1,
            "red_threes": 2,
            "went_out": True,
            "melded_points": 420,
        },
        2620,
        id="G1 hidden canasta 1000",
    ),
    # G2: hand 60 + one black three in hand at -100 = 160.
    pytest.param(
        "spanish",
        {},
        {"red_threes": 1, "melded_points": 180, "hand_points": 160},
        -440,
        id="G2 no canasta melded cards negative",
    ),
    pytest.param(
        "spanish",
        {},
        {
            "natural_canastas": 3,
            "mixed_canastas": 2,
            "went_out": True,
            "melded_points": 610,
        },
        3410,
        id="G3 five canastas +500",
    ),
    pytest.param(
        "spanish",
        {},
        {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "joker_canastas": 1,
            "went_out": True,
            "melded_points": 720,
        },
        4720,
        id="G4 pure wild canasta 3000",
    ),
]


# rules.md §3 prints "hand 0" for these sides that went out in a partnership game. The note at the
# end of §3 calls that a simplification: the partner of the player who went out still holds cards,
# worth at least 5 points. The rows keep §3's values, and the held-cards check (its one problem)
# is the only thing the checks say about them.
PARTNER_HAND_0 = {
    "C1A 285+500+600+200+100",
    "C5 concealed 200 in all",
    "C6 red threes do not block concealed",
    "C14 black threes melded going out",
    "C16 S1 concealed canasta 600+300+250+100",
    "S1A 6p five red threes 1000",
    "A1 threes added with C=2",
    "A7 seven 2s 3000",
    "H1 out with 2/2/1 books",
    "H6 Wikipedia 3 clean + 4 dirty",
    "Sa1 samba and all six red threes",
    "Cu3 seven deuces 4000 and all four black threes 100",
    "It1 five pure canastas 2500+2000",
    "G1 hidden canasta 1000",
    "G3 five canastas +500",
    "G4 pure wild canasta 3000",
}
# H5 (the stock ran out, nobody went out) prints no cards left in hand at all, so its 3760 counts
# both partners' cards as 0. That is the same simplification, although the §3 note names only
# sides that went out: both partners still hold cards, at least 5 + 5 = 10 points.
STOCK_OUT_HAND_0 = {"H5 stock ran out"}
# S1A is a team of three (2 teams of 3, rules.md §1.1c): two partners still hold cards, 10 points.
TWO_PARTNERS_HAND_0 = {"S1A 6p five red threes 1000"}
_HELD_BY_PARTNER = "the partner of the player who went out still holds cards, worth at least 5 points in all"
_HELD_BY_PARTNERS = (
    "the partners of the player who went out still hold cards, worth at least 10 points in all"
)
_HELD_BY_BOTH = "every player of the side still holds cards, worth at least 10 points in all"


@pytest.mark.parametrize(("variant", "options", "fields", "expected"), ROWS)
def test_worked_example(
    request: pytest.FixtureRequest,
    variant: str,
    options: dict[str, Any],
    fields: dict[str, Any],
    expected: int,
) -> None:
    rules = scoring.rules_for(variant, options)
    entry = scoring.parse_entry(rules, fields)
    problems = [(p.side, p.field, p.message) for p in hand_problems(rules, {"A": entry}, None)]
    row = request.node.callspec.id
    if row in TWO_PARTNERS_HAND_0:
        assert entry.went_out and entry.hand_points == 0
        assert problems == [("A", "hand_points", f"{_HELD_BY_PARTNERS}; 0 entered")]
    elif row in PARTNER_HAND_0:
        assert rules.players_per_side > 1 and entry.went_out and entry.hand_points == 0
        assert problems == [("A", "hand_points", f"{_HELD_BY_PARTNER}; 0 entered")]
    elif row in STOCK_OUT_HAND_0:
        assert rules.players_per_side > 1 and not entry.went_out and entry.hand_points == 0
        assert problems == [("A", "hand_points", f"{_HELD_BY_BOTH}; 0 entered")]
    else:
        assert problems == []
    result = scoring.score_side(rules, entry)
    assert result.score == expected
    assert sum(item.points for item in result.breakdown) == result.score


@pytest.mark.parametrize(
    ("variant", "options", "fields", "expected"),
    [row for row in ROWS if row.id in PARTNER_HAND_0 | STOCK_OUT_HAND_0],
)
def test_worked_example_with_the_cards_still_held(
    request: pytest.FixtureRequest,
    variant: str,
    options: dict[str, Any],
    fields: dict[str, Any],
    expected: int,
) -> None:
    # The same rows as real entries (the §3 note): 5 points for each player still holding cards,
    # which every check accepts and which each cost the side their value: §3's score − 5 (− 10).
    row = request.node.callspec.id
    held = 5 if row in PARTNER_HAND_0 - TWO_PARTNERS_HAND_0 else 10
    rules = scoring.rules_for(variant, options)
    entry = scoring.parse_entry(rules, {**fields, "hand_points": held})
    assert hand_problems(rules, {"A": entry}, None) == []
    assert scoring.score_side(rules, entry).score == expected - held


def test_acaba_opponents_score_1500_and_nothing_else() -> None:
    # Ac1 (S0): caller's side 0, the other side 1500.
    rules = scoring.rules_for("british", None)
    result = scoring.score_hand(rules, {"NS": scoring.SideEntry(acaba=True), "EW": scoring.SideEntry()})
    assert result.sides["NS"].score == 0
    assert result.sides["EW"].score == 1500
    assert [i.item for i in result.sides["EW"].breakdown] == ["acaba_award"]


def test_unfinished_wild_meld_costs_2000() -> None:
    # A6 (CLA) prints "out; natural 1 + mixed 1; unfinished wild meld; meld 310 -> -790", but
    # rules.md §4 #22 forbids going out with an unfinished wild meld, so the engine rejects the
    # going out. Without it both partners still hold cards, at least 5 points each (the note at
    # the end of §3): with hand 10 the side scores 500 + 300 + 310 − 10 − 2000 = −900.
    rules = scoring.rules_for("modern-american", None)
    entry = scoring.SideEntry(
        natural_canastas=1, mixed_canastas=1, unfinished_wild=1, melded_points=310, hand_points=10
    )
    assert scoring.score_side(rules, entry).score == -900
    with pytest.raises(scoring.InvalidHandEntry) as exc:
        scoring.score_hand(
            rules,
            {
                # going out, only the partner still holds cards: hand 5
                "NS": scoring.SideEntry(**{**_fields(entry), "went_out": True, "hand_points": 5}),
                "EW": scoring.SideEntry(melded_points=130, hand_points=10),
            },
        )
    assert {(p.side, p.field) for p in exc.value.problems} == {("NS", "went_out")}


def _fields(entry: scoring.SideEntry) -> dict[str, Any]:
    return {name: getattr(entry, name) for name in scoring.SideEntry._fields}


def test_breakdown_items_name_each_part_of_the_score() -> None:
    # C1A: 285 melded, 1 natural (500), 2 mixed (600), 2 red threes (200), going out (100).
    rules = scoring.rules_for("classic", None)
    entry = scoring.SideEntry(
        natural_canastas=1,
        mixed_canastas=2,
        red_threes=2,
        went_out=True,
        melded_points=285,
    )
    items = [item.as_dict() for item in scoring.score_side(rules, entry).breakdown]
    assert items == [
        {"item": "melded_cards", "points": 285},
        {"item": "natural_canastas", "points": 500, "count": 1},
        {"item": "mixed_canastas", "points": 600, "count": 2},
        {"item": "red_threes", "points": 200, "count": 2},
        {"item": "going_out", "points": 100},
    ]


def test_concealed_going_out_is_its_own_item() -> None:
    # C5: 160 + 500 + 200.
    rules = scoring.rules_for("classic", None)
    entry = scoring.SideEntry(natural_canastas=1, went_out=True, concealed=True, melded_points=160)
    items = {i.item: i.points for i in scoring.score_side(rules, entry).breakdown}
    assert items == {
        "melded_cards": 160,
        "natural_canastas": 500,
        "concealed_going_out": 200,
    }


def test_modern_american_threes_with_one_canasta_show_with_zero_points() -> None:
    # A2: C=1, the threes are ignored (0 points) but still listed with their count.
    rules = scoring.rules_for("modern-american", None)
    entry = scoring.SideEntry(
        mixed_canastas=1,
        red_threes=1,
        black_threes=2,
        melded_points=245,
        hand_points=70,
    )
    items = {i.item: (i.points, i.count) for i in scoring.score_side(rules, entry).breakdown}
    assert items["red_threes"] == (0, 1)
    assert items["black_threes"] == (0, 2)
