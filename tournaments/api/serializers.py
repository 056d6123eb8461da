"""The API's serializers: what each resource answers, and what each write takes (shape only).

Design: docs/site.md#the-api"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.request import Request

from clubs.models import Club, Player
from clubs.services import PairRequest
from clubs.text import name_trimmed
from clubs.viewer import shown_player_name
from tournaments import services
from tournaments.models import (
    TABLE_SHAPE_CHOICES,
    Event,
    Game,
    Hand,
    Participant,
    Round,
    Stage,
    Standing,
    Table,
)


class ShownNameField(serializers.CharField):
    """A player's name as the asker sees it (clubs/viewer.py): initials where the player asked,
    to all but the members of the player's club (a championship's players come from several)."""

    def __init__(self, **kwargs: Any) -> None:
        help_text = "Initials where the player asked, to all but the members of the player's club."
        super().__init__(read_only=True, help_text=help_text, **kwargs)

    def to_representation(self, value: Any) -> str:  # a Player
        return shown_player_name(value)


class SeatSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id")
    player_name = ShownNameField(source="player")
    side = serializers.CharField()
    position = serializers.CharField()


class GameSerializer(serializers.ModelSerializer):
    event = serializers.IntegerField(source="table.round.event_id", read_only=True)
    round = serializers.IntegerField(source="table.round.number", read_only=True)
    table = serializers.IntegerField(source="table.number", read_only=True)
    seats = SeatSerializer(source="table.seats", many=True, read_only=True)

    class Meta:
        model = Game
        fields = (
            "id",
            "event",
            "round",
            "table",
            "variant",
            "options",
            "sides",
            "seats",
            "hands_planned",
            "totals",
            "initial_meld",
            "game_over",
            "winner",
            "is_draw",
        )


class TableSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    game = serializers.IntegerField(source="game.id", read_only=True)

    class Meta:
        model = Table
        fields = ("id", "round", "number", "seats", "game")


class RoundSerializer(serializers.ModelSerializer):
    tables = TableSerializer(many=True, read_only=True)
    sit_out = serializers.SerializerMethodField()
    stage = serializers.IntegerField(
        source="stage.number",
        read_only=True,
        allow_null=True,
        default=None,
        help_text="The number of the event's stage the round belongs to (null: an event without stages).",
    )

    class Meta:
        model = Round
        fields = ("id", "event", "number", "stage", "status", "seating_error", "tables", "sit_out")

    def get_sit_out(self, obj: Round) -> list[int]:
        return [s.player_id for s in obj.sit_outs.all()]


class PairSerializer(serializers.Serializer):
    """A pair of a fixed-partnership event: its number and its partnership's two players."""

    number = serializers.IntegerField()
    partnership = serializers.IntegerField(source="partnership_id")
    players = serializers.SerializerMethodField()

    def get_players(self, obj: Any) -> list[int]:
        return [obj.partnership.first_id, obj.partnership.second_id]


class StageEntrantSerializer(serializers.Serializer):
    """Who plays a final table or a knockout: a seed and a pair number (pair events) or a player id."""

    seed = serializers.IntegerField()
    pair = serializers.IntegerField(source="pair.number", allow_null=True, default=None)
    player = serializers.IntegerField(source="player_id", allow_null=True)


class StageSerializer(serializers.ModelSerializer):
    """A stage of an event (read-only): its kind, movement, rounds and who plays it."""

    entrants = StageEntrantSerializer(many=True, read_only=True)

    class Meta:
        model = Stage
        fields = (
            "number",
            "name",
            "kind",
            "format",
            "planned_rounds",
            "qualify",
            "qualifiers",
            "seeding",
            "confirmed_at",
            "entrants",
        )


class EventSerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField()
    pairs = PairSerializer(many=True, read_only=True)
    stages = StageSerializer(many=True, read_only=True)

    class Meta:
        model = Event
        fields = (
            "id",
            "club",
            "name",
            "date",
            "kind",
            "format",
            "variant",
            "options",
            "hands_per_round",
            "minutes_per_round",
            "warning_minutes",
            "confirmation_required",
            "status",
            "players",
            "pairs",
            "vp_scale",
            "vp_custom",
            "tie_breaks",
            "table_shape",
            "three_player_tables",
            "five_player_tables",
            "play_to_target_across_tables",
            "missed_round_policy",
            "sit_out_victory_points",
            "avoid_season_partners",
            "keep_clubs_apart",
            "season",
            "ranked",
            "stages",
            "federation",
        )

    federation: serializers.SlugRelatedField = serializers.SlugRelatedField(
        slug_field="slug",
        read_only=True,
        allow_null=True,
        help_text="A championship's federation (its `club` the host club); null for a club's event.",
    )

    def get_players(self, obj: Event) -> list[int]:
        return [p.player_id for p in obj.participants.all()]


