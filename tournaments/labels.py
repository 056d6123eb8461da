"""Display names, in the user's language, for the score-sheet fields and breakdown lines.

The field and item keys come from `scoring/`; this module only names them for people.
"""

from django.utils.translation import gettext_lazy as _

ENTRY_FIELD_LABELS = {
    "melded_points": _("Melded cards (points)"),
    "hand_points": _("Cards left in hand (points)"),
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
}

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
}


CARD_KIND_LABELS = {
    "jokers": (_("Jokers melded"), _("Jokers in hand")),
    "twos": (_("2s melded"), _("2s in hand")),
    "aces": (_("Aces melded"), _("Aces in hand")),
    "high": (_("8 to K melded"), _("8 to K in hand")),
    "low": (_("4 to 7 melded"), _("4 to 7 in hand")),
    "black_threes": (_("Black threes melded"), _("Black threes in hand")),
}


def card_kind_label(kind: str, *, in_hand: bool) -> str:
    melded, held = CARD_KIND_LABELS.get(kind, (kind, kind))
    return str(held if in_hand else melded)


def entry_field_label(name: str) -> str:
    return str(ENTRY_FIELD_LABELS.get(name, name.replace("_", " ").capitalize()))


def breakdown_label(item: str) -> str:
    """A breakdown line's name; canasta kinds and penalties are named like their entry fields."""
    label = BREAKDOWN_LABELS.get(item) or ENTRY_FIELD_LABELS.get(item)
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
}


def criterion_label(key: str) -> str:
    return str(CRITERION_LABELS.get(key, key))
