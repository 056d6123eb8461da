"""Formatting helpers for the scoring pages; they name things, they never compute scores."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from tournaments.labels import breakdown_label as _breakdown_label

register = template.Library()


@register.filter
def breakdown_label(item: str) -> str:
    return _breakdown_label(item)


@register.filter
def get_item(mapping: dict, key: str):
    return mapping.get(key) if mapping else None


@register.filter
def confirm_url(access, number: int) -> str:
    """The confirm action of hand `number` for a table page (account or table link)."""
    return access.url("confirm", number=number)


@register.filter
def undo_url(access, number: int) -> str:
    """The undo action of hand `number` for a table page (account, table link or card)."""
    return access.url("undo", number=number)


@register.filter
def field_side(name: str) -> str:
    """The side of a hand-form field named `<side>-<field>`, or ""."""
    side, dash, _rest = name.partition("-")
    return side if dash else ""


def _left_to_right(text: str) -> SafeString:
    # Isolated and left to right, so that in Arabic and Persian pages the sign stays in front
    # ("−140", not "140−") and the number does not reorder the words around it.
    return format_html('<bdi dir="ltr" class="num">{}</bdi>', text)


@register.filter
def typographic(value: int) -> SafeString:
    """A number with a true minus sign for negatives: 1685, −220 (isolated, left to right)."""
    return _left_to_right(f"\u2212{-value}" if value < 0 else str(value))


@register.filter
def signed(value: int) -> SafeString:
    """A score with its sign: +120, −85 (a true minus sign), 0 (isolated, left to right)."""
    if value > 0:
        return _left_to_right(f"+{value}")
    if value < 0:
        return _left_to_right(f"\u2212{-value}")
    return _left_to_right("0")
