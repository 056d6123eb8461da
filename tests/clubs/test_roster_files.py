"""Roster files as directors make them in Excel: CSV with commas, semicolons or tabs between the
columns, in UTF-8 with or without a byte-order mark, and the .xlsx workbook itself.

Each file is built here, byte by byte or with openpyxl, read by the upload form and imported.
"""

from __future__ import annotations

import io
import zipfile

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from openpyxl.styles import Font

from clubs import services
from clubs.models import Player
from clubs.web.forms import RosterUploadForm
from tests.support.factories import PlayerFactory

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


def test_a_file_of_column_names_alone_is_refused_with_nothing_to_confirm(client, club, alice):
    # Empty lines and a spreadsheet's rows of empty cells under the column names are no players.
    outcome = _import(club, "roster.csv", b"Name;Active\n\n;;\n")
    assert outcome.errors == (
        "The file has its row of column names but no line under it: nothing to import.",
    )
    assert outcome.lines == () and not outcome.saved
    client.force_login(alice)
    page = client.post(
        f"/clubs/{club.slug}/players/import/",
        {"file": SimpleUploadedFile("roster.csv", b"Name,Active\n")},
    ).content.decode()
    assert "no line under it: nothing to import." in page and 'id="roster-confirm"' not in page
    assert "Correct the lines above" not in page  # there are none


# --- the encoding ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        pytest.param(
            "roster.csv",
            "\ufeffΌνομα;Ενεργός\r\nΆννα;ναι\r\nΒασίλης;όχι\r\n".encode(),
            {"Άννα": True, "Βασίλης": False},
            id="CSV UTF-8 from Greek Excel: a byte-order mark and semicolons",
        ),
        pytest.param(
            "Jugadores.CSV",
            "\ufeffNombre;Activo\r\nGarcía;sí\r\nMuñoz;no\r\n".encode(),
            {"García": True, "Muñoz": False},
            id="CSV UTF-8 from Spanish Excel",
        ),
        pytest.param(
            "roster.tsv",
            "\ufeffنام\tفعال\nآرش\tبله\nکاوه\tنه\n".encode(),
            {"آرش": True, "کاوه": False},
            id="tabs and a byte-order mark",
        ),
        pytest.param(
            "roster.txt",
            "الاسم\tنشط\nأحمد\tنعم\n".encode(),
            {"أحمد": True},
            id="tabs, no byte-order mark",
        ),
    ],
)
def test_utf8_is_read_with_or_without_a_byte_order_mark(club, name, content, expected):
    assert _import(club, name, content).saved
    assert _players(club) == expected


NOT_UTF8 = (
    "The file is not UTF-8 text, and guessing its encoding could garble the players' names. In "
    "Excel, save it with File › Save As › “CSV UTF-8 (Comma delimited)”, or upload the workbook "
    "(.xlsx) itself."
)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        pytest.param(
            "roster.csv", "Όνομα;Ενεργός\r\nΆννα;ναι\r\n".encode("cp1253"), id="Greek (Windows-1253)"
        ),
        pytest.param("roster.csv", "الاسم,نشط\r\nأحمد,نعم\r\n".encode("cp1256"), id="Arabic (Windows-1256)"),
        pytest.param("roster.csv", "نام,فعال\r\nآرش,بله\r\n".encode("cp1256"), id="Persian (Windows-1256)"),
        pytest.param(
            "roster.csv", "Nombre;Activo\r\nGarcía;sí\r\n".encode("cp1252"), id="Spanish (Windows-1252)"
        ),
        pytest.param(
            "roster.txt", "Όνομα\tΕνεργός\r\nΆννα\tναι\r\n".encode("utf-16"), id="Excel's Unicode text"
        ),
    ],
)
def test_text_in_another_encoding_is_refused_not_guessed(club, name, content):
    assert _form(name, content).errors["file"] == [NOT_UTF8]


def test_the_encoding_message_is_in_the_directors_language():
    with translation.override("el"):
        errors = _form("roster.csv", "Όνομα\r\nΆννα\r\n".encode("cp1253")).errors["file"]
    assert errors == [
        "Το αρχείο δεν είναι κείμενο UTF-8, και αν μαντεύαμε την κωδικοποίησή του θα μπορούσαν να "
        "αλλοιωθούν τα ονόματα των παικτών. Στο Excel, αποθηκεύστε το με Αρχείο › Αποθήκευση ως › "
        "«CSV UTF-8» ή ανεβάστε το ίδιο το βιβλίο εργασίας (.xlsx)."
    ]


# --- the Excel workbook ---------------------------------------------------------------------------


def _saved(book: openpyxl.Workbook) -> bytes:
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_a_workbook_is_read_with_its_numbers_and_true_or_false_cells(club):
    Player.objects.create(club=club, name="Βασίλης", active=True)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Όνομα", "Ενεργός"])
    sheet.append(["Άννα", True])  # openpyxl reads TRUE and FALSE cells as bool
    sheet.append(["Βασίλης", False])
    sheet.append([1984, 1])  # a name that is a number, and active as a number
    sheet.append(["أحمد", 0])
    sheet.append([12.5, "ναι"])
    sheet.append([" Γιώργος ", None])
    outcome = _import(club, "roster.xlsx", _saved(book))
    assert outcome.errors == () and outcome.saved
    assert [(line.line, line.name, line.active, line.status) for line in outcome.lines] == [
        (2, "Άννα", "TRUE", "new"),
        (3, "Βασίλης", "FALSE", "update"),
        (4, "1984", "1", "new"),
        (5, "أحمد", "0", "new"),
        (6, "12.5", "ναι", "new"),
        (7, "Γιώργος", "", "new"),
    ]
    assert _players(club) == {
        "Άννα": True,
        "Βασίλης": False,
        "1984": True,
        "أحمد": False,
        "12.5": True,
        "Γιώργος": True,
    }


