"""A table card's short code: printed beside its QR code, typed at `/c/` to open the table
without a camera, its wrong tries limited; the card's long link keeps working."""

from __future__ import annotations

import html
import re

import pytest
from django.test import override_settings

from tournaments import services
from tournaments.models import SHORT_CODE_ALPHABET, Event, TableCard

pytestmark = pytest.mark.django_db


def _card(event) -> TableCard:
    return TableCard.objects.filter(event=event).order_by("number").first()


def _code(card: TableCard) -> str:
    """Another code of the alphabet than `card`'s (no card has it: a fresh test database)."""
    return "".join(SHORT_CODE_ALPHABET[(SHORT_CODE_ALPHABET.index(c) + 1) % 21] for c in card.short_code)


def test_every_card_has_six_characters_no_hand_misreads(league_night):
    codes = list(TableCard.objects.filter(event=league_night).values_list("short_code", flat=True))
    assert codes and len(set(codes)) == len(codes)
    for code in codes:
        assert len(code) == 6 and set(code) <= set(SHORT_CODE_ALPHABET)
    assert not set("0OQD1IL2Z5S8BUV") & set(SHORT_CODE_ALPHABET)


def test_the_code_opens_the_cards_table_typed_as_a_person_types_it(client, league_night):
    card = _card(league_night)
    link = f"/t/{card.access_token}/"
    code = card.short_code
    for typed in (code, code.lower(), f"{code[:3]}-{code[3:]}", f" {code[:3]} {code[3:]} "):
        response = client.get("/c/", {"code": typed})
        assert response.status_code == 302 and response["Location"] == link, typed
    assert client.get(f"/c/{code[:3]}-{code[3:]}/")["Location"] == link
    page = client.get(link).content.decode()  # the long link as before, saying the code
    assert f"{code[:3]} {code[3:]}" in page


def test_a_wrong_code_says_so_and_too_many_are_refused_from_that_network(client, league_night):
    card = _card(league_night)
    wrong = _code(card)
    response = client.get(f"/c/{wrong}/")
    assert response.status_code == 404
    assert f"No table has the code “{wrong}”" in response.content.decode()
    with override_settings(TABLE_CODE_WRONG_PER_ADDRESS=3):
        client.get(f"/c/{wrong}/")
        client.get("/c/", {"code": "nonsense"})
        # Three wrong: the right code too is refused, from this network, for a while.
        refused = client.get(f"/c/{card.short_code}/")
        assert refused.status_code == 429
        assert "Too many wrong codes" in refused.content.decode()
        other = client.get(f"/c/{card.short_code}/", REMOTE_ADDR="203.0.113.9")
        assert other.status_code == 302


def test_a_finished_events_code_opens_nothing_but_its_link_still_reads(client, league_night):
    card = _card(league_night)
    Event.objects.filter(pk=league_night.pk).update(status=Event.Status.FINISHED)
    refused = client.get(f"/c/{card.short_code}/")
    assert refused.status_code == 404
    assert "This table's event is finished" in html.unescape(refused.content.decode())  # not "no table"
    page = client.get(f"/t/{card.access_token}/").content.decode()
    assert "Another phone joins" not in page  # the page no longer offers the code


def test_a_revoked_card_gets_a_new_code_and_the_old_opens_nothing(client, league_night):
    card = _card(league_night)
    old = card.short_code
    renewed = services.table_card_renew(card=card)
    assert renewed.short_code != old
    assert client.get(f"/c/{old}/").status_code == 404
    assert client.get(f"/c/{renewed.short_code}/")["Location"] == f"/t/{renewed.access_token}/"


def test_the_cards_print_the_code_and_the_short_address(client, league_night, alice):
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/rounds/1/cards/").content.decode()
    for card in TableCard.objects.filter(event=league_night):
        code = card.short_code
        assert f'<strong class="code" dir="ltr">{code[:3]} {code[3:]}</strong>' in page
    assert re.search(r"No camera\? Open <bdi dir=\"ltr\">testserver/c</bdi>", page)


def test_the_code_page_asks_for_the_code(client):
    page = client.get("/c/").content.decode()
    assert 'name="code"' in page and 'autocapitalize="characters"' in page
