"""A Swiss pairs event of 10 pairs formed in the page, played to its end in a real browser.

The director types the pairs as "A & B" lines on New event, seats four rounds from the event
page (from round 2 on, paired by the standings), and the scorers enter each table's hand from
the night's cards on a phone. The director then finishes the event. No pair meets another twice,
as the database and the round results both show, and the final standings have a row per pair.

Each table plays one hand (hands per round: 1), typed as totals only. At table t of round r,
NS scores 60·t + 15·r and EW 200: NS loses at tables 1 and 2 (75 to 180), wins at tables 4 and
5 (255 to 360), and at table 3 loses in round 1 (195) and wins after (210 to 240). No game is
drawn, and the winners differ from table to table, so the standings pair leaders with leaders.
"""

from __future__ import annotations

import re

import pytest

from clubs.models import Player
from tests.support.pages import card_links, figure, table_rows, until
from tournaments.models import Event, Game, Hand, Pair, Standing, TableCard

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 4


def _scores(table: int, round_number: int) -> dict[str, int]:
    """What the scorers type at `table` in `round_number` (see the module's docstring)."""
    return {"NS": 60 * table + 15 * round_number, "EW": 200}


def _play_round(desktop, phone, url: str, event: Event, number: int) -> dict[int, dict[str, int]]:
    """Seat round `number` from the event page and enter each table's hand from its card;
    the scores typed, by table number."""
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#start-round")
    desktop.wait_for_selector(f"#round-{number} .tables")
    desktop.goto(f"{url}/events/{event.pk}/rounds/{number}/cards/")
    typed = {}
    for card in card_links(desktop):
        token = re.search(r"/t/([^/]+)/", card).group(1)
        table = TableCard.objects.get(event=event, access_token=token).number
        typed[table] = _scores(table, number)
        phone.goto(f"{card}?mode=total")
        phone.fill("[name='NS-total']", str(typed[table]["NS"]))
        phone.fill("[name='EW-total']", str(typed[table]["EW"]))
        phone.tap("#save-hand")
        phone.wait_for_selector("text=Hand 1 saved:")
        until(
            Hand.objects.filter(
                game__table__round__event=event, game__table__round__number=number, game__table__number=table
            ).exists
        )
    return typed


def _pair_of_side(game: Game, pairs: dict[frozenset[int], int]) -> dict[str, int]:
    """The pair number seated on each side of `game` (from its seats)."""
    sides: dict[str, set[int]] = {}
    for seat in game.table.seats.all():
        sides.setdefault(seat.side, set()).add(seat.player_id)
    # Partners always share a side: each side is a whole pair.
    assert all(frozenset(players) in pairs for players in sides.values()), sides
    return {side: pairs[frozenset(players)] for side, players in sides.items()}


def _meetings_on_the_page(page, pairs_by_names: dict[str, int]) -> list[frozenset[int]]:
    """The pairs at each table of each round, as the round results under the standings list
    them: a row a side, the table's number on its first side's row."""
    meetings: list[list[int]] = []
    for number in range(1, ROUNDS + 1):
        for row in table_rows(page, f"#results-round-{number} table"):
            if row["Table"]:
                meetings.append([])
            meetings[-1].append(pairs_by_names[row["Players"]])
    assert all(len(table) == 2 for table in meetings), meetings
    return [frozenset(table) for table in meetings]


