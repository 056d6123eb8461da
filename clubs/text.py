"""Names typed by people: refuse the invisible characters that turn the text around them.

Bidirectional control characters (embeddings and overrides U+202A–U+202E, isolates
U+2066–U+2069, the marks U+200E, U+200F and U+061C) are invisible, and one in a name can
reverse the text beside it wherever the name is shown (a page, a table card, a download). A
name in Arabic, Persian or Hebrew needs none of them: pages isolate each name themselves
(`<bdi>` in templates). So names of clubs, players, events and seasons refuse them, from every
way in (forms, the API, the roster import): each model's clean() calls
`refuse_invisible_characters`. So do the other invisible characters that have no place in a
name: zero-width space, word joiner, byte order mark, line and paragraph separators (a name
that looks like another, or breaks a line on a card). The zero-width joiner and non-joiner
(U+200D, U+200C) are kept: Persian writes with them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings, overrides and their end
    "\u2066\u2067\u2068\u2069"  # isolates and their end
    "\u200e\u200f\u061c"  # left-to-right, right-to-left and Arabic letter marks
)


INVISIBLE = frozenset(
    "\u200b\u2060\ufeff"  # zero-width space, word joiner, byte order mark
    "\u2028\u2029"  # line and paragraph separators
)


def _codes(text: str, characters: frozenset[str]) -> list[str]:
    """The `characters` in `text`, as sorted, distinct "U+202E" codes."""
    return sorted({f"U+{ord(ch):04X}" for ch in text if ch in characters})


def refuse_invisible_characters(instance: models.Model, fields: Mapping[str, str | Promise]) -> None:
    """Check `instance`'s text `fields` (field name -> what the message calls it, such as
    "The player's name") for bidirectional control characters (`BIDI_CONTROLS`) and the other
    invisible characters (`INVISIBLE`).

    Raises ValidationError keyed by field, its message naming the field and the characters
    found, in the active language; returns None when there are none.
    """
    errors = {}
    for field, label in fields.items():
        text = str(getattr(instance, field) or "")
        if found := _codes(text, BIDI_CONTROLS):
            errors[field] = ValidationError(
                _(
                    "%(field)s contains invisible characters that change the direction of the "
                    "text around it (%(characters)s). Type it again without them."
                ),
                code="bidi_control",
                params={"field": label, "characters": ", ".join(found)},
            )
        elif found := _codes(text, INVISIBLE):
            errors[field] = ValidationError(
                _("%(field)s contains invisible characters (%(characters)s). Type it again without them."),
                code="invisible_character",
                params={"field": label, "characters": ", ".join(found)},
            )
    if errors:
        raise ValidationError(errors)


# Bidirectional classes that can move the text around a name: right-to-left letters and
# digits, and the embeddings, overrides and isolates.
_MOVING = frozenset({"R", "AL", "AN", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


def isolated(name: str) -> str:
    """`name` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE when it holds anything
    right-to-left or a bidirectional control, else unchanged: for text built in Python (the
    audit page's lines) where a template's <bdi> cannot go."""
    if any(unicodedata.bidirectional(ch) in _MOVING or ch in BIDI_CONTROLS for ch in name):
        return f"\u2068{name}\u2069"
    return name
