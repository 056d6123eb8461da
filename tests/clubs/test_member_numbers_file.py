"""Member numbers in bulk, as a director uploads them on the club's Federation members page: the
file of 20 players (tests/support/member_numbers.py: a number twice, a separator variant of a
number North knows, a bad number...) previewed line by line, nothing linked; confirmed, its
linkable lines linked as one link each would be, in one transaction and one rebuild; a file whose
meaning changed since its preview links nothing; a workbook in Spanish; a file without its columns."""

from __future__ import annotations

import html
import io
import re

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Person, PersonLinkConflict, PersonLinkRecord, Player
from clubs.services import federation_games_changed
from tests.support.member_numbers import EXPECTED, LINKED_NEW, NUMBERS_FILE, link_one, numbers_world
from tests.support.tables import _page_rows

pytestmark = pytest.mark.django_db


def _members_url(club):
    return f"/clubs/{club.slug}/federation/members/"


def _upload(client, club, content: bytes, name="numbers.csv"):
    """The members page's upload form, as the director sends it."""
    page = client.get(_members_url(club)).content.decode()
    action = re.search(r'<form method="post" action="([^"]+)" enctype="multipart/form-data"', page)[1]
    return client.post(action, {"file": SimpleUploadedFile(name, content)})


def _confirm_fields(page: str) -> dict[str, str]:
    """The confirmation form's hidden fields, as the browser sends them back."""
    form = re.search(r'<form method="post" id="numbers-confirm">(.*?)</form>', page, re.S)[1]
    return dict(re.findall(r'<input type="hidden" name="(data|plan)" value="([^"]*)"', form))


def _unescaped(fields: dict[str, str]) -> dict[str, str]:
    import html

    return {name: html.unescape(value) for name, value in fields.items()}


@pytest.fixture
def rebuilds():
    """The federations whose games changed, one entry a rebuild queued."""
    queued = []

    def count(sender, federation_id, **kwargs):
        queued.append(federation_id)

    federation_games_changed.connect(count)
    yield queued
    federation_games_changed.disconnect(count)


def test_the_twenty_lines_previewed_then_linked(
    client, club, alice, django_capture_on_commit_callbacks, rebuilds
):
    world = numbers_world(club)
    client.force_login(alice)
    response = _upload(client, club, NUMBERS_FILE.encode())
    assert response.status_code == 200
    page = response.content.decode()
    assert {line.line: line.status for line in response.context["outcome"].lines} == EXPECTED
    rows = {int(row[0]): row[1:] for row in _page_rows(page, "numbers-lines")[1:]}
    assert len(rows) == 20
    assert rows[2] == ["Amira Haddad ncf.001", "to link: Amira Haddad, the federation's member NCF-001"]
    assert rows[5][1] == "to link: Dimitri Papadopoulos, a new member of the federation, number NCF-103"
    assert "letters and digits" in rows[6][1]
    for twice in (7, 9):
        assert "The same number is on lines 7, 9" in rows[twice][1]
    assert rows[11][1] == "to link: Jamal Haddad, a new member of the federation, number NCF-108"
    assert rows[12][1] == "to check: no player of the club has this name. Alike on the roster: Kostas Georgiu"
    assert "No player of the club has this name." in rows[13][1]
    # Held for the officers one at a time, refused in a file; the other member's name is not told.
    assert "the person's name is not the player's" in rows[14][1] and "Bruno Costa" not in page
    assert "Nadia Farouk is linked to number NCF-050" in rows[15][1]
    assert rows[16][1] == "Omar Said is linked to NCF 112 already"
    assert "the person is linked to another player of the club" in rows[18][1]
    assert "Enter the federation's member number." in rows[19][1]
    assert "To link: 1 · to new members: 9 · linked already: 1 · names to check: 1 · refused: 8" in page
    assert "Link 10 players" in page
    assert (Person.objects.count(), PersonLinkRecord.objects.count()) == (4, 0)  # nothing linked yet

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(response.request["PATH_INFO"], _unescaped(_confirm_fields(page)), follow=True)
    assert response.redirect_chain[-1][0] == _members_url(club)
    assert "10 players are linked to their member numbers." in response.content.decode()
    assert rebuilds == [world.north.pk]  # one rebuild for the file, not one a link
    riverside_amira = Player.objects.get(club=club, name="Amira Haddad")
    assert riverside_amira.person_id == world.amira_at_hilltop.person_id
    assert riverside_amira.person.member_number == "NCF-001"
    new = Person.objects.exclude(member_number__in=["NCF-001", "NCF-002", "NCF-050", "NCF 112"])
    assert dict(new.values_list("member_number", "name")) == LINKED_NEW
    for person in new:
        assert list(person.players.values_list("name", flat=True)) == [person.name]
    unlinked = ["Elena Ruiz", "Farid Nasser", "Hugo Blanc", "Kostas Georgiu", "Marco Rossi", "Quentin Roy"]
    unlinked.append("Rosa Lima")
    assert not Player.objects.filter(club=club, name__in=unlinked, person__isnull=False).exists()
    assert Player.objects.get(pk=world.nadia.pk).person.member_number == "NCF-050"
    assert Player.objects.get(pk=world.omar.pk).person.member_number == "NCF 112"
    assert not PersonLinkConflict.objects.exists()
    records = PersonLinkRecord.objects.all()
    assert {(r.action, r.how, r.by_id) for r in records} == {("linked", "director", alice.pk)}
    assert records.count() == 10
    assert "Linked to <bdi>Amira Haddad</bdi>, number NCF-001." in response.content.decode()


