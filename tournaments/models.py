"""League nights and tournaments: events, rounds, tables, games, hands and derived standings.

Design: docs/site.md#the-tournament-models"""

from __future__ import annotations

import functools
import secrets
import uuid
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.manager import HistoryManager
from simple_history.models import HistoricalRecords

from clubs.models import Club, Federation, Partnership, Person, Player, variant_choices
from clubs.text import NameField, refuse_invisible_characters
from tournaments.domain import table_shapes, victory_points


def default_tie_breaks() -> list[str]:
    return list(victory_points.DEFAULT_TIE_BREAKS)


VP_SCALE_CHOICES = [
    ("win-draw-loss", _("Win 2, draw 1, loss 0")),
    ("three-one-zero", _("Win 3, draw 1, loss 0")),
    ("burraco-20", _("20 to 0 by score difference (3- and 4-hand tables)")),
    ("custom", _("The club's own table")),
]


# The tables an event may seat (tournaments/domain/table_shapes.py); which ones a variant allows is
# the engine's (`scoring.RuleSet.tables`).
TABLE_SHAPE_CHOICES = [
    ("2+2", _("4 players in two partnerships")),
    ("1+1", _("2 players, each alone")),
    ("1+1+1", _("3 players, each alone")),
    ("1+1+1+1", _("4 players, each alone")),
    ("3+3", _("6 players in two teams of three")),
    ("2+2+2", _("6 players in three teams of two")),
    ("3+2", _("5 players: a side of three against a side of two")),
]
TABLE_SHAPE_LABELS = dict(TABLE_SHAPE_CHOICES)