class EntrySideSerializer(serializers.Serializer):
    side = serializers.CharField()
    score = serializers.IntegerField()
    entry = serializers.JSONField()
    breakdown = serializers.JSONField()


class HandSerializer(serializers.ModelSerializer):
    entries = EntrySideSerializer(many=True, read_only=True)

    class Meta:
        model = Hand
        fields = (
            "id",
            "game",
            "number",
            "version",
            "submission_id",
            "entered_by_side",
            "confirmed_at",
            "confirmed_by_side",
            "entries",
            "created_at",
            "updated_at",
        )


class StandingSerializer(serializers.ModelSerializer):
    player_name = ShownNameField(source="player")
    point_difference = serializers.IntegerField()

    class Meta:
        model = Standing
        fields = (
            "rank",
            "player",
            "player_name",
            "victory_points",
            "games",
            "wins",
            "draws",
            "losses",
            "points_for",
            "points_against",
            "point_difference",
            "match_points",
            "separated_by",
        )


class EntrantStandingSerializer(serializers.Serializer):
    """A standings row as the event's format ranks it: a pair (`pair` its number, two players) in a
    fixed-partnership event, a player (`pair` null) otherwise; points are Canasta points."""

    rank = serializers.IntegerField()
    pair = serializers.IntegerField(allow_null=True)
    players = serializers.ListField(child=serializers.DictField())
    victory_points = serializers.IntegerField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    point_difference = serializers.IntegerField()
    match_points = serializers.IntegerField()
    separated_by = serializers.CharField()

    def to_representation(self, instance: Any) -> dict[str, Any]:
        if isinstance(instance, Standing):
            players = [instance.player]
            pair = None
        else:
            players = list(instance.players)
            pair = instance.pair
        # items(): the stubs type iterating a serializer's fields as giving fields, not their names.
        names = [name for name, _field in self.fields.items() if name not in ("pair", "players")]
        row = {name: getattr(instance, name) for name in names}
        return row | {"pair": pair, "players": [{"id": p.pk, "name": shown_player_name(p)} for p in players]}


