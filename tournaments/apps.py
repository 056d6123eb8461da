from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "League nights and tournaments"

    def ready(self) -> None:
        # The Celery tasks, registered by name with the app in every process (web, worker,
        # commands): the services send them by name (tournaments/services/queue.py).
        from tournaments.workers import tasks  # noqa: F401