class Event(models.Model):
    class Kind(models.TextChoices):
        LEAGUE_NIGHT = "league_night", _("League night")
        TOURNAMENT = "tournament", _("Tournament")

    class Format(models.TextChoices):
        INDIVIDUAL = "individual", _("Individual (partners rotate)")
        SWISS = "swiss", _("Fixed partnerships: Swiss (Danese)")
        ROUND_ROBIN = "round_robin", _("Fixed partnerships: round robin")
        MITCHELL = "mitchell", _("Fixed partnerships: Mitchell movement")

    class MissedRounds(models.TextChoices):
        NOTHING = "nothing", _("Nothing")
        SIT_OUT_SCORE = "sit_out_score", _("The sit-out score")
        AVERAGE = "average", _("The player's average")

    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = NameField(_("name"), max_length=120)
    date = models.DateField(_("date"), help_text=_("The club's local date."))
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.LEAGUE_NIGHT)
    format = models.CharField(_("format"), max_length=16, choices=Format.choices, default=Format.INDIVIDUAL)
    variant = models.CharField(_("variant"), max_length=32, choices=variant_choices)
    options = models.JSONField(_("house rules"), default=dict, blank=True)
    hands_per_round = models.PositiveSmallIntegerField(
        _("hands per round"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(32767)],  # SQLite checks no range itself
        help_text=_(
            "Each table's game ends after this many hands. "
            "Leave it empty to play each game to the variant's target."
        ),
    )
    minutes_per_round = models.PositiveSmallIntegerField(
        _("minutes per round"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(32767)],  # SQLite checks no range itself
        help_text=_(
            "A clock for each round, shown on every table and on the round board. "
            "Leave it empty for rounds without a time limit."
        ),
    )
    warning_minutes = models.PositiveSmallIntegerField(
        _("warning before the end (minutes)"),
        default=10,
        help_text=_("The clock warns the tables this many minutes before the round's time is up."),
    )
    confirmation_required = models.BooleanField(
        _("the other side confirms each hand"),
        default=False,
        help_text=_("Standings then count only confirmed hands. On by default for tournaments."),
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PLANNED)
    table_shape = models.CharField(
        _("players at a table"),
        max_length=8,
        blank=True,
        choices=TABLE_SHAPE_CHOICES,
        help_text=_("Leave it empty for the variant's own table (four in two partnerships for most)."),
    )
    play_to_target_across_tables = models.BooleanField(
        _("when one table reaches the target, every table stops"),
        default=False,
        help_text=_(
            "As German clubs play: once any game of a round reaches the variant's target, the "
            "other tables finish the hand in play and their games end there (the higher total wins)."
        ),
    )
    five_player_tables = models.BooleanField(
        _("tables of five instead of sit-outs"),
        default=False,
        help_text=_(
            "When the players present are not a multiple of four, seat those left over at tables "
            "of five (a side of three, one of them sitting out each hand, against a side of two) "
            "instead of sitting them out: 14 players are 4 + 5 + 5."
        ),
    )
    three_player_tables = models.BooleanField(
        _("tables of three instead of sit-outs"),
        default=False,
        help_text=_(
            "When the players present are not a multiple of four, seat the others at tables of "
            "three (each for themself, the variant's 3-player game) instead of sitting them out."
        ),
    )
    missed_round_policy = models.CharField(
        _("a round a player misses counts"),
        max_length=16,
        choices=MissedRounds.choices,
        default=MissedRounds.NOTHING,
        help_text=_(
            "For a sit-out, or a round played before a late player arrived: nothing, the "
            "sit-out score below, or the player's average over the games they played."
        ),
    )
    sit_out_victory_points = models.PositiveSmallIntegerField(
        _("sit-out score (victory points)"),
        default=1,
        help_text=_("Victory points for a missed round under the sit-out score (a draw is 1, a win 2)."),
    )
    avoid_season_partners = models.BooleanField(
        _("avoid partners from earlier nights of the season"),
        default=False,
        help_text=_(
            "Individual seating: avoid, while possible, partnering players who partnered on "
            "earlier nights of the event's season (a repeat within tonight is avoided first)."
        ),
    )
    ranked = models.BooleanField(
        _("counts in the club's ranking"),
        default=True,
        help_text=_("Untick for a social night or a knockout: its games then move no ranking or rating."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # How the standings rank (tournaments/domain/victory_points.py); set with `event_standings_rules_set`.
    vp_scale = models.CharField(
        _("victory-point scale"), max_length=32, choices=VP_SCALE_CHOICES, default="win-draw-loss"
    )
    vp_custom = models.JSONField(_("the club's own victory-point table"), default=dict, blank=True)
    tie_breaks = models.JSONField(_("tie-break order"), default=default_tie_breaks, blank=True)
    # The hall board's link (`selectors.board_token`) is signed over the event and this
    # number; a director's new link (`services.event_board_link_renew`) raises it, so every
    # earlier link stops working.
    board_link_version = models.PositiveIntegerField(default=0, editable=False)
    season = models.ForeignKey(
        "Season",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="events",
        verbose_name=_("season"),
    )
    # A championship: the federation's event, run by its officers at a member club (`club`, the
    # host), its entrants players of any member club. Its games count in the federation's
    # ranking, not in the host club's (docs/federation.md, "Championships").
    federation = models.ForeignKey(
        Federation,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="championships",
        verbose_name=_("federation"),
    )
    keep_clubs_apart = models.BooleanField(
        _("keep players of one club apart"),
        default=False,
        help_text=_(
            "Seat players (or pairs) of the same club at different tables where the seating can; "
            "the seating's figures show how many meetings of one club were left."
        ),
    )

    history = HistoricalRecords()  # created, started, finished (standings final): audit page

    PARTNERSHIP_FORMATS = (Format.SWISS, Format.ROUND_ROBIN, Format.MITCHELL)

    class Meta:
        ordering = ["-date", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    def clean(self) -> None:
        refuse_invisible_characters(self, {"name": _("The event's name")})


class Participant(models.Model):
    """A player taking part in an event; `present` is who the director seats next round."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="participants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="participations")
    present = models.BooleanField(_("present"), default=True)
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("withdrew after round"),
        null=True,
        blank=True,
        help_text=_("Set when the player leaves the event: their results so far stay (0: before round 1)."),
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="participant_unique_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"


class Stage(models.Model):
    """A stage of an event with its own format and rounds: rounds for everyone, a final table, or
    a knockout of pairs; an event without stages is one implicit stage. Rules:
    tournaments/domain/stages.py; design: docs/site.md#the-tournament-models"""

    class Kind(models.TextChoices):
        ROUNDS = "rounds", _("Rounds for everyone")
        FINAL_TABLE = "final_table", _("Final table")
        KNOCKOUT = "knockout", _("Knockout")

    class Qualify(models.TextChoices):
        EVERYONE = "everyone", _("Everyone in play")
        BEST = "best", _("The best of the standings")
        BEST_OF_EACH_TABLE = "best_of_each_table", _("The best of each table of the last round")

    class Seeding(models.TextChoices):
        STANDINGS = "standings", _("By the standings of the stage before")
        PAIR_NUMBERS = "pair_numbers", _("By pair number")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField(_("stage"))
    name = NameField(_("name"), max_length=120)
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.ROUNDS)
    # The movement of a stage of rounds. A final table plays the event's own kind of game among
    # the finalists (partners rotate in an individual event, a round robin of pairs otherwise);
    # a knockout's bracket makes its tables.
    format = models.CharField(_("format"), max_length=16, choices=Event.Format.choices)
    planned_rounds = models.PositiveSmallIntegerField(
        _("rounds"),
        null=True,
        blank=True,
        help_text=_("A knockout plays as many rounds as its bracket needs."),
    )
    qualify = models.CharField(
        _("who plays"), max_length=24, choices=Qualify.choices, default=Qualify.EVERYONE
    )
    qualifiers = models.PositiveSmallIntegerField(
        _("how many"),
        null=True,
        blank=True,
        help_text=_("The best how many of the standings, or of each table."),
    )
    seeding = models.CharField(
        _("seeding"), max_length=16, choices=Seeding.choices, default=Seeding.STANDINGS
    )
    confirmed_at = models.DateTimeField(_("entrants confirmed"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    RESTRICTED = (Kind.FINAL_TABLE, Kind.KNOCKOUT)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="stage_number_unique_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.event.name}, stage {self.number}: {self.name}"

    def clean(self) -> None:
        refuse_invisible_characters(self, {"name": _("The stage's name")})

    @property
    def restricted(self) -> bool:
        """Played by the entrants the director confirmed, not by everyone."""
        return self.kind in self.RESTRICTED


class Round(models.Model):
    class Status(models.TextChoices):
        SEATING = "seating", _("Seating being computed")
        SEATED = "seated", _("Seated")
        FAILED = "failed", _("Seating failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    # None in an event without stages (its one implicit stage).
    # RESTRICT: a stage with rounds is not deleted, unless its event is (with the rounds).
    stage = models.ForeignKey(
        Stage,
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="rounds",
        verbose_name=_("stage"),
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.SEATING)
    seating_error = models.TextField(blank=True)
    # With `Event.play_to_target_across_tables`: when a game of the round first reached the
    # target, and at which table. Every other game ends after the hand it had in play then.
    target_reached_at = models.DateTimeField(null=True, blank=True)
    target_reached_table = models.PositiveSmallIntegerField(null=True, blank=True)
    seating_started_at = models.DateTimeField(null=True, blank=True)
    locked = models.BooleanField(
        _("locked"), default=False, help_text=_("A locked round's seating is final: no reseat, no swap.")
    )
    clock_started_at = models.DateTimeField(
        _("clock started"),
        null=True,
        blank=True,
        help_text=_("When the round's clock started: at the seating, or when the director restarted it."),
    )
    results_final_at = models.DateTimeField(
        _("results final since"),
        null=True,
        blank=True,
        help_text=_("Set when the next round starts: from then on only a director changes a hand."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Who asked for a seating or a new draw, and when it was done (audit page). The seats
    # themselves are rewritten in bulk by the seating task and are not recorded one by one.
    history = HistoricalRecords()

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.event.name}, round {self.number}"


# What a table link's token may look like in a URL (tournaments/web/urls/table.py): URL-safe base64, at
# most the column's 64 characters. Anything else (a NUL byte, other bytes) is not found.
ACCESS_TOKEN_PATTERN = "[A-Za-z0-9_-]{1,64}"


def new_access_token() -> str:
    """An unguessable token for a table's private scoring link (about 190 bits)."""
    return secrets.token_urlsafe(24)


# A table card's short code, typed by a person (README "A night", step 5): letters and digits
# that no hand writes or reads as another (no 0 O Q D, 1 I L, 2 Z, 5 S, 8 B, U V).
SHORT_CODE_ALPHABET = "ACEFGHJKMNPRTWXY34679"
SHORT_CODE_LENGTH = 6


def new_short_code() -> str:
    """A table card's short code: 6 of SHORT_CODE_ALPHABET's 21 characters (about 26 bits;
    wrong codes are throttled, `tournaments/web/table_codes.py`)."""
    return "".join(secrets.choice(SHORT_CODE_ALPHABET) for _ in range(SHORT_CODE_LENGTH))


# Every side label a table can have (tournaments/domain/table_shapes.py).
CARD_SIDES = table_shapes.SIDE_LABELS


def new_side_codes() -> dict[str, str]:
    """A 4-digit confirmation code for each side a table can have, printed on that side's
    half of the table card: the other side types it to confirm a hand."""
    return {side: f"{secrets.randbelow(10_000):04d}" for side in CARD_SIDES}


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    access_token = models.CharField(max_length=64, unique=True, default=new_access_token, editable=False)
    locked = models.BooleanField(
        _("locked"), default=False, help_text=_("Kept as it is when the rest of the round is seated again.")
    )
    pairing_note = models.CharField(_("why this pairing"), max_length=16, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique_per_round"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number} ({self.round})"


class TableCard(models.Model):
    """The card on a physical table for a whole event: a private link (and QR code) and a short code
    opening the game at table `number` of the current round; revoking it revokes those links too."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="table_cards")
    number = models.PositiveSmallIntegerField(_("table"))
    access_token = models.CharField(max_length=64, unique=True, default=new_access_token, editable=False)
    short_code = models.CharField(
        max_length=SHORT_CODE_LENGTH, unique=True, default=new_short_code, editable=False
    )
    side_codes = models.JSONField(default=new_side_codes, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    renewed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="table_card_number_unique_per_event"),
        ]

    def __str__(self) -> str:
        return f"Card of table {self.number} ({self.event})"


class Pair(models.Model):
    """A partnership playing a fixed-partnership event; `number` is its seed and movement number."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pairs")
    number = models.PositiveSmallIntegerField(_("pair"))
    partnership = models.ForeignKey(Partnership, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="pair_number_unique_per_event"),
            models.UniqueConstraint(fields=["event", "partnership"], name="pair_once_per_event"),
        ]

    def __str__(self) -> str:
        return f"Pair {self.number}: {self.partnership}"


class StageEntrant(models.Model):
    """Who plays a final table or a knockout, with their seed (1 = best): a player, or a pair in a
    fixed-partnership event (`services.stage_entrants_confirm`)."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="entrants")
    seed = models.PositiveSmallIntegerField(_("seed"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    pair = models.ForeignKey(Pair, on_delete=models.RESTRICT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["stage", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "seed"], name="stage_entrant_seed_unique"),
            models.UniqueConstraint(fields=["stage", "player"], name="stage_entrant_player_once"),
            models.UniqueConstraint(fields=["stage", "pair"], name="stage_entrant_pair_once"),
            models.CheckConstraint(
                condition=models.Q(player__isnull=True, pair__isnull=False)
                | models.Q(player__isnull=False, pair__isnull=True),
                name="stage_entrant_player_or_pair",
            ),
        ]

    def __str__(self) -> str:
        return f"Seed {self.seed} of {self.stage}"


class MatchDecision(models.Model):
    """The director's word on a knockout match ended level or without a game (a walkover):
    who goes through. `round` and `slot` place it in the bracket (tournaments/domain/stages.py)."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="decisions")
    round = models.PositiveSmallIntegerField(_("bracket round"))
    slot = models.PositiveSmallIntegerField(_("match"))
    winner = models.ForeignKey(Pair, on_delete=models.RESTRICT, related_name="+")
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["stage", "round", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "round", "slot"], name="match_decision_once"),
        ]

    def __str__(self) -> str:
        return f"Match {self.slot} of bracket round {self.round} ({self.stage})"


class Seat(models.Model):
    """A player's place at a table: which side they score for and their compass seat."""

    class Position(models.TextChoices):
        NORTH = "N", _("North")
        EAST = "E", _("East")
        SOUTH = "S", _("South")
        WEST = "W", _("West")
        # Tables of five and six (tournaments/domain/table_shapes.py).
        SEAT_1 = "1", _("Seat 1")
        SEAT_2 = "2", _("Seat 2")
        SEAT_3 = "3", _("Seat 3")
        SEAT_4 = "4", _("Seat 4")
        SEAT_5 = "5", _("Seat 5")
        SEAT_6 = "6", _("Seat 6")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    side = models.CharField(_("side"), max_length=8)
    position = models.CharField(_("seat"), max_length=1, choices=Position.choices)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="seat_player_once_per_table"),
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_once_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.table} ({self.side})"


class SitOut(models.Model):
    """A present player who sits out a round (a bye)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sit_outs")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="sit_outs")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="sit_out_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.player} sits out {self.round}"


class Game(models.Model):
    """One table's game in one round, with the rules it started with and its state after its last hand.

    Design: docs/site.md#the-tournament-models"""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="game")
    variant = models.CharField(_("variant"), max_length=32, choices=variant_choices)
    options = models.JSONField(_("house rules"), default=dict, blank=True)
    sides = models.JSONField(_("sides"), default=list)
    # How many players of each side play a hand (the engine's checks of partners' cards, §4 #18):
    # 1 alone, 2 partners (also at a table of five), 3 at a table of two teams of three.
    players = models.PositiveSmallIntegerField(null=True, blank=True)
    hands_planned = models.PositiveSmallIntegerField(null=True, blank=True)
    # Another table of the round reached the target (`Round.target_reached_at`): this game ends
    # after this hand, the one it had in play then (services.hand_record sets it).
    last_hand = models.PositiveSmallIntegerField(null=True, blank=True)
    # The director ended the game at its score after this many hands (time up): it is over
    # from then on, the higher total winning (services.game_stop).
    stopped_after = models.PositiveSmallIntegerField(null=True, blank=True)
    stopped_at = models.DateTimeField(null=True, blank=True)
    stopped_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    totals = models.JSONField(default=dict)
    initial_meld = models.JSONField(default=dict)
    game_over = models.BooleanField(default=False)
    winner = models.CharField(max_length=8, blank=True)
    is_draw = models.BooleanField(default=False)
    # The hands stored (the engine's deals played), the number the next new hand takes (one
    # more than the highest stored: a deleted hand leaves a gap), and the side whose hand won
    # the game outright (Modern American Dream Hand), blank for none.
    hands_played = models.PositiveIntegerField(default=0)
    next_number = models.PositiveIntegerField(default=1)
    won_by = models.CharField(max_length=8, blank=True)
    # At a table of five, who of the side of three has sat out its hands: player id (text) ->
    # [hands sat out, the number of the last of them] (`domain.table_shapes.sat_out_turns`), so
    # that a new hand's sit-out is chosen from the row alone; rewritten with the hands.
    sat_out_turns = models.JSONField(
        default=dict, db_default=models.Value({}, models.JSONField()), blank=True
    )
    updated_at = models.DateTimeField(auto_now=True)
    # Not a column: read with the lock of a hand's save (`services.hand_record`), the id of the
    # hand saved under the submission's id (None for none).
    _done_id: int | None

    def __str__(self) -> str:
        return f"Game at {self.table}"


class _HistoryManager(HistoryManager):
    """django-simple-history's manager of a model's history rows, its class made once (the package
    makes one each time `Model.history` is read)."""

    @classmethod
    @functools.cache
    def from_queryset(cls, queryset_class: type[Any], class_name: str | None = None) -> type[Any]:
        return super().from_queryset(queryset_class, class_name)


class Hand(models.Model):
    """One hand (deal) of a game. `submission_id` makes a retried submission a no-op."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    submission_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    version = models.PositiveIntegerField(default=1)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_by_side = models.CharField(_("entered by side"), max_length=8, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_by_side = models.CharField(max_length=8, blank=True)
    # How the confirmation was given: "code" (the side's code from its half of the table card)
    # or "director".
    confirmed_via = models.CharField(max_length=8, blank=True)
    # At a table of five: the player of the side of three who sat this hand out (by turn,
    # `domain.table_shapes.sitting_out`, unless the director said otherwise). Not a scoring fact.
    sat_out = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("sat out")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords(history_manager=_HistoryManager)
    # Not columns. The reason django-simple-history writes in the history row of the next save
    # or delete (its documented `_change_reason`); whether `services.hand_record` made the hand
    # it returns (False: a retried submission); Django's cache of prefetched relations, which
    # `hand_record` fills with the entries it saved rather than read them again.
    _change_reason: str | None
    was_created: bool
    _prefetched_objects_cache: dict[str, Any]

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique_per_game"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} of {self.game}"


class SideEntry(models.Model):
    """What was entered for one side in one hand (the score-sheet entry) and its derived score."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="entries")
    side = models.CharField(_("side"), max_length=8)
    entry = models.JSONField(_("entry"), default=dict)
    score = models.IntegerField(_("score (points)"))
    breakdown = models.JSONField(default=list)
    history = HistoricalRecords(history_manager=_HistoryManager)
    _change_reason: str | None  # for django-simple-history's row of the next save or delete

    class Meta:
        ordering = ["hand", "side"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "side"], name="side_entry_once_per_hand"),
        ]

    def __str__(self) -> str:
        return f"{self.side}: {self.score} in {self.hand}"