def test_the_roster_is_the_workbooks_first_sheet_whichever_was_open(club):
    book = openpyxl.Workbook()
    book.active.append(["nombre"])
    book.active.append(["Ana"])
    notes = book.create_sheet("Notas")
    notes.append(["nombre"])
    notes.append(["Zoe"])
    book.active = notes  # saved while looking at the second sheet
    assert _import(club, "roster.xlsx", _saved(book)).saved
    assert _players(club) == {"Ana": True}


def test_a_workbooks_line_errors_name_its_rows(club):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["الاسم", "نشط"])
    sheet.append(["أحمد", "نعم"])
    sheet.append(["أحمد", "لا"])
    sheet.append(["بشرى", 2])
    sheet.cell(row=7, column=1, value="سمير")  # after two empty rows
    sheet.cell(row=1, column=5).font = Font(bold=True)  # Excel keeps formatted empty cells
    outcome = _import(club, "roster.xlsx", _saved(book))
    assert outcome.errors == () and not outcome.saved
    assert [(line.line, line.status, line.errors) for line in outcome.lines] == [
        (2, "new", ()),
        (3, "invalid", ("name: The name is also on line 2.",)),
        (4, "invalid", ("active: Write yes or no, not “2”.",)),
        (7, "new", ()),
    ]
    assert _players(club) == {}


def test_a_workbook_is_previewed_and_imported_from_the_page(client, club, alice):
    book = openpyxl.Workbook()
    book.active.append(["Nombre", "Activo"])
    book.active.append(["Άννα", "sí"])
    book.active.append(["بشرى", False])
    client.force_login(alice)
    file = SimpleUploadedFile("Jugadores.XLSX", _saved(book))
    preview = client.post(f"/clubs/{club.slug}/players/import/", {"file": file})
    assert [(line.line, line.name, line.status) for line in preview.context["outcome"].lines] == [
        (2, "Άννα", "new"),
        (3, "بشرى", "new"),
    ]
    assert _players(club) == {}
    data = preview.context["confirm"].initial["data"]
    response = client.post(f"/clubs/{club.slug}/players/import/", {"data": data})
    assert response.status_code == 302
    assert _players(club) == {"Άννα": True, "بشرى": False}


def _zip(**members: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return buffer.getvalue()


UNREADABLE = (
    "The file could not be read as an Excel workbook (.xlsx). Open it in Excel and save it again as "
    "“Excel Workbook”, or as “CSV UTF-8 (Comma delimited)”."
)


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(b"PK\x03\x04 cut short", id="damaged"),
        pytest.param(_zip(notes="not a workbook"), id="a zip of something else"),
        pytest.param("Nombre;Activo\nAna;sí\n".encode(), id="CSV named .xlsx"),
    ],
)
def test_a_file_that_is_no_workbook_is_refused(content):
    assert _form("roster.xlsx", content).errors["file"] == [UNREADABLE]


@pytest.mark.parametrize(
    ("limit", "value"),
    [
        pytest.param("ROSTER_WORKBOOK_MAX_UNPACKED", 1000, id="unpacked"),
        pytest.param("ROSTER_MAX_BYTES", 100, id="as CSV"),
    ],
)
def test_a_workbook_that_holds_more_than_a_roster_is_refused(monkeypatch, limit, value):
    monkeypatch.setattr(f"clubs.roster_files.{limit}", value)
    book = openpyxl.Workbook()
    for number in range(20):
        book.active.append([f"Player {number}"])
    assert _form("roster.xlsx", _saved(book)).errors["file"] == [
        "The workbook holds more than one list: keep only the list on its first sheet, or save that "
        "sheet as “CSV UTF-8 (Comma delimited)”."
    ]


# --- other files ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["roster.xls", "roster.ods", "roster.numbers", "roster.pdf", "roster"])
def test_other_kinds_of_file_are_refused(name):
    assert _form(name, b"name\nAnn\n").errors["file"] == [
        "The file must be a CSV file (.csv, .tsv or .txt) or an Excel workbook (.xlsx). Save a "
        "file of another kind as one of these first."
    ]


def test_the_upload_field_takes_csv_files_and_workbooks(client, club, alice):
    client.force_login(alice)
    page = client.get(f"/clubs/{club.slug}/players/import/").content.decode()
    assert 'accept=".csv,.tsv,.txt,.xlsx"' in page
    assert "CSV file or Excel workbook" in page and "“CSV UTF-8 (Comma delimited)”" in page


def test_names_that_look_alike_on_a_page_are_one_player(club):
    PlayerFactory(club=club, name="Ana Dup")
    lines = "\n".join(
        [
            "name",
            "Bo Lee",
            "Bo  Lee",  # two spaces
            "Ｂo Lee",  # a full-width B
            "Bo\u200d Lee",  # an invisible joiner
            "Ana  Dup",  # the roster's player, spaced otherwise
            "Ana Dup",  # the roster's player as written: an update, not a new player
        ]
    )
    outcome = _import(club, "roster.csv", lines.encode())
    assert [(line.line, line.status, line.errors) for line in outcome.lines] == [
        (2, "new", ()),
        (3, "invalid", ("name: The name is also on line 2.",)),
        (4, "invalid", ("name: The name is also on line 2.",)),
        (5, "invalid", ("name: The name is also on line 2.",)),
        (6, "invalid", ("name: The roster has this player written “Ana Dup”: write the name the same way.",)),
        (7, "skip", ()),
    ]
    assert _players(club) == {"Ana Dup": True}
