"""Accessibility in a real browser: axe-core (from the npm registry, `make axe` installs it into
tests/js/) run on the pages the players and the director use at the club, in English and in
Arabic (right to left), phone-sized. No serious or critical violation is allowed; besides axe,
text is at least 16 px and the controls at least 44 px each way (a link inside a sentence is
a word of it, not a control)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.flows import test_public_rankings
from tests.support.hands import HAND_A, HAND_B
from tests.tournaments.services import test_federation_ranking
from tests.tournaments.web import test_browser
from tests.tournaments.web.test_browser import _log_in
from tournaments import services
from tournaments.models import Game

AXE = Path(__file__).resolve().parents[1] / "js" / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = list(test_browser.pytestmark)
if not AXE.exists():
    if os.environ.get("CI") or os.environ.get("REQUIRE_INTEGRATION"):
        raise RuntimeError(f"{AXE} is missing: run `make axe` (npm ci in tests/js)")
    pytestmark.append(pytest.mark.skip(reason="axe-core is not installed (make axe)"))
page = test_browser.page  # Playwright driving Debian's Chromium, phone-sized
public_club = test_public_rankings.public_club  # two seasons, two variants, results public
federation_north = test_federation_ranking.north  # three member clubs, one person at two

# What a person reading and tapping needs, beyond axe's rules.
SIZES = """() => {
  const problems = [];
  const visible = (el) => {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim(), el = walker.currentNode.parentElement;
    if (!text || !el || !visible(el) || el.closest('.visually-hidden, svg, script, style')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 15.95) problems.push(`text ${size}px: ${el.tagName} "${text.slice(0, 30)}"`);
  }
  // A link inside a sentence is a word of it, not a control (WCAG 2.5.5's exception).
  const inSentence = (a) => {
    const p = a.parentElement;
    return p && p.textContent.trim() !== a.textContent.trim() && !p.matches('nav, td, th');
  };
  const controls = 'button, select, summary, a[href], input:not([type=hidden])';
  document.querySelectorAll(controls).forEach((el) => {
    if (!visible(el) || el.closest('.visually-hidden') || (el.matches('a') && inSentence(el))) return;
    // A box or a round button is tapped through its label.
    const target = el.matches('[type=checkbox], [type=radio]') ? el.closest('label') || el : el;
    const r = target.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      const name = el.name || el.id || el.textContent.trim().slice(0, 30);
      problems.push(`target ${Math.round(r.width)}x${Math.round(r.height)}: ${el.tagName} ${name}`);
    }
  });
  return problems;
}"""

# Chart.js has drawn every rating chart of the page.
RATING_CHARTS_DRAWN = """() => window.Chart
  && [...document.querySelectorAll('canvas.rating-chart')].every((c) => window.Chart.getChart(c))"""


def _check(page, where: str, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """axe's violations of `impacts` on the page, and the SIZES problems, each named by `where`."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => JSON.stringify(await axe.run(document))")
    problems = [
        f"{where}: {v['id']} ({v['impact']}) {v['help']}: "
        + "; ".join(
            node["target"][0] if isinstance(node["target"][0], str) else str(node["target"])
            for node in v["nodes"][:3]
        )
        for v in json.loads(result)["violations"]
        if v["impact"] in impacts
    ]
    problems += [f"{where}: {p}" for p in page.evaluate(SIZES)]
    return problems


