"""Domain errors of the scoring engine.

Plain exceptions with plain data: the Django side turns them into form errors or API
responses. Nothing here knows about requests, forms or the database.

Every Problem has a stable `code` (one of PROBLEM_CODES) and `params`, the plain values its
message is made of (ints, strs, and lists of strs for lists of fields or sides), so a caller
can show the problem in another language; `message` is the English text. Field names in
params are the score-sheet contract's keys (`melded_points`, `cards.melded.jokers`); messages
name fields for people (`field_label`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

ParamValue = int | str | list[str]

# code -> what it means (one line each). Codes are stable: callers translate by code.
PROBLEM_CODES: Mapping[str, str] = MappingProxyType(
    {
        # the sheet itself (scoring.sheet)
        "sheet_not_object": "the score sheet is not a JSON object",
        "unknown_sheet_key": "the sheet has a key that is not part of the format {key}",
        "missing_variant": "the sheet does not say which variant it is",
        "options_not_object": "the house-rule options are not an object",
        "sides_not_list": "the sides are not a list of non-empty labels",
        "sides_not_distinct": "two sides have the same label",
        "wrong_number_of_sides": "the variant is not played by this many sides {count}",
        "wrong_number_of_players": "the variant's sides do not have this many players {players}",
        "start_not_per_side": "the starting totals do not give exactly one total per side",
        "start_total_invalid": "a starting total is not a whole multiple of 5 within the limit",
        "start_not_allowed": "the variant's sheet cannot start from totals (deal-based minimums)",
        "hands_not_list": "the hands are not a list",
        "game_over_at_start": "a hand was entered though the starting totals already end the game",
        "game_over_after_hand": "a hand was entered after the hand that ended the game",
        "hand_not_object": "a hand is not an object of side entries",
        "unknown_side": "a hand has an entry for a side that is not in the game {side}",
        "missing_side_entry": "a hand has no entry for one of the sides {side}",
        # variant and house-rule options (scoring.rules, InvalidRules)
        "unsupported_variant": "a variant of the format that the engine does not score yet",
        "unknown_variant": "a variant name the format does not know",
        "unknown_option": "a house-rule option the variant does not have",
        "option_not_supported": "a house-rule option the entry cannot express yet",
        "option_not_whole_number": "a points option is not a whole number",
        "option_not_positive_multiple_of_5": "a points option is not a positive multiple of 5",
        "option_not_a_choice": "an option's value is not one of its choices",
        "option_not_boolean": "a yes/no option is not true or false",
        "option_books_not_object": "books_to_go_out is not an object of clean/dirty/wild counts",
        "option_books_bad_count": "a count in books_to_go_out is not a whole number >= 0",
        "option_not_multiple_of_5": "a points option is not a multiple of 5 of 0 or more",
        "option_item_bad_points": "a value inside a list or object option is not a multiple of 5 >= 0",
        "option_meld_table_not_list": "initial_meld_table is not a non-empty list of bands",
        "option_meld_band_not_object": "a band of initial_meld_table is not an object of below/minimum",
        "option_meld_band_bad_value": "a band's below or minimum is not a multiple of 5 (minimum >= 0)",
        "option_meld_bands_not_ascending": "the bands' below values of initial_meld_table do not ascend",
        "option_meld_table_open_end": "initial_meld_table's last band, and only it, must leave out below",
        "option_meld_by_deal_not_list": "initial_meld_by_deal is not a list of one minimum per deal",
        "option_red_three_values_bad_shape": "red_three_values is not a list per count nor {each, all}",
        "option_book_values_not_object": "book_values is not an object of clean/dirty/wild values",
        "option_packs_not_3_or_4": "Chilean's packs is not 3 or 4",
        "options_conflict": "two options set the same value: only one may be given",
        # one side's entry, field by field (scoring.entries, scoring.cards)
        "entry_not_object": "a side's entry is not an object of fields",
        "unknown_field": "an entry has a field the format does not know",
        "field_not_in_variant": "an entry has a field the variant's entries do not have",
        "not_boolean": "a yes/no field is not true or false",
        "not_a_choice": "a field is not one of the variant's choices (special hands)",
        "not_whole_number": "a count or points field is not a whole number",
        "negative": "a count or points field is negative",
        "not_multiple_of_5": "a points field is not a multiple of 5",
        "points_given_with_cards": "melded or hand points are given beside a card count",
        "total_with_other_fields": "a total-only entry has a field other than went_out or penalties",
        "total_not_whole_number": "a total-only entry's total is not a whole number",
        "total_not_multiple_of_5": "a total-only entry's total is not a multiple of 5",
        "total_out_of_range": "a total-only entry's total is beyond what a hand can score",
        "cards_not_object": "a card count is not an object with melded and/or in_hand",
        "unknown_cards_key": "a card count has a key other than melded and in_hand",
        "card_counts_not_object": "the melded or in-hand card counts are not an object",
        "unknown_card_kind": "a card count names a kind of card that does not exist",
        "card_count_not_whole_number": "a number of cards is not a whole number",
        "card_count_negative": "a number of cards is negative",
        "too_many_cards_for_side": "one side counts more cards of a kind than the pack holds",
        "black_threes_not_meldable": "black threes are counted as melded where they never are",
        "black_three_meld_too_small": "a meld of black threes has fewer than 3 cards",
        # one side's entry as a whole (scoring.checks, rules.md §4)
        "penalty_too_high": "penalties beyond any published penalty (a typing error)",
        "acaba_with_other_fields": "a side that called Acaba has other fields filled in",
        "special_hand_with_other_fields": "a side with a special hand has other fields filled in",
        "concealed_without_going_out": "'went out concealed' without 'went out'",
        "going_out_needs_canastas": "a side went out with too few canastas",
        "going_out_needs_canasta_kind": "a side went out without enough canastas of a kind",
        "went_out_with_unfinished_meld": "a side went out with an unfinished aces, 7s or wild meld",
        "went_out_holding_points": "the player who went out has hand points",
        "went_out_holding_red_threes": "the player who went out has red threes in hand",
        "held_cards_missing": "a side that did not go out has too few hand points for its cards",
        "partner_held_cards_missing": "the partner of the player who went out has too few hand points",
        "canastas_without_melded_points": "canastas entered with no melded points",
        "melded_points_below_canastas": "fewer melded points than the side's canastas hold",
        "too_many_canastas_for_side": "more canastas for one side than the pack allows",
        "unfinished_melds_more_than_one": "more than one unfinished meld of one kind",
        "more_players_than_side": "more players counted than the side has",
        "hand_points_below_caught_cards": "hand points below the aces and 7s the players caught hold",
        "caught_aces_not_in_hand": "a card count leaves fewer aces in hand than the players caught hold",
        "caught_sevens_not_in_hand": "a card count leaves fewer 4s to 7s in hand than the caught 7s",
        "black_threes_melded_without_going_out": "black threes melded by a side that did not go out",
        "canastas_need_wild_cards": "the side's canastas need more wild cards than are melded",
        "canastas_need_natural_cards": "the side's canastas need more natural cards than are melded",
        "aces_canastas_need_aces": "the canastas of aces need more aces than are melded",
        "sevens_canastas_need_sevens": "the canastas of 7s need more 4s to 7s than are melded",
        "opening_meld_too_low": "melded points below the side's initial-meld minimum",
        "opening_meld_needs_canasta": "the opening meld had to hold a completed canasta",
        "opening_meld_needs_canasta_200": "the opening meld had to hold a canasta and 200 points",
        "opening_meld_needs_natural_canasta": "the opening meld had to hold a natural canasta",
        # the sides of one hand together (scoring.checks)
        "too_many_red_threes": "more red threes over all sides than the pack has",
        "too_many_black_threes": "more black threes over all sides than the pack has",
        "two_sides_went_out": "more than one side went out",
        "too_many_card_points": "melded and hand points over all sides beyond the pack's points",
        "too_many_cards_in_pack": "more cards of a kind counted over all sides than the pack has",
        "too_many_aces_in_pack": "canastas, melds and caught hands of all sides hold more aces than the pack",
        "too_many_sevens_in_pack": "canastas, melds and caught hands of all sides hold more 7s than the pack",
        "too_many_wild_cards_in_pack": "canastas and melds of all sides hold more wild cards than the pack",
        "too_many_canastas_in_pack": "more canastas over all sides than the pack allows",
        "too_many_canastas_of_kind": "more canastas of one kind over all sides than the pack allows",
        "unfinished_meld_after_canasta": "an unfinished 7s or aces meld beside a completed one",
        "two_special_hands": "more than one side laid a special hand",
        "two_sides_called_acaba": "more than one side called Acaba",
        "went_out_after_special_hand": "a side went out in a hand ended by a special hand",
        "went_out_after_acaba": "a side went out in a hand ended by Acaba",
        "scores_after_acaba": "the opponent of a side that called Acaba has other fields filled in",
    }
)

# How messages name the entry's fields (the contract keys stay in `field` and `params`).
FIELD_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "melded_points": "melded points",
        "hand_points": "points of the cards left in hand",
        "penalty_points": "penalty points",
        "natural_canastas": "natural canastas",
        "mixed_canastas": "mixed canastas",
        "concealed_natural_canastas": "concealed natural canastas",
        "concealed_mixed_canastas": "concealed mixed canastas",
        "wild_canastas": "wild canastas",
        "deuce_canastas": "canastas of 2s",
        "joker_canastas": "canastas of jokers",
        "sevens_canastas": "canastas of 7s",
        "aces_canastas": "canastas of aces",
        "sequence_canastas": "sequence canastas",
        "red_threes": "red threes laid down",
        "red_threes_in_hand": "red threes never laid down",
        "black_threes": "black threes laid down",
        "captured_black_threes": "black threes captured",
        "unfinished_aces": "unfinished aces melds",
        "unfinished_sevens": "unfinished 7s melds",
        "unfinished_wild": "unfinished wild melds",
        "players_with_three_aces": "players holding three or more aces",
        "players_with_three_sevens": "players holding three or more 7s",
        "short_sequences": "short sequences",
        "went_out": "went out",
        "concealed": "went out concealed",
        "acaba": "called Acaba",
        "special_hand": "special hand",
        "total": "total",
        "cards": "card count",
        "cards.melded": "melded cards",
        "cards.in_hand": "cards left in hand",
    }
)
CARD_KIND_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "jokers": "jokers",
        "twos": "2s",
        "aces": "aces",
        "high": "8s to kings",
        "low": "4s to 7s",
        "black_threes": "black threes",
    }
)
_PLACE_LABELS = {"melded": "melded", "in_hand": "left in hand"}


def field_label(name: str) -> str:
    """How an English message names field `name` ("melded points", "jokers left in hand")."""
    label = FIELD_LABELS.get(name)
    if label is not None:
        return label
    parts = name.split(".")
    if len(parts) == 3 and parts[0] == "cards" and parts[1] in _PLACE_LABELS:
        return f"{CARD_KIND_LABELS.get(parts[2], parts[2])} {_PLACE_LABELS[parts[1]]}"
    return repr(name)


def field_list(names: Iterable[str]) -> str:
    """Fields named for people, joined by commas."""
    return ", ".join(field_label(n) for n in names)


def plural(n: int, one: str, many: str) -> str:
    """`n` and the noun, singular for 1 ("1 canasta", "2 canastas")."""
    return f"{n} {one if n == 1 else many}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One reason an entry cannot be scored, and where it is.

    `hand` is the 0-based hand index (None for the sheet itself), `side` the side label and
    `field` the score-sheet field (or sheet key) at fault; each is None where it does not apply.
    `code` is one of PROBLEM_CODES and `params` the plain values of `message` (module docstring);
    a Problem is built only on the failure path, never while scoring a good entry.
    """

    code: str
    message: str
    params: dict[str, ParamValue] = dataclasses.field(default_factory=dict)
    hand: int | None = None
    side: str | None = None
    field: str | None = None

    def as_dict(self) -> dict[str, object]:
        """The contract's error shape: {"hand", "side", "field", "message"}."""
        return {
            "hand": self.hand,
            "side": self.side,
            "field": self.field,
            "message": self.message,
        }

    def as_detail(self) -> dict[str, object]:
        """The contract's error shape plus "code" (PROBLEM_CODES) and "params" (a copy)."""
        return {**self.as_dict(), "code": self.code, "params": dict(self.params)}


class InvalidRules(ValueError):
    """A variant or house-rule option the engine cannot apply (unknown, unsupported, bad value).

    `option` names the offending option (None when the variant itself is the problem);
    `code` (PROBLEM_CODES) and `params` are as for a Problem.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str,
        params: dict[str, ParamValue] | None = None,
        option: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = params or {}
        self.option = option


class UnsupportedVariant(InvalidRules):
    """A variant of the score-sheet contract that this engine does not score yet."""


class InvalidHandEntry(ValueError):
    """One or more side entries of a hand cannot occur under the rules (rules.md §4).

    `problems` holds every problem found, each naming its side and field.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(p.message for p in self.problems))


class SheetRejected(ValueError):
    """A score sheet with at least one rejected entry; nothing of it may be scored or saved.

    `problems` are the Problems; `errors` the same as {"hand": int | None, "side": str | None,
    "field": str | None, "message": str} dicts (hand 0-based, None for sheet-level errors), as
    the contract prints them. `Problem.as_detail()` adds each one's code and params.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        self.errors = [p.as_dict() for p in self.problems]
        super().__init__("; ".join(p.message for p in self.problems))