def test_nothing_is_linked_when_the_file_means_otherwise_at_the_confirmation(client, club, alice):
    numbers_world(club)
    client.force_login(alice)
    preview = _upload(client, club, NUMBERS_FILE.encode())
    fields = _unescaped(_confirm_fields(preview.content.decode()))
    # Meanwhile a director links Ben one at a time, and Quentin's number is given to nobody.
    link_one(Player.objects.get(club=club, name="Ben Okafor"), "NCF-101", alice)
    response = client.post(preview.request["PATH_INFO"], fields)
    assert response.status_code == 200
    page = response.content.decode()
    assert "changed since the preview: nothing is linked" in page
    assert Person.objects.count() == 5 and PersonLinkRecord.objects.count() == 1
    assert response.context["outcome"].lines[1].status == "unchanged"  # Ben, line 3, now
    assert "Link 9 players" in page
    # Confirmed again from the new preview: the nine others.
    response = client.post(preview.request["PATH_INFO"], _unescaped(_confirm_fields(page)), follow=True)
    assert "9 players are linked to their member numbers." in response.content.decode()
    assert PersonLinkRecord.objects.count() == 10


def test_a_line_that_fails_at_the_link_leaves_the_whole_file_unlinked(client, club, alice, monkeypatch):
    from clubs.services import member_numbers

    numbers_world(club)
    client.force_login(alice)
    preview = _upload(client, club, NUMBERS_FILE.encode())
    real = member_numbers.person_link_locked
    calls = []

    def fifth_fails(**kwargs):
        calls.append(kwargs["player"].name)
        if len(calls) == 5:
            from django.core.exceptions import ValidationError

            raise ValidationError({"member_number": ["a refusal"]})
        return real(**kwargs)

    monkeypatch.setattr(member_numbers, "person_link_locked", fifth_fails)
    fields = _unescaped(_confirm_fields(preview.content.decode()))
    response = client.post(preview.request["PATH_INFO"], fields)
    assert response.status_code == 200
    assert "Line 8 could not be linked (a refusal): nothing is linked." in response.content.decode()
    assert calls[:4] == ["Amira Haddad", "Ben Okafor", "Chloe Martin", "Dimitri Papadopoulos"]
    assert (Person.objects.count(), PersonLinkRecord.objects.count()) == (4, 0)
    assert not Player.objects.filter(club=club, name="Amira Haddad", person__isnull=False).exists()


def test_a_workbook_in_spanish(client, club, alice):
    numbers_world(club)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Nombre", "Número de socio"])
    sheet.append(["amira haddad", "NCF 001"])
    sheet.append(["Ben Okafor", 101])  # a number cell: read as Excel shows it
    content = io.BytesIO()
    book.save(content)
    client.force_login(alice)
    response = _upload(client, club, content.getvalue(), name="socios.xlsx")
    lines = response.context["outcome"].lines
    assert [(line.line, line.status, line.shown_number) for line in lines] == [
        (2, "link", "NCF-001"),
        (3, "new", "101"),
    ]


def test_a_file_without_its_columns_is_refused_naming_them(client, club, alice):
    numbers_world(club)
    client.force_login(alice)
    response = _upload(client, club, b"Name,Club\nAmira Haddad,Riverside\n")
    page = response.content.decode()
    assert "Column 2, “\u2068Club\u2069”, is neither the name nor the member number." in page
    assert "The file has no member number column." in page
    assert 'id="numbers-confirm"' not in page
    assert PersonLinkRecord.objects.count() == 0


def test_a_file_of_column_names_alone_is_refused_with_nothing_to_confirm(client, club, alice):
    numbers_world(club)
    client.force_login(alice)
    page = _upload(client, club, b"Name,Member number\n").content.decode()
    assert "The file has its row of column names but no line under it: nothing to import." in page
    assert 'id="numbers-confirm"' not in page


def test_a_file_of_lines_linked_already_says_there_is_nothing_to_do_not_to_correct(client, club, alice):
    numbers_world(club)  # Omar Said is linked to NCF 112 already
    client.force_login(alice)
    page = html.unescape(_upload(client, club, b"Name,Member number\nOmar Said,ncf-112\n").content.decode())
    assert "<bdi>Omar Said</bdi> is linked to NCF 112 already" in page
    assert "Every line of this file is linked already: nothing to do." in page
    assert "Correct the lines above" not in page and 'id="numbers-confirm"' not in page
