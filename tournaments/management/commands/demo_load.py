"""Load a demo club with public results: a director, a scorer, 16 players, four past nights and
tonight's; an existing demo club is left as it is."""

from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from clubs.models import Club, Membership
from clubs.services import club_create, club_update, membership_add, player_add
from tournaments import services
from tournaments.management.demo_hands import random_hand
from tournaments.models import Event, Game

DEMO_SLUG = "riverside"
DEMO_PASSWORD = "canasta-demo"
PLAYER_NAMES = [
    "Amira Haddad",
    "Bruno Costa",
    "Carmen Ruiz",
    "Dimitris Pappas",
    "Elena Marquez",
    "Farid Rahimi",
    "Georgia Nikolaou",
    "Hassan Karimi",
    "Irene Lopez",
    "Jamal Saleh",
    "Katerina Georgiou",
    "Leila Ahmadi",
    "Manuel Ortega",
    "Nadia Mansour",
    "Omid Tehrani",
    "Paula Gomez",
]


class Command(BaseCommand):
    help = "Load the demo club (director and scorer accounts, 16 players, a season of league nights)."

    def handle(self, *args: object, **options: object) -> None:
        if Club.objects.filter(slug=DEMO_SLUG).exists():
            self.stdout.write("The demo club is already loaded.")
        else:
            self._load()
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo logins (password for both: {DEMO_PASSWORD}):\n"
                "  director  - runs league nights, seats rounds, enters hands\n"
                "  scorer    - enters hands at the tables"
            )
        )

    @transaction.atomic
    def _load(self) -> None:
        club = club_create(name="Riverside Canasta Club", slug=DEMO_SLUG, default_variant="classic")
        users = get_user_model().objects
        for username, role in (("director", Membership.Role.DIRECTOR), ("scorer", Membership.Role.SCORER)):
            user = users.filter(username=username).first() or users.create_user(
                username, password=DEMO_PASSWORD
            )
            membership_add(club=club, user=user, role=role)
        players = [player_add(club=club, name=name) for name in PLAYER_NAMES]
        club_update(club=club, results_public=True)
        season = services.season_save(club=club, name="Autumn season", events=[])
        today = timezone.localdate()
        rng = random.Random(2026)
        # Four weekly nights of 3 rounds: 12 games each, past the 10 that make a rating settled.
        for weeks_ago in (4, 3, 2, 1):
            finished = services.event_create(
                club=club,
                asked=services.EventInput(
                    name="League night",
                    date=today - datetime.timedelta(days=7 * weeks_ago),
                    variant="classic",
                    hands_per_round=4,
                    players=players,
                    season=season,
                ),
            )
            for _ in range(3):
                self._play_round(finished, rng)
            services.event_finish(event=finished)
            services.standings_rebuild(event_id=finished.pk)
        services.ratings_rebuild(club_id=club.pk)
        services.event_create(
            club=club,
            asked=services.EventInput(
                name="Tonight's league night",
                date=today,
                variant="classic",
                hands_per_round=4,
                players=players[:8],
                season=season,
            ),
        )

    def _play_round(self, event: Event, rng: random.Random) -> None:
        round_ = services.round_start(event=event)
        services.round_seat(round_id=round_.pk)  # the demo does not wait for a worker
        for game in Game.objects.filter(table__round=round_):
            number = 0
            while not game.game_over:
                number += 1
                services.hand_record(
                    game=game, asked=services.HandInput(number=number, entries=random_hand(rng, game.totals))
                )
                game.refresh_from_db()
