"""Card-count entries and their points (rules.md §1.0). Design: docs/engine.md#card-count-entries."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scoring.errors import CARD_KIND_LABELS, InvalidHandEntry, Problem, field_label
from scoring.rules import CARD_KINDS, CARD_VALUES, CARDS_PER_DECK, RuleSet

CARD_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "jokers": "Jokers",
        "twos": "2s",
        "aces": "Aces",
        "high": "8 to K",
        "low": "4 to 7",
        "black_threes": "Black 3s",
    }
)
CARD_PLACES = ("melded", "in_hand")


@dataclass(frozen=True, slots=True, kw_only=True)
class CardCounts:
    """How many cards of each kind (rules.CARD_KINDS) one side has in one place; all >= 0."""

    jokers: int = 0
    twos: int = 0
    aces: int = 0
    high: int = 0  # 8, 9, 10, J, Q, K
    low: int = 0  # 4, 5, 6, 7
    black_threes: int = 0

    @property
    def wild(self) -> int:
        """Jokers and 2s."""
        return self.jokers + self.twos

    @property
    def natural(self) -> int:
        """Aces, 8-K and 4-7: the natural cards a canasta can hold (threes are never in one)."""
        return self.aces + self.high + self.low

    @property
    def cards(self) -> int:
        return self.wild + self.natural + self.black_threes


@dataclass(frozen=True, slots=True, kw_only=True)
class SideCards:
    """A side's card count for one hand: its melded cards and the cards left in its hands."""

    melded: CardCounts = CardCounts()
    in_hand: CardCounts = CardCounts()


@dataclass(frozen=True, slots=True, kw_only=True)
class CardField:
    """One kind of card on a card-count form: points per card on the table (+) and in hand (-).
    `meldable` False: never melded (black threes in Modern American, Hand and Foot)."""

    name: str
    label: str
    melded_points: int
    in_hand_points: int
    in_pack: int
    meldable: bool = True


def card_value(rules: RuleSet, kind: str, *, in_hand: bool = False) -> int:
    """Points of one `kind` card (CARD_KINDS), melded or in hand (rules.md §1.0); KeyError if unknown."""
    if in_hand and kind == "black_threes":
        return rules.black_three_in_hand
    return CARD_VALUES[kind]


def cards_in_pack(rules: RuleSet, kind: str) -> int:
    """How many cards of `kind` the variant's pack holds (rules.md §1.0: `decks` x 52 + 2 jokers)."""
    return rules.decks * CARDS_PER_DECK[kind]


def card_count_fields(rules: RuleSet) -> tuple[CardField, ...]:
    """The kinds of card a card-count entry counts under `rules`, in order, with values, pack counts."""
    return tuple(
        CardField(
            name=kind,
            label=CARD_LABELS[kind],
            melded_points=card_value(rules, kind),
            in_hand_points=card_value(rules, kind, in_hand=True),
            in_pack=cards_in_pack(rules, kind),
            meldable=kind != "black_threes" or rules.black_threes_meldable,
        )
        for kind in CARD_KINDS
    )


def card_points(rules: RuleSet, counts: CardCounts | Mapping[str, Any], *, in_hand: bool = False) -> int:
    """Card points (>= 0, a multiple of 5) of `counts` (missing kinds 0), melded or in hand: a sum only, the
    engine subtracts cards in hand. Raises InvalidHandEntry naming the field (`cards.melded.jokers`, ...)
    for an unknown kind or a count that is not a whole number >= 0."""
    if not isinstance(counts, CardCounts):
        place = "in_hand" if in_hand else "melded"
        parsed, problems = _parse_counts(counts, place, hand=None, side=None)
        if problems:
            raise InvalidHandEntry(problems)
        counts = parsed
    return _points(rules, counts, in_hand=in_hand)


def _points(rules: RuleSet, c: CardCounts, *, in_hand: bool) -> int:
    black = rules.black_three_in_hand if in_hand else 5
    return 50 * c.jokers + 20 * (c.twos + c.aces) + 10 * c.high + 5 * c.low + black * c.black_threes


