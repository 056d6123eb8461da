"""Roster files as directors upload them (CSV or an .xlsx workbook), as the CSV text the import reads.

Design: docs/site.md#the-roster-import"""

from __future__ import annotations

import csv
import datetime
import io
import zipfile
from pathlib import PurePath

import openpyxl
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

ROSTER_MAX_BYTES = 256 * 1024
ROSTER_TEXT_SUFFIXES = (".csv", ".tsv", ".txt")
ROSTER_WORKBOOK_SUFFIXES = (".xlsx",)
# A workbook is a zip of XML, and openpyxl holds its shared strings in memory whole: this bounds
# what a file within ROSTER_MAX_BYTES may unpack to.
ROSTER_WORKBOOK_MAX_UNPACKED = 16 * 1024 * 1024


def roster_file_text(*, name: str, content: bytes) -> str:
    """The uploaded file `name` (a roster, or member numbers) as CSV text; of an .xlsx workbook,
    its first sheet.

    Raises ValidationError for a name without a ROSTER_TEXT_SUFFIXES or ROSTER_WORKBOOK_SUFFIXES
    ending, text that is not UTF-8, and a workbook that cannot be read or holds more than one list."""
    suffix = PurePath(name).suffix.lower()
    if suffix in ROSTER_WORKBOOK_SUFFIXES:
        return _workbook_text(content)
    if suffix not in ROSTER_TEXT_SUFFIXES:
        raise ValidationError(
            _(
                "The file must be a CSV file (.csv, .tsv or .txt) or an Excel workbook (.xlsx). Save a "
                "file of another kind as one of these first."
            )
        )
    try:
        return content.decode("utf-8-sig")  # Excel's "CSV UTF-8" starts with a byte-order mark
    except UnicodeDecodeError:
        # Excel's plain "CSV" is in the Windows code page of its language (1252, 1253, 1256...).
        # Any guess at it reads some file wrong, and turns the players' names into other letters
        # without an error: ask for UTF-8 or the workbook instead.
        raise ValidationError(
            _(
                "The file is not UTF-8 text, and guessing its encoding could garble the players' "
                "names. In Excel, save it with File › Save As › “CSV UTF-8 (Comma delimited)”, or "
                "upload the workbook (.xlsx) itself."
            )
        ) from None


def _workbook_text(content: bytes) -> str:
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
        text = _first_sheet_csv(content) if unpacked <= ROSTER_WORKBOOK_MAX_UNPACKED else None
    except Exception:
        # Not a zip, a zip of something else, or a damaged workbook: openpyxl raises zip, XML,
        # key, index and value errors among others, and none of them says more to a director.
        raise ValidationError(
            _(
                "The file could not be read as an Excel workbook (.xlsx). Open it in Excel and save it "
                "again as “Excel Workbook”, or as “CSV UTF-8 (Comma delimited)”."
            )
        ) from None
    if text is None or len(text) > ROSTER_MAX_BYTES:
        raise ValidationError(
            _(
                "The workbook holds more than one list: keep only the list on its first sheet, or "
                "save that sheet as “CSV UTF-8 (Comma delimited)”."
            )
        )
    return text


def _first_sheet_csv(content: bytes) -> str:
    """The first sheet as CSV, its row n on line n; stops once it is longer than ROSTER_MAX_BYTES."""
    out = io.StringIO()
    # Every cell quoted: a semicolon or tab inside a heading cannot pass for the separator when
    # clubs.resources.roster_delimiter reads the first line.
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    # read_only reads the sheet row by row; data_only gives a formula's last computed value.
    book = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    try:
        # The first sheet, not the one that was open when the file was saved (tablib's and
        # django-import-export's readers take that one).
        sheet = book.worksheets[0]
        # Read-only mode trusts the size the file gives for the sheet, and cuts rows to it; not
        # every program writes it right.
        sheet.reset_dimensions()
        written = 0
        for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
            cells = [_cell_text(value) for value in row]
            while cells and not cells[-1].strip():
                cells.pop()  # empty cells after the last one, formatted or once used
            if cells:
                out.write("\n" * (number - 1 - written))  # the empty rows above
                writer.writerow(cells)
                written = number
            if out.tell() > ROSTER_MAX_BYTES:
                break
    finally:
        book.close()
    return out.getvalue()


def _cell_text(value: object) -> str:
    """A cell's value as text: whole numbers without ".0", TRUE and FALSE as Excel writes them in CSV."""
    if value is None:
        return ""
    if isinstance(value, bool):  # before int, which bool is
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()  # a date cell
    return str(value)