class Standing(models.Model):
    """A player's row in an event's standings. Derived: rebuilt from the hands."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")
    rank = models.PositiveSmallIntegerField()
    games = models.PositiveSmallIntegerField(default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    draws = models.PositiveSmallIntegerField(default=0)
    losses = models.PositiveSmallIntegerField(default=0)
    victory_points = models.PositiveIntegerField(default=0)
    points_for = models.IntegerField(default=0)
    points_against = models.IntegerField(default=0)
    finished_points = models.IntegerField(default=0)
    match_points = models.PositiveIntegerField(default=0)
    # The criterion that put this row ahead of the next one ("tied": they share a rank).
    separated_by = models.CharField(max_length=24, blank=True)

    class Meta:
        ordering = ["event", "rank", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="standing_once_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player} in {self.event}"


class RatingFields(models.Model):
    """A current rating (`Rating`, `PersonRating`): ranking group, OpenSkill's mu and sigma
    (tournaments/domain/ratings.py), the ordinal shown, games rated, whether provisional."""

    # The ranking group: its first variant (clubs/variants.py, `ranking_group_of`).
    group = models.CharField(_("ranking group"), max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(_("rating"))
    games = models.PositiveIntegerField(_("rated games"), default=0)
    provisional = models.BooleanField(_("provisional"), default=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


class Rating(RatingFields):
    """A player's current rating in one ranking group (OpenSkill, tournaments/domain/ratings.py).
    Derived: rebuilt from the club's finished games of ranked events by `ratings_rebuild`."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "group"], name="rating_once_per_player_and_group"),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.group}): {self.ordinal:.1f}"


