"""Rebuild standings from the stored hands: every event, or those named."""

from django.core.management.base import BaseCommand, CommandParser

from tournaments.models import Event, Game
from tournaments.services import game_rescore, standings_rebuild


class Command(BaseCommand):
    help = "Rescore every game and rebuild event standings from the stored hands (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event_ids", nargs="*", type=int, help="events to rebuild (default: all)")

    def handle(self, *args: object, event_ids: list[int], **options: object) -> None:
        events = Event.objects.all()
        if event_ids:
            events = events.filter(pk__in=event_ids)
        for event in events.order_by("pk"):
            for game in Game.objects.filter(table__round__event=event):
                game_rescore(game=game)
            rows = standings_rebuild(event_id=event.pk)
            self.stdout.write(f"{event}: {rows} standings rows")
