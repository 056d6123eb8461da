"""A page's table and a download's rows as text, so that a page and its CSV and XLSX downloads
compare row for row: numbers as a download writes them (-895, not −895 or +895)."""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser

import openpyxl


class _TableCells(HTMLParser):
    """The header and body cells of the table with the given id, as text."""

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id, self.inside, self.rows, self.cell = table_id, False, [], None

    def handle_starttag(self, tag, attrs):
        if tag == "table" and dict(attrs).get("id") == self.table_id:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = ""

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False
        elif self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join(self.cell.split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def _page_rows(html: str, table_id: str) -> list[list[str]]:
    """The table's cells as text, numbers as a download writes them (-895, not −895 or +895)."""
    parser = _TableCells(table_id)
    parser.feed(html)
    return [[_plain_number(cell) for cell in row] for row in parser.rows if row]


def _plain_number(cell: str) -> str:
    signless = cell.replace("\u2212", "-").removeprefix("+")
    return signless if re.fullmatch(r"-?\d+", signless) else cell


def _csv_rows(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def _xlsx_rows(content: bytes) -> list[list[str]]:
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    return [["" if v is None else str(v) for v in row] for row in sheet.iter_rows(values_only=True)]