class NameInputField(serializers.CharField):
    """A name trimmed of its spaces alone (`clubs.text.name_trimmed`, not DRF's str.strip), so that
    the model's check refuses a line separator or a tab at either end as it does inside."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**{**kwargs, "trim_whitespace": False})

    def run_validation(self, data: Any = serializers.empty) -> Any:
        # Before DRF's own checks, so that a name of spaces alone is refused as blank.
        return super().run_validation(name_trimmed(data) if isinstance(data, str) else data)


class EventInputSerializer(serializers.Serializer):
    club = serializers.IntegerField()
    name = NameInputField(max_length=120)
    date = serializers.DateField()
    kind = serializers.ChoiceField(choices=Event.Kind.choices, default=Event.Kind.LEAGUE_NIGHT)
    variant = serializers.CharField(max_length=32)
    options = serializers.DictField(required=False, default=dict)
    hands_per_round = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    minutes_per_round = serializers.IntegerField(
        min_value=1,
        max_value=32767,
        required=False,
        allow_null=True,
        help_text="Each round's clock, in minutes; none: no clock.",
    )
    warning_minutes = serializers.IntegerField(
        min_value=0,
        max_value=32767,
        default=10,
        help_text="The clock warns the tables this many minutes before the end.",
    )
    confirmation_required = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="The other side confirms each hand; null: as the kind says (on for tournaments).",
    )
    players = serializers.ListField(child=serializers.IntegerField(), required=False, default=list)
    format = serializers.ChoiceField(choices=Event.Format.choices, default=Event.Format.INDIVIDUAL)
    partnerships = serializers.ListField(child=serializers.IntegerField(), required=False, default=list)
    pairs = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2),
        required=False,
        default=list,
        help_text="Fixed partnerships as pairs of player ids (instead of `partnerships`).",
    )
    table_shape = serializers.ChoiceField(
        choices=TABLE_SHAPE_CHOICES,
        required=False,
        allow_blank=True,
        default="",
        help_text="Players seated on each side, e.g. 3+3; empty for the variant's own table.",
    )
    three_player_tables = serializers.BooleanField(default=False)
    five_player_tables = serializers.BooleanField(default=False)
    play_to_target_across_tables = serializers.BooleanField(default=False)
    missed_round_policy = serializers.ChoiceField(
        choices=Event.MissedRounds.choices, default=Event.MissedRounds.NOTHING
    )
    sit_out_victory_points = serializers.IntegerField(min_value=0, max_value=32767, default=1)
    avoid_season_partners = serializers.BooleanField(default=False)
    keep_clubs_apart = serializers.BooleanField(
        default=False,
        help_text="Keep players (or pairs) of one club from meeting where the seating can: for a "
        "championship's entrants of several clubs.",
    )
    season = serializers.IntegerField(required=False, allow_null=True)
    ranked = serializers.BooleanField(
        default=True, help_text="Whether the event's games count in the club's ranking and ratings."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # Shape only (one way of giving the pairs); what the pairs may be is the service's.
        if attrs["partnerships"] and attrs["pairs"]:
            raise serializers.ValidationError({"pairs": "Give `partnerships` or `pairs`, not both."})
        return attrs

    def event_input(self, club: Club) -> services.EventInput:
        """The event asked for, its ids looked up in `club` (after `is_valid()`). Raises
        ValidationError for a player, partnership or season id the club does not have."""
        data = self.validated_data
        by_id = Player.objects.filter(club=club).in_bulk(data["players"])
        players = [by_id[pk] for pk in dict.fromkeys(data["players"]) if pk in by_id]
        if len(players) != len(set(data["players"])):
            raise serializers.ValidationError({"players": "Unknown player id(s) for this club."})
        partnerships = club.partnerships.in_bulk(data["partnerships"])
        if len(partnerships) != len(set(data["partnerships"])):
            raise serializers.ValidationError({"partnerships": "Unknown partnership id(s) for this club."})
        season = None
        if data.get("season") is not None:
            season = club.seasons.filter(pk=data["season"]).first()
            if season is None:
                raise serializers.ValidationError({"season": "Unknown season for this club."})
        # The pairs' player ids go to the service as they are: it finds them in the club, makes
        # (or reuses) their partnerships and names the pair at fault ("Pair 2: ...").
        pairs = [
            PairRequest(where=_("Pair %(number)s") % {"number": number}, players=tuple(pair))
            for number, pair in enumerate(data["pairs"], start=1)
        ]
        return services.EventInput.from_fields(
            data,
            players=players,
            partnerships=[partnerships[pk] for pk in data["partnerships"]],
            pairs=pairs,
            season=season,
        )


class ParticipantSerializer(serializers.ModelSerializer):
    class Meta:
        model = Participant
        fields = ("event", "player", "present", "withdrawn_after_round")


class ParticipantAddInputSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    partner = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="In a fixed-partnership event: the late pair's other player.",
    )


class HandSavedEntrySerializer(serializers.Serializer):
    side = serializers.CharField()
    score = serializers.IntegerField(help_text="Points.")
    breakdown = serializers.JSONField()


class HandSavedSerializer(serializers.Serializer):
    """What a hand save answers (the view writes it directly): the hand as saved (its `version`, for
    a correction), each side's score with its breakdown, and the game's state after it."""

    id = serializers.IntegerField()
    game = serializers.IntegerField()
    number = serializers.IntegerField()
    version = serializers.IntegerField()
    submission_id = serializers.UUIDField()
    entered_by_side = serializers.CharField()
    confirmed_at = serializers.DateTimeField(allow_null=True)
    entries = HandSavedEntrySerializer(many=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    totals = serializers.DictField(child=serializers.IntegerField(), help_text="Points, side -> total.")
    initial_meld = serializers.DictField(
        child=serializers.IntegerField(), help_text="Each side's initial-meld minimum in the next hand."
    )
    game_over = serializers.BooleanField()
    winner = serializers.CharField(help_text="The winning side; empty while the game goes on or for a draw.")
    is_draw = serializers.BooleanField()


_DATETIME = serializers.DateTimeField()


def hand_saved_data(hand: Hand) -> dict[str, Any]:
    """HandSavedSerializer's shape, written directly: `hand` as `services.hand_record` returns
    it (its entries in memory, `hand.game` the game it locked and updated)."""
    game = hand.game
    return {
        "id": hand.pk,
        "game": hand.game_id,
        "number": hand.number,
        "version": hand.version,
        "submission_id": str(hand.submission_id),
        "entered_by_side": hand.entered_by_side,
        "confirmed_at": _DATETIME.to_representation(hand.confirmed_at) if hand.confirmed_at else None,
        "entries": [
            {"side": entry.side, "score": entry.score, "breakdown": entry.breakdown}
            for entry in hand.entries.all()
        ],
        "created_at": _DATETIME.to_representation(hand.created_at),
        "updated_at": _DATETIME.to_representation(hand.updated_at),
        "totals": game.totals,
        "initial_meld": game.initial_meld,
        "game_over": game.game_over,
        "winner": game.winner,
        "is_draw": game.is_draw,
    }


class HandRecordInputSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    submission_id = serializers.UUIDField(required=False)
    expected_version = serializers.IntegerField(min_value=1, required=False)
    entered_by_side = serializers.CharField(required=False, allow_blank=True, default="")
    entries = serializers.DictField(child=serializers.DictField())
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)


class HandConfirmInputSerializer(serializers.Serializer):
    side = serializers.CharField(required=False, allow_blank=True, default="")
    code = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=8,
        help_text="The confirming side's code, on its half of the table card (not for directors).",
    )


def valid_data(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


# --- a club's ranking ---------------------------------------------------------------------------


class RankingQuerySerializer(serializers.Serializer):
    """The ranking's parameters, as the page's controls (`selectors.club_ranking_period`)."""

    variant = serializers.CharField(required=False, allow_blank=True, max_length=32)
    season = serializers.CharField(required=False, allow_blank=True, max_length=16)

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        # `from` and `to` are words of Python: these two fields are named here, not declared.
        fields["from"] = serializers.DateField(required=False)
        fields["to"] = serializers.DateField(required=False)
        return fields


class RankingGroupSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The group's variant: the others are ranked with it.")
    variants = serializers.ListField(child=serializers.CharField())
    name = serializers.CharField(source="label", help_text="The group's variants by name.")
    one_variant = serializers.BooleanField(help_text="Points compare only within one variant.")


class RankingPeriodSerializer(serializers.Serializer):
    season = serializers.IntegerField(source="season.pk", allow_null=True, default=None)
    season_name = serializers.CharField(source="season.name", allow_null=True, default=None)

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = serializers.DateField(source="start", allow_null=True)
        fields["to"] = serializers.DateField(source="end", allow_null=True)
        return fields


class RankingPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="line.player")
    name = serializers.CharField(
        source="line.name", help_text="Initials where the player asked, for a visitor."
    )


class RankingLineSerializer(serializers.Serializer):
    """One player's line; points are Canasta points (null for a group of several variants),
    ratings OpenSkill ordinals (mu − 3 sigma)."""

    rank = serializers.IntegerField(allow_null=True, help_text="Null for a provisional player.")
    provisional = serializers.BooleanField()
    player = RankingPlayerSerializer(source="*")
    rating = serializers.FloatField(source="line.rating")
    uncertainty = serializers.FloatField(source="line.sigma", help_text="One standard deviation (sigma).")
    change = serializers.FloatField(source="line.change", help_text="The rating's change over the period.")
    rated_games = serializers.IntegerField(source="line.rated_games")
    games = serializers.IntegerField(source="line.games")
    wins = serializers.IntegerField(source="line.wins")
    draws = serializers.IntegerField(source="line.draws")
    losses = serializers.IntegerField(source="line.losses")
    win_rate = serializers.FloatField(source="line.win_rate", help_text="A fraction from 0 to 1.")
    victory_points = serializers.IntegerField(source="line.victory_points")
    victory_points_per_game = serializers.FloatField(source="line.victory_points_per_game")
    points = serializers.SerializerMethodField()
    points_per_game = serializers.SerializerMethodField()
    last_played = serializers.DateField(source="line.last_played")

    def get_points(self, ranked: Any) -> int | None:
        return ranked.line.points if self.context.get("one_variant", True) else None

    def get_points_per_game(self, ranked: Any) -> float | None:
        return ranked.line.points_per_game if self.context.get("one_variant", True) else None


class RankingSerializer(serializers.Serializer):
    club = serializers.CharField()
    group = RankingGroupSerializer()
    period = RankingPeriodSerializer()
    provisional_games = serializers.IntegerField()
    results = serializers.SerializerMethodField()

    def get_results(self, body: dict[str, Any]) -> Any:
        context = {"one_variant": body["group"].one_variant}
        return RankingLineSerializer(body["results"], many=True, context=context).data


class FederationRankingQuerySerializer(serializers.Serializer):
    """A federation ranking's parameters: the group's variant and the dates (no season)."""

    variant = serializers.CharField(required=False, allow_blank=True, max_length=32)

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = serializers.DateField(required=False)
        fields["to"] = serializers.DateField(required=False)
        return fields


class FederationPeriodSerializer(serializers.Serializer):
    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["from"] = serializers.DateField(source="start", allow_null=True)
        fields["to"] = serializers.DateField(source="end", allow_null=True)
        return fields


class FederationPersonSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="line.player")
    name = serializers.CharField(
        source="line.name", help_text="Initials where a player of the person asked, by the strictest club."
    )
    clubs = serializers.SerializerMethodField(
        help_text="The person's clubs: those that publish their results, and to their members and the "
        "federation's officers every one."
    )

    def get_clubs(self, ranked: Any) -> list[str]:
        unnamed = self.context.get(
            "unnamed_clubs", frozenset()
        )  # clubs.selectors.federation_clubs_unnamed_to
        return [club for club in ranked.line.clubs if club not in unnamed]


class FederationRankingLineSerializer(RankingLineSerializer):
    """One person's line, as a club ranking's player line; `person` in place of `player`."""

    player = None  # type: ignore[assignment]
    person = FederationPersonSerializer(source="*")


class FederationRankingSerializer(serializers.Serializer):
    federation = serializers.CharField()
    group = RankingGroupSerializer()
    period = FederationPeriodSerializer()
    provisional_games = serializers.IntegerField()
    results = serializers.SerializerMethodField()

    def get_results(self, body: dict[str, Any]) -> Any:
        context = {**self.context, "one_variant": body["group"].one_variant}
        return FederationRankingLineSerializer(body["results"], many=True, context=context).data


# --- a federation's championships ---------------------------------------------------------------


class ChampionshipInputSerializer(serializers.Serializer):
    """A new championship (`services.championship_create`): held at `host` (a member club's
    slug), a tournament with the variant's own house rules and no entrant yet."""

    host = serializers.SlugField()
    name = NameInputField(max_length=120)
    date = serializers.DateField()
    variant = serializers.CharField(max_length=32)
    format = serializers.ChoiceField(choices=Event.Format.choices, default=Event.Format.INDIVIDUAL)
    hands_per_round = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    minutes_per_round = serializers.IntegerField(
        min_value=1, max_value=32767, required=False, allow_null=True
    )
    warning_minutes = serializers.IntegerField(min_value=0, max_value=32767, default=10)
    confirmation_required = serializers.BooleanField(default=True)
    keep_clubs_apart = serializers.BooleanField(default=True)
    ranked = serializers.BooleanField(
        default=True, help_text="Whether its games count in the federation's ranking."
    )

    def event_input(self) -> services.EventInput:
        return services.EventInput.from_fields(self.validated_data, kind=Event.Kind.TOURNAMENT)


