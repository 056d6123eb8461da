"""Copy the SQLite database to a file while the site runs (sqlite3's online backup API); PostgreSQL
is backed up with `pg_dump` (docs/deployment.md, "Backups")."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections


class Command(BaseCommand):
    help = "Back up the SQLite database to PATH, consistently, while the site keeps serving."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="the backup file to write (replaced if it exists)")
        parser.add_argument("--database", default="default", help="database alias (default: default)")

    def handle(self, *args: object, path: Path, database: str, **options: object) -> None:
        connection = connections[database]
        if connection.vendor != "sqlite":
            raise CommandError(
                f"The {database!r} database is {connection.vendor}, not SQLite: back it up with pg_dump "
                '(see docs/deployment.md, "Backups").'
            )
        path = path.expanduser().resolve()
        if not path.parent.is_dir():
            raise CommandError(f"No folder {path.parent} to write the backup in.")
        # Write beside the target and rename: a half-written file never carries the backup's name.
        partial = path.with_name(f".{path.name}.partial")
        partial.unlink(missing_ok=True)
        connection.ensure_connection()
        target = sqlite3.connect(partial)
        try:
            # Copies a consistent snapshot page by page; writers wait only for each short step.
            connection.connection.backup(target, pages=1024)
            problems = target.execute("PRAGMA integrity_check").fetchall()
            hands = target.execute("SELECT COUNT(*) FROM tournaments_hand").fetchone()[0]
        finally:
            target.close()
        if problems != [("ok",)]:
            partial.unlink(missing_ok=True)
            raise CommandError(f"The copy failed its integrity check: {problems[:5]}")
        os.replace(partial, path)
        size = path.stat().st_size
        self.stdout.write(f"Backed up to {path} ({size} bytes, {hands} hands).")
