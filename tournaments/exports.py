"""CSV and XLSX downloads of a page's table (django-tables2's export, written by tablib).

The download is built from the very table object the page renders, after the same filter and
sort, so its rows equal the page's row for row (all pages of a paginated table). Numbers stay
numbers in the download (-895, not the page's "−895"), so they sort and add up.
"""

from __future__ import annotations

import django_tables2 as tables
from django.http import HttpRequest, HttpResponse
from django_tables2.export import TableExport

FORMATS = ("csv", "xlsx")
EXPORT_PARAMETER = "_export"


def export_response(request: HttpRequest, table: tables.Table, name: str) -> HttpResponse | None:
    """The download asked for by `?_export=csv|xlsx`, or None when the page itself is asked for."""
    export_format = request.GET.get(EXPORT_PARAMETER)
    if export_format not in FORMATS:
        return None
    exporter = TableExport(export_format, table, dataset_kwargs={"title": name[:31]})
    response = exporter.response(f"{name}.{export_format}")
    if export_format == "csv":
        # A byte-order mark tells spreadsheet programs the file is UTF-8 (Greek, Arabic names).
        response.content = b"\xef\xbb\xbf" + response.content
    return response