def test_the_club_pages_pass_axe_in_english_and_arabic(page, live_server, league_night, alice):
    # The policy forbids the injected script (tests/site/test_browser_csp.py checks the pages under
    # it): this browser context lets axe in.
    context = page.context.browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    from tests.tournaments.web.test_player_page import _finish_round, _seats

    _finish_round(league_night)  # table 1 and 2 finished: standings, ratings, a player's history
    north, _, _ = _seats(league_night)
    services.round_start(event=league_night)
    game = Game.objects.filter(table__round__event=league_night, table__round__number=2).first()
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    _log_in(page, live_server, "alice")
    pages = {
        "table, points and canastas": f"/games/{game.pk}/?saved=1",
        "table, count the cards": f"/games/{game.pk}/?mode=cards",
        "table, total only": f"/games/{game.pk}/?mode=total",
        "table link": f"/t/{game.table.access_token}/?saved=1",
        "event": f"/events/{league_night.pk}/",  # a table in play: Seat the next round disabled, its reason
        "new event": f"/clubs/{league_night.club.slug}/events/new/",
        "standings": f"/events/{league_night.pk}/standings/",
        "event ranking": f"/events/{league_night.pk}/ranking/",
        "club rankings": f"/clubs/{league_night.club.slug}/rankings/",
        "player": f"/players/{north.pk}/",
        "table cards": f"/events/{league_night.pk}/rounds/2/cards/",
    }
    problems: list[str] = []
    for language in ("en", "ar"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        for name, path in pages.items():
            page.goto(f"{live_server.url}{path}")
            assert page.evaluate("() => document.documentElement.lang") == language
            if name.startswith("table,") and path.endswith("saved=1"):
                page.locator("#more-fields > summary").tap()  # the rare fields too
            problems += _check(page, f"{language} {name}")
    context.close()
    assert not problems, "\n".join(problems)


def test_the_stage_pages_pass_axe_in_english_and_arabic(page, live_server, club, alice, players):
    """The event page with its stages, the proposal to confirm and the form to add a stage; a
    knockout's bracket with a level game for the director to decide; the final order."""
    from clubs.services import pair_requests_from_text
    from tests.support.factories import EVENT_DATE

    context = page.context.browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    night = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Final night", date=EVENT_DATE, variant="classic", hands_per_round=1, players=players[:8]
        ),
    )
    services.stage_add(event=night, name="Qualifying", kind="rounds", planned_rounds=1)
    services.stage_add(
        event=night, name="Final", kind="final_table", qualify="best", qualifiers=4, planned_rounds=1
    )
    services.round_start(event=night)
    for game in Game.objects.filter(table__round__event=night):
        services.hand_record(
            game=game,
            asked=services.HandInput(number=1, entries={"NS": {"total": 300}, "EW": {"total": 120}}),
        )
    text = "\n".join(f"{players[i].name} & {players[i + 1].name}" for i in range(8, 16, 2))
    cup = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=1,
            format="swiss",
            players=[],
            pairs=pair_requests_from_text(text),
        ),
    )
    knockout = services.stage_add(event=cup, name="Cup", kind="knockout")
    services.stage_entrants_confirm(stage=knockout, entrants=[1, 2, 3, 4])
    services.round_start(event=cup)
    first, level = Game.objects.filter(table__round__event=cup).order_by("table__number")
    services.hand_record(
        game=first, asked=services.HandInput(number=1, entries={"NS": {"total": 300}, "EW": {"total": 120}})
    )
    services.hand_record(
        game=level, asked=services.HandInput(number=1, entries={"NS": {"total": 200}, "EW": {"total": 200}})
    )
    _log_in(page, live_server, "alice")
    pages = {  # each with what it is checked for
        "event with stages": (f"/events/{night.pk}/", "#stage-entrants"),
        "final order": (f"/events/{night.pk}/standings/", "#final-order-table"),
        "knockout event": (f"/events/{cup.pk}/", "#bracket-link-1"),
        "bracket": (f"/events/{cup.pk}/stages/1/bracket/", "#decide-1-2-2"),
        "level knockout game": (f"/games/{level.pk}/", "#knockout-decide"),
    }
    problems: list[str] = []
    for language in ("en", "ar"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        for name, (path, landmark) in pages.items():
            page.goto(f"{live_server.url}{path}")
            assert page.locator(landmark).count() == 1, f"{name}: {landmark}"
            if page.locator("#stage-add-box").count():
                page.locator("#stage-add-box > summary").tap()  # the form to add a stage too
            problems += _check(page, f"{language} {name}")
    context.close()
    assert not problems, "\n".join(problems)


def test_the_public_ranking_pages_pass_axe_in_english_and_arabic(page, live_server, public_club):
    """What a visitor (signed out) opens of a club whose results are public: the ranking with
    its controls (and their error for a period that ends before it starts) and its rule open,
    a player's page with a rating chart for each of two variants, a season table, and the
    player's night that the player's page opens."""
    from tournaments.models import Event, Season

    context = page.context.browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    autumn = Season.objects.get(club=public_club, name="Autumn")
    fay = public_club.players.get(name="Fay")
    night = Event.objects.get(club=public_club, name="Autumn Samba 2")
    rankings = f"/clubs/{public_club.slug}/rankings/"
    pages = {  # each with what it is checked for
        "ranking": (f"{rankings}?variant=samba&season={autumn.pk}", "#rankings tbody tr >> nth=3"),
        "ranking, a period backwards": (f"{rankings}?from=2026-12-01&to=2026-11-01", "#ranking-query .error"),
        "player with two ratings": (f"/players/{fay.pk}/", "#rating-samba canvas.rating-chart"),
        "season table": (f"/seasons/{autumn.pk}/", "#season tbody tr >> nth=3"),
        "player's night": (f"/events/{night.pk}/players/{fay.pk}/", "#night-figures"),
    }
    problems: list[str] = []
    for language in ("en", "ar"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        for name, (path, landmark) in pages.items():
            page.goto(f"{live_server.url}{path}")
            assert page.evaluate("() => document.documentElement.lang") == language
            assert page.locator(landmark).count() == 1, f"{name}: {landmark}"
            if page.locator("#how-ranking-works").count():
                page.locator("#how-ranking-works > summary").tap()  # the rule too
            if page.locator("canvas.rating-chart").count():
                assert page.locator("canvas.rating-chart").count() == 2
                page.wait_for_function(RATING_CHARTS_DRAWN)
            problems += _check(page, f"{language} {name}")
    context.close()
    assert not problems, "\n".join(problems)


def test_the_federation_ranking_pages_pass_axe_in_english_and_arabic(page, live_server, federation_north):
    """What a visitor opens of a federation whose ranking is public: its ranking, each person
    with their clubs and the rule open, and a person's page with their rating chart."""
    from clubs.models import Federation, Person

    Federation.objects.filter(pk=federation_north.pk).update(ranking_public=True)
    context = page.context.browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    pia = Person.objects.get(member_number="N-PIA")
    pages = {
        "federation ranking": ("/federations/north/ranking/", "#federation-ranking tbody tr >> nth=10"),
        "person": (f"/federations/north/people/{pia.pk}/", "#rating-classic canvas.rating-chart"),
    }
    problems: list[str] = []
    for language in ("en", "ar"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        for name, (path, landmark) in pages.items():
            page.goto(f"{live_server.url}{path}")
            assert page.locator(landmark).count() == 1, f"{name}: {landmark}"
            if page.locator("#how-ranking-works").count():
                page.locator("#how-ranking-works > summary").tap()
            if page.locator("canvas.rating-chart").count():
                page.wait_for_function(RATING_CHARTS_DRAWN)
            problems += _check(page, f"{language} {name}")
    context.close()
    assert not problems, "\n".join(problems)


def test_the_hall_board_passes_axe_in_english_and_arabic(page, live_server, club, league_night, players):
    """The room's screen, 1920 x 1080, during a round (a hand saved, a player sitting out) and
    at its end (the round's results), with the public pages' QR code."""
    from tests.tournaments.web.test_player_page import _finish_round

    club.results_public = True
    club.save(update_fields=["results_public"])
    services.participant_add(event=league_night, player=players[8])
    _finish_round(league_night)
    services.round_start(event=league_night)
    games = list(Game.objects.filter(table__round__event=league_night, table__round__number=2))
    services.hand_record(game=games[0], asked=services.HandInput(number=1, entries=HAND_A))
    context = page.context.browser.new_context(viewport={"width": 1920, "height": 1080}, bypass_csp=True)
    board = context.new_page()
    problems: list[str] = []
    for moment in ("playing", "round over"):
        if moment == "round over":
            _finish_round_two(games)
        for language in ("en", "ar"):
            context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
            board.goto(f"{live_server.url}/events/{league_night.pk}/board/")
            assert board.locator("#board-qr svg").count() == 1
            assert board.locator("#board-results").count() == (moment == "round over")
            problems += _check(board, f"{language} hall board, {moment}")
    context.close()
    assert not problems, "\n".join(problems)


def _finish_round_two(games):
    """Every game of round 2 to its four hands (the first has hand 1 already)."""
    for game in games:
        for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
            if not game.hands.filter(number=number).exists():
                services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))
