"""CSV and XLSX downloads of a page's table, row for row (config/spreadsheets.py writes them).

Design: docs/site.md#the-pages"""

from __future__ import annotations

import django_tables2 as tables
from django.http import HttpRequest, HttpResponse
from django.utils.text import slugify
from django.utils.translation import get_language

from config.spreadsheets import csv_text, xlsx_bytes
from tournaments.models import Event

FORMATS = ("csv", "xlsx")
# Languages whose spreadsheet programs read CSV with `;` between cells (their decimal mark is a
# comma): a comma CSV opens there as one column. The page's language picks the separator.
SEMICOLON_LANGUAGES = ("es", "el")
EXPORT_PARAMETER = "_export"
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def event_file_name(event: Event, what: str) -> str:
    """A download's file name for an event: club, name, date and what it holds, ASCII letters only
    (an event named in no ASCII letter keeps its id)."""
    name = slugify(event.name) or f"event-{event.pk}"
    return f"{event.club.slug}-{name}-{event.date.isoformat()}-{what}"


def export_response(request: HttpRequest, table: tables.Table, name: str) -> HttpResponse | None:
    """The download asked for by `?_export=csv|xlsx`, or None when the page itself is asked for.

    `name` names the file and titles an XLSX sheet (cut to 31 characters); a CSV separates cells
    with `;` in `SEMICOLON_LANGUAGES`, with `,` otherwise."""
    export_format = request.GET.get(EXPORT_PARAMETER)
    if export_format not in FORMATS:
        return None
    rows = [list(row) for row in table.as_values()]
    if export_format == "csv":
        # A byte-order mark tells spreadsheet programs the file is UTF-8 (Greek, Arabic names).
        delimiter = ";" if (get_language() or "").split("-")[0] in SEMICOLON_LANGUAGES else ","
        content: bytes = b"\xef\xbb\xbf" + csv_text(rows, delimiter=delimiter).encode("utf-8")
    else:
        content = xlsx_bytes(rows, title=name)
    response = HttpResponse(content, content_type=CONTENT_TYPES[export_format])
    response["Content-Disposition"] = f'attachment; filename="{name}.{export_format}"'
    return response
