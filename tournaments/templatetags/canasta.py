"""Formatting helpers for the scoring pages; they name things, they never compute scores."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from clubs.viewer import shown_player_name
from tournaments.display.labels import breakdown_label as _breakdown_label
from tournaments.display.labels import result_label as _result_label

if TYPE_CHECKING:
    from clubs.models import Player

register = template.Library()


@register.filter
def breakdown_label(item: str, books: bool = False) -> str:
    """A breakdown line's name (`books`: a Hand and Foot hand's, whose canastas are books)."""
    return _breakdown_label(item, books=bool(books))


@register.filter
def result_label(key: str) -> str:
    """A side's outcome in the round results (won, drawn, lost, in play, ...), named."""
    return _result_label(key)


@register.filter
def get_item(mapping: Mapping[str, Any] | None, key: str) -> Any:
    return mapping.get(key) if mapping else None


@register.filter
def table_code(code: str) -> str:
    """A table card's short code as printed, in two groups of three: ACE F34."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


@register.filter
def has_errors(fields: Any) -> bool:
    """Whether any of the bound fields `fields` carries an error."""
    return any(field.errors for field in fields)


@register.filter
def went_out(form: Any, side: str) -> bool:
    """Whether the hand form marks `side` as having gone out (HandForm.went_out)."""
    return bool(form.went_out(side))


@register.filter
def confirm_url(access: Any, number: int) -> str:
    """The confirm action of hand `number` for a table page (account or table link)."""
    return access.url("confirm", number=number)


@register.filter
def undo_url(access: Any, number: int) -> str:
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
def typographic_decimal(value: float, decimals: int = 1, signed_figure: bool = False) -> SafeString:
    """A figure with `decimals` decimals, a true minus, a plus when `signed_figure` (18.4, −2.0, +1.3),
    isolated left to right, with the point as decimal mark in every language."""
    figure = f"{abs(value):.{decimals}f}"
    sign = (
        "\u2212"
        if value < 0 and float(figure) != 0
        else "+"
        if signed_figure and value > 0 and float(figure) != 0
        else ""
    )
    return _left_to_right(sign + figure)


@register.filter
def signed(value: int) -> SafeString:
    """A score with its sign: +120, −85 (a true minus sign), 0 (isolated, left to right)."""
    if value > 0:
        return _left_to_right(f"+{value}")
    if value < 0:
        return _left_to_right(f"\u2212{-value}")
    return _left_to_right("0")


@register.filter
def player_name(player: Player) -> str:
    """A player's name as the viewer sees it: initials, if asked, to all but their club (clubs/viewer.py)."""
    return shown_player_name(player)


@register.filter
def player_links(players: Iterable[Player]) -> SafeString:
    """Like `names`, each name a link to the player's page (public with the club's results)."""
    joined = format_html_join(
        " & ",
        '<a href="{}"><bdi>{}</bdi></a>',
        ((reverse("tournaments:player_detail", args=[player.pk]), player_name(player)) for player in players),
    )
    return format_html("<bdi>{}</bdi>", joined)


@register.filter
def names(players: Iterable[Player]) -> SafeString:
    """Players' names joined by " & ", each in <bdi> and the pair isolated, so "&" keeps its side."""
    joined = format_html_join(" & ", "<bdi>{}</bdi>", ((player_name(player),) for player in players))
    return format_html("<bdi>{}</bdi>", joined)


@register.filter
def isolate(value: object) -> str:
    """`value` as plain text between U+2068 and U+2069 (isolates), for a name where markup cannot go (a
    title, an <option>, an attribute); in markup, use <bdi>."""
    return f"\u2068{value}\u2069"
