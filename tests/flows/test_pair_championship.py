"""A pair championship in a real browser: an officer creates a Swiss pairs championship of two
member clubs; each club's director enters two pairs from the club's settings; the officer seats
round 1 keeping the clubs apart; each table plays its hand from its card on a phone (one phone
in Arabic), the other side confirming with its half of the card's code; the officer finishes and
every entrant's federation rating counts one game.

Federation North: Avon and Brook are members. Avon enters "Al & Amy" and "Ada & Abe", Brook
"Bo & Bea" and "Bud & Bix"; nobody has played before (no ranking: Swiss round 1 pairs them as
entered). Four pairs make two tables; keeping the clubs apart, each table holds a pair of each
club (a table of one club's two pairs would be a meeting of the club). Without the option this
seating is Avon's two pairs at table 1 and Brook's at table 2 (tried once: the assertion fails).

The hand, typed as totals: at each table the first side scores 300, the second 120.
"""

from __future__ import annotations

import datetime
from collections import Counter

import pytest

from clubs.models import Federation, FederationClub, FederationOfficer, Membership, Person, Player
from clubs.names import name_words_key
from tests.support import cast
from tests.support.factories import ClubFactory, PlayerFactory, UserFactory
from tests.support.pages import (
    championship_created,
    figure,
    hand_confirmed_from_the_card,
    round_cards,
    table_rows,
    until,
)
from tournaments.models import Event, Game, PersonRating

pytestmark = pytest.mark.django_db(transaction=True)

PAIRS = {"avon": ("Al & Amy", "Ada & Abe"), "brook": ("Bo & Bea", "Bud & Bix")}
DIRECTORS = {"avon": "dora", "brook": "bree"}


@pytest.fixture
def north(db):
    north = Federation.objects.create(name="North", slug="north")
    FederationOfficer.objects.create(federation=north, user=UserFactory(username="olga"))
    for slug, pairs in PAIRS.items():
        club = ClubFactory(name=slug.title(), slug=slug)
        FederationClub.objects.create(federation=north, club=club, joined_on=datetime.date(2026, 11, 1))
        for pair in pairs:
            for name in pair.split(" & "):
                player = PlayerFactory(club=club, name=name)
                person = Person.objects.create(
                    federation=north, member_number=f"N-{name}", name=name, name_words=name_words_key(name)
                )
                Player.objects.filter(pk=player.pk).update(person=person)
        cast.member(club, DIRECTORS[slug], Membership.Role.DIRECTOR)
    return north


def _enter_pairs(browser, log_in, url, slug) -> None:
    """The club's director enters its pairs from Club settings → Championships → Enter players."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    log_in(page, DIRECTORS[slug])
    page.goto(f"{url}/clubs/{slug}/settings/")
    page.click("#club-championships a")
    page.fill("#id_pairs", "\n".join(PAIRS[slug]))
    page.click("#championship-entries button[type=submit]")
    page.wait_for_selector("text=Entered:")
    entered = set(page.locator("#club-entered li").all_inner_texts())
    assert entered == {name for pair in PAIRS[slug] for name in pair.split(" & ")}
    context.close()


def test_a_pair_championship_of_two_clubs_seated_apart_and_played_from_the_cards(
    desktop, phone, chromium, log_in, live_server, north
):

    url = live_server.url
    log_in(desktop, "olga")
    championship_created(desktop, url, name="North Pairs", host="Brook", hands=1, format="swiss")
    event = Event.objects.get(name="North Pairs")
    assert event.federation == north and event.format == Event.Format.SWISS and event.keep_clubs_apart

    for slug in PAIRS:
        _enter_pairs(chromium, log_in, url, slug)
    pairs = event.pairs.select_related("partnership__first__club", "partnership__second")
    assert {
        (p.partnership.first.club.slug, p.partnership.first.name, p.partnership.second.name) for p in pairs
    } == {
        ("avon", "Al", "Amy"),
        ("avon", "Ada", "Abe"),
        ("brook", "Bo", "Bea"),
        ("brook", "Bud", "Bix"),
    }

    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#start-round")
    desktop.wait_for_selector("#round-1 .tables")
    games = list(Game.objects.filter(table__round__event=event).order_by("table__number"))
    assert len(games) == 2
    for game in games:
        clubs = Counter(seat.player.club.slug for seat in game.table.seats.select_related("player__club"))
        assert clubs == {"avon": 2, "brook": 2}, f"table {game.table.number}: {clubs}"

    # Table 1 on an Arabic phone, table 2 on the English one.
    arabic = chromium.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="ar"
    )
    phones = {1: arabic.new_page(), 2: phone}
    phones[1].set_default_timeout(20_000)
    cards = round_cards(desktop, url, event, 1)
    assert len(cards) == 2
    for link, card, game in cards:
        page = phones[card.number]
        page.goto(link)
        if card.number == 1:
            assert page.get_attribute("html", "dir") == "rtl" and page.get_attribute("html", "lang") == "ar"
        hand_confirmed_from_the_card(page, link, card, game, (300, 120), 1)
        until(lambda game=game: Game.objects.get(pk=game.pk).game_over)
        first, second = game.sides
        assert Game.objects.get(pk=game.pk).totals == {first: 300, second: 120}
    arabic.close()

    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#finish-event")
    until(lambda: Event.objects.get(pk=event.pk).status == Event.Status.FINISHED)

    everyone = {name for pairs in PAIRS.values() for pair in pairs for name in pair.split(" & ")}
    until(
        lambda: set(PersonRating.objects.filter(games=1).values_list("person__name", flat=True)) == everyone,
        seconds=30,
    )
    desktop.goto(f"{url}/federations/north/ranking/")
    shown = {row["Player"]: figure(row["Games"]) for row in table_rows(desktop, "#federation-ranking")}
    assert shown == dict.fromkeys(everyone, 1)
