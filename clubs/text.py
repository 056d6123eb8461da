"""Names typed by people: refuse invisible characters. Design: docs/site.md#names-typed-by-people"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings, overrides and their end
    "\u2066\u2067\u2068\u2069"  # isolates and their end
    "\u200e\u200f\u061c"  # left-to-right, right-to-left and Arabic letter marks
)


INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
JOINERS = frozenset("\u200c\u200d")  # Cf, but written in Persian words and emoji


def _invisible(character: str) -> bool:
    return unicodedata.category(character) in INVISIBLE_CATEGORIES and character not in JOINERS


def _codes(text: str, wanted: Callable[[str], bool]) -> list[str]:
    """The characters of `text` that are `wanted`, as sorted, distinct "U+202E" codes."""
    return sorted({f"U+{ord(ch):04X}" for ch in text if wanted(ch)})


def refuse_invisible_characters(instance: models.Model, fields: Mapping[str, str | Promise]) -> None:
    """Raise ValidationError (by field, naming the characters, in the active language) when `instance`'s
    text `fields` (name -> what the message calls it) hold a bidirectional control or unseen character."""
    errors = {}
    for field, label in fields.items():
        text = str(getattr(instance, field) or "")
        if found := _codes(text, BIDI_CONTROLS.__contains__):
            errors[field] = ValidationError(
                _(
                    "%(field)s contains invisible characters that change the direction of the "
                    "text around it (%(characters)s). Type it again without them."
                ),
                code="bidi_control",
                params={"field": label, "characters": ", ".join(found)},
            )
        elif found := _codes(text, _invisible):
            errors[field] = ValidationError(
                _("%(field)s contains invisible characters (%(characters)s). Type it again without them."),
                code="invisible_character",
                params={"field": label, "characters": ", ".join(found)},
            )
    if errors:
        raise ValidationError(errors)


def name_trimmed(text: str) -> str:
    """`text` without the Unicode space separators (Zs) at its start and end: how every way in trims a name.
    Any other character stays, for `refuse_invisible_characters` to refuse it."""
    start, end = 0, len(text)
    while start < end and unicodedata.category(text[start]) == "Zs":
        start += 1
    while end > start and unicodedata.category(text[end - 1]) == "Zs":
        end -= 1
    return text[start:end]


class NameFormField(forms.CharField):
    """A form's field for a name, trimmed of its spaces alone (`name_trimmed`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**{**kwargs, "strip": False})  # str.strip would drop them unseen

    def to_python(self, value: Any) -> Any:
        value = super().to_python(value)
        return name_trimmed(value) if isinstance(value, str) else value


class NameField(models.CharField):
    """A model's name: a CharField whose forms (the site's and the admin's) use `NameFormField`; the
    model's clean() calls `refuse_invisible_characters` on it."""

    def formfield(self, **kwargs: Any) -> Any:
        return super().formfield(**{"form_class": NameFormField, **kwargs})

    def deconstruct(self) -> Any:
        # The column is a CharField's, and the migrations say so: a form is no part of the
        # schema, so no migration follows from a field becoming a name.
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.CharField", args, kwargs


# Bidirectional classes that can move the text around a name: right-to-left letters and
# digits, and the embeddings, overrides and isolates.
_MOVING = frozenset({"R", "AL", "AN", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})


def isolated(name: str) -> str:
    """`name` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE if it holds anything right-to-left or
    a bidirectional control, else unchanged: for text built in Python, where a template's <bdi> cannot go."""
    if any(unicodedata.bidirectional(ch) in _MOVING or ch in BIDI_CONTROLS for ch in name):
        return f"\u2068{name}\u2069"
    return name
