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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from scoring.errors import InvalidRules, UnsupportedVariant

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

TIE_POLICIES = ("play_on", "draw")

# --- cards (rules.md §1.0) ----------------------------------------------------------------------

# The kinds of card a card-count entry counts (scoring.cards), in display order. Red threes are
# not card points (they are bonus cards: `red_threes`, `red_threes_in_hand`).
CARD_KINDS = ("jokers", "twos", "aces", "high", "low", "black_threes")
# Points of one card, melded (+) or left in hand (-): joker 50, 2 20, ace 20, K-8 10, 7-4 5,
# black 3 5 (S0, S4, PAG via GH-NL, BRIT). Bolivia and Greek-Spanish charge a black three left
# in hand 100 (BIC-BO, S0, S4, S3): `RuleSet.black_three_in_hand`.
CARD_VALUES: Mapping[str, int] = MappingProxyType(
    {"jokers": 50, "twos": 20, "aces": 20, "high": 10, "low": 5, "black_threes": 5}
)
# One deck of 52 cards plus 2 jokers, red threes left out (rules.md §1.0): 2 jokers, 4 twos,
# 4 aces, 24 eights to kings, 16 fours to sevens, 2 black threes = 52 cards, 590 points.
CARDS_PER_DECK: Mapping[str, int] = MappingProxyType(
    {"jokers": 2, "twos": 4, "aces": 4, "high": 24, "low": 16, "black_threes": 2}
)
DECK_POINTS = sum(CARD_VALUES[kind] * n for kind, n in CARDS_PER_DECK.items())  # 590

# Initial-meld requirements that are not (only) a number of points, by code (rules.md §1.6).
MELD_REQUIREMENTS: Mapping[str, str] = MappingProxyType(
    {
        "canasta": "a completed canasta",
        "canasta_200": "a completed canasta, and at least 200 melded points",
        "natural_canasta": "a completed natural canasta",
    }
)


@dataclass(frozen=True, slots=True, kw_only=True)
class CanastaKind:
    """One kind of completed canasta a side's entry counts, and what it is worth.

    `group` is "natural", "mixed", "wild" or "sequence" (for going-out requirements and deck
    limits). `min_points` is the card points of the cheapest such canasta (rules.md §4 #9),
    `max_total` how many of this kind the pack allows over all sides in one hand (0 = no
    kind-specific limit).
    """

    field: str
    bonus: int
    group: str
    min_points: int
    max_total: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class GoingOutRequirement:
    """Completed canastas a side needs before it may go out (rules.md §4 #4)."""

    canastas: int = 1
    natural: int = 0
    mixed: int = 0
    wild: int = 0
    sequence: int = 0
    counts_wild: bool = True  # Italian: wild canastas do not count toward `canastas`


@dataclass(frozen=True, slots=True, kw_only=True)
class CanastaSetBonus:
    """A bonus for a set of canastas in one hand (Italian five pure, Greek-Spanish five/seven).

    It applies when the side has at least `min_natural` (and at most `max_natural`, if set)
    natural canastas, `min_mixed` mixed and `min_total` canastas of any kind.
    """

    item: str
    points: int
    min_natural: int = 0
    max_natural: int | None = None
    min_mixed: int = 0
    min_total: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SpecialHand:
    """A Modern American special hand: the side scores `points` and nothing else."""

    name: str
    points: int
    wins_game: bool = False  # Dream Hand: the game is won at once (CLA, rules.md §3.3 A11)


@dataclass(frozen=True, slots=True, kw_only=True)
class MeldRequirement:
    """From a cumulative total of `from_total` points on, the opening meld must be `code`.

    `code` is a key of MELD_REQUIREMENTS; `points` is the points minimum that still applies
    (0 when the requirement is only a kind of canasta). Brazilian (BIC-BR, RG-BR).
    """

    from_total: int
    code: str
    points: int = 0