class RatingHistory(models.Model):
    """A player's rated game: its result for them and their rating in its ranking group right
    after it. Derived, like Rating; the club's ranking of a period sums these rows."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_history")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    group = models.CharField(max_length=32)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    date = models.DateField()  # the event's
    sequence = models.PositiveIntegerField()  # the player's rated games in the group, this one included
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    won = models.PositiveSmallIntegerField()  # 1 for a win, else 0 (summed by the ranking)
    drew = models.PositiveSmallIntegerField()  # 1 for a draw, else 0
    points = models.IntegerField()  # the side's game total (Canasta points)
    victory_points = models.IntegerField()  # on the event's scale

    class Meta:
        ordering = ["player", "group", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="rating_history_once_per_game"),
        ]
        indexes = [
            models.Index(fields=["group", "date"], name="rating_history_group_date"),
            models.Index(fields=["player", "group", "sequence"], name="rating_history_sequence"),
        ]

    def __str__(self) -> str:
        return f"{self.player} after game {self.sequence} of {self.group}: {self.ordinal:.1f}"


class PersonRating(RatingFields):
    """A person's current rating in a ranking group of their federation, by a club Rating's rule over
    the games its member clubs publish. Derived: `federation_ratings_rebuild`."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="ratings")
    # The person's totals over their rated games of the group (the sums of their history rows),
    # written with the rating: the ranking of every night reads them here instead of summing
    # the federation's history (2,000,000 rows at 500,000 games). `games` is their count.
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    points = models.BigIntegerField(default=0)  # Canasta points (the sides' game totals)
    victory_points = models.BigIntegerField(default=0)  # on each event's scale
    last_played = models.DateField(null=True)  # the latest event date of those games

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["person", "group"], name="person_rating_once_per_group"),
        ]

    def __str__(self) -> str:
        return f"{self.person} ({self.group}): {self.ordinal:.1f}"


