"""Names typed by people: refuse the invisible characters that turn the text around them.

Bidirectional control characters (embeddings and overrides U+202A–U+202E, isolates
U+2066–U+2069, the marks U+200E, U+200F and U+061C) are invisible, and one in a name can
reverse the text beside it wherever the name is shown (a page, a table card, a download). A
name in Arabic, Persian or Hebrew needs none of them: pages isolate each name themselves
(`<bdi>` in templates). So names of clubs, players, events and seasons refuse them, from every
way in (forms, the API, the roster import): each model's clean() calls `refuse_bidi_controls`.
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


def bidi_controls_in(text: str) -> list[str]:
    """The bidirectional control characters in `text`, as sorted, distinct "U+202E" codes."""
    return sorted({f"U+{ord(ch):04X}" for ch in text if ch in BIDI_CONTROLS})


def refuse_bidi_controls(instance: models.Model, fields: Mapping[str, str | Promise]) -> None:
    """Check `instance`'s text `fields` (field name -> what the message calls it, such as
    "The player's name") for bidirectional control characters.

    Raises ValidationError keyed by field, its message naming the field and the characters
    found, in the active language; returns None when there are none.
    """
    errors = {}
    for field, label in fields.items():
        found = bidi_controls_in(str(getattr(instance, field) or ""))
        if found:
            errors[field] = ValidationError(
                _(
                    "%(field)s contains invisible characters that change the direction of the "
                    "text around it (%(characters)s). Type it again without them."
                ),
                code="bidi_control",
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