def parse_cards(
    rules: RuleSet, raw: Any, *, hand: int | None = None, side: str | None = None
) -> tuple[SideCards, int, int, list[Problem]]:
    """Read an entry's `cards` object: (SideCards, melded points, hand points, problems).

    Checks shape, counts (whole, >= 0, within the pack) and melded black threes (at least three where the
    variant melds them: PAG via GH-NL, S0); the points mean nothing when there are problems."""
    problems: list[Problem] = []
    if type(raw) is not dict:
        problems.append(
            Problem(
                hand=hand,
                side=side,
                field="cards",
                code="cards_not_object",
                message="the card count must be an object of the melded cards and/or the cards in hand",
            )
        )
        return SideCards(), 0, 0, problems
    places: dict[str, CardCounts] = {}
    for key, value in raw.items():
        if key not in CARD_PLACES:
            problems.append(
                Problem(
                    hand=hand,
                    side=side,
                    field=f"cards.{key}",
                    code="unknown_cards_key",
                    message=(
                        f"unknown key {key!r} in the card count: it counts the melded cards and "
                        "the cards left in hand"
                    ),
                    params={"key": str(key)},
                )
            )
            continue
        counts, found = _parse_counts(value, key, hand=hand, side=side)
        problems.extend(found)
        places[key] = counts
    cards = SideCards(**places)
    for kind in CARD_KINDS:
        held = getattr(cards.melded, kind) + getattr(cards.in_hand, kind)
        in_pack = cards_in_pack(rules, kind)
        if held > in_pack:
            place = "melded" if getattr(cards.melded, kind) else "in_hand"
            problems.append(
                Problem(
                    hand=hand,
                    side=side,
                    field=f"cards.{place}.{kind}",
                    code="too_many_cards_for_side",
                    message=f"{held} {CARD_KIND_LABELS[kind]} for one side; the pack holds {in_pack}",
                    params={"count": held, "kind": kind, "in_pack": in_pack},
                )
            )
    black = cards.melded.black_threes
    if black and not rules.black_threes_meldable:
        problems.append(
            Problem(
                hand=hand,
                side=side,
                field="cards.melded.black_threes",
                code="black_threes_not_meldable",
                message=f"black threes are never melded as cards in {rules.name}",
                params={"variant_name": rules.name},
            )
        )
    elif 0 < black < 3:
        problems.append(
            Problem(
                hand=hand,
                side=side,
                field="cards.melded.black_threes",
                code="black_three_meld_too_small",
                message=f"a meld of black threes has at least 3 cards, not {black}",
                params={"count": black},
            )
        )
    return (
        cards,
        _points(rules, cards.melded, in_hand=False),
        _points(rules, cards.in_hand, in_hand=True),
        problems,
    )


def _parse_counts(
    raw: Any, place: str, *, hand: int | None, side: str | None
) -> tuple[CardCounts, list[Problem]]:
    problems: list[Problem] = []
    if not isinstance(raw, Mapping):
        message = f"the {field_label(f'cards.{place}')} must be an object of card counts by kind"
        problem = Problem(
            hand=hand,
            side=side,
            field=f"cards.{place}",
            code="card_counts_not_object",
            message=message,
            params={"place": place, "kinds": list(CARD_KINDS)},
        )
        return CardCounts(), [problem]
    good: dict[str, int] = {}
    for kind, value in raw.items():
        field = f"cards.{place}.{kind}"
        if kind not in CARD_VALUES:
            code = "unknown_card_kind"
            kinds = ", ".join(CARD_KIND_LABELS[k] for k in CARD_KINDS)
            message = f"unknown kind of card {kind!r}; the kinds counted are {kinds}"
            params: dict[str, Any] = {"kind": str(kind), "kinds": list(CARD_KINDS)}
        elif type(value) is not int:
            code = "card_count_not_whole_number"
            message = f"the number of {field_label(field)} must be a whole number of cards, not {value!r}"
            params = {"place": place, "kind": kind, "value": repr(value)}
        elif value < 0:
            code = "card_count_negative"
            message = f"the number of {field_label(field)} cannot be negative ({value})"
            params = {"place": place, "kind": kind, "value": value}
        else:
            good[kind] = value
            continue
        problems.append(Problem(hand=hand, side=side, field=field, code=code, message=message, params=params))
    return CardCounts(**good), problems
