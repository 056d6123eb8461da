"""Put a `backup_sqlite` backup back as the SQLite database, replacing all of it; stop the web
processes and workers first (what they write meanwhile is lost)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections


class Command(BaseCommand):
    help = "Replace the SQLite database with the backup at PATH (made by backup_sqlite)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="the backup file to restore")
        parser.add_argument("--database", default="default", help="database alias (default: default)")
        parser.add_argument(
            "--noinput", "--no-input", action="store_false", dest="interactive", help="do not ask to confirm"
        )

    def handle(self, *args: object, path: Path, database: str, interactive: bool, **options: object) -> None:
        connection = connections[database]
        if connection.vendor != "sqlite":
            raise CommandError(
                f"The {database!r} database is {connection.vendor}, not SQLite: restore it with pg_restore "
                '(see docs/deployment.md, "Backups").'
            )
        path = path.expanduser().resolve()
        if not path.is_file():
            raise CommandError(f"No backup at {path}.")
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            if source.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
                raise CommandError(f"{path} is damaged (integrity check failed); nothing was changed.")
            try:
                hands = source.execute("SELECT COUNT(*) FROM tournaments_hand").fetchone()[0]
            except sqlite3.DatabaseError as exc:
                raise CommandError(f"{path} is not a backup of this site: {exc}") from exc
            if interactive:
                answer = input(
                    f"Replace everything in {connection.settings_dict['NAME']} with {path} ({hands} hands)? "
                    "Type 'yes' to go on: "
                )
                if answer != "yes":
                    raise CommandError("Restore cancelled; nothing was changed.")
            connection.ensure_connection()
            # The backup API writes the whole file in one go under the database's lock.
            source.backup(connection.connection)
        finally:
            source.close()
        self.stdout.write(f"Restored {path} ({hands} hands). Run `manage.py migrate` if the code is newer.")