def playing(shape: tuple[int, ...]) -> int:
    """Players of each side who play one hand at a table of `shape` (players seated per side):
    the smallest side's count, since a larger side sits out players in turn so that the sides
    stay equal (a table of five, rules.md §1.1d)."""
    return min(shape)


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSet:
    """Everything the engine needs to score one variant; all points are ints.

    The fields after `tie_policy` are derived from the others when the RuleSet is built (they
    are not arguments, and `dataclasses.replace` recomputes them).
    """

    key: str
    name: str
    # The tables the variant is played at (rules.md §1.1-§1.12 "Players"): each shape is the
    # number of players seated on each side, the first one the variant's own. (2, 2) is two
    # partnerships; (1, 1) and (1, 1, 1) two or three players each for themself; (3, 3) and
    # (2, 2, 2) six players; (3, 2) five, the side of three sitting out one player a hand, so
    # that two play on each side (rules.md §1.1d).
    tables: tuple[tuple[int, ...], ...]
    fields: tuple[str, ...]  # entry fields, in display order (entries.FIELD_KINDS)
    options: tuple[str, ...]  # the house-rule options this variant accepts
    # The pack (rules.md §1.0): decks of 52 + 2 jokers, card-point total at this variant's card
    # values (black threes at `black_three_in_hand`), threes in it.
    decks: int
    pack_points: int
    red_threes_in_pack: int
    black_threes_in_pack: int
    black_three_in_hand: int = 5  # card points of a black three left in hand (rules.md §1.0)
    black_threes_meldable: bool = True  # melded (3 or more) by the player going out (§1.1)
    # Canastas.
    canastas: tuple[CanastaKind, ...]
    max_canastas_per_side: int
    max_natural_canastas_total: int
    max_mixed_canastas_total: int
    max_wild_canastas_total: int
    max_canastas_total: int
    canasta_set_bonuses: tuple[CanastaSetBonus, ...] = ()
    # Going out.
    going_out_bonus: int
    concealed_going_out_bonus: int = 0  # the whole bonus when concealed; replaces going_out_bonus
    going_out: GoingOutRequirement
    # Threes. `red_three_values[n]` is what n red threes laid down are worth.
    red_three_values: tuple[int, ...]
    red_three_negative_values: tuple[int, ...] = ()  # when they count against; () = same values
    red_threes_positive: str
    red_threes_min_canastas: int = 0
    red_three_in_hand_penalty: int = 0  # each red three never laid down / caught in hand
    black_threes_scored: bool = False  # Modern American: black threes laid down, like red ones
    captured_black_three_values: tuple[int, ...] = ()  # Cuban: by count captured
    melded_points_negative_without_canasta: bool = False
    # Modern American penalties and special hands.
    unfinished_aces_penalty: int = 0
    unfinished_sevens_penalty: int = 0
    unfinished_wild_penalty: int = 0
    three_aces_penalty: int = 0  # per player caught holding three or more
    three_sevens_penalty: int = 0
    special_hands: tuple[SpecialHand, ...] = ()
    short_sequence_penalty: int = 0
    acaba_award: int = 0  # British: what the side that did not call Acaba scores
    # Initial meld: (cumulative score strictly below which the band applies, minimum).
    initial_meld_bands: tuple[tuple[int, int], ...]
    initial_meld_top: int
    initial_meld_by_deal: tuple[int, ...] = ()  # Hand and Foot: by deal, not by score
    initial_meld_requirements: tuple[MeldRequirement, ...] = ()  # ascending from_total; Brazilian
    # End of the game: a target per number of sides, or a fixed number of deals.
    targets: tuple[tuple[int, int], ...] = ()
    deals: int = 0
    tie_policy: str | None = None  # None: a tie at or over the target ends with no winner
    # Derived (see the class docstring).
    field_set: frozenset[str] = field(init=False, repr=False, compare=False)
    # (field, bonus, group index 1-4 in canasta_counts order, min_points) of each CanastaKind
    canasta_plan: tuple[tuple[str, int, int, int], ...] = field(init=False, repr=False, compare=False)
    # (field, points per count) of each count penalty this variant charges (non-zero only)
    penalty_plan: tuple[tuple[str, int], ...] = field(init=False, repr=False, compare=False)
    # (lowest, highest) points one side can score in one hand, director's penalties aside
    hand_score_bounds: tuple[int, int] = field(init=False, repr=False, compare=False)
    # How many sides a game may have, and the most players a side has in one hand.
    side_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    players_per_side: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        groups = {"natural": 1, "mixed": 2, "wild": 3, "sequence": 4}
        penalties = (
            ("unfinished_aces", self.unfinished_aces_penalty),
            ("unfinished_sevens", self.unfinished_sevens_penalty),
            ("unfinished_wild", self.unfinished_wild_penalty),
            ("players_with_three_aces", self.three_aces_penalty),
            ("players_with_three_sevens", self.three_sevens_penalty),
            ("short_sequences", self.short_sequence_penalty),
        )
        if not self.tables or any(len(shape) < 2 or min(shape) < 1 for shape in self.tables):
            raise ValueError(f"{self.key}: every table shape needs two or more sides of players")
        object.__setattr__(self, "side_counts", tuple(sorted({len(shape) for shape in self.tables})))
        object.__setattr__(self, "players_per_side", max(playing(shape) for shape in self.tables))
        derived = {
            "field_set": frozenset(self.fields),
            "canasta_plan": tuple((k.field, k.bonus, groups[k.group], k.min_points) for k in self.canastas),
            "penalty_plan": tuple((name, p) for name, p in penalties if p),
            "hand_score_bounds": _hand_score_bounds(self),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def players_for(self, side_count: int) -> int:
        """How many players each side has in one hand of a game of `side_count` sides, at the
        first of the variant's tables with that many sides (a game may say otherwise:
        `players_options`), else at the variant's own table (the first)."""
        for shape in self.tables:
            if len(shape) == side_count:
                return playing(shape)
        return playing(self.tables[0])

    def players_options(self, side_count: int) -> tuple[int, ...]:
        """Every number of players a side may have in one hand with `side_count` sides (Samba:
        two sides of one player or of two partners)."""
        return tuple(dict.fromkeys(playing(shape) for shape in self.tables if len(shape) == side_count))

    def target_for(self, side_count: int) -> int:
        """The game target in points for a game of `side_count` sides (0: no target)."""
        for sides, target in self.targets:
            if sides == side_count:
                return target
        return 0

    def special_hand(self, name: str) -> SpecialHand | None:
        """The special hand called `name`, or None if this variant has no such hand."""
        for hand in self.special_hands:
            if hand.name == name:
                return hand
        return None


def _hand_score_bounds(rules: RuleSet) -> tuple[int, int]:
    """(lowest, highest) score in points one side can make in one hand under `rules`, not
    counting director's penalties ([derived] from the pack, rules.md §1.0 and §2; safe, not
    tight: it is what a total-only entry is checked against).

    Highest: every card of the pack melded (decks x 590), the most valuable canastas the pack and
    the per-side limits allow, every canasta-set bonus, the best red-three (and Modern American
    black-three) value, captured black threes and the larger going-out bonus; or the Acaba award
    or the best special hand if larger. Lowest: every card of the pack against the side at its
    in-hand value (which also covers melded cards counted against a side without a canasta),
    the worst red threes (laid and counted against, or caught in hand), Modern American threes
    and penalties (each unfinished meld once, every player caught), and Brazilian short
    sequences (at most one per three natural cards of the pack).
    """
    group_left = {
        "natural": rules.max_natural_canastas_total,
        "mixed": rules.max_mixed_canastas_total,
        "wild": rules.max_wild_canastas_total,
        "sequence": rules.max_canastas_per_side,
    }
    left, canasta_bonus = rules.max_canastas_per_side, 0
    for kind in sorted(rules.canastas, key=lambda k: -k.bonus):
        n = min(left, group_left[kind.group], kind.max_total or left)
        canasta_bonus += n * kind.bonus
        left -= n
        group_left[kind.group] -= n
    best_threes = max(rules.red_three_values)
    highest = (
        rules.decks * DECK_POINTS
        + canasta_bonus
        + sum(b.points for b in rules.canasta_set_bonuses)
        + best_threes * (2 if rules.black_threes_scored else 1)
        + max(rules.captured_black_three_values, default=0)
        + max(rules.going_out_bonus, rules.concealed_going_out_bonus)
    )
    highest = max(highest, rules.acaba_award, *(h.points for h in rules.special_hands))

    against = rules.red_three_negative_values or rules.red_three_values
    can_be_negative = rules.red_threes_positive != "always"
    pack_red = rules.red_threes_in_pack
    worst_red = max(
        (against[laid] if can_be_negative else 0) + (pack_red - laid) * rules.red_three_in_hand_penalty
        for laid in range(pack_red + 1)
    )
    naturals_in_pack = rules.decks * (CARDS_PER_DECK["aces"] + CARDS_PER_DECK["high"] + CARDS_PER_DECK["low"])
    lowest = -(
        rules.pack_points
        + worst_red
        + (max(against) if rules.black_threes_scored else 0)
        + rules.unfinished_aces_penalty
        + rules.unfinished_sevens_penalty
        + rules.unfinished_wild_penalty
        + rules.players_per_side * (rules.three_aces_penalty + rules.three_sevens_penalty)
        + rules.short_sequence_penalty * (naturals_in_pack // 3)
    )
    return lowest, highest


# --- shared pieces ---------------------------------------------------------------------------

# Overrides of a variant's own values that a club or event may set (rules_for): every variant
# but Hand and Foot, whose minimums go by deal (`initial_meld_by_deal` instead).
_OVERRIDE_OPTIONS = ("initial_meld_table", "red_three_values", "going_out_bonus")
_COMMON_OPTIONS = ("tie_policy", "target", *_OVERRIDE_OPTIONS)
_CLASSIC_OPTIONS = (
    *_COMMON_OPTIONS,
    "red_threes_negative_without",
    "negative_minimum",
    "concealed_canasta_bonus",
    "concealed_going_out_bonus",
)
_CLASSIC_FIELDS = (
    "melded_points",
    "hand_points",
    "natural_canastas",
    "mixed_canastas",
    "red_threes",
    "red_threes_in_hand",
    "went_out",
    "concealed",
    "penalty_points",
)
# Cheapest canastas (rules.md §4 #9, [derived]): natural = seven 5-point cards = 35; mixed = six
# 5-point cards + one 2 = 50; seven 2s = 140; four jokers + three 2s = 260; any other all-wild
# mix holds a joker and a 2 at least: six 2s + one joker = 170; seven jokers = 350; a
# seven-card sequence 4-10 = 4 x 5 + 3 x 10 = 50; a natural canasta of 7s = 35, of aces = 140.
_NATURAL = CanastaKind(field="natural_canastas", bonus=500, group="natural", min_points=35)
_MIXED = CanastaKind(field="mixed_canastas", bonus=300, group="mixed", min_points=50)
_CLASSIC_CANASTAS = (_NATURAL, _MIXED)  # 500 / 300: S0, S4, BRIT, PAG (rules.md §1.1)

# Classic initial meld (S0, S4, PAG & Bicycle via GH-NL): < 0 -> 15; 0-1495 -> 50;
# 1500-2995 -> 90; >= 3000 -> 120.
_CLASSIC_BANDS = ((0, 15), (1500, 50), (3000, 90))
# then 150 (PAG-SA, S0, URV)
_SAMBA_BANDS = ((0, 15), (1500, 50), (3000, 90), (7000, 120))


def _per_three(count: int, each: int = 100) -> tuple[int, ...]:
    return tuple(each * n for n in range(count + 1))


# --- Classic family (rules.md §1.1, §2.1) ------------------------------------------------------

CLASSIC = RuleSet(
    key="classic",
    name="Classic Canasta (4 players, 2 partnerships)",
    tables=((2, 2),),  # S0, S4, PAG via GH-NL
    fields=_CLASSIC_FIELDS,
    options=_CLASSIC_OPTIONS,
    decks=2,
    pack_points=1180,  # 2 decks + 4 jokers (rules.md §1.0, [derived])
    red_threes_in_pack=4,
    black_threes_in_pack=4,
    canastas=_CLASSIC_CANASTAS,
    # One meld per rank (4..A = 11 ranks) per side; a natural canasta takes 7 of a rank's 8
    # cards; 12 wild cards; 100 non-three cards / 7 (rules.md §1.1, §4 #12, [derived]).
    max_canastas_per_side=11,
    max_natural_canastas_total=11,
    max_mixed_canastas_total=12,
    max_wild_canastas_total=0,
    max_canastas_total=14,
    going_out_bonus=100,  # S0, S4, BRIT, PAG
    concealed_going_out_bonus=200,  # 200 in all, not 100 + 200 (S0, S4, BRIT, PAG via GH-NL)
    going_out=GoingOutRequirement(canastas=1),  # S0, S4, BRIT, PAG via GH-NL
    # all four = 800 (S0, S4, BRIT, PAG via GH-NL)
    red_three_values=(0, 100, 200, 300, 800),
    red_threes_positive="melded",  # PAG via GH-NL, BRIT; rules.md §6 default
    red_three_in_hand_penalty=500,  # S0 table, DUM; rules.md §6
    initial_meld_bands=_CLASSIC_BANDS,
    initial_meld_top=120,
    targets=((2, 5000),),  # S0, S4, PAG via GH-NL
)

CLASSIC_2P = replace(
    CLASSIC,
    key="classic-2p",
    name="Classic Canasta for 2 players",
    tables=((1, 1),),  # each for themself: S0, S4, PAG via GH-NL, BIC-2H, RG-2
    # PAG via GH-NL, BIC-2H, RG-2 (rules.md §1.1a)
    going_out=GoingOutRequirement(canastas=2),
)

CLASSIC_3P = replace(
    CLASSIC,
    key="classic-3p",
    name="Classic Canasta for 3 players (each for themself)",
    tables=((1, 1, 1),),  # basic game: S0, S4, RG-3 (rules.md §1.1b); cutthroat is not supported
    targets=((3, 5000),),  # S0, S4, RG-3
)

CLASSIC_6P = replace(
    CLASSIC,
    key="classic-6p",
    name="Classic Canasta for 6 players (3 decks)",
    tables=((3, 3), (2, 2, 2)),  # 2 teams of 3 or 3 teams of 2 (RG-6, rules.md §1.1c)
    decks=3,
    pack_points=1770,  # 3 decks + 6 jokers (rules.md §1.0)
    red_threes_in_pack=6,
    black_threes_in_pack=6,
    # Still one meld per rank per side, and 7 of a rank's 12 cards per natural canasta, so one
    # natural canasta per rank; 18 wild cards; 150 non-three cards / 7 = 21 ([derived]).
    max_mixed_canastas_total=18,
    max_canastas_total=21,
    going_out=GoingOutRequirement(canastas=2),  # RG-6
    # RG-6: 100 each for 1-4, 5 = 1000, 6 = 1200 (so 4 = 400, not the 4-player 800).
    red_three_values=(0, 100, 200, 300, 400, 1000, 1200),
    initial_meld_bands=(*_CLASSIC_BANDS, (7500, 120)),
    initial_meld_top=150,  # RG-6, "150 at 7500" in the 10 000 game (single source)
    targets=((2, 10000), (3, 7500)),  # RG-6: 2 teams 10 000, 3 teams 7500
)

# Five players: a side of three against a side of two, the three taking turns to sit out one
# hand each, so that every hand is an ordinary partnership game scored as Classic, per side
# (RG-5, SK-K; S0 and S4 name the game; rules.md §1.1d). Who sat out is the table's record, not a
# scoring fact.
CLASSIC_5P = replace(
    CLASSIC,
    key="classic-5p",
    name="Classic Canasta for 5 players (a side of three against a side of two)",
    tables=((3, 2),),
)

# "Exactly the original game with its original rules" (S0, S4; rules.md §1.12): Classic under the
# name a club that plays "Uruguayan" looks for, scored exactly as Classic.
URUGUAYAN = replace(
    CLASSIC,
    key="uruguayan",
    name="Uruguayan Canasta (the original rules, as Classic)",
)

BRITISH = replace(
    CLASSIC,
    key="british",
    name="British Canasta (Acaba)",
    fields=(*_CLASSIC_FIELDS, "acaba"),
    acaba_award=1500,  # S0, S4: caller's side 0, the other side 1500 (rules.md §1.9, §6)
)

# --- Modern American (rules.md §1.2, §2.2; CLA via GH-NL) --------------------------------------

_CLA_SPECIAL_HANDS = (
    SpecialHand(name="pairs", points=2500),
    SpecialHand(name="wild_pairs", points=2000),
    SpecialHand(name="miami_pairs", points=2500),
    SpecialHand(name="zip_code", points=2500),
    SpecialHand(name="straight", points=3000),
    SpecialHand(name="garbage", points=3000),  # CLA 3000 (Pagat 2000), rules.md §6
    SpecialHand(name="blast_off", points=3000),
    SpecialHand(name="triples", points=3500),
    SpecialHand(name="quads", points=3500),
    SpecialHand(name="dream_hand_4", points=8500, wins_game=True),
    SpecialHand(name="dream_hand_5", points=8500, wins_game=True),
)
_PAGAT_SPECIAL_HANDS = (  # PAG via GH-NL §2.12/§2.14
    SpecialHand(name="straight", points=3000),
    SpecialHand(name="pairs", points=2500),
    SpecialHand(name="wild_pairs", points=2000),  # pairs with 2s, 7s or aces
    SpecialHand(name="garbage", points=2000),
)

MODERN_AMERICAN = RuleSet(
    key="modern-american",
    name="Modern American Canasta (CLA)",
    tables=((2, 2),),
    fields=(
        "melded_points",
        "hand_points",
        "natural_canastas",
        "mixed_canastas",
        "sevens_canastas",
        "aces_canastas",
        "wild_canastas",
        "deuce_canastas",
        "joker_canastas",
        "red_threes",
        "black_threes",
        "went_out",
        "unfinished_aces",
        "unfinished_sevens",
        "unfinished_wild",
        "players_with_three_aces",
        "players_with_three_sevens",
        "special_hand",
        "penalty_points",
    ),
    options=(*_COMMON_OPTIONS, "special_hands"),
    decks=2,
    pack_points=1180,
    red_threes_in_pack=4,
    black_threes_in_pack=4,
    # Threes are laid down with a replacement draw and scored per colour (`black_threes`), never
    # melded as cards; a 3 left in hand is -5 (CLA, PAG; rules.md §6).
    black_threes_meldable=False,
    canastas=(
        _NATURAL,
        _MIXED,
        # 2500 each: CLA, PAG, CCOM, CJ-2. Only 8 of each rank, so one per hand (§4 #13).
        CanastaKind(
            field="sevens_canastas",
            bonus=2500,
            group="natural",
            min_points=35,
            max_total=1,
        ),
        CanastaKind(
            field="aces_canastas",
            bonus=2500,
            group="natural",
            min_points=140,
            max_total=1,
        ),
        CanastaKind(field="wild_canastas", bonus=2000, group="wild", min_points=170),
        CanastaKind(
            field="deuce_canastas",
            bonus=3000,
            group="wild",
            min_points=140,
            max_total=1,
        ),
        CanastaKind(
            field="joker_canastas",
            bonus=2500,
            group="wild",
            min_points=260,
            max_total=1,
        ),
    ),
    # One meld per rank (4..A, 11 ranks; a natural canasta takes 7 of a rank's 8 cards) plus one
    # wild meld per side; 12 wild cards hold one wild canasta ([derived]).
    max_canastas_per_side=12,
    max_natural_canastas_total=11,
    max_mixed_canastas_total=12,
    max_wild_canastas_total=1,
    max_canastas_total=14,
    going_out_bonus=100,  # CLA, PAG; no concealed bonus (GH-NL §2.7)
    going_out=GoingOutRequirement(canastas=2),  # CLA, PAG, S0, CJ-R
    red_three_values=(0, 100, 300, 500, 1000),  # per colour: CLA, PAG, CCOM, CJ-R
    red_threes_positive="swing",  # CLA & PAG: C=0 against, C=1 ignored, C>=2 for
    black_threes_scored=True,
    melded_points_negative_without_canasta=True,  # the swing: C=0 subtracts melded cards
    unfinished_aces_penalty=2500,  # CLA, PAG, CCOM, CJ-3
    unfinished_sevens_penalty=2500,
    unfinished_wild_penalty=2000,  # CLA (Pagat 2500 with all four jokers), rules.md §6
    three_aces_penalty=1500,  # per player, cumulative (CCOM, CJ-3)
    three_sevens_penalty=1500,
    special_hands=_CLA_SPECIAL_HANDS,
    # CLA; negative scores need 125 too (PAG): < 3000 -> 125; 3000-4995 -> 155; >= 5000 -> 180.
    initial_meld_bands=((3000, 125), (5000, 155)),
    initial_meld_top=180,
    targets=((2, 8500),),  # CLA, PAG, S0, CJ-R
)

# --- Hand and Foot (rules.md §1.3, §2.3; Pagat main = S2) --------------------------------------

HAND_AND_FOOT = RuleSet(
    key="hand-and-foot",
    name="Hand and Foot",
    tables=((2, 2),),
    fields=(
        "melded_points",
        "hand_points",
        "natural_canastas",
        "mixed_canastas",
        "wild_canastas",
        "red_threes",
        "red_threes_in_hand",
        "went_out",
        "penalty_points",
    ),
    options=(
        "tie_policy",
        "red_three_in_hand_penalty",
        "books_to_go_out",
        "initial_meld_by_deal",
        "red_three_values",
        "going_out_bonus",
        "book_values",
    ),
    decks=5,
    pack_points=2950,  # 5 packs of 54 (S2, PAG-HF via GH-HFG; rules.md §1.0)
    red_threes_in_pack=10,
    black_threes_in_pack=10,
    black_threes_meldable=False,  # never melded; 5 if left in hand or foot (S2, GH-TSt)
    canastas=(  # clean 500, dirty 300, wild 1500 (S2, GH-TSt, GH-HFG)
        _NATURAL,
        _MIXED,
        CanastaKind(field="wild_canastas", bonus=1500, group="wild", min_points=140),
    ),
    # Several books of one rank are allowed; 250 non-three cards / 7 = 35; 30 wild cards hold
    # four wild books (rules.md §1.3, [derived]).
    max_canastas_per_side=35,
    max_natural_canastas_total=35,
    max_mixed_canastas_total=35,
    max_wild_canastas_total=4,
    max_canastas_total=35,
    going_out_bonus=100,  # S2, GH-TSt V15, GH-HFG
    # S2, GH-HFG, GH-TS
    going_out=GoingOutRequirement(canastas=5, natural=2, mixed=2, wild=1),
    red_three_values=_per_three(10),  # +100 each laid (S2, GH-TS, GH-HFG)
    red_threes_positive="always",
    red_three_in_hand_penalty=100,  # Pagat/S2; rules.md §6 (option 300 or 500)
    initial_meld_bands=(),
    initial_meld_top=150,
    initial_meld_by_deal=(50, 90, 120, 150),  # S2, GH-TSt V16, S0, S4
    deals=4,  # 4 deals, highest total wins (S2, GH-TS)
)

# --- Samba family (rules.md §1.4-1.8, §2.4) ----------------------------------------------------

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
    options=(*_COMMON_OPTIONS, "minimum_at_7000", "red_three_penalty_all_six"),
    decks=3,
    pack_points=1770,  # 3 decks + 6 jokers
    red_threes_in_pack=6,
    black_threes_in_pack=6,
    # samba 1500 (BIC-SA, HSW-SA, PAG-SA, S0, URV)
    canastas=(
        _NATURAL,
        _MIXED,
        _SEQUENCE,
    ),
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
    options=(*_COMMON_OPTIONS, "black_three_in_hand"),
    # A black three left in hand is -100 (BIC-BO, S0, S4; rules.md §6, option 5): 95 more than
    # its 5 points, for each of the pack's 6 black threes: 1770 + 6 x 95 = 2340 (§4 #10).
    pack_points=2340,
    black_three_in_hand=100,
    canastas=(
        _NATURAL,
        _MIXED,
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
# (3 by default, §6) sets everything the pack decides: `_chilean_pack`.
CHILEAN_PACKS = (3, 4)


def _chilean_pack(packs: int, black_three_in_hand: int) -> dict[str, Any]:
    """The RuleSet values that `packs` packs of 52 cards and 2 jokers decide (rules.md §1.0, §1.11,
    §6), with a black three left in hand worth `black_three_in_hand` ([derived] unless cited).

    3 packs: 6 red and 6 black threes, 18 wild cards, 150 cards besides the threes, 1770 card
    points (2340 with black threes at 100 in hand, §4 #10), red threes as Bolivia (all six
    1000). 4 packs: 8 of each three, 24 wild cards, 200 other cards, 2360 card points (3120
    with black threes at 100), red threes 100 each and no bonus for all eight (§6: no source
    gives one), so eight are 800.
    """
    threes = 2 * packs  # red threes; black threes as many (CARDS_PER_DECK)
    wild = packs * (CARDS_PER_DECK["jokers"] + CARDS_PER_DECK["twos"])
    # Several groups of one rank are allowed (Samba family), so the cards besides the threes,
    # 7 to a canasta, bound the canastas; each mixed canasta holds a wild card, a bolivia seven.
    canastas = packs * (sum(CARDS_PER_DECK.values()) - CARDS_PER_DECK["black_threes"]) // 7
    bolivia_red = (0, 100, 200, 300, 400, 500, 1000)  # Bolivia = Samba (BIC-BO, S0, S4)
    return {
        "name": f"Chilean Canasta ({packs} packs)",
        "decks": packs,
        "pack_points": packs * DECK_POINTS + (black_three_in_hand - 5) * threes,
        "red_threes_in_pack": threes,
        "black_threes_in_pack": threes,
        "red_three_values": bolivia_red if packs == 3 else _per_three(threes),
        "max_canastas_per_side": canastas,
        "max_natural_canastas_total": canastas,
        "max_mixed_canastas_total": wild,
        "max_wild_canastas_total": wild // 7,
        "max_canastas_total": canastas,
    }


CHILEAN = replace(
    BOLIVIA,
    key="chilean",
    options=(*BOLIVIA.options, "packs"),
    **_chilean_pack(3, BOLIVIA.black_three_in_hand),  # 3 packs unless the table chooses 4 (§6)
)

BRAZILIAN = replace(
    BOLIVIA,  # "as Bolivia, except" (BIC-BR, RG-BR, S0, S4; rules.md §1.6)
    key="brazilian",
    name="Brazilian Canasta",
    fields=(*_SAMBA_FIELDS[:5], "wild_canastas", *_SAMBA_FIELDS[5:7], "short_sequences", "penalty_points"),
    canastas=(
        _NATURAL,
        _MIXED,
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

CUBAN = RuleSet(
    key="cuban",
    name="Cuban Canasta",
    tables=((2, 2),),
    fields=(
        "melded_points",
        "hand_points",
        "natural_canastas",
        "mixed_canastas",
        "wild_canastas",
        "deuce_canastas",
        "joker_canastas",
        "red_threes",
        "captured_black_threes",
        "went_out",
        "penalty_points",
    ),
    options=_COMMON_OPTIONS,
    decks=2,
    pack_points=1180,  # 2 decks (S0, S4, RG-CU)
    red_threes_in_pack=4,
    black_threes_in_pack=4,
    canastas=(
        _NATURAL,  # 500 / 300 not restated: Classic's values (rules.md §1.7 [derived])
        _MIXED,
        # RG-CU
        CanastaKind(field="wild_canastas", bonus=2000, group="wild", min_points=170),
        CanastaKind(
            field="deuce_canastas",
            bonus=4000,
            group="wild",
            min_points=140,
            max_total=1,
        ),
        CanastaKind(
            field="joker_canastas",
            bonus=3000,
            group="wild",
            min_points=260,
            max_total=1,
        ),
    ),
    max_canastas_per_side=12,
    max_natural_canastas_total=11,
    max_mixed_canastas_total=12,
    max_wild_canastas_total=1,  # 12 wild cards
    max_canastas_total=14,
    going_out_bonus=100,  # Classic's value (rules.md §1.7 [derived, unverified])
    going_out=GoingOutRequirement(canastas=1),  # Classic's (rules.md §1.7 [derived])
    red_three_values=(0, 100, 300, 500, 1000),  # RG-CU, S0, S4
    red_threes_positive="canastas",
    red_threes_min_canastas=1,  # RG-CU
    # 5 each, all four 100 (RG-CU, S0, S4)
    captured_black_three_values=(0, 5, 10, 15, 100),
    # Classic table plus 150 "at 5000 and up" (RG-CU; S0/S4 "exceeds 5000": exactly 5000 is
    # ambiguous, the project reads RG-CU).
    initial_meld_bands=(*_CLASSIC_BANDS, (5000, 120)),
    initial_meld_top=150,
    targets=((2, 7500),),  # S0, S4, RG-CU
)

ITALIAN = RuleSet(
    key="italian",
    name="Italian Canasta",
    tables=((2, 2),),
    fields=(
        "melded_points",
        "hand_points",
        "natural_canastas",
        "mixed_canastas",
        "deuce_canastas",
        "wild_canastas",
        "red_threes",
        "went_out",
        "penalty_points",
    ),
    options=_COMMON_OPTIONS,
    decks=3,
    pack_points=1770,  # 3 decks (RG-IT, HSW-IT)
    red_threes_in_pack=6,
    black_threes_in_pack=6,
    canastas=(
        _NATURAL,
        _MIXED,
        # Seven 2s 3000; a mixed canasta of deuces (2s and jokers) 2000 (RG-IT, HSW-IT). Read as
        # the canasta's whole bonus; these are not counted again as natural or mixed.
        CanastaKind(
            field="deuce_canastas",
            bonus=3000,
            group="wild",
            min_points=140,
            max_total=1,
        ),
        CanastaKind(field="wild_canastas", bonus=2000, group="wild", min_points=170),
    ),
    canasta_set_bonuses=(  # RG-IT, HSW-IT, on top of the canastas' own bonuses
        CanastaSetBonus(item="five_natural_canastas", points=2000, min_natural=5),
        CanastaSetBonus(
            item="four_natural_one_mixed_canastas",
            points=1000,
            min_natural=4,
            max_natural=4,
            min_mixed=1,
        ),
        CanastaSetBonus(item="ten_canastas", points=2000, min_total=10),
    ),
    max_canastas_per_side=21,
    max_natural_canastas_total=21,
    max_mixed_canastas_total=18,
    max_wild_canastas_total=2,
    max_canastas_total=21,
    going_out_bonus=300,  # RG-IT, HSW-IT
    going_out=GoingOutRequirement(canastas=2, counts_wild=False),  # RG-IT, HSW-IT
    red_three_values=(0, 100, 200, 300, 800, 1000, 1200),  # 200 each for 4+ (RG-IT)
    # The negative rule is not stated (rules.md §1.8): the parent variant's (Samba) applies.
    red_threes_positive="canastas",
    red_threes_min_canastas=2,
    # RG-IT
    initial_meld_bands=(
        *_CLASSIC_BANDS,
        (5000, 120),
        (7500, 160),
        (10000, 180),
    ),
    initial_meld_top=200,
    targets=((2, 15000),),  # S0, S4 (rules.md §6; option 12000: RG-IT, HSW-IT)
)

SPANISH = RuleSet(
    key="spanish",
    name="Spanish Canasta (Greek seed S3)",
    # 2 to 4 players, alone or in two partnerships, and 6 in three teams of two (S3, rules.md
    # §1.10); three sides are three players alone unless the game says otherwise.
    tables=((2, 2), (1, 1), (1, 1, 1), (2, 2, 2)),
    fields=(
        "melded_points",
        "hand_points",
        "natural_canastas",
        "mixed_canastas",
        "concealed_natural_canastas",
        "concealed_mixed_canastas",
        "wild_canastas",
        "deuce_canastas",
        "joker_canastas",
        "red_threes",
        "went_out",
        "penalty_points",
    ),
    options=_COMMON_OPTIONS,
    # 4 decks + 8 jokers = 2360; a black three in hand is -100, 95 over its 5 points, for each
    # of the 8 black threes: 2360 + 760 = 3120 (rules.md §4 #10).
    decks=4,
    pack_points=3120,
    black_three_in_hand=100,  # S3
    red_threes_in_pack=8,
    black_threes_in_pack=8,
    canastas=(  # all S3
        _NATURAL,
        _MIXED,
        # Hidden canasta 1000 in place of its natural or mixed bonus (rules.md §6).
        CanastaKind(
            field="concealed_natural_canastas",
            bonus=1000,
            group="natural",
            min_points=35,
        ),
        CanastaKind(field="concealed_mixed_canastas", bonus=1000, group="mixed", min_points=50),
        # mixed wild (jokers and 2s) 2000
        CanastaKind(field="wild_canastas", bonus=2000, group="wild", min_points=170),
        # pure wild: seven 2s 3000 (seven jokers below)
        CanastaKind(field="deuce_canastas", bonus=3000, group="wild", min_points=140),
        CanastaKind(
            field="joker_canastas",
            bonus=3000,
            group="wild",
            min_points=350,
            max_total=1,
        ),
    ),
    canasta_set_bonuses=(  # S3; rules.md §2.5 adds both (7 canastas: 500 + 2000)
        CanastaSetBonus(item="five_canastas", points=500, min_total=5),
        CanastaSetBonus(item="seven_canastas", points=2000, min_total=7),
    ),
    max_canastas_per_side=30,
    max_natural_canastas_total=30,
    max_mixed_canastas_total=24,
    max_wild_canastas_total=3,  # 24 wild cards
    max_canastas_total=30,  # 216 - 16 threes = 200 cards / 7 ([derived])
    going_out_bonus=200,  # closing bonus (S3)
    going_out=GoingOutRequirement(canastas=2, natural=1, mixed=1),  # S3
    # 100 each, all four 800 (S3). S3 defines no value for 5-8 (a 4-deck pack has 8): rules.md
    # §2.5's formula gives 100 each.
    red_three_values=(0, 100, 200, 300, 800, 500, 600, 700, 800),
    red_threes_positive="canastas",
    red_threes_min_canastas=1,  # S3
    melded_points_negative_without_canasta=True,  # S3
    # S3 gives nothing from 5000 (rules.md §1.10 gap): 120 stays the top band.
    initial_meld_bands=_CLASSIC_BANDS,
    initial_meld_top=120,
    targets=((2, 7000), (3, 7000)),  # S3 normal game; rules.md §6
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


# --- house-rule options (rules.md §6) -----------------------------------------------------------


def _points(name: str, value: Any, *, positive: bool = True) -> int:
    """`value` as a points option: a whole multiple of 5, more than 0 (0 allowed if not
    `positive`)."""
    if type(value) is not int:
        raise InvalidRules(
            f"option '{name}' must be a whole number of points",
            code="option_not_whole_number",
            params={"option": name},
            option=name,
        )
    if positive and (value <= 0 or value % 5):
        raise InvalidRules(
            f"option '{name}' must be a positive multiple of 5 points, not {value}",
            code="option_not_positive_multiple_of_5",
            params={"option": name, "value": value},
            option=name,
        )
    if value < 0 or value % 5:
        raise InvalidRules(
            f"option '{name}' must be a multiple of 5 points, 0 or more, not {value}",
            code="option_not_multiple_of_5",
            params={"option": name, "value": value},
            option=name,
        )
    return value


def _item_points(name: str, key: str, value: Any) -> int:
    """One value inside a list or object option (`key` names it): a multiple of 5, 0 or more."""
    if type(value) is not int or value < 0 or value % 5:
        raise InvalidRules(
            f"option '{name}': '{key}' must be a whole multiple of 5 points, 0 or more, not {value!r}",
            code="option_item_bad_points",
            params={"option": name, "key": key, "value": repr(value)},
            option=name,
        )
    return value


def _choice(name: str, value: Any, choices: tuple[Any, ...]) -> Any:
    if type(value) not in (str, int) or value not in choices:
        allowed = ", ".join(repr(c) for c in choices)
        raise InvalidRules(
            f"option '{name}' must be one of {allowed}, not {value!r}",
            code="option_not_a_choice",
            params={"option": name, "allowed": [str(c) for c in choices], "value": repr(value)},
            option=name,
        )
    return value


def _opt_packs(rules: RuleSet, value: Any) -> dict[str, Any]:
    # Chilean: 3 or 4 packs (rules.md §1.11, §6); everything the pack decides follows it.
    if type(value) is not int or value not in CHILEAN_PACKS:
        raise InvalidRules(
            f"option 'packs' must be 3 or 4 (packs of 52 cards and 2 jokers), not {value!r}",
            code="option_packs_not_3_or_4",
            params={"option": "packs", "value": repr(value)},
            option="packs",
        )
    return _chilean_pack(value, rules.black_three_in_hand)


def _opt_target(rules: RuleSet, value: Any) -> dict[str, Any]:
    target = _points("target", value)
    return {"targets": tuple((sides, target) for sides in rules.side_counts)}


def _opt_tie_policy(rules: RuleSet, value: Any) -> dict[str, Any]:
    return {"tie_policy": _choice("tie_policy", value, TIE_POLICIES)}


def _opt_red_threes_negative_without(rules: RuleSet, value: Any) -> dict[str, Any]:
    if _choice("red_threes_negative_without", value, ("meld", "canasta")) == "meld":
        return {"red_threes_positive": "melded", "red_threes_min_canastas": 0}
    return {
        "red_threes_positive": "canastas",
        "red_threes_min_canastas": 1,
    }  # Pagat's Vienna


def _opt_negative_minimum(rules: RuleSet, value: Any) -> dict[str, Any]:
    minimum = _choice("negative_minimum", value, (15, 0))
    bands = tuple((below, minimum if below == 0 else m) for below, m in rules.initial_meld_bands)
    return {"initial_meld_bands": bands}


def _opt_concealed_canasta_bonus(rules: RuleSet, value: Any) -> dict[str, Any]:
    if type(value) is not bool:
        raise InvalidRules(
            "option 'concealed_canasta_bonus' must be true or false",
            code="option_not_boolean",
            params={"option": "concealed_canasta_bonus"},
            option="concealed_canasta_bonus",
        )
    if not value:
        return {}
    # S1: a canasta melded entirely from hand scores 100 extra: 600 natural / 400 mixed.
    fields = list(rules.fields)
    fields[fields.index("mixed_canastas") + 1 : fields.index("mixed_canastas") + 1] = [
        "concealed_natural_canastas",
        "concealed_mixed_canastas",
    ]
    return {
        "fields": tuple(fields),
        "canastas": (
            *rules.canastas,
            replace(_NATURAL, field="concealed_natural_canastas", bonus=600),
            replace(_MIXED, field="concealed_mixed_canastas", bonus=400),
        ),
    }


def _opt_special_hands(rules: RuleSet, value: Any) -> dict[str, Any]:
    chosen = _choice("special_hands", value, ("cla", "pagat"))
    return {"special_hands": _CLA_SPECIAL_HANDS if chosen == "cla" else _PAGAT_SPECIAL_HANDS}


def _opt_red_three_in_hand_penalty(rules: RuleSet, value: Any) -> dict[str, Any]:
    return {"red_three_in_hand_penalty": _points("red_three_in_hand_penalty", value)}


def _opt_books_to_go_out(rules: RuleSet, value: Any) -> dict[str, Any]:
    name = "books_to_go_out"
    if type(value) is not dict or not value or set(value) - {"clean", "dirty", "wild"}:
        raise InvalidRules(
            f"option '{name}' must be an object with keys clean, dirty and wild",
            code="option_books_not_object",
            params={"option": name},
            option=name,
        )
    books = {"clean": 0, "dirty": 0, "wild": 0}
    for key, count in value.items():
        if type(count) is not int or count < 0:
            raise InvalidRules(
                f"option '{name}': '{key}' must be a count of books (0 or more)",
                code="option_books_bad_count",
                params={"option": name, "key": str(key)},
                option=name,
            )
        books[key] = count
    requirement = GoingOutRequirement(
        canastas=sum(books.values()),
        natural=books["clean"],
        mixed=books["dirty"],
        wild=books["wild"],
    )
    return {"going_out": requirement}


def _opt_minimum_at_7000(rules: RuleSet, value: Any) -> dict[str, Any]:
    return {"initial_meld_top": _points("minimum_at_7000", value)}


def _opt_red_three_penalty_all_six(rules: RuleSet, value: Any) -> dict[str, Any]:
    penalty = _points("red_three_penalty_all_six", value)
    return {"red_three_negative_values": (*rules.red_three_values[:6], penalty)}


def _opt_black_three_in_hand(rules: RuleSet, value: Any) -> dict[str, Any]:
    # hand_points (or a card count's in-hand black threes) carry black threes at this value.
    each = _points("black_three_in_hand", value)
    return {
        "black_three_in_hand": each,
        "pack_points": rules.decks * DECK_POINTS + (each - 5) * rules.black_threes_in_pack,
    }


def _opt_going_out_bonus(rules: RuleSet, value: Any) -> dict[str, Any]:
    return {"going_out_bonus": _points("going_out_bonus", value, positive=False)}


def _opt_concealed_going_out_bonus(rules: RuleSet, value: Any) -> dict[str, Any]:
    # The whole bonus for going out concealed, in place of going_out_bonus (rules.md §6).
    return {"concealed_going_out_bonus": _points("concealed_going_out_bonus", value, positive=False)}


def _meld_band_error(band: int, key: str, value: Any) -> InvalidRules:
    what = "a whole multiple of 5" + (", 0 or more" if key == "minimum" else "")
    return InvalidRules(
        f"option 'initial_meld_table': band {band}'s '{key}' must be {what}, not {value!r}",
        code="option_meld_band_bad_value",
        params={"option": "initial_meld_table", "band": band, "key": key, "value": repr(value)},
        option="initial_meld_table",
    )


def _opt_initial_meld_table(rules: RuleSet, value: Any) -> dict[str, Any]:
    """`[{"below": 0, "minimum": 15}, {"below": 1500, "minimum": 50}, ..., {"minimum": 120}]`:
    a side whose cumulative total is strictly below a band's `below` (and not below the band
    before) needs that band's `minimum`; the last band has no `below` and covers the rest. So
    `below` ascends strictly and exactly the last band is open-ended: the bands are contiguous
    and cover every score. Every number is a multiple of 5, minimums 0 or more. Brazilian's
    canasta requirements from 7000 on (`initial_meld_requirements`) still apply: the table
    replaces only the points minimums below them."""
    name = "initial_meld_table"
    if type(value) is not list or not value:
        raise InvalidRules(
            f"option '{name}' must be a list of bands, each with 'below' and 'minimum', the last "
            "with 'minimum' only",
            code="option_meld_table_not_list",
            params={"option": name},
            option=name,
        )
    bands: list[tuple[int, int]] = []
    top = 0
    for band, item in enumerate(value, start=1):
        if type(item) is not dict or "minimum" not in item or set(item) - {"below", "minimum"}:
            raise InvalidRules(
                f"option '{name}': band {band} must be an object with 'minimum' and (but for the "
                "last band) 'below'",
                code="option_meld_band_not_object",
                params={"option": name, "band": band},
                option=name,
            )
        minimum = item["minimum"]
        if type(minimum) is not int or minimum < 0 or minimum % 5:
            raise _meld_band_error(band, "minimum", minimum)
        last = band == len(value)
        if ("below" in item) == last:
            raise InvalidRules(
                f"option '{name}': the last band, and only the last, has no 'below' (it covers "
                f"every score from the band before it up); band {band} does not fit",
                code="option_meld_table_open_end",
                params={"option": name, "band": band},
                option=name,
            )
        if last:
            top = minimum
            break
        below = item["below"]
        if type(below) is not int or below % 5:
            raise _meld_band_error(band, "below", below)
        if bands and below <= bands[-1][0]:
            raise InvalidRules(
                f"option '{name}': band {band}'s 'below' {below} must be higher than band "
                f"{band - 1}'s {bands[-1][0]}",
                code="option_meld_bands_not_ascending",
                params={"option": name, "band": band, "below": below, "previous": bands[-1][0]},
                option=name,
            )
        bands.append((below, minimum))
    return {"initial_meld_bands": tuple(bands), "initial_meld_top": top}


def _opt_initial_meld_by_deal(rules: RuleSet, value: Any) -> dict[str, Any]:
    """Hand and Foot: `[50, 90, 120, 150]`, the minimum of deal 1, 2, ... (one per deal)."""
    name = "initial_meld_by_deal"
    if type(value) is not list or len(value) != rules.deals:
        raise InvalidRules(
            f"option '{name}' must be a list of {rules.deals} minimums, one per deal",
            code="option_meld_by_deal_not_list",
            params={"option": name, "deals": rules.deals},
            option=name,
        )
    minimums = tuple(_item_points(name, str(deal), m) for deal, m in enumerate(value, start=1))
    return {"initial_meld_by_deal": minimums}


def _opt_red_three_values(rules: RuleSet, value: Any) -> dict[str, Any]:
    """What 1, 2, ... red threes of one side are worth (RuleSet.red_three_values), as either
    a list with one value per red three of the pack (`[100, 200, 300, 800]`: the value of 1, 2,
    3 and 4 threes, not per three), or `{"each": 100, "all": 800}`: `each` per three, and all
    the pack's threes together `all` (default: `each` times their number). They count for or
    against the side as the variant says; Modern American scores black threes at these values
    too."""
    name = "red_three_values"
    in_pack = rules.red_threes_in_pack
    if type(value) is list and len(value) == in_pack:
        return {"red_three_values": (0, *(_item_points(name, str(n), v) for n, v in enumerate(value, 1)))}
    if type(value) is dict and "each" in value and not set(value) - {"each", "all"}:
        each = _item_points(name, "each", value["each"])
        every = _item_points(name, "all", value.get("all", each * in_pack))
        return {"red_three_values": (*(each * n for n in range(in_pack)), every)}
    raise InvalidRules(
        f"option '{name}' must be a list of {in_pack} values (1 to {in_pack} red threes) or an "
        "object with 'each' (and 'all')",
        code="option_red_three_values_bad_shape",
        params={"option": name, "in_pack": in_pack},
        option=name,
    )


# Hand and Foot books by the names its players use, and the entry fields that count them.
_BOOK_FIELDS = {"clean": "natural_canastas", "dirty": "mixed_canastas", "wild": "wild_canastas"}


def _opt_book_values(rules: RuleSet, value: Any) -> dict[str, Any]:
    """Hand and Foot: `{"clean": 500, "dirty": 300, "wild": 1500}`, any of the three keys."""
    name = "book_values"
    if type(value) is not dict or not value or set(value) - set(_BOOK_FIELDS):
        raise InvalidRules(
            f"option '{name}' must be an object with keys clean, dirty and wild",
            code="option_book_values_not_object",
            params={"option": name},
            option=name,
        )
    bonus = {_BOOK_FIELDS[key]: _item_points(name, key, v) for key, v in value.items()}
    return {"canastas": tuple(replace(k, bonus=bonus.get(k.field, k.bonus)) for k in rules.canastas)}


# In the order they are applied: an option sees the RuleSet the options before it made (the
# pack first, as every count and value below depends on it; then a variant's values replaced,
# then the options that adjust them).
_OPTION_HANDLERS: Mapping[str, Callable[[RuleSet, Any], dict[str, Any]]] = MappingProxyType(
    {
        "packs": _opt_packs,
        "initial_meld_table": _opt_initial_meld_table,
        "initial_meld_by_deal": _opt_initial_meld_by_deal,
        "red_three_values": _opt_red_three_values,
        "going_out_bonus": _opt_going_out_bonus,
        "concealed_going_out_bonus": _opt_concealed_going_out_bonus,
        "book_values": _opt_book_values,
        "target": _opt_target,
        "tie_policy": _opt_tie_policy,
        "red_threes_negative_without": _opt_red_threes_negative_without,
        "negative_minimum": _opt_negative_minimum,
        "concealed_canasta_bonus": _opt_concealed_canasta_bonus,
        "special_hands": _opt_special_hands,
        "red_three_in_hand_penalty": _opt_red_three_in_hand_penalty,
        "books_to_go_out": _opt_books_to_go_out,
        "minimum_at_7000": _opt_minimum_at_7000,
        "red_three_penalty_all_six": _opt_red_three_penalty_all_six,
        "black_three_in_hand": _opt_black_three_in_hand,
    }
)
# Options that set the same value two ways: both given is an error, not an order to guess.
_CONFLICTING_OPTIONS = (
    ("initial_meld_table", "negative_minimum"),  # the minimum of a negative total
    ("initial_meld_table", "minimum_at_7000"),  # Samba's top band
)
# rules.md §6 options that the score-sheet entry cannot express yet, by (variant, option).
_OPTIONS_NOT_SUPPORTED = {
    ("modern-american", "unfinished_wild_four_jokers"): (
        "the entry has no field saying that an unfinished wild meld holds all four jokers"
    ),
}


def rules_for(variant: str, options: Mapping[str, Any] | None = None) -> RuleSet:
    """The RuleSet of `variant` with the house-rule `options` (rules.md §6) applied.

    `options` maps option names to JSON values (points are ints, multiples of 5). Raises
    UnsupportedVariant (an InvalidRules) for a contract variant not scored yet, and
    InvalidRules for an unknown variant, an option the variant does not have, or a bad value.

    Besides the rules.md §6 readings, a club or event may override a variant's own values:
    `initial_meld_table` (every variant but Hand and Foot; a list of `{"below", "minimum"}`
    bands, the last `{"minimum"}` only), `initial_meld_by_deal` (Hand and Foot; one minimum per
    deal), `red_three_values` (a list of the values of 1..N red threes, N the pack's, or
    `{"each", "all"}`), `going_out_bonus` (every variant), `concealed_going_out_bonus` (the
    classic family) and `book_values` (Hand and Foot; `{"clean", "dirty", "wild"}`). Their
    handlers document the shapes. Chilean's `packs` (3 or 4) sets its pack and all it decides
    (`_chilean_pack`), before any other option. Options are applied in `_OPTION_HANDLERS` order, so an
    adjustment (`red_three_penalty_all_six`) sees the overridden values; two options setting the
    same value (`_CONFLICTING_OPTIONS`) are an error. The result is a new RuleSet: `VARIANTS`
    and `options` are never changed.
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
    if not options:
        return rules
    if not isinstance(options, Mapping):
        raise InvalidRules(
            "options must be an object of house-rule names and values", code="options_not_object"
        )
    for name in options:
        if (variant, name) in _OPTIONS_NOT_SUPPORTED:
            reason = _OPTIONS_NOT_SUPPORTED[variant, name]
            raise InvalidRules(
                f"option '{name}' is not supported yet: {reason}",
                code="option_not_supported",
                params={"option": name, "reason": reason},
                option=name,
            )
        if name not in rules.options:
            accepted = ", ".join(rules.options)
            raise InvalidRules(
                f"unknown option {name!r} for variant '{variant}' (accepted: {accepted})",
                code="unknown_option",
                params={"option": str(name), "variant": variant, "accepted": list(rules.options)},
                option=name,
            )
    for name, other in _CONFLICTING_OPTIONS:
        if name in options and other in options:
            raise InvalidRules(
                f"options '{name}' and '{other}' both set the initial-meld minimum: give one",
                code="options_conflict",
                params={"option": name, "other": other},
                option=name,
            )
    for name, handler in _OPTION_HANDLERS.items():
        if name in options:
            rules = replace(rules, **handler(rules, options[name]))
    return rules
