"""Two Hand and Foot nights in a real browser, every hand of two games entered at the table
page on a phone (390×844) from the table cards, as the README says: the fields typed, *Check
score*, then *Save*, hand after hand.

- Three players each alone (rules.md §6a): six players at two tables of three, seated by the
  event at `1+1+1`; a game is Pagat's four deals (S2), its pack four decks (one more than the
  players).
- Played to a target (rules.md §6a, Pagat's variations): the house rules set on New event
  (no fixed number of deals, a target of 10 000, the initial-meld minimums by score band), so a
  game goes on past four deals until a side reaches the target.

Every score is worked by hand below from rules.md §1.3 (clean book 500, dirty 300, wild 1500,
going out 100; the cards melded counted for the side, those left in hand against it).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.hands import HF_FOUR
from tests.support.pages import round_cards, until
from tournaments.models import Event, Game, Hand

pytestmark = pytest.mark.django_db(transaction=True)

BOOKS_OUT = {"natural_canastas": 2, "mixed_canastas": 2, "wild_canastas": 1, "went_out": True}


def _create(
    desktop, url: str, club, players, name: str, shape: str = "", rules: dict[str, str] | None = None
):
    """New event of Hand and Foot, its house rules typed into their controls; round 1 seated."""
    desktop.goto(f"{url}/clubs/{club.slug}/events/new/")
    desktop.fill("#id_name", name)
    desktop.fill("#id_date", "2026-12-04")
    desktop.select_option("#id_variant", "hand-and-foot")
    if shape:
        desktop.select_option("#id_table_shape", shape)
    for field, value in (rules or {}).items():
        desktop.fill(f"#id_{field}", value)  # shown by the page's script for Hand and Foot
    for player in players:
        desktop.check(f"input[name=players][value='{player.pk}']")
    desktop.click("#create-event")
    desktop.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Event.objects.get(name=name)
    desktop.click("#start-round")
    desktop.wait_for_selector("#round-1 .tables")
    return event


def _enter(phone, number: int, hand: dict[str, dict[str, Any]], scores: dict[str, int]) -> str:
    """Type `hand`'s entries, check its score against the worked `scores`, then save it: what
    *Check score* said of the game's end ("" while it goes on)."""
    for side, entry in hand.items():
        for field, value in entry.items():
            if value is True:
                phone.tap(f"[name='{side}-{field}']")
            else:
                phone.fill(f"[name='{side}-{field}']", str(value))
    phone.tap("text=Check score")
    for side, score in scores.items():
        shown = phone.locator(f"#preview [data-side={side}] .preview-score")
        shown.wait_for()
        assert shown.inner_text() == f"{score:+d}".replace("-", "\u2212"), (number, side)  # a true minus
    result = phone.locator("#preview .result")
    said = result.inner_text() if result.count() else ""
    phone.tap("#save-hand")
    phone.wait_for_selector(f"text=Hand {number} saved:")
    return said


# --- three players each alone ---------------------------------------------------------------------


def _alone_deal(deal: int, table: int) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
    """Deal `deal` at table `table`: the player who goes out turns N, E, S, N. The one out has
    Pagat's books and holds nothing (alone, §4 #18): melds M = 900 + 100 x (table - 1), scores
    M + 1000 + 600 + 1500 + 100 = M + 3200. The next has a clean book, melds 300 and holds 60:
    300 - 60 + 500 = 740. The last melds 160 and holds 90: 70. (160 meets deal 4's 150.)"""
    sides = ("N", "E", "S")
    out, second, third = (sides[(deal - 1 + i) % 3] for i in range(3))
    melded = 900 + 100 * (table - 1)
    hand = {
        out: {**BOOKS_OUT, "melded_points": melded},
        second: {"natural_canastas": 1, "melded_points": 300, "hand_points": 60},
        third: {"melded_points": 160, "hand_points": 90},
    }
    return hand, {out: melded + 3200, second: 740, third: 70}


def test_hand_and_foot_for_three_players_alone(desktop, phone, log_in, live_server, club, alice, players):
    url = live_server.url
    log_in(desktop, "alice")
    event = _create(desktop, url, club, players[:6], "Feet of three", shape="1+1+1")
    assert event.table_shape == "1+1+1"
    cards = round_cards(desktop, url, event, 1)
    assert len(cards) == 2  # six players: two tables of three, no one sits out
    for link, card, game in cards:
        assert (game.variant, game.sides, game.players) == ("hand-and-foot", ["N", "E", "S"], 1)
        phone.goto(link)
        assert phone.locator(".scoreboard .side-players").count() == 3
        said = [_enter(phone, deal, *_alone_deal(deal, card.number)) for deal in (1, 2, 3, 4)]
        assert said == ["", "", "", "This hand ends the game: N wins."]  # after four deals
        game.refresh_from_db()
        # Four deals, Pagat's game (S2). With M = 900 or 1000: N out twice, 2M + 6400, then third
        # (70) and second (740): 2M + 7210; E: 740 + M + 3200 + 70 + 740 = M + 4750; S: 70 +
        # 740 + M + 3200 + 70 = M + 4080.
        m = 900 + 100 * (card.number - 1)
        assert game.totals == {"N": 2 * m + 7210, "E": m + 4750, "S": m + 4080}
        assert game.game_over and game.winner == "N"
    assert Hand.objects.filter(game__table__round__event=event).count() == 8


