"""Display names, in the user's language, for the score sheet's fields and breakdown lines."""

from typing import Any

from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.domain import standings
from tournaments.domain.ratings import PROVISIONAL_GAMES

ENTRY_FIELD_LABELS = {
    "melded_points": _("Melded card points"),
    "hand_points": _("Card points left in hand"),
    "natural_canastas": _("Natural canastas"),
    "mixed_canastas": _("Mixed canastas"),
    "red_threes": _("Red threes laid down"),
    "red_threes_in_hand": _("Red threes never laid down"),
    "went_out": _("Went out"),
    "concealed": _("Went out concealed"),
    "penalty_points": _("Penalties (points)"),
    "concealed_natural_canastas": _("Concealed natural canastas"),
    "concealed_mixed_canastas": _("Concealed mixed canastas"),
    "wild_canastas": _("Wild canastas"),
    "deuce_canastas": _("Canastas of seven 2s"),
    "joker_canastas": _("Canastas of jokers"),
    "sevens_canastas": _("Canastas of 7s"),
    "aces_canastas": _("Canastas of aces"),
    "sequence_canastas": _("Sequence canastas"),
    "black_threes": _("Black threes laid down"),
    "unfinished_aces": _("Unfinished aces melds"),
    "unfinished_sevens": _("Unfinished 7s melds"),
    "unfinished_wild": _("Unfinished wild melds"),
    "players_with_three_aces": _("Players holding three or more aces"),
    "players_with_three_sevens": _("Players holding three or more 7s"),
    "special_hand": _("Special hand"),
    "short_sequences": _("Short sequences"),
    "captured_black_threes": _("Black threes captured"),
    "acaba": _("Called Acaba"),
    "sevens_books": _("Books of 7s"),
    "black_three_books": _("Books of black threes"),
    "perfect_cut": _("Cut the cards dealt exactly (perfect cut)"),
    "unfinished_wild_four_jokers": _("The unfinished wild meld holds all four jokers"),
}

# Hand and Foot's players call a canasta a book (glossary "book"; RuleSet.canastas_called_books).
BOOK_LABELS = {
    "natural_canastas": _("Clean books"),
    "mixed_canastas": _("Dirty books"),
    "wild_canastas": _("Wild books"),
}

# One line under a field where scorers go wrong (the canasta bonuses are counted from the
# canastas entered, so the melded card points are the cards' values alone).
ENTRY_FIELD_HINTS = {
    "melded_points": _("The cards' values only: the canasta bonuses (500, 300 ...) come from the canastas."),
}
BOOK_HINTS = {
    "melded_points": _("The cards' values only: the book bonuses (500, 300 ...) come from the books."),
}


def entry_field_hint(name: str, *, books: bool = False) -> str:
    """The one-line hint under an entry field, or "" (`ENTRY_FIELD_HINTS`); `books`: in the
    words of a variant whose canastas are books."""
    hint = (books and BOOK_HINTS.get(name)) or ENTRY_FIELD_HINTS.get(name)
    return str(hint) if hint else ""


BREAKDOWN_LABELS = {
    "melded_cards": _("Melded cards"),
    "cards_in_hand": _("Cards in hand"),
    "natural_canastas": _("Natural canastas"),
    "mixed_canastas": _("Mixed canastas"),
    "concealed_natural_canastas": _("Concealed natural canastas"),
    "concealed_mixed_canastas": _("Concealed mixed canastas"),
    "red_threes": _("Red threes"),
    "red_threes_in_hand": _("Red threes never laid down"),
    "going_out": _("Going out"),
    "concealed_going_out": _("Going out concealed"),
    "penalty": _("Penalties"),
    "hand_total": _("Hand score"),
    "acaba": _("Called Acaba"),
    "acaba_award": _("Acaba award"),
    "black_threes": _("Black threes"),
    "captured_black_threes": _("Black threes captured"),
    "special_hand": _("Special hand"),
    "five_natural_canastas": _("Five natural canastas"),
    "four_natural_one_mixed_canastas": _("Four natural and one mixed canasta"),
    "ten_canastas": _("Ten canastas"),
    "five_canastas": _("Five canastas"),
    "seven_canastas": _("Seven canastas"),
    "perfect_cut": _("Perfect cut"),
}


CARD_KIND_LABELS = {
    "jokers": (_("Jokers melded"), _("Jokers in hand")),
    "twos": (_("2s melded"), _("2s in hand")),
    "aces": (_("Aces melded"), _("Aces in hand")),
    "high": (_("8 to K melded"), _("8 to K in hand")),
    "low": (_("4 to 7 melded"), _("4 to 7 in hand")),
    "black_threes": (_("Black threes melded"), _("Black threes in hand")),
}


