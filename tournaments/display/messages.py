"""The scoring engine's rejection messages in the user's language, by `code` (one template each).

Falls back to the engine's English message. Design: docs/site.md#words-for-people"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext

from tournaments.display.labels import card_kind_label, entry_field_label

CARD_KIND_LABELS = {
    "jokers": _("Jokers"),
    "twos": _("2s"),
    "aces": _("Aces"),
    "high": _("8s to kings"),
    "low": _("4s to 7s"),
    "black_threes": _("Black threes"),
}
CARD_PLACE_LABELS = {"melded": _("melded"), "in_hand": _("left in hand")}
CANASTA_KIND_LABELS = {
    "natural": _("natural (clean)"),
    "mixed": _("mixed (dirty)"),
    "wild": _("wild"),
    "sequence": _("sequence"),
}
# Hand and Foot's words (RuleSet.canastas_called_books; glossary "book").
BOOK_KIND_LABELS = {"natural": _("clean"), "mixed": _("dirty"), "wild": _("wild")}
MELD_REQUIREMENT_LABELS = {
    "canasta": _("a completed canasta"),
    "canasta_200": _("a completed canasta and at least 200 melded points"),
    "natural_canasta": _("a completed natural canasta"),
}

# code -> template; %(field)s is the label of the problem's field, lists are joined.
TEMPLATES: Mapping[str, Promise] = {
    # the sheet itself
    "sheet_not_object": _("The score sheet must be an object with a variant, sides and hands."),
    "unknown_sheet_key": _("The score sheet has an unknown key “%(key)s” (expected: %(expected)s)."),
    "missing_variant": _("The score sheet does not say which variant is played."),
    "options_not_object": _("The house rules must be given as names and values."),
    "sides_not_list": _("The sides must be a list of side names."),
    "sides_not_distinct": _("Two sides have the same name."),
    "wrong_number_of_sides": _("%(variant_name)s is played by %(allowed)s sides, not %(count)s."),
    "wrong_number_of_players": _(
        "%(variant_name)s with %(count)s sides is played by %(allowed)s players a side in a hand, "
        "not %(players)s."
    ),
    "start_not_per_side": _("The starting totals must give one total for each side (%(sides)s)."),
    "start_total_invalid": _(
        "The starting total of %(side)s must be a whole number of points, a multiple of 5, "
        "between -%(limit)s and %(limit)s."
    ),
    "start_not_allowed": _(
        "A %(variant_name)s game cannot start from totals; enter the earlier deals as hands."
    ),
    "hands_not_list": _("The hands must be a list."),
    "game_over_at_start": _(
        "The game was already over at the starting totals; no more hands can be entered."
    ),
    "game_over_after_hand": _(
        "The game was over after hand %(after_hand_number)s; no more hands can be entered."
    ),
    "hand_not_object": _("A hand must have one entry per side."),
    "unknown_side": _("“%(side)s” is not a side of this game."),
    "missing_side_entry": _("The hand has no entry for %(side)s."),
    # variant and options
    "unsupported_variant": _("The variant “%(variant)s” is not supported yet."),
    "unknown_variant": _("Unknown variant %(variant)s (known: %(known)s)."),
    "unknown_option": _(
        "The house rule “%(option)s” does not exist for this variant (accepted: %(accepted)s)."
    ),
    "option_not_whole_number": _("The house rule “%(option)s” must be a whole number of points."),
    "option_not_positive_multiple_of_5": _(
        "The house rule “%(option)s” must be a positive multiple of 5 points, not %(value)s."
    ),
    "option_not_a_choice": _("The house rule “%(option)s” must be one of %(allowed)s, not %(value)s."),
    "option_not_boolean": _("The house rule “%(option)s” must be yes or no."),
    "option_books_not_object": _("The books needed to go out must be given as clean, dirty and wild counts."),
    "option_books_bad_count": _("The number of %(key)s books needed to go out must be 0 or more."),
    "option_not_multiple_of_5": _(
        "The house rule “%(option)s” must be a multiple of 5 points, 0 or more, not %(value)s."
    ),
    "option_item_bad_points": _(
        "In the house rule “%(option)s”, “%(key)s” must be a whole multiple of 5 points, 0 or more, "
        "not %(value)s."
    ),
    "option_meld_table_not_list": _(
        "The initial-meld table must be a list of bands, each with an upper limit and a minimum, "
        "the last with a minimum only."
    ),
    "option_meld_band_not_object": _(
        "Band %(band)s of the initial-meld table must give a minimum and (but for the last band) "
        "the score it applies below."
    ),
    "option_meld_band_bad_value": _(
        "Band %(band)s of the initial-meld table: “%(key)s” must be a whole multiple of 5 "
        "(a minimum 0 or more), not %(value)s."
    ),
    "option_meld_bands_not_ascending": _(
        "Band %(band)s of the initial-meld table must apply below a higher score than the band "
        "before it (%(below)s is not above %(previous)s)."
    ),
    "option_meld_table_open_end": _(
        "In the initial-meld table only the last band has no upper limit, so that every score is "
        "covered; band %(band)s does not fit."
    ),
    "option_meld_by_deal_not_list": _(
        "The initial-meld minimums must be a list of %(deals)s values, one per deal."
    ),
    "option_red_three_values_bad_shape": _(
        "The red-three values must be a list of %(in_pack)s values (for 1 to %(in_pack)s red threes), "
        "or a value each and a value for all of them."
    ),
    "option_book_values_not_object": _("The book values must be given for clean, dirty and wild books."),
    "option_packs_not_3_or_4": _(
        "Chilean Canasta is played with 3 or 4 packs (52 cards and 2 jokers each), not %(value)s."
    ),
    "option_not_a_count": _("The house rule “%(option)s” must be a whole number, %(minimum)s or more."),
    "option_record_bad_shape": _("The house rule “%(option)s” is given by its parts: %(parts)s."),
    "option_record_part_missing": _("The house rule “%(option)s” needs a value for %(parts)s too."),
    "option_series_bad_length": _(
        "The house rule “%(option)s” must give one value for each of the game's %(deals)s deals."
    ),
    "option_needs_option": _("The house rule “%(option)s” needs “%(other)s” too."),
    "option_only_without_deals": _(
        "The house rule “%(option)s” is for a game played to a target: set the number of deals to 0."
    ),
    "options_conflict": _("The house rules “%(option)s” and “%(other)s” cannot both be given."),
    # one side's entry, field by field
    "entry_not_object": _("The entry must be a set of fields."),
    "unknown_field": _("Unknown field “%(field)s”."),
    "field_not_in_variant": _("“%(field)s” is not part of a %(variant_name)s entry."),
    "not_boolean": _("“%(field)s” must be yes or no."),
    "not_a_choice": _("“%(field)s” must be one of %(choices)s."),
    "not_whole_number": _("“%(field)s” must be a whole number."),
    "negative": _("“%(field)s” cannot be negative."),
    "not_multiple_of_5": _(
        "“%(field)s” must be a multiple of 5 (every card is worth 5, 10, 20 or 50), not %(value)s."
    ),
    "points_given_with_cards": _(
        "“%(field)s” is worked out from the card count; give the card count or the points, not both."
    ),
    "total_with_other_fields": _(
        "An entry with a total has only “went out” and penalties beside it; remove “%(field)s”."
    ),
    "total_not_whole_number": _("The total must be a whole number of points."),
    "total_not_multiple_of_5": _("The total must be a multiple of 5, not %(value)s."),
    "total_out_of_range": _(
        "A total of %(value)s is outside what one side can score in one hand (%(lowest)s to %(highest)s)."
    ),
    "cards_not_object": _("The card count must give the melded cards and the cards left in hand."),
    "unknown_cards_key": _(
        "Unknown part “%(key)s” of the card count: it has the melded cards and the cards left in hand."
    ),
    "card_counts_not_object": _("The %(place)s cards must be counted by kind."),
    "unknown_card_kind": _("Unknown kind of card “%(kind)s”."),
    "card_count_not_whole_number": _("“%(field)s” must be a whole number of cards."),
    "card_count_negative": _("“%(field)s” cannot be negative."),
    "too_many_cards_for_side": _("%(kind)s: %(count)s for one side, but the pack holds %(in_pack)s."),
    "black_threes_not_meldable": _("Black threes are never melded in %(variant_name)s."),
    "black_three_meld_too_small": _("A meld of black threes has at least 3 cards, not %(count)s."),
    # one side's entry as a whole
    "penalty_too_high": _(
        "Penalties of %(points)s points in one hand are more than any published penalty "
        "(at most %(maximum)s); check the number."
    ),
    "acaba_with_other_fields": _("Acaba ends the hand and nothing else is counted; remove: %(fields)s."),
    "special_hand_with_other_fields": _("A special hand is the side's only score; remove: %(fields)s."),
    "concealed_without_going_out": _("Going out concealed is a way of going out: tick “went out” too."),
    "going_out_needs_canastas": ngettext_lazy(
        "Going out needs %(needed)s canasta; this side has %(have)s.",
        "Going out needs %(needed)s canastas; this side has %(have)s.",
        "needed",
    ),
    "going_out_needs_canasta_kind": ngettext_lazy(
        "Going out needs %(needed)s %(kind)s canasta; this side has %(have)s.",
        "Going out needs %(needed)s %(kind)s canastas; this side has %(have)s.",
        "needed",
    ),
    "went_out_with_unfinished_meld": _(
        "A side cannot go out while it has an unfinished aces, 7s or wild meld."
    ),
    "went_out_holding_points": _(
        "The player who went out holds no cards, so the cards left in hand must be 0 points, not %(points)s."
    ),
    "went_out_holding_red_threes": _("The player who went out holds no cards, so no red threes either."),
    "held_cards_missing": ngettext_lazy(
        "Every player of the side still holds cards, worth at least %(minimum)s point in all; "
        "%(entered)s entered.",
        "Every player of the side still holds cards, worth at least %(minimum)s points in all; "
        "%(entered)s entered.",
        "minimum",
    ),
    "partner_held_cards_missing": ngettext_lazy(
        "The partner of the player who went out still holds cards, worth at least %(minimum)s point; "
        "%(entered)s entered.",
        "The partner of the player who went out still holds cards, worth at least %(minimum)s points; "
        "%(entered)s entered.",
        "minimum",
    ),
    "canastas_without_melded_points": ngettext_lazy(
        "%(canastas)s canasta is entered, but no melded points.",
        "%(canastas)s canastas are entered, but no melded points.",
        "canastas",
    ),
    "melded_points_below_canastas": ngettext_lazy(
        "%(canastas)s canasta needs at least %(minimum)s melded points; %(melded)s entered.",
        "%(canastas)s canastas need at least %(minimum)s melded points; %(melded)s entered.",
        "canastas",
    ),
    "too_many_canastas_for_side": _("%(canastas)s canastas for one side; at most %(maximum)s are possible."),
    "unfinished_melds_more_than_one": _("“%(field)s”: a side has at most one, not %(count)s."),
    "more_players_than_side": ngettext_lazy(
        "“%(field)s”: a side has %(players)s player, not %(count)s.",
        "“%(field)s”: a side has %(players)s players, not %(count)s.",
        "players",
    ),
    "hand_points_below_caught_cards": _(
        "The cards left in hand hold the aces and 7s of the players caught holding three or more: "
        "at least %(minimum)s points (%(aces)s aces at %(ace_points)s points, %(sevens)s sevens at "
        "%(seven_points)s); %(entered)s entered."
    ),
    "caught_aces_not_in_hand": ngettext_lazy(
        "%(players)s player caught holding three or more aces holds at least %(needed)s aces; the "
        "card count leaves %(counted)s aces in hand.",
        "%(players)s players caught holding three or more aces hold at least %(needed)s aces; the "
        "card count leaves %(counted)s aces in hand.",
        "players",
    ),
    "caught_sevens_not_in_hand": ngettext_lazy(
        "%(players)s player caught holding three or more 7s holds at least %(needed)s sevens; the "
        "card count leaves %(counted)s cards from 4 to 7 in hand.",
        "%(players)s players caught holding three or more 7s hold at least %(needed)s sevens; the "
        "card count leaves %(counted)s cards from 4 to 7 in hand.",
        "players",
    ),
    "black_threes_melded_without_going_out": _(
        "Black threes are melded only by the player going out, and this side did not go out."
    ),
    "canastas_need_wild_cards": ngettext_lazy(
        "The side's canastas need at least %(needed)s wild card (jokers and 2s); %(melded)s melded.",
        "The side's canastas need at least %(needed)s wild cards (jokers and 2s); %(melded)s melded.",
        "needed",
    ),
    "canastas_need_natural_cards": _(
        "The side's canastas need at least %(needed)s natural cards (aces, 4s to kings): 7 in a "
        "natural canasta, %(mixed_natural)s in a mixed one, which holds at most %(max_wild)s wild "
        "cards in %(variant_name)s; %(melded)s melded."
    ),
    "black_three_books_need_black_threes": _(
        "Black threes are melded only in books of black threes, 7 a book: %(books)s books hold "
        "%(needed)s; %(melded)s melded."
    ),
    "four_jokers_without_unfinished_wild": _("The side has no unfinished wild meld to hold the four jokers."),
    "four_jokers_not_melded": _(
        "The unfinished wild meld holds all four jokers, so at least 4 jokers are melded, not %(melded)s."
    ),
    "aces_canastas_need_aces": ngettext_lazy(
        "%(canastas)s canasta of aces needs at least %(needed)s melded aces; %(melded)s melded.",
        "%(canastas)s canastas of aces need at least %(needed)s melded aces; %(melded)s melded.",
        "canastas",
    ),
    "sevens_canastas_need_sevens": ngettext_lazy(
        "%(canastas)s canasta of 7s needs at least %(needed)s melded 7s; "
        "%(melded)s cards from 4 to 7 melded.",
        "%(canastas)s canastas of 7s need at least %(needed)s melded 7s; "
        "%(melded)s cards from 4 to 7 melded.",
        "canastas",
    ),
    "opening_meld_too_low": _(
        "With %(total_before)s points before this hand, the side's opening meld had to be at least "
        "%(minimum)s points, so its melded points cannot be %(melded)s."
    ),
    "opening_meld_needs_canasta": _(
        "With %(total_before)s points before this hand, the side's opening meld had to hold "
        "a completed canasta, but none is entered."
    ),
    "opening_meld_needs_canasta_200": _(
        "With %(total_before)s points before this hand, the side's opening meld had to hold "
        "a completed canasta and at least 200 melded points, but no canasta is entered."
    ),
    "opening_meld_needs_natural_canasta": _(
        "With %(total_before)s points before this hand, the side's opening meld had to hold "
        "a completed natural canasta, but none is entered."
    ),
    # the sides of one hand together
    "too_many_red_threes": _("%(count)s red threes entered over all sides; the pack has %(in_pack)s."),
    "too_many_black_threes": _("%(count)s black threes entered over all sides; the pack has %(in_pack)s."),
    "two_sides_went_out": _("More than one side went out (%(sides)s); a hand ends when one side goes out."),
    "too_many_card_points": _(
        "Melded points and cards left in hand add up to %(points)s over all sides; the pack holds "
        "only %(pack_points)s card points."
    ),
    "too_many_melded_points": _(
        "Melded points add up to %(points)s over all sides; the whole pack melded is worth only "
        "%(card_points)s card points."
    ),
    "too_many_cards_in_pack": _("%(kind)s: %(count)s counted over all sides, but the pack has %(in_pack)s."),
    "too_many_aces_in_pack": _(
        "The entries over all sides hold at least %(needed)s aces, but the pack has %(in_pack)s: a "
        "canasta of aces holds 7, an unfinished aces meld and the hand of a player caught holding three "
        "or more at least 3 each, a card count the aces it counts (entered: %(fields)s)."
    ),
    "too_many_sevens_in_pack": _(
        "The entries over all sides hold at least %(needed)s sevens, but the pack has %(in_pack)s: a "
        "canasta of 7s holds 7, an unfinished 7s meld and the hand of a player caught holding three "
        "or more 7s at least 3 each (entered: %(fields)s)."
    ),
    "too_many_wild_cards_in_pack": _(
        "The entries over all sides hold at least %(needed)s wild cards (jokers and 2s), but the pack "
        "has %(in_pack)s: a wild canasta holds 7, an unfinished wild meld at least 3, a mixed canasta "
        "at least 1, a card count the jokers and 2s it counts (entered: %(fields)s)."
    ),
    "too_many_canastas_in_pack": _("%(count)s canastas over all sides; the pack allows at most %(maximum)s."),
    "too_many_canastas_of_kind": _(
        "%(kind)s: %(count)s over all sides; the pack allows at most %(maximum)s."
    ),
    "unfinished_meld_after_canasta": _(
        "“%(completed)s” were completed this hand, so no cards are left for “%(field)s”."
    ),
    "four_jokers_twice": _(
        "The pack holds four jokers: only one unfinished wild meld, and no canasta of four jokers "
        "and three 2s beside it, can hold them all."
    ),
    "two_perfect_cuts": _(
        "More than one side cut the cards dealt exactly (%(sides)s); there is one cut a deal."
    ),
    "two_special_hands": _(
        "More than one side laid a special hand (%(sides)s); a special hand ends the hand."
    ),
    "two_sides_called_acaba": _("More than one side called Acaba (%(sides)s); Acaba ends the hand."),
    "went_out_after_special_hand": _("%(ender)s ended the hand with a special hand, so no one went out."),
    "went_out_after_acaba": _("%(ender)s ended the hand with Acaba, so no one went out."),
    "scores_after_acaba": _(
        "%(ender)s called Acaba: this side scores the award and nothing else; remove: %(fields)s."
    ),
}

# params whose value is a list of plain names, shown joined
_LIST_PARAMS = ("expected", "known", "accepted", "allowed", "choices", "kinds", "sides", "parts")


# The problems that name canastas, in the words of a variant whose canastas are books.
BOOK_TEMPLATES: Mapping[str, Promise] = {
    "going_out_needs_canastas": ngettext_lazy(
        "Going out needs %(needed)s book; this side has %(have)s.",
        "Going out needs %(needed)s books; this side has %(have)s.",
        "needed",
    ),
    "going_out_needs_canasta_kind": ngettext_lazy(
        "Going out needs %(needed)s %(kind)s book; this side has %(have)s.",
        "Going out needs %(needed)s %(kind)s books; this side has %(have)s.",
        "needed",
    ),
    "canastas_without_melded_points": ngettext_lazy(
        "%(canastas)s book is entered, but no melded points.",
        "%(canastas)s books are entered, but no melded points.",
        "canastas",
    ),
    "melded_points_below_canastas": ngettext_lazy(
        "%(canastas)s book needs at least %(minimum)s melded points; %(melded)s entered.",
        "%(canastas)s books need at least %(minimum)s melded points; %(melded)s entered.",
        "canastas",
    ),
    "too_many_canastas_for_side": _("%(canastas)s books for one side; at most %(maximum)s are possible."),
    "canastas_need_wild_cards": ngettext_lazy(
        "The side's books need at least %(needed)s wild card (jokers and 2s); %(melded)s melded.",
        "The side's books need at least %(needed)s wild cards (jokers and 2s); %(melded)s melded.",
        "needed",
    ),
    "canastas_need_natural_cards": _(
        "The side's books need at least %(needed)s natural cards (aces, 4s to kings); %(melded)s melded."
    ),
    "too_many_canastas_in_pack": _("%(count)s books over all sides; the pack allows at most %(maximum)s."),
}


def field_label(name: str, *, books: bool = False) -> str:
    """A score-sheet field for people, card-count fields (`cards.melded.jokers`) included;
    `books`: in the words of a variant whose canastas are books."""
    parts = name.split(".")
    if parts[0] == "cards" and len(parts) == 3 and parts[1] in CARD_PLACE_LABELS:
        # Whole labels, as the form shows them: word order differs between languages.
        return card_kind_label(parts[2], in_hand=parts[1] == "in_hand")
    if name == "cards.melded":
        return str(_("Melded cards"))
    if name == "cards.in_hand":
        return str(_("Cards left in hand"))
    if name == "cards":
        return str(_("Card count"))
    if name == "total":
        return str(_("Total"))
    return entry_field_label(name, books=books)


def describe(problem_detail: Mapping[str, Any], *, books: bool = False) -> str:
    """The translated text of one engine problem (`scoring.Problem.as_detail()`); `books`: in
    the words of a variant whose canastas are books (Hand and Foot)."""
    code = str(problem_detail.get("code"))
    template = (books and BOOK_TEMPLATES.get(code)) or TEMPLATES.get(code)
    fallback = str(problem_detail.get("message", ""))
    if template is None:
        return fallback
    try:
        return str(template % _params(problem_detail, books=books))
    except (KeyError, TypeError, ValueError):
        return fallback


def _params(detail: Mapping[str, Any], *, books: bool = False) -> dict[str, Any]:
    params: dict[str, Any] = dict(detail.get("params") or {})
    field = detail.get("field")
    if detail.get("code") != "unknown_field":  # an unknown field is shown as it was typed
        params["field"] = field_label(str(params.get("field", field or "")), books=books)
    # Arabic and Persian join a list with their own comma (،).
    separator = pgettext("between the items of a list", ", ")
    for name in _LIST_PARAMS:
        if isinstance(params.get(name), list):
            params[name] = separator.join(str(v) for v in params[name])
    if isinstance(params.get("fields"), list):
        params["fields"] = separator.join(field_label(f) for f in params["fields"])
    kind = params.get("kind")
    if isinstance(kind, str):
        if kind in CARD_KIND_LABELS and detail.get("code") != "unknown_card_kind":
            params["kind"] = str(CARD_KIND_LABELS[kind])
        elif books and kind in BOOK_KIND_LABELS:
            params["kind"] = str(BOOK_KIND_LABELS[kind])
        elif kind in CANASTA_KIND_LABELS:
            params["kind"] = str(CANASTA_KIND_LABELS[kind])
        elif kind == "all":
            params["kind"] = str(_("Books") if books else _("Canastas"))
        elif "_" in kind:
            params["kind"] = field_label(kind, books=books)
    if "place" in params:
        params["place"] = str(CARD_PLACE_LABELS.get(params["place"], params["place"]))
    if "completed" in params:
        params["completed"] = field_label(params["completed"], books=books)
    if "requirement" in params:
        params["requirement"] = str(MELD_REQUIREMENT_LABELS.get(params["requirement"], params["requirement"]))
    return params


# Why a victory-point scale or tie-break order is refused (tournaments.domain.victory_points
# SCALE_PROBLEMS), in the user's language.
SCALE_TEMPLATES: Mapping[str, Promise] = {
    "unknown_scale": _("Unknown victory-point scale “%(key)s”."),
    "scale_not_object": _("The scale must be an object with a total and its bands."),
    "scale_total": _("The scale's total must be a whole number above 0."),
    "scale_any_table": _("The scale needs a table for any round length (“any”)."),
    "table_name": _("Table “%(table)s”: name a table by its number of hands, or “any”."),
    "table_hands": _("Table “%(table)s”: a round has at least one hand."),
    "no_bands": _("Table %(table)s: give at least one band."),
    "band_not_object": _(
        "Table %(table)s, band %(band)s: a band is an object with from, to, ahead and behind."
    ),
    "band_not_whole": _("Table %(table)s, band %(band)s: from, to, ahead and behind must be whole numbers."),
    "band_start": _(
        "Table %(table)s, band %(band)s: starts at %(low)s but must start at %(expected)s, so that "
        "the bands leave no gap and do not overlap."
    ),
    "band_end": _("Table %(table)s, band %(band)s: ends at %(high)s, before it starts (%(low)s)."),
    "band_open_early": _("Table %(table)s, band %(band)s: only the last band may be open-ended."),
    "band_last_closed": _("Table %(table)s, band %(band)s: the last band must be open-ended (to: null)."),
    "band_total": _(
        "Table %(table)s, band %(band)s: %(ahead)s + %(behind)s = %(sum)s, not the total %(total)s."
    ),
    "band_ahead_less": _(
        "Table %(table)s, band %(band)s: the side ahead gets at least as many points as the side behind."
    ),
    "band_margin": _(
        "Table %(table)s, band %(band)s: a wider margin cannot give the side ahead fewer points."
    ),
    "tie_breaks_not_list": _("The tie-break order is a list of criteria."),
    "unknown_tie_break": _("Unknown tie-break “%(criterion)s”; choose from %(known)s."),
    "tie_break_twice": _("The tie-break “%(criterion)s” is listed twice."),
}


def describe_scale(problem: Any) -> str:
    """The translated text of a refused scale or tie-break order (victory_points.InvalidScale:
    `code` and `params`); the English message for an unknown code."""
    template = SCALE_TEMPLATES.get(str(getattr(problem, "code", "")))
    if template is None:
        return str(problem)
    try:
        return str(template % dict(getattr(problem, "params", {})))
    except (KeyError, TypeError, ValueError):
        return str(problem)


def describe_rules(problem: Any) -> str:
    """The translated text of a refused variant or house rule (scoring.InvalidRules)."""
    return describe({"code": problem.code, "params": problem.params, "message": str(problem)})
