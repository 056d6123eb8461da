"""The officers' "Links to decide" card names the championships where a held link's player and
the person's other player are both entrants (docs/federation.md). The federation is `north` of
tests/support/championships.py."""

from __future__ import annotations

import pytest

from clubs.models import FederationOfficer, PersonLinkConflict
from clubs.services import PersonLinkInput, person_link
from tests.support.championships import (  # noqa: F401  (north: the fixture)
    _championship,
    _player,
    north,
)
from tests.support.factories import UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db


def _card(page: str) -> str:
    start = page.index('id="federation-conflicts"')
    return page[start : page.index("</ul>\n", start)]


def test_the_card_says_both_players_are_entrants_where_they_are(client, north):  # noqa: F811
    # Abe of Avon (N-Abe), linked by a director to Pia's number: held (another name, and Pia of
    # the same club is that person). Both are entrants of North Open; Spring Cup has Pia only.
    abe, pia = _player("avon", "Abe"), _player("avon", "Pia")
    both = _championship(north, name="North Open")
    services.championship_enter(
        event=both, players=[abe, pia, _player("brook", "Bo"), _player("brook", "Bea")]
    )
    other = _championship(north, name="Spring Cup")
    services.championship_enter(event=other, players=[pia, _player("brook", "Bo")])
    director = UserFactory(username="dina")
    person_link(player=abe, asked=PersonLinkInput(member_number="N-PIA"), by=director)
    assert PersonLinkConflict.objects.filter(player=abe, outcome="").exists()
    officer = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=north, user=officer)
    client.force_login(officer)
    card = _card(client.get("/federations/north/").content.decode())
    assert "<bdi>Abe</bdi> and <bdi>Pia</bdi> are both entrants of <bdi>North Open</bdi>" in card
    assert "Spring Cup" not in card
    assert card.count('class="entered-together"') == 1
