"""Writes for the roster from a CSV file."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import tablib
from django.contrib.auth.models import User
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import transaction
from django.utils.translation import gettext

from clubs.models import (
    Club,
)
from clubs.text import name_trimmed

if TYPE_CHECKING:
    from clubs.resources import UploadColumns

ROSTER_MAX_ROWS = 2000


@dataclass(frozen=True)
class RosterLine:
    line: int  # the line of the file (the header is line 1)
    name: str
    active: str
    status: str  # "new", "update", "skip" (unchanged), "invalid" or "error"
    errors: tuple[str, ...] = ()


@dataclass(frozen=True)
class RosterImport:
    lines: tuple[RosterLine, ...]
    errors: tuple[str, ...]  # errors of the whole file (its columns, its size)
    saved: bool

    @property
    def ok(self) -> bool:
        return not self.errors and all(line.status not in ("invalid", "error") for line in self.lines)

    def count(self, status: str) -> int:
        return sum(line.status == status for line in self.lines)

    @property
    def summary(self) -> dict[str, int]:
        return {
            "new": self.count("new"),
            "update": self.count("update"),
            "skip": self.count("skip"),
            "bad": self.count("invalid") + self.count("error"),
        }


def upload_dataset(
    text: str, kind: UploadColumns | None = None
) -> tuple[tablib.Dataset | None, list[int], list[str]]:
    """The CSV file as a dataset (headers: the columns of `kind`, the roster's by default), each row's
    file line, and the file's own errors; at most ROSTER_MAX_ROWS rows."""
    from clubs.resources import ROSTER_DELIMITERS, ROSTER_FILE, roster_columns, roster_delimiter

    kind = kind or ROSTER_FILE
    text = text.lstrip("\ufeff")
    try:
        try:
            delimiter = roster_delimiter(next(iter(text.splitlines()), ""), kind)
            reader = csv.reader(io.StringIO(text), delimiter=delimiter)
            heading = next(reader, [])
            rows = [(reader.line_num, cells) for cells in reader]
            width = _roster_width(heading, [cells for _line, cells in rows])
            headers = roster_columns(heading[:width], kind)
        except ValidationError as exc:
            return None, [], list(exc.messages)
        # A first line of one column shows no separator: a line that another one would split has
        # more cells than the file has columns, not a player named "Ana;yes".
        others = [other for other in ROSTER_DELIMITERS if other != delimiter] if len(headers) == 1 else []
        dataset, lines = tablib.Dataset(headers=headers), []
        for line, cells in rows:
            if not any(cell.strip() for cell in cells[len(headers) :]):
                cells = cells[: len(headers)]  # empty cells after the last column
            if not any(cell.strip() for cell in cells):
                continue  # an empty line, or a spreadsheet's row of empty cells (`;;`)
            if len(cells) > len(headers) or any(other in cells[0] for other in others):
                message = gettext("Line %(line)s has more cells than columns.")
                return None, [], [message % {"line": reader.line_num}]
            if len(dataset) >= ROSTER_MAX_ROWS:
                return None, [], [gettext("The file has more than %(n)s players.") % {"n": ROSTER_MAX_ROWS}]
            dataset.append([*cells, *[""] * (len(headers) - len(cells))])
            lines.append(line)
    except csv.Error:
        return None, [], [gettext("The file is not a CSV file.")]
    if not lines:
        return (
            None,
            [],
            [gettext("The file has its row of column names but no line under it: nothing to import.")],
        )
    return dataset, lines, []


def _roster_width(heading: list[str], rows: list[list[str]]) -> int:
    """The roster's columns: the first line's less trailing ones empty on all lines (`Nombre;Activo;;`)."""
    width = len(heading)
    while width and not heading[width - 1].strip():
        if any(len(cells) >= width and cells[width - 1].strip() for cells in rows):
            break
        width -= 1
    return width


def _row_messages(row_result: Any) -> tuple[str, ...]:
    if row_result.validation_error is not None:
        return tuple(
            f"{field}: {message}" if field != NON_FIELD_ERRORS else message
            for field, messages in row_result.validation_error.message_dict.items()
            for message in messages
        )
    return tuple(gettext("This line could not be read.") for _error in row_result.errors)


def roster_import(*, club: Club, text: str, dry_run: bool, imported_by: User | None = None) -> RosterImport:
    """Add and update the club's players from a CSV roster (name, active; clubs.resources.ROSTER_WORDS):
    saved only without `dry_run` and if every line is good. History records `imported_by`."""
    from clubs.resources import PlayerResource

    dataset, file_lines, errors = upload_dataset(text)
    if dataset is None:
        return RosterImport(lines=(), errors=tuple(errors), saved=False)

    def run(dry: bool) -> tuple[Any, bool]:
        with transaction.atomic():
            resource = PlayerResource(club=club, file_lines=file_lines, imported_by=imported_by)
            result = resource.import_data(
                dataset, dry_run=dry, use_transactions=True, rollback_on_validation_errors=True
            )
            bad = result.has_errors() or result.has_validation_errors()
            if dry or bad:
                transaction.set_rollback(True)
        return result, not dry and not bad

    result, saved = run(dry=True)
    if not (result.has_errors() or result.has_validation_errors()) and not dry_run:
        result, saved = run(dry=False)
    lines = []
    for line, row, row_result in zip(file_lines, dataset.dict, result.rows, strict=False):
        active = str(row.get("active") or "").strip()
        lines.append(
            RosterLine(
                line=line,
                name=name_trimmed(str(row.get("name") or "")),
                active=active,
                status=row_result.import_type,
                errors=_row_messages(row_result),
            )
        )
    base = tuple(gettext("The file could not be imported.") for _error in result.base_errors)
    return RosterImport(lines=tuple(lines), errors=base, saved=saved)
