"""Roster files as directors make them in Excel: CSV with commas, semicolons or tabs between the
columns, in UTF-8 with or without a byte-order mark, and the .xlsx workbook itself.

Each file is built here, byte by byte or with openpyxl, read by the upload form and imported.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs import services
from clubs.forms import RosterUploadForm
from clubs.models import Player

pytestmark = pytest.mark.django_db


def _form(name: str, content: bytes) -> RosterUploadForm:
    return RosterUploadForm(files={"file": SimpleUploadedFile(name, content)})


def _read(name: str, content: bytes) -> str:
    form = _form(name, content)
    assert form.is_valid(), form.errors
    return form.cleaned_data["file"]


def _import(club, name: str, content: bytes) -> services.RosterImport:
    return services.roster_import(club=club, text=_read(name, content), dry_run=False)


def _players(club) -> dict[str, bool]:
    return dict(Player.objects.filter(club=club).values_list("name", "active"))


# --- the delimiter --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        pytest.param(
            "Nombre;Activo\r\nGarcía, Ana;SÍ\r\nBeto;no\r\n".encode(),
            {"García, Ana": True, "Beto": False},
            id="semicolons, a comma in a name (Spanish Excel)",
        ),
        pytest.param(
            "Όνομα;Ενεργός\r\nΆννα;ναι\r\nΒασίλης Παπαδόπουλος;όχι\r\n".encode(),
            {"Άννα": True, "Βασίλης Παπαδόπουλος": False},
            id="semicolons (Greek Excel)",
        ),
        pytest.param(
            "الاسم\tنشط\nأحمد\tنعم\nبشرى\tلا\n".encode(),
            {"أحمد": True, "بشرى": False},
            id="tabs",
        ),
        pytest.param(
            'nombre;activo\n"Ana; la de Sevilla";sí\n"Beto ""el Rápido""";no\n'.encode(),
            {"Ana; la de Sevilla": True, 'Beto "el Rápido"': False},
            id="semicolons, quoted names",
        ),
    ],
)
def test_the_columns_may_be_separated_by_commas_semicolons_or_tabs(club, content, expected):
    outcome = _import(club, "roster.csv", content)
    assert outcome.errors == () and outcome.saved
    assert _players(club) == expected


def test_a_first_line_that_does_not_show_its_separator_is_refused(club):
    # A semicolon or a comma could each separate these columns: neither gives a roster column.
    outcome = _import(club, "roster.csv", "Jugador;Estado,Notas\nAna;sí,\n".encode())
    assert outcome.errors[0] == (
        "The columns of the first line could not be told apart: it has more than one of comma, "
        "semicolon and tab, and none of them separates the roster's column names. Separate the "
        "columns with one of them."
    )
    assert outcome.errors[1].startswith("The first line names the columns: the player's name (")
    assert len(outcome.errors) == 2 and outcome.lines == () and not outcome.saved


def test_lines_with_more_cells_than_a_one_column_first_line_are_refused(club):
    # Without a separator on the first line, "Ana;sí" would be a player called "Ana;sí". A comma
    # in quotes is part of the name.
    outcome = _import(club, "roster.csv", 'όνομα\n"Παπαδόπουλος, Βασίλης"\nAna;sí\n'.encode())
    assert outcome.errors == ("Line 3 has more cells than columns.",)
    assert not outcome.saved and _players(club) == {}
