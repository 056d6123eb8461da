"""The variants' names in the user's language (the rules engine names them in English)."""

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _

from scoring import VARIANTS, RuleSet

VARIANT_LABELS = {
    "classic": _("Classic Canasta (4 players, 2 partnerships)"),
    "classic-2p": _("Classic Canasta for 2 players"),
    "classic-3p": _("Classic Canasta for 3 players"),
    "classic-5p": _("Classic Canasta for 5 players (three against two)"),
    "classic-6p": _("Classic Canasta for 6 players"),
    "uruguayan": _("Uruguayan Canasta (the original rules, as Classic)"),
    "british": _("British Canasta (Acaba)"),
    "modern-american": _("Modern American Canasta"),
    "hand-and-foot": _("Hand and Foot"),
    "samba": _("Samba"),
    "bolivia": _("Bolivia"),
    "chilean": _("Chilean Canasta (3 or 4 packs)"),
    "brazilian": _("Brazilian Canasta"),
    "cuban": _("Cuban Canasta"),
    "italian": _("Italian Canasta"),
    "spanish": _("Spanish Canasta"),
}

# A game of Chilean Canasta by the pack its table chose (the `packs` house rule, rules.md §1.11).
CHILEAN_PACK_LABELS = {
    3: _("Chilean Canasta, 3 packs (162 cards)"),
    4: _("Chilean Canasta, 4 packs (216 cards)"),
}

# What a variant the rule texts name only briefly is, and where it comes from (rules.md §1.11,
# §1.12).
VARIANT_NOTES = {
    "classic-5p": _(
        "Classic Canasta for 5 players: a side of three against a side of two. On the side of "
        "three the players take turns to sit out, one each hand, so that two play on each side; "
        "the score is kept per side, as Classic. Sources: rummy-games.com, “Canasta for five”; "
        "the Slovak Canasta rules."
    ),
    "uruguayan": _(
        "Uruguayan Canasta: the original game with its original rules, scored exactly as Classic "
        "Canasta. Source: Wikipedia, “Canasta”."
    ),
    "chilean": _(
        "Chilean Canasta: Samba's sequences and Bolivia's wild canastas, with 3 packs (162 cards) "
        "or 4 (216 cards: choose 4 packs in the house rules). No source gives its scores, so "
        "they are Bolivia's. Sources: Wikipedia, “Canasta”; rummy-games.com, “Chilean Canasta”."
    ),
}


def variant_label(key: str, default: str = "") -> str:
    return str(VARIANT_LABELS.get(key, default or key))


def rules_label(rules: RuleSet) -> str:
    """The name of a game played under `rules`, with the pack where the table chose it."""
    if rules.key == "chilean" and rules.decks in CHILEAN_PACK_LABELS:
        return str(CHILEAN_PACK_LABELS[rules.decks])
    return variant_label(rules.key, rules.name)


def variant_note(key: str) -> str:
    """The variant's note and its sources (`VARIANT_NOTES`), or ""."""
    note = VARIANT_NOTES.get(key)
    return str(note) if note else ""


def variant_notes() -> str:
    """Every variant's note, one after the other (the help under a list of variants)."""
    return " ".join(str(note) for note in VARIANT_NOTES.values())


# --- variants ranked together ---------------------------------------------------------------


def ranking_group_of(variant: str, together: Mapping[str, str]) -> str:
    """The variant `variant` is ranked with (`Club.ranking_groups`), else itself. Raises nothing: a
    variant not named, or named with an unknown variant, is ranked alone."""
    head = together.get(variant, variant)
    return head if head in VARIANTS else variant


def ranking_group_variants(group: str, together: Mapping[str, str]) -> list[str]:
    """The variants of the ranking group `group`, in the engine's order, the group's key first."""
    members = [v for v in VARIANTS if v != group and ranking_group_of(v, together) == group]
    return [group, *members]


def ranking_groups_problems(together: Mapping[str, str]) -> list[str]:
    """Why `together` ({variant: the variant it is ranked with}) cannot be stored: an unknown
    variant, or a variant ranked with one that is itself ranked with another (name the group
    by one variant). Empty when it can."""
    problems = []
    for variant, head in together.items():
        if variant not in VARIANTS or head not in VARIANTS:
            unknown = variant if variant not in VARIANTS else head
            problems.append(_("“%(variant)s” is not a variant.") % {"variant": unknown})
        elif head != variant and together.get(head, head) != head:
            problems.append(
                _("%(variant)s is ranked with %(head)s, which is itself ranked with another variant.")
                % {"variant": variant_label(variant), "head": variant_label(head)}
            )
    return problems


def ranking_group_label(group: str, together: Mapping[str, str]) -> str:
    """The group's name for the pages: its variants' names, joined."""
    return " · ".join(variant_label(v) for v in ranking_group_variants(group, together))
