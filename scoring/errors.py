"""The engine's errors: plain exceptions, plain data. Design: docs/engine.md#problems-and-their-codes."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

ParamValue = int | str | list[str]


class ProblemText(NamedTuple):
    """What a problem code means (`meaning`, one line for PROBLEM_CODES) and its English `template`, a
    str.format string of the params and the check's words (`problem_message`); "" where the message is
    still written where the problem is found."""

    meaning: str
    template: str = ""


# code -> its meaning and English template. Codes are stable: callers translate by code.
PROBLEMS: Mapping[str, ProblemText] = MappingProxyType(
    {
        # the sheet itself (scoring.sheet)
        "sheet_not_object": ProblemText("the score sheet is not a JSON object"),
        "unknown_sheet_key": ProblemText("the sheet has a key that is not part of the format {key}"),
        "missing_variant": ProblemText("the sheet does not say which variant it is"),
        "options_not_object": ProblemText("the house-rule options are not an object"),
        "sides_not_list": ProblemText("the sides are not a list of non-empty labels"),
        "sides_not_distinct": ProblemText("two sides have the same label"),
        "wrong_number_of_sides": ProblemText("the variant is not played by this many sides {count}"),
        "wrong_number_of_players": ProblemText("the variant's sides do not have this many players {players}"),
        "start_not_per_side": ProblemText("the starting totals do not give exactly one total per side"),
        "start_total_invalid": ProblemText("a starting total is not a whole multiple of 5 within the limit"),
        "start_not_allowed": ProblemText(
            "the variant's sheet cannot start from totals (deal-based minimums)"
        ),
        "hands_not_list": ProblemText("the hands are not a list"),
        "game_over_at_start": ProblemText(
            "a hand was entered though the starting totals already end the game"
        ),
        "game_over_after_hand": ProblemText("a hand was entered after the hand that ended the game"),
        "hand_not_object": ProblemText("a hand is not an object of side entries"),
        "unknown_side": ProblemText("a hand has an entry for a side that is not in the game {side}"),
        "missing_side_entry": ProblemText("a hand has no entry for one of the sides {side}"),
        # variant and house-rule options (scoring.rules, InvalidRules)
        "unsupported_variant": ProblemText("a variant of the format that the engine does not score yet"),
        "unknown_variant": ProblemText("a variant name the format does not know"),
        "unknown_option": ProblemText("a house-rule option the variant does not have"),
        "option_not_whole_number": ProblemText("a points option is not a whole number"),
        "option_not_positive_multiple_of_5": ProblemText("a points option is not a positive multiple of 5"),
        "option_not_a_choice": ProblemText("an option's value is not one of its choices"),
        "option_not_boolean": ProblemText("a yes/no option is not true or false"),
        "option_books_not_object": ProblemText("books_to_go_out is not an object of clean/dirty/wild counts"),
        "option_books_bad_count": ProblemText("a count in books_to_go_out is not a whole number >= 0"),
        "option_not_multiple_of_5": ProblemText("a points option is not a multiple of 5 of 0 or more"),
        "option_item_bad_points": ProblemText(
            "a value inside a list or object option is not a multiple of 5 >= 0"
        ),
        "option_meld_table_not_list": ProblemText("initial_meld_table is not a non-empty list of bands"),
        "option_meld_band_not_object": ProblemText(
            "a band of initial_meld_table is not an object of below/minimum"
        ),
        "option_meld_band_bad_value": ProblemText(
            "a band's below or minimum is not a multiple of 5 (minimum >= 0)"
        ),
        "option_meld_bands_not_ascending": ProblemText(
            "the bands' below values of initial_meld_table do not ascend"
        ),
        "option_meld_table_open_end": ProblemText(
            "initial_meld_table's last band, and only it, must leave out below"
        ),
        "option_meld_by_deal_not_list": ProblemText(
            "initial_meld_by_deal is not a list of one minimum per deal"
        ),
        "option_red_three_values_bad_shape": ProblemText(
            "red_three_values is not a list per count nor {each, all}"
        ),
        "option_book_values_not_object": ProblemText(
            "book_values is not an object of clean/dirty/wild values"
        ),
        "option_packs_not_3_or_4": ProblemText("Chilean's packs is not 3 or 4"),
        "option_not_a_count": ProblemText("a count option is not a whole number of at least its minimum"),
        "option_record_bad_shape": ProblemText("an object option does not have the keys it allows"),
        "option_record_part_missing": ProblemText("an object option lacks a key it must give"),
        "option_series_bad_length": ProblemText("an option by deal is not a list of one value per deal"),
        "option_needs_option": ProblemText("an option is given without the option it needs"),
        "option_only_without_deals": ProblemText(
            "an option for a game played to a target is given for a game of deals"
        ),
        "options_conflict": ProblemText("two options set the same value: only one may be given"),
        # one side's entry, field by field (scoring.entries, scoring.cards)
        "entry_not_object": ProblemText("a side's entry is not an object of fields"),
        "unknown_field": ProblemText("an entry has a field the format does not know"),
        "field_not_in_variant": ProblemText("an entry has a field the variant's entries do not have"),
        "not_boolean": ProblemText("a yes/no field is not true or false"),
        "not_a_choice": ProblemText("a field is not one of the variant's choices (special hands)"),
        "not_whole_number": ProblemText("a count or points field is not a whole number"),
        "negative": ProblemText("a count or points field is negative"),
        "not_multiple_of_5": ProblemText("a points field is not a multiple of 5"),
        "points_given_with_cards": ProblemText("melded or hand points are given beside a card count"),
        "total_with_other_fields": ProblemText(
            "a total-only entry has a field other than went_out or penalties"
        ),
        "total_not_whole_number": ProblemText("a total-only entry's total is not a whole number"),
        "total_not_multiple_of_5": ProblemText("a total-only entry's total is not a multiple of 5"),
        "total_out_of_range": ProblemText("a total-only entry's total is beyond what a hand can score"),
        "cards_not_object": ProblemText("a card count is not an object with melded and/or in_hand"),
        "unknown_cards_key": ProblemText("a card count has a key other than melded and in_hand"),
        "card_counts_not_object": ProblemText("the melded or in-hand card counts are not an object"),
        "unknown_card_kind": ProblemText("a card count names a kind of card that does not exist"),
        "card_count_not_whole_number": ProblemText("a number of cards is not a whole number"),
        "card_count_negative": ProblemText("a number of cards is negative"),
        "too_many_cards_for_side": ProblemText("one side counts more cards of a kind than the pack holds"),
        "black_threes_not_meldable": ProblemText("black threes are counted as melded where they never are"),
        "black_three_meld_too_small": ProblemText("a meld of black threes has fewer than 3 cards"),
        # one side's entry as a whole (scoring.checks, rules.md §4)
        "penalty_too_high": ProblemText(
            "penalties beyond any published penalty (a typing error)",
            "penalties of {points} points in one hand are beyond any published penalty (at most {maximum} "
            "a side); check the number",
        ),
        "acaba_with_other_fields": ProblemText(
            "a side that called Acaba has other fields filled in",
            "Acaba ends the hand and nothing else is counted; remove: {field_names}",
        ),
        "special_hand_with_other_fields": ProblemText(
            "a side with a special hand has other fields filled in",
            "a special hand is the side's only score; remove: {field_names}",
        ),
        "concealed_without_going_out": ProblemText(
            "'went out concealed' without 'went out'",
            "going out concealed is a way of going out: the side must have gone out too",
        ),
        "going_out_needs_canastas": ProblemText(
            "a side went out with too few canastas",
            "going out needs {what}; this side has {have}",
        ),
        "going_out_needs_canasta_kind": ProblemText(
            "a side went out without enough canastas of a kind",
            "going out needs {needed} {what}; this side has {have}",
        ),
        "went_out_with_unfinished_meld": ProblemText(
            "a side went out with an unfinished aces, 7s or wild meld",
            "a side cannot go out while it has an unfinished aces, 7s or wild meld",
        ),
        "went_out_holding_points": ProblemText(
            "the player who went out has hand points",
            "the player who went out holds no cards, so the points of the cards left in hand must be 0, "
            "not {points}",
        ),
        "went_out_holding_red_threes": ProblemText(
            "the player who went out has red threes in hand",
            "the player who went out holds no cards, so no red threes either",
        ),
        "held_cards_missing": ProblemText(
            "a side that did not go out has too few hand points for its cards",
            "every player of the side still holds cards, worth at least {minimum} points in all; {entered} "
            "entered",
        ),
        "partner_held_cards_missing": ProblemText(
            "the partner of the player who went out has too few hand points",
            "the {partners} of the player who went out still {hold} cards, worth at least {minimum} points "
            "in all; {entered} entered",
        ),
        "canastas_without_melded_points": ProblemText(
            "canastas entered with no melded points",
            "{n_canastas} entered for a side with no melded points",
        ),
        "melded_points_below_canastas": ProblemText(
            "fewer melded points than the side's canastas hold",
            "{canastas_need} at least {minimum} melded points; {melded} entered",
        ),
        "too_many_canastas_for_side": ProblemText(
            "more canastas for one side than the pack allows",
            "{canastas} canastas for one side; at most {maximum} are possible",
        ),
        "unfinished_melds_more_than_one": ProblemText(
            "more than one unfinished meld of one kind",
            "a side has at most one {meld}, not {count}",
        ),
        "more_players_than_side": ProblemText(
            "more players counted than the side has",
            "a side has {n_players}, not {count}",
        ),
        "hand_points_below_caught_cards": ProblemText(
            "hand points below the aces and 7s the players caught hold",
            "{caught} {hold} at least {held} in hand, {minimum} points in all; {entered} entered",
        ),
        "caught_aces_not_in_hand": ProblemText(
            "a card count leaves fewer aces in hand than the players caught hold",
            "{n_players} caught holding three or more aces {hold} at least {needed} aces; the card count "
            "leaves {counted} aces in hand",
        ),
        "caught_sevens_not_in_hand": ProblemText(
            "a card count leaves fewer 4s to 7s in hand than the caught 7s",
            "{n_players} caught holding three or more 7s {hold} at least {needed} sevens; the card count "
            "leaves {counted} cards from 4 to 7 in hand",
        ),
        "black_threes_melded_without_going_out": ProblemText(
            "black threes melded by a side that did not go out",
            "black threes are melded only by the player going out, and this side did not go out",
        ),
        "canastas_need_wild_cards": ProblemText(
            "the side's canastas need more wild cards than are melded",
            "the side's canastas need at least {wild_cards} (jokers and 2s); {melded} melded",
        ),
        "canastas_need_natural_cards": ProblemText(
            "the side's canastas need more natural cards than are melded",
            "the side's canastas need at least {needed} natural cards (aces, 4s to kings): 7 in a natural "
            "canasta, {mixed_natural} in a mixed one, which holds at most {max_wild} wild cards in "
            "{variant_name}; {melded} melded",
        ),
        "black_three_books_need_black_threes": ProblemText(
            "a card count's melded black threes are not 7 for each book of black threes",
            "black threes are melded only in books of black threes, 7 a book: {books} books hold "
            "{needed}; {melded} melded",
        ),
        "four_jokers_without_unfinished_wild": ProblemText(
            "an unfinished wild meld of four jokers is flagged for a side without one",
            "the side has no unfinished wild meld to hold the four jokers",
        ),
        "four_jokers_not_melded": ProblemText(
            "a card count melds fewer than the four jokers of a flagged unfinished wild meld",
            "the unfinished wild meld holds all four jokers, so at least 4 are melded, not {melded}",
        ),
        "aces_canastas_need_aces": ProblemText(
            "the canastas of aces need more aces than are melded",
            "{n_canastas} of aces {need} at least {needed} melded aces; {melded} melded",
        ),
        "sevens_canastas_need_sevens": ProblemText(
            "the canastas of 7s need more 4s to 7s than are melded",
            "{n_canastas} of 7s {need} at least {needed} melded 4s to 7s; {melded} melded",
        ),
        "opening_meld_too_low": ProblemText(
            "melded points below the side's initial-meld minimum",
            "the side's opening meld had to be at least {minimum} points (total before the hand "
            "{total_before}), so its melded points cannot be {melded}",
        ),
        "opening_meld_needs_canasta": ProblemText(
            "the opening meld had to hold a completed canasta",
            "the side's opening meld had to hold {what} (total before the hand {total_before}), but no "
            "such canasta is entered",
        ),
        "opening_meld_needs_canasta_200": ProblemText(
            "the opening meld had to hold a canasta and 200 points",
            "the side's opening meld had to hold {what} (total before the hand {total_before}), but no "
            "such canasta is entered",
        ),
        "opening_meld_needs_natural_canasta": ProblemText(
            "the opening meld had to hold a natural canasta",
            "the side's opening meld had to hold {what} (total before the hand {total_before}), but no "
            "such canasta is entered",
        ),
        # the sides of one hand together (scoring.checks)
        "too_many_red_threes": ProblemText(
            "more red threes over all sides than the pack has",
            "{count} red threes entered over all sides; the pack has {in_pack}",
        ),
        "too_many_black_threes": ProblemText(
            "more black threes over all sides than the pack has",
            "{count} black threes entered over all sides; the pack has {in_pack}",
        ),
        "two_sides_went_out": ProblemText(
            "more than one side went out",
            "{both} went out; a hand ends when one side goes out",
        ),
        "too_many_card_points": ProblemText(
            "melded and hand points over all sides beyond the pack's points",
            "melded points and points of cards left in hand over all sides add up to {points}; the pack "
            "holds only {pack_points} card points",
        ),
        "too_many_melded_points": ProblemText(
            "melded points over all sides beyond the pack's card points at card values",
            "melded points over all sides add up to {points}; the whole pack melded is worth only "
            "{card_points} card points",
        ),
        "too_many_cards_in_pack": ProblemText(
            "more cards of a kind counted over all sides than the pack has",
            "{count} {cards} counted over all sides; the pack has {in_pack}",
        ),
        "too_many_aces_in_pack": ProblemText(
            "canastas, melds and caught hands of all sides hold more aces than the pack",
            "the entries over all sides hold at least {needed} aces ({parts}), but the pack has {in_pack}",
        ),
        "too_many_sevens_in_pack": ProblemText(
            "canastas, melds and caught hands of all sides hold more 7s than the pack",
            "the entries over all sides hold at least {needed} sevens ({parts}), but the pack has {in_pack}",
        ),
        "too_many_wild_cards_in_pack": ProblemText(
            "canastas and melds of all sides hold more wild cards than the pack",
            "the entries over all sides hold at least {needed} jokers and 2s ({parts}), but the pack has "
            "{in_pack}",
        ),
        "too_many_canastas_in_pack": ProblemText(
            "more canastas over all sides than the pack allows",
            "{count} canastas over all sides; the pack allows at most {maximum}",
        ),
        "too_many_canastas_of_kind": ProblemText(
            "more canastas of one kind over all sides than the pack allows",
            "{count} {what} over all sides; the pack allows at most {maximum}",
        ),
        "unfinished_meld_after_canasta": ProblemText(
            "an unfinished 7s or aces meld beside a completed one",
            "a completed canasta of {rank} leaves no cards for an unfinished {rank} meld",
        ),
        "four_jokers_twice": ProblemText(
            "all four jokers claimed twice over the sides",
            "the pack holds four jokers: only one unfinished wild meld, and no canasta of four jokers "
            "and three 2s beside it, can hold them all",
        ),
        "two_perfect_cuts": ProblemText(
            "more than one side cut the cards dealt exactly",
            "{both} cut the cards dealt exactly; there is one cut a deal",
        ),
        "two_special_hands": ProblemText(
            "more than one side laid a special hand",
            "{both} laid a special hand; a special hand ends the hand",
        ),
        "two_sides_called_acaba": ProblemText(
            "more than one side called Acaba",
            "{both} called Acaba; Acaba ends the hand",
        ),
        "went_out_after_special_hand": ProblemText(
            "a side went out in a hand ended by a special hand",
            "{ender} ended the hand with a special hand, so no one went out",
        ),
        "went_out_after_acaba": ProblemText(
            "a side went out in a hand ended by Acaba",
            "{ender} ended the hand with Acaba, so no one went out",
        ),
        "scores_after_acaba": ProblemText(
            "the opponent of a side that called Acaba has other fields filled in",
            "{ender} called Acaba: this side scores the award and nothing else; remove: {field_names}",
        ),
    }
)
# code -> what it means (one line each), as PROBLEMS has it.
PROBLEM_CODES: Mapping[str, str] = MappingProxyType({code: text.meaning for code, text in PROBLEMS.items()})


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
        "sevens_books": "books of 7s",
        "black_three_books": "books of black threes",
        "perfect_cut": "perfect cut",
        "unfinished_wild_four_jokers": "unfinished wild meld holds all four jokers",
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


def problem_message(
    code: str, params: Mapping[str, ParamValue], words: Mapping[str, object] | None = None
) -> str:
    """The English message of a problem of `code` (its PROBLEMS template) with `params`, and `words`, the
    English a check adds where the params do not say it all."""
    return PROBLEMS[code].template.format_map({**params, **words} if words else params)


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
    """One reason an entry cannot be scored, and where: `hand` 0-based (None for the sheet itself), `side` a
    side label, `field` the score-sheet field or sheet key, each None where it does not apply; `code` one
    of PROBLEM_CODES."""

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
    `option` is None when the variant itself is the problem; `code` and `params` as for a Problem."""

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
    """Side entries of one hand that cannot occur under the rules (rules.md §4); `problems`: every one."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(p.message for p in self.problems))


class SheetRejected(ValueError):
    """A score sheet with at least one rejected entry; nothing of it may be scored or saved. `errors`: the
    `problems` as the contract prints, {"hand" (0-based; None: the sheet), "side", "field", "message"}."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        self.errors = [p.as_dict() for p in self.problems]
        super().__init__("; ".join(p.message for p in self.problems))
