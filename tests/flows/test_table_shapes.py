"""Nights at tables other than four, in a real browser: a 14-player night at a table of four and
two tables of five (rules.md §1.1d), played through two rounds with every hand of every table
entered, and a six-player night in two teams of three (§1.1c). The director creates each from
the event page alone; a scorer's phone (390×844) enters hands from the table card and sees, at a
table of five, who sits out each hand. The night's standings are checked against those worked
from the hands typed.

Hands are typed as totals only (as a paper pad has them).
"""

from __future__ import annotations

import re

import pytest

from tests.support.pages import card_links, figure, table_rows, until
from tournaments.models import Event, Game, Hand, Standing, TableCard

pytestmark = pytest.mark.django_db(transaction=True)


def _create(
    desktop,
    url: str,
    club,
    players,
    name: str,
    variant: str,
    shape: str = "",
    five: bool = False,
    said: str = "",
):
    """Create the event on New event and seat round 1 from the event page, which says `said`
    before the round is seated (what the next round gives), when given."""
    desktop.goto(f"{url}/clubs/{club.slug}/events/new/")
    desktop.fill("#id_name", name)
    desktop.fill("#id_date", "2026-12-04")
    desktop.select_option("#id_variant", variant)
    if shape:
        desktop.select_option("#id_table_shape", shape)
    if five:
        desktop.check("#id_five_player_tables")
    desktop.fill("#id_hands_per_round", "3")
    for player in players:
        desktop.check(f"input[name=players][value='{player.pk}']")
    desktop.click("#create-event")
    desktop.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Event.objects.get(name=name)
    if said:
        assert desktop.get_by_text(said).is_visible()
    desktop.click("#start-round")
    desktop.wait_for_selector("#round-1 .tables")
    return event


