"""Rebuild the clubs' ratings and rated games from their finished games (derived data): every
club, or those named by slug. After the migration that keeps ratings per ranking group, or to
check that the stored ratings are those a rebuild gives."""

from django.core.management.base import BaseCommand, CommandParser

from clubs.models import Club
from tournaments.services import ratings_rebuild


class Command(BaseCommand):
    help = "Rebuild every rating and rated game of the clubs from their finished games (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slugs", nargs="*", help="clubs to rebuild (default: all)")

    def handle(self, *args: object, slugs: list[str], **options: object) -> None:
        clubs = Club.objects.order_by("pk")
        if slugs:
            clubs = clubs.filter(slug__in=slugs)
        for club in clubs:
            rated = ratings_rebuild(club_id=club.pk)
            self.stdout.write(f"{club.slug}: {rated} ratings")
