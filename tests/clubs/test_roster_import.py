"""Importing a club's roster from CSV: preview, row-level errors, confirm."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

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


# Each file renames nobody, deactivates the club's existing player and adds the others.
@pytest.mark.parametrize(
    ("existing", "text", "expected"),
    [
        pytest.param(
            "Ann",
            " Name ,ACTIVE\nAnn, No \nBea,YES\nCal,\n",
            {"Ann": False, "Bea": True, "Cal": True},
            id="English",
        ),
        pytest.param(
            "Carla",
            "NOMBRE, Activo\nAna,sí\nBeto, SI \nCarla,No\nDiego,\n",
            {"Ana": True, "Beto": True, "Carla": False, "Diego": True},
            id="Spanish",
        ),
        pytest.param(
            "بشرى",
            "الإسم,نشِط\nأحمد, نعم \nبشرى,لا\n",
            {"أحمد": True, "بشرى": False},
            id="Arabic, written with hamza and vowel sign",
        ),
        pytest.param(
            "بهار",
            "نام,فعال\nآرش,بله\nبهار,خیر\nکاوه,نه\n",
            {"آرش": True, "بهار": False, "کاوه": False},
            id="Persian",
        ),
        pytest.param(
            "بهار",
            "نام,فعال\nآرش,بله\nبهار,خير\n",  # خير with the Arabic yeh
            {"آرش": True, "بهار": False},
            id="Persian typed on an Arabic keyboard",
        ),
        pytest.param(
            "Βασίλης",
            "ΟΝΟΜΑ,ΕΝΕΡΓΟΣ\nΆννα,ΝΑΙ\nΒασίλης,ΟΧΙ\nΓιώργος,ναι\n",
            {"Άννα": True, "Βασίλης": False, "Γιώργος": True},
            id="Greek in capitals, without accents",
        ),
        pytest.param(
            "Βασίλης",
            "Όνομα,Ενεργός\nΆννα,ναι\nΒασίλης,όχι\n",
            {"Άννα": True, "Βασίλης": False},
            id="Greek",
        ),
    ],
)
def test_a_roster_is_read_in_each_language_of_the_club(club, existing, text, expected):
    Player.objects.create(club=club, name=existing, active=True)
    outcome = services.roster_import(club=club, text=text, dry_run=False)
    assert outcome.errors == () and outcome.saved
    assert outcome.summary == {"new": len(expected) - 1, "update": 1, "skip": 0, "bad": 0}
    assert dict(Player.objects.filter(club=club).values_list("name", "active")) == expected


def test_a_word_for_active_that_is_not_yes_or_no_is_a_line_error(club):
    outcome = services.roster_import(club=club, text="nombre,activo\nAna,quizás\nBeto,sí\n", dry_run=False)
    assert [(line.line, line.status, line.errors) for line in outcome.lines] == [
        (2, "invalid", ("active: Write yes or no, not “quizás”.",)),
        (3, "new", ()),
    ]
    assert not outcome.saved and not Player.objects.filter(club=club).exists()


def test_a_column_the_import_does_not_know_is_named_in_the_error(club):
    outcome = services.roster_import(club=club, text="nombre,estado\nAna,sí\n", dry_run=False)
    assert outcome.errors[0] == "Column 2, “\u2068estado\u2069”, is not a roster column."
    hint = "The first line names the columns: the player's name (\u2068name\u2069, \u2068full name\u2069,"
    assert outcome.errors[1].startswith(hint)
    assert len(outcome.errors) == 2 and not outcome.saved
    assert not Player.objects.filter(club=club).exists()


def test_a_column_given_twice_or_without_a_heading_and_a_missing_name_column_are_errors(club):
    outcome = services.roster_import(club=club, text="name,Nombre\nAna,Ana\n", dry_run=False)
    assert outcome.errors[0] == "Column 2, “\u2068Nombre\u2069”, repeats column 1."
    outcome = services.roster_import(club=club, text="activo,\nsí,Ana\n", dry_run=False)
    assert outcome.errors[:2] == ("Column 2 has no heading.", "The file has no name column.")
    assert not Player.objects.filter(club=club).exists()


def test_the_column_error_is_in_the_directors_language(club):
    with translation.override("es"):
        outcome = services.roster_import(club=club, text="nombre,estado\nAna,sí\n", dry_run=True)
    assert outcome.errors[0] == (
        "La columna 2, «\u2068estado\u2069», no es una columna de la lista de jugadores."
    )


def test_the_page_lists_the_words_of_each_language(client, club, alice):
    client.force_login(alice)
    page = client.get(f"/clubs/{club.slug}/players/import/").content.decode()
    assert 'id="roster-words"' in page
    for word in ("name", "nombre", "الاسم", "نام", "όνομα", "sí", "نعم", "خیر", "όχι"):
        assert f"<bdi>{word}</bdi>" in page


def _player_history(club):
    return list(
        Player.history.filter(club=club)
        .order_by("history_id")
        .values_list("name", "active", "history_type", "history_user__username")
    )


def test_the_players_history_names_the_director_who_imported(client, club, alice):
    Player.objects.create(club=club, name="Ann", active=True)
    client.force_login(alice)
    preview = _upload(client, club, "name,active\nAnn,no\nBea,yes\nCal,\n")
    assert _player_history(club) == [("Ann", True, "+", None)]  # the preview leaves no trace
    client.post(f"/clubs/{club.slug}/players/import/", {"data": preview.context["confirm"].initial["data"]})
    assert _player_history(club) == [
        ("Ann", True, "+", None),
        ("Ann", False, "~", "alice"),
        ("Bea", True, "+", "alice"),
        ("Cal", True, "+", "alice"),
    ]


def test_an_import_outside_a_request_records_the_director_it_is_given(club, alice):
    outcome = services.roster_import(club=club, text="nombre\nAna\n", dry_run=False, imported_by=alice)
    assert outcome.saved
    assert _player_history(club) == [("Ana", True, "+", "alice")]


def test_another_clubs_director_gets_not_found(client, club, mallory, bob):
    for user in (mallory, bob):
        client.force_login(user)
        assert client.get(f"/clubs/{club.slug}/players/import/").status_code == 404
        response = client.post(f"/clubs/{club.slug}/players/import/", {"data": "name\nIntruder\n"})
        assert response.status_code == 404
    assert not Player.objects.filter(name="Intruder").exists()


def test_empty_columns_after_the_last_one_are_not_columns(club):
    """Excel writes `;;` for cells after the table that were once formatted or used: they hold
    nothing, so they are neither refused nor read."""
    text = "Nombre;Activo;;\nAna;sí;;\nBeto;no;\nCarla;sí\n\n;;;\n"
    outcome = services.roster_import(club=club, text=text, dry_run=False)
    assert outcome.errors == () and outcome.saved
    assert dict(Player.objects.filter(club=club).values_list("name", "active")) == {
        "Ana": True,
        "Beto": False,
        "Carla": True,
    }
    assert [line.line for line in outcome.lines] == [2, 3, 4]


def test_a_cell_past_the_last_heading_with_something_in_it_is_refused(club):
    outcome = services.roster_import(club=club, text="Nombre;Activo\nAna;sí;x\n", dry_run=False)
    assert outcome.errors == ("Line 2 has more cells than columns.",)
    assert not Player.objects.filter(club=club).exists()
