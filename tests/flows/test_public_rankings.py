"""A visitor on a phone, signed out, finds a public club's ranking of one variant over one
season, a player in it and that player's night: every step a tap from the home page.

Every night is one game of two fixed pairs, one hand typed as totals, and hands per round is
1, so the game ends on that hand: the higher total wins (victory points: the default scale,
2 for a win, 0 for a loss). Winter is the current season (its nights are the latest) and
Classic the club's default variant, so the page opens on Winter's Classic ranking and the
visitor has to choose Autumn and Samba.

    night            date     season  variant  pairs (total)
    Autumn Classic   Nov 2    Autumn  classic  Ann & Bea 300  v  Cal & Dan 120
    Autumn Samba 1   Nov 9    Autumn  samba    Eve & Fay 800  v  Gus & Hal 400
    Autumn Samba 2   Nov 16   Autumn  samba    Fay & Hal 650  v  Eve & Gus 500
    Winter Samba     Dec 7    Winter  samba    Ann & Cal 900  v  Ivy & Jo 300
    Winter Classic   Dec 14   Winter  classic  Eve & Ivy 200  v  Fay & Jo 100

Samba, Autumn (nights 2 and 3), games, wins, points:
    Eve 2, 1, 1300   Fay 2, 2, 1450   Gus 2, 0, 900   Hal 2, 1, 1050
Ann and Cal played Samba only in Winter; Bea and Dan only Classic; Ivy and Jo only in Winter.
Classic, Winter (night 5): Eve, Fay, Ivy and Jo, one game each.
"""

from __future__ import annotations

import re

import pytest

from tests.support import public_rankings
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)
public_club = public_rankings.public_club  # two seasons, two variants, results public


# Samba over Autumn: games, wins, points (worked above).
AUTUMN_SAMBA = {"Eve": (2, 1, 1300), "Fay": (2, 2, 1450), "Gus": (2, 0, 900), "Hal": (2, 1, 1050)}
WINTER_CLASSIC = {"Eve", "Fay", "Ivy", "Jo"}

# The ranking table as the page has it: a row per player, each cell's text by its heading
# (the columns a phone hides included).
TABLE_ROWS = """() => {
  const table = document.querySelector('#rankings');
  const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim());
  return [...table.querySelectorAll('tbody tr')].map((tr) =>
    Object.fromEntries([...tr.querySelectorAll('td')].map((td, i) => [heads[i], td.textContent.trim()])));
}"""

TERMS = """(dl) => [...dl.querySelectorAll('dt')].map(
  (dt) => [dt.innerText.trim(), dt.nextElementSibling.innerText.trim()])"""


def _rows(page) -> dict[str, dict[str, str]]:
    return {row["Player"]: row for row in page.evaluate(TABLE_ROWS)}


def _terms(dl) -> dict[str, str]:
    """A description list's terms and their descriptions, as shown."""
    return dict(dl.evaluate(TERMS))


def _number(text: str) -> int:
    return int(re.sub(r"\D", "", text))


def test_a_visitor_finds_a_seasons_variant_ranking_a_player_and_their_night(phone, live_server, public_club):
    url = live_server.url
    fay = public_club.players.get(name="Fay")
    night = Event.objects.get(name="Autumn Samba 2")

    # Signed out, from the home page: the public club, its results, all its rankings.
    phone.goto(f"{url}/")
    clubs = phone.locator("#public-clubs")
    assert "Hidden Hollow" not in clubs.inner_text()
    clubs.get_by_role("link", name=public_club.name).tap()
    phone.wait_for_url(f"{url}/clubs/{public_club.slug}/results/")
    phone.get_by_role("link", name="All player rankings").tap()
    phone.wait_for_url(f"{url}/clubs/{public_club.slug}/rankings/")

    # It opens on the current season (Winter) and the default variant (Classic).
    assert set(_rows(phone)) == WINTER_CLASSIC

    # The visitor chooses Samba and Autumn and asks for them.
    query = phone.locator("#ranking-query")
    for name, label in (("variant", "Samba"), ("season", "Autumn")):
        select = query.locator(f"select[name={name}]")
        select.select_option(select.locator("option", has_text=label).get_attribute("value"))
    query.get_by_role("button", name="Show").tap()
    phone.wait_for_url(re.compile(r"/rankings/\?.*variant=samba"))

    # Exactly the hand-worked players of Samba in Autumn, with their games, wins and points;
    # neither Autumn's Classic players nor Winter's Samba players.
    rows = _rows(phone)
    assert set(rows) == set(AUTUMN_SAMBA)
    for name, (games, wins, points) in AUTUMN_SAMBA.items():
        row = rows[name]
        assert (_number(row["Games"]), _number(row["Wins"]), _number(row["Points"])) == (games, wins, points)
    table = phone.locator("#rankings")
    for name in ("Ann", "Bea", "Cal", "Dan", "Ivy", "Jo"):
        assert table.get_by_role("link", name=name, exact=True).count() == 0
    scope = phone.locator("#ranking-scope").inner_text()
    assert "Samba" in scope and "Autumn" in scope

    # The visitor taps Fay: her page, whose recent events open her night in each.
    table.get_by_role("link", name="Fay", exact=True).tap()
    phone.wait_for_url(f"{url}/players/{fay.pk}/")
    assert phone.locator("h1").inner_text() == "Fay"
    recent = phone.locator("#recent-events")
    assert set(recent.get_by_role("link").all_inner_texts()) == {
        "Autumn Samba 1",
        "Autumn Samba 2",
        "Winter Classic",
    }
    recent.get_by_role("link", name="Autumn Samba 2").tap()

    # Fay's night at Autumn Samba 2: Fay & Hal 650 against Eve & Gus 500, a win (2 VP).
    phone.wait_for_url(f"{url}/events/{night.pk}/players/{fay.pk}/")
    assert phone.locator("h1").inner_text() == "Fay"
    assert "Autumn Samba 2" in phone.locator(".crumbs").inner_text()
    figures = _terms(phone.locator("#night-figures"))
    assert (_number(figures["Points"]), _number(figures["Victory points"])) == (650, 2)
    round_one = _terms(phone.locator("#night-rounds .night-lines").first)
    assert round_one["Partners"] == "Hal" and round_one["Result"] == "Won"
    assert re.findall(r"\d+", round_one["Score"]) == ["650", "500"]