class PersonRatingHistory(models.Model):
    """A person's game counted by their federation, with their rating in its group right after it
    (RatingHistory's columns, by person); the game's club is its event's."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="rating_history")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    group = models.CharField(max_length=32)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    date = models.DateField()  # the event's (the club's local date)
    sequence = models.PositiveIntegerField()  # the person's counted games in the group, this one included
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()
    won = models.PositiveSmallIntegerField()
    drew = models.PositiveSmallIntegerField()
    points = models.IntegerField()
    victory_points = models.IntegerField()

    class Meta:
        ordering = ["person", "group", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["person", "game"], name="person_rating_history_once_per_game"),
        ]
        indexes = [
            models.Index(fields=["group", "date"], name="person_history_group_date"),
            models.Index(fields=["person", "group", "sequence"], name="person_history_sequence"),
        ]

    def __str__(self) -> str:
        return f"{self.person} after game {self.sequence} of {self.group}: {self.ordinal:.1f}"


class Season(models.Model):
    """A club's season: the nights (events) it gathers and how its table counts them."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = NameField(_("name"), max_length=120)
    best_n = models.PositiveSmallIntegerField(
        _("count each player's best nights"),
        null=True,
        blank=True,
        help_text=_("Leave it empty to count every night."),
    )
    min_nights = models.PositiveSmallIntegerField(
        _("minimum attendance"), default=0, help_text=_("Nights a player needs to be ranked.")
    )

    class Meta:
        ordering = ["club", "-id"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        refuse_invisible_characters(self, {"name": _("The season's name")})


class Night(models.Model):
    """A night of the club's calendar, before its event: replies, the feed, and the check-in.
    `date` and `start_time` are the club's local ones; `sequence` rises with each move or
    cancellation (iCalendar's SEQUENCE)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="nights")
    date = models.DateField(_("date"), help_text=_("The club's local date."))
    start_time = models.TimeField(_("time"), help_text=_("The club's local time."))
    variant = models.CharField(_("variant"), max_length=32, choices=variant_choices)
    format = models.CharField(
        _("format"), max_length=16, choices=Event.Format.choices, default=Event.Format.INDIVIDUAL
    )
    place = models.CharField(_("place"), max_length=200, blank=True)
    cancelled = models.BooleanField(_("cancelled"), default=False)
    sequence = models.PositiveIntegerField(default=0, editable=False)
    event = models.OneToOneField(
        Event, on_delete=models.SET_NULL, null=True, blank=True, related_name="night"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["date", "start_time", "pk"]

    def __str__(self) -> str:
        return f"{self.club} {self.date} {self.start_time}"


class NightReply(models.Model):
    """A player's word on a night: coming, not coming, or coming and looking for a partner."""

    class Answer(models.TextChoices):
        COMING = "coming", _("Coming")
        NOT_COMING = "not_coming", _("Not coming")
        PARTNER = "partner", _("Looking for a partner")

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="replies")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="night_replies")
    answer = models.CharField(_("answer"), max_length=16, choices=Answer.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="night_reply_once_a_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.answer} {self.night}"


class CheckIn(models.Model):
    """A player marked present at the door of a night: by the door's QR page, by their own
    account, or by a director (`by`, when signed in)."""

    class How(models.TextChoices):
        DOOR = "door", _("at the door")
        ACCOUNT = "account", _("signed in")
        DIRECTOR = "director", _("by a director")

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="check_ins")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="check_ins")
    how = models.CharField(max_length=16, choices=How.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="check_in_once_a_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.night}"


class NightReminders(models.Model):
    """A member's wish for a mail the day before each of the club's nights their player said
    they are coming to, in `language`; deleted to stop them."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="night_reminders"
    )
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="night_reminders_once_a_member"),
        ]

    def __str__(self) -> str:
        return f"reminders of {self.club} for {self.user}"


class NightReminderSent(models.Model):
    """A night's reminder mailed to an account: one at most (written before the mail is sent)."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="reminders_sent")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["night", "user"], name="night_reminder_once_an_account"),
        ]

    def __str__(self) -> str:
        return f"reminder of {self.night} to {self.user}"