class QualifyInputSerializer(serializers.Serializer):
    """Qualify by a ranking (`services.championship_qualify`): `ranking` "clubs" (the top `top` of
    each member club's ranking) or "federation" (of the federation's), over `from`..`to`."""

    ranking = serializers.ChoiceField(choices=[services.QUALIFY_FROM_CLUBS, services.QUALIFY_FROM_FEDERATION])
    top = serializers.IntegerField(min_value=1, max_value=500)
    start = serializers.DateField(required=False, allow_null=True, default=None)
    end = serializers.DateField(required=False, allow_null=True, default=None)

    def to_internal_value(self, data: Any) -> Any:
        # `from` and `to` in the request, as the ranking's parameters are named.
        if hasattr(data, "copy"):
            data = data.copy()
            for outer, inner in (("from", "start"), ("to", "end")):
                if outer in data:
                    data[inner] = data.pop(outer)
        return super().to_internal_value(data)


class EntrantSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="pk")
    name = ShownNameField(source="*")
    club = serializers.CharField(source="club.slug", read_only=True, help_text="The player's club's address.")


class PassedOverSerializer(serializers.Serializer):
    name = serializers.CharField()
    reason = serializers.CharField()


class QualifiedSerializer(serializers.Serializer):
    entered = EntrantSerializer(many=True)
    passed_over = PassedOverSerializer(many=True)


class EntriesInputSerializer(serializers.Serializer):
    """A club's entrants (`services.championship_enter`): `players` (ids, an individual
    championship) or `pairs` (two ids each, a pair championship), all of the club."""

    players = serializers.ListField(child=serializers.IntegerField(), required=False, default=list)
    pairs = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2),
        required=False,
        default=list,
    )
