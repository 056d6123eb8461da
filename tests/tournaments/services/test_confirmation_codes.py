"""The other side's confirmation means something: the confirming side types the code printed
on its half of the table card, so one phone cannot enter a hand as NS and confirm it as EW.

HAND_A (tests/support/hands.py): NS 1685, EW 485.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError

from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Game, Hand, TableCard
from tournaments.selectors import side_code

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(club, players, django_capture_on_commit_callbacks):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup", date=EVENT_DATE, variant="classic", players=players[:8], kind="tournament"
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    return event


def _entered_by_ns(event):
    game = Game.objects.filter(table__round__event=event).order_by("table__number").first()
    return game, services.hand_record(
        game=game, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS")
    )


def test_each_card_has_its_own_four_digit_codes(cup):
    one, two = TableCard.objects.filter(event=cup).order_by("number")
    for card in (one, two):
        # every side any table has: W too, a table of four players alone (Hand and Foot)
        assert set(card.side_codes) == {"NS", "EW", "N", "E", "S", "W", "A", "B", "C"}
        assert all(len(code) == 4 and code.isdigit() for code in card.side_codes.values())
    assert one.side_codes != two.side_codes


def test_the_other_side_confirms_with_its_code_from_the_link(client, cup):
    game, hand = _entered_by_ns(cup)
    card = TableCard.objects.get(event=cup, number=game.table.number)
    url = f"/t/{card.access_token}/games/{game.pk}/hands/1/confirm/"
    wrong = "0000" if card.side_codes["EW"] != "0000" else "1111"
    page = client.post(url, {"side": "EW", "code": wrong}, follow=True).content.decode()
    assert "That is not EW&#x27;s code" in page or "That is not EW's code" in page
    assert Hand.objects.get(pk=hand.pk).confirmed_at is None
    # NS's own code does not confirm for EW either.
    client.post(url, {"side": "EW", "code": card.side_codes["NS"]})
    assert Hand.objects.get(pk=hand.pk).confirmed_at is None
    client.post(url, {"side": "EW", "code": card.side_codes["EW"]})
    confirmed = Hand.objects.get(pk=hand.pk)
    assert (confirmed.confirmed_by_side, confirmed.confirmed_via) == ("EW", "code")


def test_the_table_page_asks_for_the_code_and_the_cards_print_it(client, cup, alice, sam):
    game, _hand = _entered_by_ns(cup)
    client.force_login(sam)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'name="code"' in page and "EW's code (on its half of the card)" in page
    client.force_login(alice)
    cards = client.get(f"/events/{cup.pk}/rounds/1/cards/").content.decode()
    card = TableCard.objects.get(event=cup, number=game.table.number)
    assert f'<bdi dir="ltr" class="code">{card.side_codes["EW"]}</bdi>' in cards
    assert f'<bdi dir="ltr" class="code">{card.side_codes["NS"]}</bdi>' in cards


def test_a_director_confirms_without_a_code(cup, alice):
    _game, hand = _entered_by_ns(cup)
    confirmed = services.hand_confirm(hand=hand, side="EW", confirmed_by=alice, as_director=True)
    assert (confirmed.confirmed_by_side, confirmed.confirmed_via) == ("EW", "director")


def test_trying_every_code_is_stopped_after_five_misses(cup):
    cache.clear()
    game, hand = _entered_by_ns(cup)
    right = side_code(game=game, side="EW")
    misses = [f"{n:04d}" for n in range(10_000) if f"{n:04d}" != right][:5]
    # Each miss says how many tries are left: 4, 3, 2, 1, 0 of five.
    for left, code in zip((4, 3, 2, 1, 0), misses, strict=True):
        word = "try" if left == 1 else "tries"
        with pytest.raises(ValidationError, match=f"not EW's code.*\\({left} {word} left"):
            services.hand_confirm(hand=hand, side="EW", code=code)
    with pytest.raises(ValidationError, match="Too many wrong codes"):
        services.hand_confirm(hand=hand, side="EW", code=right)
    assert Hand.objects.get(pk=hand.pk).confirmed_at is None


def test_a_hand_waiting_for_the_other_side_is_shown_above_the_next_hands_form(client, cup):
    game, _hand = _entered_by_ns(cup)
    card = TableCard.objects.get(event=cup, number=game.table.number)
    page = client.get(f"/t/{card.access_token}/").content.decode()
    assert 'id="waiting-confirmation"' in page
    assert page.index('id="waiting-1"') < page.index('id="hand-form"')
    assert page.index('name="code"') < page.index('id="hand-form"')


def test_the_codes_stay_with_the_table_when_pairs_move(club, players, django_capture_on_commit_callbacks):
    """A Mitchell of four pairs: in round 2 the pairs sit at other tables and other seats. The
    codes belong to the table's seats (the halves are left on the table, as the card says), so
    the pair now sitting EW at a table confirms with that table's EW code; the code of the half
    it was given in round 1, at another table or seat, is refused."""
    from clubs.services import pair_requests_from_text
    from tournaments.models import Event, Round

    text = "\n".join(f"{players[2 * n].name} & {players[2 * n + 1].name}" for n in range(4))
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=1,
            kind="tournament",
            format=Event.Format.MITCHELL,
            players=[],
            pairs=pair_requests_from_text(text),
        ),
    )
    codes = {card.number: card.side_codes for card in TableCard.objects.filter(event=event)}
    seats_before: dict[int, tuple[int, str]] = {}
    for number in (1, 2):
        with django_capture_on_commit_callbacks(execute=True):
            round_ = services.round_start(event=event)
        round_.refresh_from_db()
        assert round_.status == Round.Status.SEATED
        codes = {card.number: card.side_codes for card in TableCard.objects.filter(event=event)}
        for game in Game.objects.filter(table__round=round_).order_by("table__number"):
            with django_capture_on_commit_callbacks(execute=True):
                hand = services.hand_record(
                    game=game, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS")
                )
            ew = {seat.player_id for seat in game.table.seats.all() if seat.side == "EW"}
            table = game.table.number
            if number == 2:
                # Where EW's players sat in round 1: a different table or a different seat.
                before = {seats_before[p] for p in ew}
                assert before != {(table, "EW")}
                old_table, old_side = next(iter(before))
                carried = codes[old_table][old_side]
                if carried != codes[table]["EW"]:
                    with pytest.raises(ValidationError):
                        services.hand_confirm(hand=hand, side="EW", code=carried)
            confirmed = services.hand_confirm(hand=hand, side="EW", code=codes[table]["EW"])
            assert confirmed.confirmed_via == "code"
            for seat in game.table.seats.all():
                seats_before[seat.player_id] = (table, seat.side)
