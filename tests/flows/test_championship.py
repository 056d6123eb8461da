"""A federation's championship in a real browser: an officer creates it from the federation's
page, qualifies the top four of each of its three member clubs' rankings, seats it keeping the
clubs apart;
scorers play every table from its card on a phone; a club's director follows from the club's
settings; the officer finishes it and the federation's ranking moves.

Federation North: Avon, Brook and Cove are members, Lonely is not. Before the championship each
member club played one night of two tables (fixed pairs, one hand each, hands per round 1),
every player linked to a person of North:

    Avon   Al & Amy 500 v Ada & Abe 100      Ari & Ava 400 v Ann & Ash 200
    Brook  Bo & Bea 600 v Bud & Bix 100      Ben & Bel 300 v Bob & Bay 200
    Cove   Cy & Cat 350 v Cid & Cal 150      Cob & Coe 450 v Col & Cam 50

So each club's ranking (one game each: everyone provisional) lists its four winners by name
first: Avon's top four are Al, Amy, Ari, Ava; Brook's Bea, Bel, Ben, Bo; Cove's Cat, Cob, Coe, Cy.

The championship: individual, Classic, 2 hands a round, the other side confirming each hand with
its half of the table card's code (the default), two rounds.
Twelve entrants, four of each club, at three tables of four. A table of four from three clubs
holds at least one two of a club; two of one club and one each of the others (one meeting of a
club) is the fewest, and keeping clubs apart seats every table so (a table of two and two makes
two meetings, three and one three). Each round's hands are typed as totals, by table:

    table 1: hand 1 first side 300, second 120; hand 2: 250 and 90   (first side 550 - 210)
    table 2: hand 1 first side 80, second 400;  hand 2: 100 and 220  (second side 620 - 180)
    table 3: hand 1 first side 200, second 200; hand 2: 150 and 60   (first side 350 - 260)

Every entrant's federation rating then counts two more games; the federation's ranking page
shows it, every place marked provisional (three games at most of the ten that rank a player).
"""

from __future__ import annotations

import datetime
from collections import Counter

import pytest

from clubs.models import Federation, FederationClub, FederationOfficer, Membership, Person, Player
from clubs.names import name_words_key
from clubs.services import pair_requests_from_text
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
from tournaments import services
from tournaments.models import Event, Game, PersonRating

pytestmark = pytest.mark.django_db(transaction=True)

NIGHTS = {
    "avon": ("Al & Amy", "Ada & Abe", "Ari & Ava", "Ann & Ash", (500, 100), (400, 200)),
    "brook": ("Bo & Bea", "Bud & Bix", "Ben & Bel", "Bob & Bay", (600, 100), (300, 200)),
    "cove": ("Cy & Cat", "Cid & Cal", "Cob & Coe", "Col & Cam", (350, 150), (450, 50)),
}
TOP_FOUR = {
    "avon": {"Al", "Amy", "Ari", "Ava"},
    "brook": {"Bea", "Bel", "Ben", "Bo"},
    "cove": {"Cat", "Cob", "Coe", "Cy"},
}
HANDS = {1: ((300, 120), (250, 90)), 2: ((80, 400), (100, 220)), 3: ((200, 200), (150, 60))}


def _club_night(club, pairs, totals) -> None:
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name=f"{club.name} night",
            date=datetime.date(2026, 11, 5),
            variant="classic",
            hands_per_round=1,
            format=Event.Format.ROUND_ROBIN,
            pairs=pair_requests_from_text("\n".join(pairs)),
        ),
    )
    round_ = services.round_start(event=event)
    for game in Game.objects.filter(table__round=round_):
        side_of = {seat.player.name: seat.side for seat in game.table.seats.select_related("player")}
        # The table's winners: the first pair of the table's two (pairs 1 v 2, pairs 3 v 4).
        first, won, lost = next(
            (pair, *scores)
            for pair, scores in ((pairs[0], totals[0]), (pairs[2], totals[1]))
            if pair.split(" & ")[0] in side_of
        )
        winning = side_of[first.split(" & ")[0]]
        entries = {side: {"total": won if side == winning else lost} for side in game.sides}
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=entries))
    services.event_finish(event=event)


def _play_round(desktop, phone, url, event, number) -> None:
    """Each table of round `number` plays its two hands (`HANDS`, by table) from its card on a
    phone: the first side enters each hand, the second confirms it with its half of the card's
    code."""
    cards = round_cards(desktop, url, event, number)
    assert len(cards) == 3
    for link, card, game in cards:
        for hand, totals in enumerate(HANDS[card.number], start=1):
            hand_confirmed_from_the_card(phone, link, card, game, totals, hand)
        until(lambda game=game: Game.objects.get(pk=game.pk).game_over)