# A kind of card, as *Count the cards* names its line (the counts melded and in hand beside it).
CARD_KIND_NAMES = {
    "jokers": _("Jokers"),
    "twos": _("2s"),
    "aces": _("Aces"),
    "high": _("8 to K"),
    "low": _("4 to 7"),
    "black_threes": _("Black threes"),
}


def card_kind_name(kind: str) -> str:
    return str(CARD_KIND_NAMES.get(kind, kind))


def card_kind_label(kind: str, *, in_hand: bool) -> str:
    melded, held = CARD_KIND_LABELS.get(kind, (kind, kind))
    return str(held if in_hand else melded)


def entry_field_label(name: str, *, books: bool = False) -> str:
    """An entry field's label; `books`: a canasta is a book (`BOOK_LABELS`)."""
    label = (books and BOOK_LABELS.get(name)) or ENTRY_FIELD_LABELS.get(name)
    return str(label) if label else name.replace("_", " ").capitalize()


def breakdown_label(item: str, *, books: bool = False) -> str:
    """A breakdown line's name; canasta kinds and penalties are named like their entry fields."""
    label = (books and BOOK_LABELS.get(item)) or BREAKDOWN_LABELS.get(item) or ENTRY_FIELD_LABELS.get(item)
    return str(label) if label else item.replace("_", " ").capitalize()


# Standings criteria (tournaments/domain/victory_points.py), as the standings page names them.
CRITERION_LABELS = {
    "victory_points": _("Victory points"),
    "match_points": _("Match points"),
    "point_difference": _("Point difference"),
    "points_for": _("Points scored"),
    "wins": _("Games won"),
    "points_against": _("Fewest points conceded"),
    "tied": _("Tied"),
    standings.PLAYED: _("A game played"),
}


def criterion_label(key: str) -> str:
    return str(CRITERION_LABELS.get(key, key))


# A side's outcome in the round results (tournaments/domain/standings.py `side_outcome`). One
# side's result, not the standings' columns of games won, drawn and lost: languages word them
# apart (Spanish "Ganó" for a side, "Ganadas" for a count), hence the context.
RESULT_LABELS = {
    standings.WON: pgettext_lazy("a side's result", "Won"),
    standings.DREW: pgettext_lazy("a side's result", "Drawn"),
    standings.LOST: pgettext_lazy("a side's result", "Lost"),
    standings.IN_PLAY: _("in play"),
    standings.UNCONFIRMED: _("awaiting confirmation"),
    standings.SAT_OUT: _("sat out"),
}


def result_label(key: str) -> str:
    return str(RESULT_LABELS.get(key, key))


def provisional_reason(rated_games: int) -> str:
    """Why a ranking's line is provisional and what makes it ranked (`PROVISIONAL_GAMES`)."""
    message = ngettext(
        "Provisional: %(games)s rated game of the %(needed)s that make a player ranked.",
        "Provisional: %(games)s rated games of the %(needed)s that make a player ranked.",
        rated_games,
    )
    return message % {"games": rated_games, "needed": PROVISIONAL_GAMES}


def ended_by_director() -> str:
    """What a game the director ended at its score is said to be, beside its result."""
    return gettext("ended by the director")


# Modern American special hands keep their English names in every language (glossary: players
# know them as Pairs, Garbage, Zip Code ...); only the engine's keys are turned into those names.
SPECIAL_HAND_NAMES = {
    "pairs": "Pairs",
    "wild_pairs": "Wild Pairs",
    "miami_pairs": "Miami Pairs",
    "zip_code": "Zip Code",
    "straight": "Straight",
    "garbage": "Garbage",
    "blast_off": "Blast Off",
    "triples": "Triples",
    "quads": "Quads",
    "dream_hand_4": "Dream Hand +4",
    "dream_hand_5": "Dream Hand +5",
}


def special_hand_label(name: str) -> str:
    """A special hand's name as players say it (`SPECIAL_HAND_NAMES`), or the key made readable."""
    return SPECIAL_HAND_NAMES.get(name, name.replace("_", " ").title())


def knockout_round_label(number: int, rounds: int) -> str:
    """The name of round `number` of a knockout of `rounds` rounds: the final, the semi-finals,
    the quarter-finals, else the round of its number of pairs (16, 32, ...)."""
    left = rounds - number
    if left == 0:
        return gettext("Final")
    if left == 1:
        return gettext("Semi-finals")
    if left == 2:
        return gettext("Quarter-finals")
    return gettext("Round of %(pairs)s") % {"pairs": 2 ** (left + 1)}


