"""Spreadsheet files written safely: a text cell is always text, never a formula.

int, float and Decimal (not bool) are numbers, None empty. Design: docs/rankings.md#downloads"""

from __future__ import annotations

import csv
import datetime
import io
import unicodedata
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any, TypeGuard

from import_export.formats import base_formats

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\u2212")
# Excel's limits for a sheet's title: 31 characters, none of these.
_SHEET_TITLE_FORBIDDEN = str.maketrans(dict.fromkeys("[]:*?/\\", "-"))
_MAX_COLUMN_WIDTH = 60

Row = Sequence[object]


def is_number(value: object) -> TypeGuard[int | float | Decimal]:
    """True for the values a spreadsheet should get as numbers: int, float, Decimal, not bool."""
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def text_cell(text: str) -> str:
    """`text` with a single quote in front if it starts like a formula, look-alikes included
    (`"=1+2"` becomes `"'=1+2"`, `"-2"` becomes `"'-2"`), else unchanged."""
    return f"'{text}" if unicodedata.normalize("NFKC", text).startswith(FORMULA_STARTS) else text


def csv_cell(value: object) -> object:
    """`value` as a CSV cell: a number unchanged, None as "", text through `text_cell`."""
    if value is None:
        return ""
    if is_number(value):
        return value
    return text_cell(str(value))


def csv_text(rows: Iterable[Row], *, delimiter: str = ",") -> str:
    """The rows (the first is the header) as CSV text, each cell through `csv_cell`. With `;`
    between cells (the languages whose decimal mark is the comma), a fraction is written with a
    decimal comma (0,75), as their spreadsheets read a number."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    for row in rows:
        cells = [csv_cell(value) for value in row]
        if delimiter == ";":
            cells = [str(cell).replace(".", ",") if isinstance(cell, float) else cell for cell in cells]
        writer.writerow(cells)
    return out.getvalue()


def xlsx_bytes(rows: Iterable[Row], *, title: str) -> bytes:
    """The rows as an XLSX workbook of one sheet named `title` (cut to Excel's 31 characters).

    The first row is the header. Numbers and dates are typed cells; other values are string cells
    through `text_cell`; characters XLSX cannot hold are replaced by U+FFFD."""
    # Imported here: the settings import this module (EXPORT_FORMATS), and need no openpyxl.
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    workbook = Workbook()
    sheet = workbook.worksheets[0]  # a new workbook has one sheet
    sheet.title = (title.translate(_SHEET_TITLE_FORBIDDEN) or "Sheet")[:31]
    bold = Font(bold=True)
    widths: dict[int, int] = {}
    for row_number, row in enumerate(rows, start=1):
        for column, value in enumerate(row, start=1):
            cell = sheet.cell(row=row_number, column=column)
            if value is None:
                continue
            if is_number(value):
                cell.value = value
                text = str(value)
            elif isinstance(value, datetime.date):  # a date cell, shown as ISO whatever the locale
                cell.value = value
                cell.number_format = "yyyy-mm-dd"
                text = value.isoformat()
            else:
                text = ILLEGAL_CHARACTERS_RE.sub("\ufffd", text_cell(str(value)))
                cell.value = text
                cell.data_type = "s"  # after the value: openpyxl would take a leading "=" as a formula
            if row_number == 1:
                cell.font = bold
            widths[column] = max(widths.get(column, 0), len(text))
    if sheet.max_row > 1:
        sheet.freeze_panes = "A2"
    for column, width in widths.items():
        sheet.column_dimensions[get_column_letter(column)].width = min(width + 2, _MAX_COLUMN_WIDTH)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _dataset_rows(dataset: Any) -> list[Row]:
    rows: list[Row] = [list(dataset.headers)] if dataset.headers else []
    return [*rows, *(list(row) for row in dataset)]


class SafeCSV(base_formats.CSV):
    """django-import-export's CSV format, written by `csv_text` (formula starts quoted)."""

    def export_data(self, dataset: Any, **kwargs: Any) -> str:
        return csv_text(_dataset_rows(dataset))


class SafeXLSX(base_formats.XLSX):
    """django-import-export's XLSX format, written by `xlsx_bytes` (text cells typed as text,
    formula starts quoted)."""

    def export_data(self, dataset: Any, **kwargs: Any) -> bytes:
        return xlsx_bytes(_dataset_rows(dataset), title=dataset.title or "Sheet")