def _in_view(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844


def _hand_scores(round_number: int, table: int, hand: int) -> tuple[int, int]:
    """What the scorers type for the first and the second side of `table` (totals only). Over
    the three hands the first side makes 600 + 270·table + 60·round and the second
    990 + 45·round·table: the second side wins at table 1, the first at tables 2 and 3, and no
    game is drawn (round 1: 930-1035, 1200-1080, 1470-1125; round 2: 990-1080, 1260-1170,
    1530-1260)."""
    first = 100 * hand + 90 * table + 20 * round_number
    second = 400 - 35 * hand + 15 * round_number * table
    return first, second


def _play_round_at_every_table(desktop, phone, url: str, event, number: int) -> None:
    """Enter the round's three hands at each table from its card; at a table of five, read who
    sits out before each hand."""
    from playwright.sync_api import expect

    desktop.goto(f"{url}/events/{event.pk}/rounds/{number}/cards/")
    cards = card_links(desktop)
    assert len(cards) == 3  # 14 players: a table of four and two of five, no one sits out
    for card in cards:
        token = re.search(r"/t/([^/]+)/", card).group(1)
        table = TableCard.objects.get(event=event, access_token=token).number
        game = Game.objects.get(table__round__event=event, table__round__number=number, table__number=table)
        phone.goto(f"{card}?mode=total")
        five = game.variant == "classic-5p"
        if five:
            # The side of three as the table lists it: each sits out in turn, one a hand
            # (rules.md §1.1d; §6: in the order the table lists them).
            trio = phone.locator(".side", has=phone.locator("#sitting-out")).locator(".side-players bdi bdi")
            trio = trio.all_inner_texts()
            assert len(trio) == 3
            assert _in_view(phone, "#sitting-out")  # at the top of the phone, beside side A's players
        for hand in (1, 2, 3):
            if five:
                expect(phone.locator("#sitting-out")).to_have_text(f"Hand {hand}: {trio[hand - 1]} sits out.")
            for side, points in zip(game.sides, _hand_scores(number, table, hand), strict=True):
                phone.fill(f"[name='{side}-total']", str(points))
            phone.tap("#save-hand")
            phone.wait_for_selector(f"text=Hand {hand} saved:")
            until(Hand.objects.filter(game=game, number=hand).exists)
        if five:
            assert [h.sat_out.name for h in Hand.objects.filter(game=game).order_by("number")] == trio
            assert phone.locator("#hands td.sat-out").all_inner_texts() == trio


def _standings_worked(event) -> dict[str, tuple[int, int, int, int]]:
    """Each player's (victory points, games, points, difference), worked from the hands typed
    (`_hand_scores`) and the seats: every player of a side takes the side's result, the one
    sitting out a hand too (docs/rankings.md); a game of three hands is won by the higher
    total, 2 victory points a win, 1 a draw (the default scale)."""
    worked: dict[str, list[int]] = {}
    for game in Game.objects.filter(table__round__event=event).select_related("table__round"):
        number, table = game.table.round.number, game.table.number
        totals = [sum(_hand_scores(number, table, hand)[i] for hand in (1, 2, 3)) for i in (0, 1)]
        for seat in game.table.seats.select_related("player"):
            mine = totals[game.sides.index(seat.side)]
            theirs = totals[1 - game.sides.index(seat.side)]
            line = worked.setdefault(seat.player.name, [0, 0, 0, 0])
            line[0] += 2 if mine > theirs else 1 if mine == theirs else 0
            line[1] += 1
            line[2] += mine
            line[3] += mine - theirs
    return {name: tuple(line) for name, line in worked.items()}


def test_a_night_of_tables_of_five_with_hands_at_every_table(
    desktop, phone, log_in, live_server, club, alice, players
):
    """14 players with tables of five: 4 + 5 + 5, no one sits out (docs/formats-and-stages.md).
    Two rounds of three hands, every hand of every table entered from its card on a phone, then
    the director finishes the night and its standings are read."""
    url = live_server.url
    log_in(desktop, "alice")
    players = players[:14]
    said = "14 present: 4 + 5 + 5, no one sits out."
    event = _create(desktop, url, club, players, "Fourteen", "classic", five=True, said=said)
    assert event.five_player_tables
    _play_round_at_every_table(desktop, phone, url, event, 1)
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#start-round")
    desktop.wait_for_selector("#round-2 .tables")
    _play_round_at_every_table(desktop, phone, url, event, 2)
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#finish-event")  # its "are you sure?" is accepted by the desktop fixture
    until(lambda: Event.objects.get(pk=event.pk).status == Event.Status.FINISHED)

    games = Game.objects.filter(table__round__event=event)
    assert sorted(g.variant for g in games) == ["classic", "classic", *["classic-5p"] * 4]
    assert all(g.game_over and g.hands.count() == 3 for g in games)

    # Tables of five rotate like sit-outs: the four at the table of four in round 1 are all at a
    # table of five in round 2 (nobody sits at one twice before everyone has).
    def seated(variant: str, number: int) -> set[int]:
        at = games.filter(variant=variant, table__round__number=number)
        return {seat.player_id for game in at for seat in game.table.seats.all()}

    assert len(seated("classic", 1)) == 4
    assert seated("classic", 1) <= seated("classic-5p", 2)

    worked = _standings_worked(event)
    # The standings are rebuilt after each hand is stored: wait until they count every game.
    until(lambda: sorted(Standing.objects.filter(event=event).values_list("games", flat=True)) == [2] * 14)
    assert len(worked) == 14
    desktop.goto(f"{url}/events/{event.pk}/standings/")
    rows = table_rows(desktop, "#standings")
    shown = {
        row["Player"]: (
            figure(row["Victory points"]),
            figure(row["Games"]),
            figure(row["Points"]),
            figure(row["Difference"]),
        )
        for row in rows
    }
    assert shown == worked
    # Ranked by victory points, then point difference, then points; equal players share a rank.
    keys = [(worked[row["Player"]][0], worked[row["Player"]][3], worked[row["Player"]][2]) for row in rows]
    assert keys == sorted(keys, reverse=True)
    ranks = [figure(row["Rank"]) for row in rows]
    assert ranks == [1 + sum(other > key for other in keys) for key in keys]


def test_a_six_player_night_in_two_teams_of_three(desktop, phone, log_in, live_server, club, alice, players):
    url = live_server.url
    log_in(desktop, "alice")
    event = _create(desktop, url, club, players[:12], "Sixes", "classic-6p", shape="3+3")
    assert event.table_shape == "3+3"
    # Two tables of six: sides A and B of three players each (two "&" a side).
    assert desktop.locator("#round-1 .tables").inner_text().count("&") == 2 * 2 * 2

    desktop.goto(f"{url}/events/{event.pk}/rounds/1/cards/")
    cards = card_links(desktop)
    assert len(cards) == 2
    phone.goto(f"{cards[0]}?mode=total")
    assert phone.locator(".scoreboard .side-players").count() == 2
    phone.fill("[name='A-total']", "1490")
    phone.fill("[name='B-total']", "540")
    phone.tap("#save-hand")
    phone.wait_for_selector("text=Hand 1 saved:")
    game = Game.objects.get(table__round__event=event, table__number=1)
    assert game.totals == {"A": 1490, "B": 540}
