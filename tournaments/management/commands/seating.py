"""Print an individual (rotating-partner) seating plan for players 1..N as JSON."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.domain.seating import individual_schedule

MAX_PLAYERS = 400
MAX_ROUNDS = 200


class Command(BaseCommand):
    help = (
        "Plan an individual night for players 1..N: partners change every round. Prints "
        '{"rounds": [{"tables": [{"sides": [[1, 5], [2, 9]]}], "sit_out": [13]}]}.'
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True, help="number of players (N)")
        parser.add_argument("--rounds", type=int, required=True, help="number of rounds")
        parser.add_argument("--seed", type=int, default=0, help="seed (same seed, same plan)")
        parser.add_argument(
            "--three-player-tables",
            action="store_true",
            help="absorb the remainder with tables of three instead of sit-outs",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        players, rounds = options["players"], options["rounds"]
        if not 1 <= rounds <= MAX_ROUNDS:
            raise CommandError(f"--rounds must be between 1 and {MAX_ROUNDS}, got {rounds}")
        if players > MAX_PLAYERS:
            raise CommandError(f"--players must be at most {MAX_PLAYERS}, got {players}")
        try:
            plan = individual_schedule(
                players,
                rounds,
                seed=options["seed"],
                three_player_tables=options["three_player_tables"],
            )
        except ValueError as error:
            raise CommandError(str(error)) from error
        payload = {
            "rounds": [
                {
                    "tables": [{"sides": [list(side) for side in table.sides]} for table in rnd.tables],
                    "sit_out": list(rnd.sit_out),
                }
                for rnd in plan
            ]
        }
        self.stdout.write(json.dumps(payload))
