"""Formatting helpers for the scoring pages; they name things, they never compute scores."""

from django import template

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
def field_side(name: str) -> str:
    """The side of a hand-form field named `<side>-<field>`, or ""."""
    side, dash, _rest = name.partition("-")
    return side if dash else ""


@register.filter
def typographic(value: int) -> str:
    """A number with a true minus sign for negatives: 1685, −220."""
    return f"\u2212{-value}" if value < 0 else str(value)


@register.filter
def signed(value: int) -> str:
    """A score with its sign: +120, −85 (a true minus sign), 0."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


@register.filter
def isolate(value: object) -> str:
    """`value` as text between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (U+2068, U+2069).

    For a name where markup cannot go (a page title, an <option>, an attribute): it keeps its
    own direction and cannot turn the text around it. In markup, templates use <bdi> instead.
    The result is plain text, escaped as usual.
    """
    return f"\u2068{value}\u2069"