def test_a_swiss_pairs_event_formed_in_the_page_played_to_its_end(
    desktop, phone, log_in, live_server, club, alice, players
):
    roster = [*players, *(Player.objects.create(club=club, name=f"Player {n:02d}") for n in range(17, 21))]
    url = live_server.url
    log_in(desktop, "alice")
    desktop.goto(f"{url}/clubs/{club.slug}/events/new/")
    desktop.fill("#id_name", "Pairs cup")
    desktop.fill("#id_date", "2026-12-05")
    desktop.select_option("#id_variant", "classic")
    desktop.select_option("#id_format", "swiss")
    desktop.fill("#id_hands_per_round", "1")
    # Typed as people type: any capitals, "&" between the partners.
    lines = [f"{roster[i].name.lower()} & {roster[i + 1].name.upper()}" for i in range(0, 20, 2)]
    desktop.fill("#id_pairs", "\n".join(lines))
    desktop.click("#create-event")
    desktop.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Event.objects.get(name="Pairs cup")
    assert event.pairs.count() == 10
    first = Pair.objects.select_related("partnership__first", "partnership__second").get(
        event=event, number=1
    )
    assert {first.partnership.first, first.partnership.second} == {roster[0], roster[1]}
    assert desktop.locator("#pairs li").count() == 10

    typed = {number: _play_round(desktop, phone, url, event, number) for number in range(1, ROUNDS + 1)}
    assert all(len(tables) == 5 for tables in typed.values())
    assert Game.objects.filter(table__round__event=event, game_over=True).count() == 5 * ROUNDS

    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#finish-event")  # its "are you sure?" is accepted by the desktop fixture
    until(lambda: Event.objects.get(pk=event.pk).status == Event.Status.FINISHED)

    # No pair meets another twice: in the database, from the seats of every game ...
    pairs = {
        frozenset((p.partnership.first_id, p.partnership.second_id)): p.number
        for p in event.pairs.select_related("partnership")
    }
    wins = dict.fromkeys(pairs.values(), 0)
    met = []
    for game in Game.objects.filter(table__round__event=event).select_related("table__round"):
        by_side = _pair_of_side(game, pairs)
        met.append(frozenset(by_side.values()))
        scores = typed[game.table.round.number][game.table.number]
        assert game.totals == scores
        wins[by_side[max(scores, key=scores.get)]] += 1
    assert len(met) == 5 * ROUNDS
    assert len(set(met)) == len(met), "a pair met another twice"
    # Paired by the standings: after round 1 the five winners meet winners at two tables, the
    # five losers losers at two, and the odd winner and loser meet at the fifth.
    after_1 = dict.fromkeys(pairs.values(), 0)
    round_2 = []
    for game in Game.objects.filter(table__round__event=event, table__round__number=1):
        by_side = _pair_of_side(game, pairs)
        scores = typed[1][game.table.number]
        after_1[by_side[max(scores, key=scores.get)]] = 1
    for game in Game.objects.filter(table__round__event=event, table__round__number=2):
        round_2.append(tuple(sorted(after_1[pair] for pair in _pair_of_side(game, pairs).values())))
    assert sorted(round_2) == [(0, 0), (0, 0), (0, 1), (1, 1), (1, 1)]
    # ... and on the standings page, round by round; the final standings: a row per pair, each
    # with its partners and its wins (2 victory points a win on the default scale; no game was
    # drawn).
    names = {
        f"{p.partnership.first.name} & {p.partnership.second.name}": p.number
        for p in event.pairs.select_related("partnership__first", "partnership__second")
    }
    # The standings are rebuilt after each hand is stored: wait until they count every game.
    until(
        lambda: sorted(Standing.objects.filter(event=event).values_list("games", flat=True)) == [ROUNDS] * 20
    )
    desktop.goto(f"{url}/events/{event.pk}/standings/")
    on_page = _meetings_on_the_page(desktop, names)
    assert len(set(on_page)) == len(on_page) == 5 * ROUNDS, "a pair met another twice"
    assert sorted(map(sorted, on_page)) == sorted(map(sorted, met))
    rows = table_rows(desktop, "#standings")
    assert sorted(figure(row["Pair"]) for row in rows) == list(range(1, 11))
    for row in rows:
        number = figure(row["Pair"])
        assert names[row["Players"]] == number
        assert figure(row["Victory points"]) == 2 * wins[number], number
        assert figure(row["Won"]) == wins[number], number
    # The pair listed first won the most games.
    assert wins[figure(rows[0]["Pair"])] == max(wins.values())
