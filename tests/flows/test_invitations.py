"""Accounts by invitation, in a real browser, the mail read from a real SMTP server.

A federation's officer invites someone by email to found their club in the federation; the mail
goes through Django's SMTP backend to an SMTP server of the test's own (aiosmtpd, as
tests/support/mail.py) and its link is opened. The new director sets a password, accepts
(founding the club, a member of the federation), and invites a scorer by mail from the club's
members page; the scorer does the same on a phone and enters a hand from the table page.
"""

from __future__ import annotations

import re

import pytest
from django.test import TestCase, override_settings

from clubs.models import Club, FederationClub, Membership
from tests.support.factories import UserFactory
from tests.support.mail import SMTP_BACKEND, _body
from tournaments import services
from tournaments.models import Game, Hand

pytestmark = pytest.mark.django_db(transaction=True)

DIRECTOR_PASSWORD = "melds of seven kings"
SCORER_PASSWORD = "a red three at the table"


def _link(inbox, to: str) -> str:
    """The invitation link of the last mail received for `to`."""
    message = [m for m in inbox.messages if m["X-Envelope-To"] == to][-1]
    found = re.search(r"http://\S+/invitations/[^/\s]+/", _body(message))
    assert found, _body(message)
    return found.group(0)


def _accept_with_new_account(page, link: str, username: str, password: str, club: str = "") -> None:
    page.goto(link)
    if club:
        page.fill("#id_club-name", club)
    page.fill("#id_username", username)
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    page.click("#invitation-accept button[type=submit]")


def _night_of(club: Club) -> Game:
    """Four players and a night of the club with round 1 seated: its one game."""
    from clubs import services as club_services

    players = [club_services.player_add(club=club, name=f"Harbour {n}") for n in range(1, 5)]
    event = services.event_create(
        club=club,
        asked=services.EventInput(name="First night", date="2026-12-04", variant="classic", players=players),
    )
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.round_start(event=event)
    return Game.objects.get(table__round__event=event)


def test_an_officer_invites_a_director_who_invites_a_scorer_who_enters_a_hand(
    desktop,
    phone,
    chromium,
    log_in,
    live_server,
    smtp_server,
):
    from clubs.models import Federation, FederationOfficer

    port, inbox = smtp_server
    url = live_server.url
    olga = UserFactory(username="olga")
    north = Federation.objects.create(name="North", slug="north")
    FederationOfficer.objects.create(federation=north, user=olga)
    with override_settings(EMAIL_BACKEND=SMTP_BACKEND, EMAIL_HOST="127.0.0.1", EMAIL_PORT=port):
        # The officer invites dora, who has no account and no club on the site yet.
        log_in(desktop, "olga")
        desktop.goto(f"{url}/federations/north/")
        desktop.fill("#federation-invitation [name=email]", "dora@example.org")
        desktop.select_option("#federation-invitation [name=kind]", "found")
        desktop.click("#federation-invitation button[type=submit]")
        desktop.wait_for_selector("text=The invitation is sent to dora@example.org.")
        assert "dora@example.org" in desktop.inner_text("#invitations")

        # Dora opens the mail's link in a browser of her own, sets a password and founds the club.
        context = chromium.new_context(viewport={"width": 1280, "height": 800})
        dora = context.new_page()
        dora.set_default_timeout(20_000)
        link = _link(inbox, "dora@example.org")
        _accept_with_new_account(dora, link, "dora", DIRECTOR_PASSWORD, club="Harbour")
        dora.wait_for_url(f"{url}/clubs/harbour/")
        harbour = Club.objects.get(slug="harbour")
        assert Membership.objects.get(club=harbour, user__username="dora").role == "director"
        assert FederationClub.objects.get(federation=north, club=harbour).status == "member"

        # Dora invites a scorer from the club's members page.
        dora.goto(f"{url}/clubs/harbour/members/")
        dora.fill("#club-invitation [name=email]", "sid@example.org")
        dora.select_option("#club-invitation [name=role]", "scorer")
        dora.click("#club-invitation button[type=submit]")
        dora.wait_for_selector("text=The invitation is sent to sid@example.org.")
        context.close()

        # Sid opens his link on his phone, sets a password and accepts.
        _accept_with_new_account(phone, _link(inbox, "sid@example.org"), "sid", SCORER_PASSWORD)
        phone.wait_for_url(f"{url}/clubs/harbour/")
    assert Membership.objects.get(club=harbour, user__username="sid").role == "scorer"

    # The night seated, sid enters a hand from the table page, signed in as himself.
    game = _night_of(harbour)
    phone.goto(f"{url}/games/{game.pk}/?mode=total")
    phone.fill("[name='NS-total']", "300")
    phone.fill("[name='EW-total']", "120")
    phone.tap("#save-hand")
    phone.wait_for_selector("text=Hand 1 saved:")
    hand = Hand.objects.get(game=game, number=1)
    assert hand.recorded_by is not None and hand.recorded_by.username == "sid"