@pytest.fixture
def north(db):
    north = Federation.objects.create(name="North", slug="north")
    FederationOfficer.objects.create(federation=north, user=UserFactory(username="olga"))
    ClubFactory(name="Lonely", slug="lonely")
    for slug, (p1, p2, p3, p4, t1, t2) in NIGHTS.items():
        club = ClubFactory(name=slug.title(), slug=slug)
        FederationClub.objects.create(federation=north, club=club, joined_on=datetime.date(2026, 11, 1))
        for pair in (p1, p2, p3, p4):
            for name in pair.split(" & "):
                player = PlayerFactory(club=club, name=name)
                person = Person.objects.create(
                    federation=north, member_number=f"N-{name}", name=name, name_words=name_words_key(name)
                )
                Player.objects.filter(pk=player.pk).update(person=person)
        _club_night(club, (p1, p2, p3, p4), (t1, t2))
    cast.member(north.clubs.get(club__slug="brook").club, "bree", Membership.Role.DIRECTOR)
    return north


def test_an_officer_runs_a_championship_of_two_clubs_kept_apart_and_the_federations_ranking_moves(
    desktop, phone, log_in, live_server, north
):
    url = live_server.url
    until(lambda: PersonRating.objects.filter(person__federation=north).count() == 24)
    games_before = dict(PersonRating.objects.values_list("person__name", "games"))
    assert set(games_before.values()) == {1}

    log_in(desktop, "olga")
    championship_created(desktop, url, name="North Open", host="Avon", hands=2)
    event = Event.objects.get(name="North Open")
    assert event.federation == north and event.club.slug == "avon"

    # The top four of each club's ranking qualify.
    desktop.check("#championship-qualify input[value=clubs]")
    desktop.fill("#id_top", "4")
    desktop.click("#championship-qualify button[type=submit]")
    desktop.wait_for_selector("text=Qualified:")
    assert desktop.locator("#entrants-by-club").inner_text() == "Avon 4 · Brook 4 · Cove 4"
    entrants = {
        (p.player.club.slug, p.player.name) for p in event.participants.select_related("player__club")
    }
    assert entrants == {(slug, name) for slug, names in TOP_FOUR.items() for name in names}

    # Brook's director sees the championship and who entered for the club.
    bree = desktop.context.browser.new_context(viewport={"width": 1280, "height": 800})
    director = bree.new_page()
    log_in(director, "bree")
    director.goto(f"{url}/clubs/brook/settings/")
    director.click("#club-championships a")
    assert set(director.locator("#club-entered li").all_inner_texts()) == TOP_FOUR["brook"]
    bree.close()

    # Seated keeping the clubs apart: at each table two of one club and one of each other.
    desktop.click("#start-round")
    desktop.wait_for_selector("#round-1 .tables")
    games = list(Game.objects.filter(table__round__event=event).order_by("table__number"))
    assert len(games) == 3
    for game in games:
        clubs = Counter(seat.player.club.slug for seat in game.table.seats.select_related("player__club"))
        assert sorted(clubs.values()) == [1, 1, 2], f"table {game.table.number}: {clubs}"
    # The director reads the seating's cost beside the round: one meeting of a club a table.
    # Each table's two club-mates sit on opposite sides. (Which seating the option picks is
    # tested in tests/tournaments/services/test_keep_clubs_apart.py.)
    expected = (
        "Players of one club as partners: 0 this round, 0 in the rounds so far. "
        "Players of one club as opponents: 3 this round, 3 in the rounds so far."
    )
    assert desktop.locator("#club-meetings-1").inner_text() == expected

    # Every table plays its two hands from its card on a phone, the other side confirming each
    # with its half of the card's code; then round 2, seated and played the same way.
    _play_round(desktop, phone, url, event, 1)
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#start-round")
    desktop.wait_for_selector("#round-2 .tables")
    _play_round(desktop, phone, url, event, 2)

    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#finish-event")
    until(lambda: Event.objects.get(pk=event.pk).status == Event.Status.FINISHED)

    # The federation's ranking moved: each entrant has two more games, the others none.
    entered = {name for names in TOP_FOUR.values() for name in names}
    until(
        lambda: all(
            PersonRating.objects.get(person__member_number=f"N-{name}").games == 3 for name in entered
        ),
        seconds=30,
    )
    after = dict(PersonRating.objects.values_list("person__name", "games"))
    assert after == {name: 3 if name in entered else 1 for name in games_before}
    desktop.goto(f"{url}/federations/north/ranking/")
    rows = table_rows(desktop, "#federation-ranking")
    shown = {row["Player"]: figure(row["Games"]) for row in rows}
    assert shown == after
    # Three games at most, of the ten that make a player ranked: everyone is listed, each place
    # marked provisional, and the page says why.
    assert all(row["Rank"].endswith("P") for row in rows), [row["Rank"] for row in rows]
    assert desktop.locator("#nobody-ranked").is_visible()
