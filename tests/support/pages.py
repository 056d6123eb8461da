"""Reading the product's pages in a browser test as a person reads them: a data table by its
column headings, a figure as printed, a name as a word of the page. Shared by the whole-night tests
(tests/flows/) and the tests that look for what a page must not tell."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any


def figure(text: str) -> int:
    """A whole number as the pages print it: "1685", "+120", "−85" (a true minus sign),
    isolated for right-to-left text by invisible marks."""
    digits = re.sub(r"[^0-9-]", "", text.replace("\u2212", "-"))
    if not re.fullmatch(r"-?[0-9]+", digits):
        raise ValueError(f"not a figure: {text!r}")
    return int(digits)


def untokened(html: str) -> str:
    """The page's HTML without its random tokens (the CSRF token of its forms and of its htmx
    requests, a script's nonce), in which a short name may appear by chance: "Bo" is in about one
    64-character token in 60."""
    html = re.sub(r'(name="csrfmiddlewaretoken" value=)"[^"]*"', r'\1""', html)
    html = re.sub(r'("X-CSRFToken": )"[^"]*"', r'\1""', html)
    return re.sub(r'(nonce=)"[^"]*"', r'\1""', html)


def names_in(html: str, names: list[str]) -> list[str]:
    """Those of `names` that the page holds as words, its random tokens aside."""
    page = untokened(html)
    return [name for name in names if re.search(rf"\b{re.escape(name)}\b", page)]


def table_rows(page: Any, selector: str) -> list[dict[str, str]]:
    """The body rows of the data table at `selector` (Playwright), each a dict of its cells'
    text by their column's heading, hidden columns included."""
    table = page.locator(selector)
    headings = [h.strip() for h in table.locator("thead th").all_text_contents()]
    return [
        dict(zip(headings, (cell.strip() for cell in row.locator("td").all_text_contents()), strict=True))
        for row in table.locator("tbody tr").all()
    ]


def until(condition: Callable[[], bool], seconds: float = 15.0) -> None:
    """Wait until `condition()` holds (the server has what a page sent: a page may answer
    before its request is stored), checking every 50 ms; AssertionError after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not so after {seconds} s: {condition}")
        time.sleep(0.05)


def championship_created(page: Any, url: str, *, name: str, host: str, hands: int, format: str = "") -> None:
    """An officer signed in on `page` creates a championship from the federation's page North
    (`url`: the site's), Classic, on 2026-12-05, held at the member club `host` (its name),
    `hands` hands a round, of `format` (the form's value; its default when empty), the other
    options as the form sets them (the other side confirming each hand, clubs kept apart). The
    page is then at the championship's page."""
    page.goto(f"{url}/federations/north/")
    page.click("#championship-new")
    page.fill("#id_name", name)
    page.fill("#id_date", "2026-12-05")
    page.select_option("#id_host", label=host)
    page.select_option("#id_variant", "classic")
    if format:
        page.select_option("#id_format", format)
    page.fill("#id_hands_per_round", str(hands))
    assert page.is_checked("#id_confirmation_required")  # on by default: the other side confirms
    assert page.is_checked("#id_keep_clubs_apart")  # on by default for a championship
    page.click("#championship-create button[type=submit]")
    page.wait_for_url(re.compile(r"/events/\d+/$"))


def card_links(page: Any) -> list[str]:
    """The table cards' links on a cards page, as their QR codes hold them."""
    return page.locator(".table-card a.card-link").evaluate_all("(links) => links.map((a) => a.href)")


def round_cards(page: Any, url: str, event: Any, number: int) -> list[tuple[str, Any, Any]]:
    """Round `number`'s table cards as its cards page prints them (`page` signed in as one who
    runs the event): each card's link, its TableCard and its table's Game."""
    from tournaments.models import Game, TableCard

    page.goto(f"{url}/events/{event.pk}/rounds/{number}/cards/")
    found = []
    for link in card_links(page):
        card = TableCard.objects.get(event=event, access_token=re.search(r"/t/([^/]+)/", link).group(1))
        game = Game.objects.get(
            table__round__event=event, table__round__number=number, table__number=card.number
        )
        found.append((link, card, game))
    return found


def hand_confirmed_from_the_card(
    phone: Any, link: str, card: Any, game: Any, totals: tuple[int, int], hand: int
) -> None:
    """On `phone`, at the card's `link`, the game's first side enters hand `hand` as totals (one
    a side, in the game's order of sides) and the second side confirms it with its half of the
    card's code; the page then shows `hand` confirmed hands."""
    from playwright.sync_api import expect

    first, second = game.sides
    phone.goto(f"{link}?mode=total")
    phone.check(f"input[name=entered_by_side][value={first}]")
    for side, points in zip(game.sides, totals, strict=True):
        phone.fill(f"[name='{side}-total']", str(points))
    phone.tap("#save-hand")
    phone.wait_for_selector("button.confirm")
    phone.fill("input[name=code]", card.side_codes[second])
    phone.tap("button.confirm")
    expect(phone.locator(".confirmed")).to_have_count(hand)
