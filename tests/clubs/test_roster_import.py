"""Importing a club's roster from CSV: preview, row-level errors, confirm."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs import services
from clubs.models import Player

pytestmark = pytest.mark.django_db


def _upload(client, club, text: str):
    file = SimpleUploadedFile("roster.csv", text.encode(), content_type="text/csv")
    return client.post(f"/clubs/{club.slug}/players/import/", {"file": file})


def test_the_preview_shows_each_line_and_saves_nothing(client, club, alice):
    Player.objects.create(club=club, name="Ann", active=True)
    Player.objects.create(club=club, name="Ben", active=True)
    client.force_login(alice)
    assert client.get(f"/clubs/{club.slug}/players/import/").status_code == 200
    response = _upload(client, club, "name,active\nAnn,yes\nBen,no\nCora,\n")
    assert response.status_code == 200
    outcome = response.context["outcome"]
    assert [(line.line, line.name, line.status) for line in outcome.lines] == [
        (2, "Ann", "skip"),
        (3, "Ben", "update"),
        (4, "Cora", "new"),
    ]
    page = response.content.decode()
    assert "Cora" in page and 'id="roster-confirm"' in page
    assert Player.objects.filter(club=club).count() == 2
    assert Player.objects.get(club=club, name="Ben").active is True


def test_an_error_line_blocks_the_import_and_is_reported_with_its_line(client, club, alice):
    client.force_login(alice)
    text = "name,active\nDora,\nEd,\n ,yes\n\ndora,\n" + "x" * 121 + ",\n"
    response = _upload(client, club, text)
    outcome = response.context["outcome"]
    bad = {line.line: line.errors for line in outcome.lines if line.status in ("invalid", "error")}
    assert set(bad) == {4, 6, 7}  # line 5 is empty
    assert "line 2" in bad[6][0]  # the duplicate names the line it repeats
    page = response.content.decode()
    assert "error on line 4" in page and 'id="roster-confirm"' not in page
    # Sending the bad file as if confirmed saves nothing either.
    response = client.post(f"/clubs/{club.slug}/players/import/", {"data": text})
    assert response.status_code == 200
    assert not Player.objects.filter(club=club).exists()


def test_a_good_file_imports_after_the_preview(client, club, alice):
    Player.objects.create(club=club, name="Ann", active=True)
    client.force_login(alice)
    text = "Name,Active\nAnn,0\nBea,1\nCal,\n"
    preview = _upload(client, club, text)
    data = preview.context["confirm"].initial["data"]
    response = client.post(f"/clubs/{club.slug}/players/import/", {"data": data})
    assert response.status_code == 302
    assert dict(Player.objects.filter(club=club).values_list("name", "active")) == {
        "Ann": False,
        "Bea": True,
        "Cal": True,
    }


def test_the_file_must_name_its_columns(club):
    outcome = services.roster_import(club=club, text="player,rating\nAnn,3\n", dry_run=False)
    assert outcome.errors and not outcome.saved


def test_another_clubs_director_gets_not_found(client, club, mallory, bob):
    for user in (mallory, bob):
        client.force_login(user)
        assert client.get(f"/clubs/{club.slug}/players/import/").status_code == 404
        response = client.post(f"/clubs/{club.slug}/players/import/", {"data": "name\nIntruder\n"})
        assert response.status_code == 404
    assert not Player.objects.filter(name="Intruder").exists()
