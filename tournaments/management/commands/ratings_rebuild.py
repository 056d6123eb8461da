"""Rebuild the named clubs' (or every club's) ratings and rated games from their finished games;
with --federation, the named (or every) federation's ratings of its people instead."""

import time

from django.core.management.base import BaseCommand, CommandParser

from clubs.models import Club, Federation
from tournaments.services import federation_ratings_rebuild, ratings_rebuild


class Command(BaseCommand):
    help = (
        "Rebuild every rating and rated game of the clubs (or, with --federation, of the federations) "
        "from their finished games (idempotent)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slugs", nargs="*", help="clubs (or federations) to rebuild (default: all)")
        parser.add_argument(
            "--federation",
            action="store_true",
            help="rebuild federations' ratings (the slugs are federations') instead of clubs'",
        )

    def handle(self, *args: object, slugs: list[str], federation: bool = False, **options: object) -> None:
        if federation:
            federations = Federation.objects.order_by("pk")
            if slugs:
                federations = federations.filter(slug__in=slugs)
            for each in federations:
                started = time.monotonic()
                rated = federation_ratings_rebuild(federation_id=each.pk)
                self.stdout.write(f"{each.slug}: {rated} ratings ({time.monotonic() - started:.1f} s)")
            return
        clubs = Club.objects.order_by("pk")
        if slugs:
            clubs = clubs.filter(slug__in=slugs)
        for club in clubs:
            rated = ratings_rebuild(club_id=club.pk)
            self.stdout.write(f"{club.slug}: {rated} ratings")