# The house-rule options (scoring.OPTION_SPECS), their choices and the parts of those that hold
# several numbers, as the New event page names them.
HOUSE_RULE_LABELS = {
    "packs": _("Packs"),
    "target": _("Points to win the game (target)"),
    "tie_policy": _("An exact tie at or over the target"),
    "red_threes_negative_without": _("When red threes count against a side"),
    "negative_minimum": _("Initial meld with a score below 0"),
    "concealed_canasta_bonus": _("100 more for a canasta melded from the hand (600 natural, 400 mixed)"),
    "special_hands": _("Special hands and their values"),
    "going_out_bonus": _("Bonus for going out (points)"),
    "concealed_going_out_bonus": _("Bonus for going out concealed, in place of the one above (points)"),
    "red_three_in_hand_penalty": _("A red three caught in the hand or foot costs (points)"),
    "minimum_at_7000": _("Initial meld from 7000 on (points)"),
    "red_three_penalty_all_six": _("All six red threes counted against a side (points)"),
    "black_three_in_hand": _("A black three left in hand costs (points)"),
    "red_three_values": _("Red threes' values"),
    "books_to_go_out": _("Books needed to go out"),
    "book_values": _("Books' values"),
    "initial_meld_by_deal": _("Initial meld by deal (points)"),
    "initial_meld_table": _("Initial meld by the side's score"),
    "deals": _("Deals in a game (0: play to the target)"),
    "red_threes_against": _("Red threes counted against a side"),
    "canasta_values": _("Canastas' values"),
    "wild_canasta": _("A canasta of wild cards is allowed, worth (points)"),
    "canastas_to_go_out": _("Canastas needed to go out"),
    "unfinished_wild_four_jokers": _("An unfinished wild meld holding all four jokers costs (points)"),
    "going_out_bonus_by_deal": _("Bonus for going out, by deal (points)"),
    "perfect_cut_bonus": _("Bonus for a perfect cut (points)"),
    "books_to_go_out_by_deal": _("Books needed to go out, by deal"),
    "special_books": _("Books of 7s and of black threes (points; 0: not allowed)"),
}
HOUSE_RULE_CHOICE_LABELS: dict[tuple[str, str | int], Any] = {
    ("packs", 3): _("3 packs (162 cards)"),
    ("packs", 4): _("4 packs (216 cards)"),
    ("tie_policy", "play_on"): _("Play another hand"),
    ("tie_policy", "draw"): _("A draw"),
    ("tie_policy", "went_out"): _("The side that went out in the last hand wins"),
    ("red_threes_negative_without", "meld"): _("While the side has not melded"),
    ("red_threes_negative_without", "canasta"): _("While the side has no canasta"),
    ("negative_minimum", 15): _("15 points"),
    ("negative_minimum", 0): _("No minimum"),
    ("special_hands", "cla"): _("The Canasta League of America's"),
    ("special_hands", "pagat"): _("Pagat's"),
}
HOUSE_RULE_PART_LABELS: dict[tuple[str, str | int], Any] = {
    ("red_three_values", "each"): _("Each red three (points)"),
    ("red_three_values", "all"): _("All the pack's red threes together (points)"),
    ("books_to_go_out", "clean"): _("Clean books"),
    ("books_to_go_out", "dirty"): _("Dirty books"),
    ("books_to_go_out", "wild"): _("Wild books"),
    ("book_values", "clean"): _("A clean book (points)"),
    ("book_values", "dirty"): _("A dirty book (points)"),
    ("book_values", "wild"): _("A wild book (points)"),
    ("red_threes_against", "each"): _("Each red three (points)"),
    ("red_threes_against", "all"): _("All the pack's red threes on one side (points)"),
    ("canasta_values", "natural"): _("A natural canasta (points)"),
    ("canasta_values", "mixed"): _("A mixed canasta (points)"),
    ("books_to_go_out_by_deal", "clean"): _("Clean books"),
    ("books_to_go_out_by_deal", "dirty"): _("Dirty books"),
    ("books_to_go_out_by_deal", "wild"): _("Wild books"),
    ("special_books", "sevens"): _("A book of 7s (points)"),
    ("special_books", "black_threes"): _("A book of black threes (points)"),
}


def house_rule_label(name: str, part: str | int | None = None, deal: int | None = None) -> str:
    """The house-rule option `name` by name (scoring.OPTION_SPECS), or one of its parts: a
    record's key, a deal's number (an int), a record's key in `deal` ("Deal 2: Clean books")."""
    if part is None:
        return str(HOUSE_RULE_LABELS.get(name, name))
    if deal is not None:
        return gettext("Deal %(number)s: %(part)s") % {"number": deal, "part": house_rule_label(name, part)}
    if (name, part) in HOUSE_RULE_PART_LABELS:
        return str(HOUSE_RULE_PART_LABELS[name, part])
    if isinstance(part, int):
        return gettext("Deal %(number)s") % {"number": part}
    return str(part)


def house_rule_choice_label(name: str, value: str | int) -> str:
    """One choice of a house-rule option, by name (the value itself where it has none)."""
    return str(HOUSE_RULE_CHOICE_LABELS.get((name, value), value))