# --- played to a target ----------------------------------------------------------------------------

TO_A_TARGET = {
    "rule_deals": "0",
    "rule_target": "10000",
    "rule_initial_meld_table_below_1": "3000",
    "rule_initial_meld_table_minimum_1": "50",
    "rule_initial_meld_table_below_2": "6000",
    "rule_initial_meld_table_minimum_2": "90",
    "rule_initial_meld_table_top": "120",
}


def _target_deal(deal: int) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
    """NS goes out in odd deals, EW in even ones, with Pagat's books, melding 1000, the partner
    holding 10: 1000 - 10 + 1000 + 600 + 1500 + 100 = 4190; the other side a clean book, 300
    melded (over every band's minimum), 60 in hand: 740."""
    out, other = ("NS", "EW") if deal % 2 else ("EW", "NS")
    hand = {
        out: {**BOOKS_OUT, "melded_points": 1000, "hand_points": 10},
        other: {"natural_canastas": 1, "melded_points": 300, "hand_points": 60},
    }
    return hand, {out: 4190, other: 740}


def test_hand_and_foot_played_to_a_target(desktop, phone, log_in, live_server, club, alice, players):
    url = live_server.url
    log_in(desktop, "alice")
    event = _create(desktop, url, club, players[:8], "Feet to ten thousand", rules=TO_A_TARGET)
    assert event.options == {
        "target": 10000,
        "deals": 0,
        "initial_meld_table": [
            {"below": 3000, "minimum": 50},
            {"below": 6000, "minimum": 90},
            {"minimum": 120},
        ],
    }
    cards = round_cards(desktop, url, event, 1)
    assert len(cards) == 2
    card_page = desktop.locator(".table-card").first.inner_text()
    assert "10000" in card_page.replace(",", "").replace("\u202f", "")  # game to 10 000
    for link, _card, game in cards:
        phone.goto(link)
        said = [_enter(phone, deal, *_target_deal(deal)) for deal in (1, 2, 3, 4)]
        # After four deals each side has 2 x 4190 + 2 x 740 = 9860: the game goes on, where a
        # game of four deals would end; both are in the top band now, minimum 120.
        assert said == ["", "", "", ""]
        game.refresh_from_db()
        assert game.totals == {"NS": 9860, "EW": 9860} and not game.game_over
        assert game.initial_meld == {"NS": 120, "EW": 120}
        minimums = phone.locator(".side-minimum strong").all_inner_texts()
        assert minimums == ["120", "120"]
        # NS out again: 9860 + 4190 = 14050 reaches 10 000; EW 9860 + 740 = 10600.
        assert _enter(phone, 5, *_target_deal(5)) == "This hand ends the game: NS wins."
        until(lambda game=game: Game.objects.get(pk=game.pk).game_over)
        game.refresh_from_db()
        assert game.totals == {"NS": 14050, "EW": 10600} and game.winner == "NS"
    assert Hand.objects.filter(game__table__round__event=event).count() == 10


# --- four players each alone, on a phone and on the hall board --------------------------------------

# Four alone (5 decks): N 4050, E 655, S 30, W -85, worked in test_player_counts.py.
FOUR_ALONE = HF_FOUR


def test_four_players_alone_fit_a_phone_and_the_board(
    desktop, phone, log_in, live_server, club, alice, players
):
    from tournaments import selectors

    url = live_server.url
    log_in(desktop, "alice")
    event = _create(desktop, url, club, players[:8], "Four feet", shape="1+1+1+1")
    (link, _card, game), _second = round_cards(desktop, url, event, 1)
    assert game.sides == ["N", "E", "S", "W"]
    phone.goto(link)
    # Four columns on a 390-pixel screen: nothing runs off its side, and every - and + of a
    # count is still a 44-pixel target, under its number.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # A line of the pad holds the four sides side by side, as the paper sheet's columns.
    boxes = [phone.locator(f"[name='{side}-melded_points']").bounding_box() for side in game.sides]
    assert len({round(box["y"]) for box in boxes}) == 1
    assert [box["x"] for box in boxes] == sorted(box["x"] for box in boxes)
    widths = phone.locator(".pad .step").evaluate_all(
        "(steps) => steps.map((s) => s.getBoundingClientRect().width)"
    )
    assert widths and min(widths) >= 44
    _enter(phone, 1, *FOUR_ALONE)
    game.refresh_from_db()
    assert game.totals == FOUR_ALONE[1]
    desktop.goto(f"{url}/board/{selectors.board_token(event=Event.objects.get(pk=event.pk))}/")
    table = desktop.locator(f"#board-table-{game.table.number}")
    assert table.locator(".hall-side").count() == 4
    assert table.locator("[data-side=N] .hall-score").inner_text().replace("\u202f", "") == "N 4050"
