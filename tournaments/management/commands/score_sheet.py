"""`manage.py score_sheet FILE` (`-`: standard input): print a sheet's result JSON (cases/README.md)
and exit 0, or {"errors": [...]} and exit 1 (a rejected entry, an unreadable file, not JSON)."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

from django.core.management.base import BaseCommand

import scoring


class Command(BaseCommand):
    help = "Score a Canasta score sheet (JSON file, or - for stdin) and print the result as JSON."
    # Pure scoring: no models, URLs or database, so the project's system checks have nothing
    # to say about it (and skipping them keeps a batch of sheets fast).
    requires_system_checks = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="score-sheet JSON file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = sys.stdin.read() if options["file"] == "-" else _read(options["file"])
            sheet = json.loads(text)
        except OSError as exc:
            self._fail(f"cannot read {options['file']}: {exc.strerror or exc}")
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            self._fail(f"the score sheet is not valid JSON: {exc}")
        except (RecursionError, ValueError) as exc:
            # Nesting too deep for the parser, or an integer too long to read.
            self._fail(f"the score sheet cannot be read: {type(exc).__name__}: {str(exc)[:200]}")
        try:
            result = scoring.score_sheet(sheet)
        except scoring.SheetRejected as exc:
            self._fail_with(exc.errors)
        self.stdout.write(json.dumps(result))

    def _fail(self, message: str) -> NoReturn:
        self._fail_with([{"hand": None, "side": None, "field": None, "message": message}])

    def _fail_with(self, errors: list[dict[str, Any]]) -> NoReturn:
        self.stdout.write(json.dumps({"errors": errors}))
        self.stdout.flush()
        sys.exit(1)


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()
