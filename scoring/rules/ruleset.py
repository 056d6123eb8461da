"""The RuleSet, the values it is made of, and what it derives from them when it is built."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from scoring.rules.pack import CARDS_PER_DECK, DECK_POINTS

# An exact tie at or over the target (rules.md §6, §6a): play another hand, a draw, or the side
# that went out in the deciding hand wins (else play on).
TIE_POLICIES = ("play_on", "draw", "went_out")

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
    """One kind of completed canasta a side's entry counts, and its worth.

    `group`: "natural", "mixed", "wild", "sequence" or "special" (rules.md §6a); `min_points` the cheapest
    one's card points (§4 #9); `max_total` the pack's limit over all sides in one hand (0: none)."""

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
    """A bonus for a set of canastas in one hand (Italian five pure, Greek-Spanish five/seven), at
    least `min_natural` (at most `max_natural`), `min_mixed` mixed and `min_total` canastas."""

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
    """From a cumulative total of `from_total` points on, the opening meld must be `code` (BIC-BR, RG-BR);
    `points`: the points minimum still applying (0: only a kind of canasta)."""

    from_total: int
    code: str
    points: int = 0


def playing(shape: tuple[int, ...]) -> int:
    """Players of each side who play one hand at a table of `shape` (per side): the smallest side's count
    (a larger side sits out players in turn, rules.md §1.1d)."""
    return min(shape)


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSet:
    """Everything the engine needs to score one variant; all points are ints. The fields after
    `tie_policy` are derived when it is built (`dataclasses.replace` recomputes them)."""

    key: str
    name: str
    # The tables the variant is played at (rules.md §1.1-§1.12 "Players"): each shape is the
    # number of players seated on each side, the first one the variant's own. (2, 2) is two
    # partnerships; (1, 1) and (1, 1, 1) two or three players each for themself; (3, 3) and
    # (2, 2, 2) six players; (3, 2) five, the side of three sitting out one player a hand, so
    # that two play on each side (rules.md §1.1d).
    tables: tuple[tuple[int, ...], ...]
    # Whether the pack follows the players at the table (Hand and Foot: one deck more than the
    # players, `rules_for`'s `sides` and `players`) rather than being the variant's own.
    pack_follows_players: bool = False
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
    # Canastas. A mixed canasta holds at most `mixed_max_wild` wild cards, so at least 7 minus
    # that many natural ones (rules.md §4 #11): the checks that count natural cards read it.
    canastas: tuple[CanastaKind, ...]
    mixed_max_wild: int
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
    # By deal, where a house rule says so (Hand and Foot, rules.md §6a): deal n's bonus and
    # requirement, later deals keeping the last; () = `going_out_bonus` and `going_out`.
    going_out_bonus_by_deal: tuple[int, ...] = ()
    going_out_by_deal: tuple[GoingOutRequirement, ...] = ()
    perfect_cut_bonus: int = 0  # the side whose cut took the cards dealt exactly (rules.md §6a)
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
    # Pagat: an unfinished wild meld holding all four jokers costs this instead (0: no such rule)
    unfinished_wild_four_jokers_penalty: int = 0
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
    canastas_called_books: bool = False  # Hand and Foot's players say book (clean, dirty, wild)
    # Derived (see the class docstring).
    field_set: frozenset[str] = field(init=False, repr=False, compare=False)
    # (field, bonus, group index 1-4 in canasta_counts order, 0 counted apart, min_points) of
    # each CanastaKind
    canasta_plan: tuple[tuple[str, int, int, int], ...] = field(init=False, repr=False, compare=False)
    # (field, points per count) of each count penalty this variant charges (non-zero only)
    penalty_plan: tuple[tuple[str, int], ...] = field(init=False, repr=False, compare=False)
    # (lowest, highest) points one side can score in one hand, director's penalties aside
    hand_score_bounds: tuple[int, int] = field(init=False, repr=False, compare=False)
    # How many sides a game may have, and the most players a side has in one hand.
    side_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    players_per_side: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        groups = {"special": 0, "natural": 1, "mixed": 2, "wild": 3, "sequence": 4}
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
        """Players of each side in one hand with `side_count` sides: at the variant's first table with that
        many sides, else at its first table (a game may say otherwise: `players_options`)."""
        for shape in self.tables:
            if len(shape) == side_count:
                return playing(shape)
        return playing(self.tables[0])

    def players_options(self, side_count: int) -> tuple[int, ...]:
        """Every number of players a side may have in one hand with `side_count` sides."""
        return tuple(dict.fromkeys(playing(shape) for shape in self.tables if len(shape) == side_count))

    def target_for(self, side_count: int) -> int:
        """The game target in points for a game of `side_count` sides (0: no target)."""
        for sides, target in self.targets:
            if sides == side_count:
                return target
        return 0

    def going_out_for(self, deal: int) -> GoingOutRequirement:
        """The canastas a side needs to go out in deal `deal` (1-based)."""
        by_deal = self.going_out_by_deal
        return by_deal[min(max(deal, 1), len(by_deal)) - 1] if by_deal else self.going_out

    def going_out_bonus_for(self, deal: int) -> int:
        """The bonus in points for going out (not concealed) in deal `deal` (1-based)."""
        by_deal = self.going_out_bonus_by_deal
        return by_deal[min(max(deal, 1), len(by_deal)) - 1] if by_deal else self.going_out_bonus

    def special_hand(self, name: str) -> SpecialHand | None:
        """The special hand called `name`, or None if this variant has no such hand."""
        for hand in self.special_hands:
            if hand.name == name:
                return hand
        return None


def _hand_score_bounds(rules: RuleSet) -> tuple[int, int]:
    """(lowest, highest) points one side can score in one hand under `rules`, director's penalties aside
    ([derived] from the pack, rules.md §1.0 and §2; safe, not tight)."""
    return _lowest_hand_score(rules), _highest_hand_score(rules)


def _highest_hand_score(rules: RuleSet) -> int:
    """The most one side can score in one hand: the whole pack melded at best, or Acaba or a special hand."""
    group_left = {
        "natural": rules.max_natural_canastas_total,
        "mixed": rules.max_mixed_canastas_total,
        "wild": rules.max_wild_canastas_total,
        "sequence": rules.max_canastas_per_side,
    }
    left, canasta_bonus = rules.max_canastas_per_side, 0
    for kind in sorted(rules.canastas, key=lambda k: -k.bonus):
        if kind.group == "special":  # counted apart, each bounded by its own max_total
            canasta_bonus += kind.max_total * kind.bonus
            continue
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
        + max(rules.going_out_bonus, rules.concealed_going_out_bonus, *rules.going_out_bonus_by_deal)
        + rules.perfect_cut_bonus
    )
    return max(highest, rules.acaba_award, *(h.points for h in rules.special_hands))


def _lowest_hand_score(rules: RuleSet) -> int:
    """The least one side can score in one hand: the whole pack in hand, the worst threes and penalties."""
    against = rules.red_three_negative_values or rules.red_three_values
    if rules.red_threes_positive == "always":  # counted as they are: against only if negative
        against = tuple(max(-value, 0) for value in rules.red_three_values)
    pack_red = rules.red_threes_in_pack
    worst_red = max(
        against[laid] + (pack_red - laid) * rules.red_three_in_hand_penalty for laid in range(pack_red + 1)
    )
    naturals_in_pack = rules.decks * (CARDS_PER_DECK["aces"] + CARDS_PER_DECK["high"] + CARDS_PER_DECK["low"])
    return -(
        rules.pack_points
        + worst_red
        + (max(against) if rules.black_threes_scored else 0)
        + rules.unfinished_aces_penalty
        + rules.unfinished_sevens_penalty
        + max(rules.unfinished_wild_penalty, rules.unfinished_wild_four_jokers_penalty)
        + rules.players_per_side * (rules.three_aces_penalty + rules.three_sevens_penalty)
        + rules.short_sequence_penalty * (naturals_in_pack // 3)
    )
