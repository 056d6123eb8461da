"""Accessibility in a real browser: axe-core (from the npm registry, `make axe` installs it into
tests/js/) run on the pages the players and the director use at the club, in English and in
Arabic (right to left), phone-sized. No serious or critical violation is allowed; besides axe,
text is at least 16 px and the controls at least 44 px each way (a link inside a sentence is
a word of it, not a control)."""

from __future__ import annotations

from tests.support import accessibility, browser, federation, public_rankings, variants
from tests.support.accessibility import _check
from tests.support.browser import _log_in
from tests.support.hands import HAND_A, HAND_B, HAND_TWO_OUT
from tournaments import services
from tournaments.models import Game

pytestmark = accessibility.pytestmark  # the browser, and axe-core
page = browser.page  # Playwright driving Debian's Chromium, phone-sized
public_club = public_rankings.public_club  # two seasons, two variants, results public
federation_north = federation.north  # three member clubs, one person at two
variant_game = variants.variant_game  # a seated game of a variant


# Chart.js has drawn every rating chart of the page.
RATING_CHARTS_DRAWN = """() => window.Chart
  && [...document.querySelectorAll('canvas.rating-chart')].every((c) => window.Chart.getChart(c))"""


# Every rule axe has for WCAG 2.0 to 2.2 (A and AA, target size included) and its best practices.
EVERY_RULE = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
EVERY_IMPACT = ("minor", "moderate", "serious", "critical")


def test_the_club_pages_pass_axe_in_english_and_arabic(page, live_server, league_night, alice):
    # The policy forbids the injected script (tests/site/test_browser_csp.py checks the pages under
    # it): this browser context lets axe in.
    context = page.context.browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    from tests.support.nights import _finish_round, _seats

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


def test_the_table_page_passes_every_axe_rule_in_english_and_arabic(
    page, live_server, club, players, variant_game, django_capture_on_commit_callbacks
):
    """The table page as scorers meet it, phone-sized, under every axe rule of any impact: a new
    hand in the three ways of entering, a refused hand back in the form, a correction, a
    tournament table with its entering side and a hand waiting for confirmation, Hand and Foot.
    axe reads the page scrolled to its end, where the hand form's sticky Save bar stands in its
    place (elsewhere it covers the fields it passes over, as a sticky bar does); a field reached
    by the keyboard scrolls clear of it (`_focus_clear_of_the_bar`)."""
    from tests.support.factories import EVENT_DATE
    from tournaments.models import TableCard

    context = page.context.browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    classic = variant_game("classic")
    services.hand_record(game=classic, asked=services.HandInput(number=1, entries=HAND_A))
    cup = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup", date=EVENT_DATE, variant="classic", players=players[4:8], kind="tournament"
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=cup)
    played = Game.objects.get(table__round__event=cup)
    services.hand_record(
        game=played, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS")
    )
    card = TableCard.objects.get(event=cup, number=played.table.number)
    feet = variant_game("hand-and-foot")
    link = f"/t/{classic.table.access_token}/"
    pages = {
        "points and canastas": f"{link}?mode=summary&saved=1",
        "count the cards": f"{link}?mode=cards",
        "total only": f"{link}?mode=total",
        "a correction": f"{link}?hand=1",
        "tournament card": f"/t/{card.access_token}/",
        "hand and foot": f"/t/{feet.table.access_token}/",
    }
    problems: list[str] = []
    for language in ("en", "ar"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        for name, path in pages.items():
            page.goto(f"{live_server.url}{path}")
            assert page.evaluate("() => document.documentElement.lang") == language
            problems += _focus_clear_of_the_bar(page, f"{language} {name}")
            page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
            problems += _check(page, f"{language} {name}", EVERY_IMPACT, EVERY_RULE)
        # A refused hand back in the form, its reasons by the fields (two sides went out).
        page.goto(f"{live_server.url}{link}?mode=summary")
        for side in ("NS", "EW"):
            for field, value in HAND_TWO_OUT[side].items():
                if value is True:
                    page.locator(f"[name='{side}-{field}']").check()
                else:
                    page.fill(f"[name='{side}-{field}']", str(value))
        page.tap("#save-hand")
        page.wait_for_selector("#form-errors")
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        problems += _check(page, f"{language} refused hand", EVERY_IMPACT, EVERY_RULE)
    context.close()
    assert not problems, "\n".join(problems)


def _focus_clear_of_the_bar(page, where: str) -> list[str]:
    """Each field of the hand form, reached from the keyboard (focused from the page's top),
    stands clear of the sticky Save bar (WCAG 2.2, 2.4.11 focus not obscured)."""
    return [
        f"{where}: {name} under the Save bar"
        for name in page.evaluate(
            """() => {
              const hidden = [];
              const fields = document.querySelectorAll(
                '#hand-form input:not([type=hidden]), #hand-form select');
              for (const field of fields) {
                window.scrollTo(0, 0);
                field.focus();
                const bar = field.form.querySelector('.buttons').getBoundingClientRect();
                const box = field.getBoundingClientRect();
                const under = box.bottom > bar.top && box.top < bar.bottom;
                if (under && field.checkVisibility()) hidden.push(field.name);
              }
              document.activeElement.blur();
              return hidden;
            }"""
        )
    ]


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
    """What a visitor opens of a federation whose ranking is public: its page, its ranking, each
    person with their clubs and the rule open, and a person's page with their rating chart."""
    from clubs.models import Federation, Person

    Federation.objects.filter(pk=federation_north.pk).update(ranking_public=True)
    context = page.context.browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    pia = Person.objects.get(member_number="N-PIA")
    pages = {
        "federation": ("/federations/north/", "#front-ranking"),
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
    from tests.support.nights import _finish_round

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
