"""The pages' listings (django-tables2 tables): formatting only. Design: docs/site.md#the-pages"""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterable
from operator import attrgetter
from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy
from django_tables2.data import TableListData
from django_tables2.utils import OrderBy

from clubs.models import Player
from tournaments import selectors
from tournaments.display.labels import criterion_label, ended_by_director, provisional_reason, result_label
from tournaments.domain.rankings import SHOWN_DECIMALS, RankedLine
from tournaments.domain.standings import SAT_OUT, nothing_counted
from tournaments.models import CheckIn, NightReply, Standing
from tournaments.templatetags.canasta import (
    player_links,
    player_name,
    signed,
    typographic,
    typographic_decimal,
)

OPTIONAL = {"th": {"class": "optional number"}, "td": {"class": "optional number"}}
NUMBER = {"th": {"class": "number"}, "td": {"class": "number"}}
OPTIONAL_TEXT = {"th": {"class": "optional"}, "td": {"class": "optional"}}


class PointsColumn(tables.Column):
    """Canasta points with a true minus sign for negatives."""

    def render(self, value: int) -> str:
        return typographic(value)

    def value(self, value: int) -> int:
        # Downloads keep the number itself, so a spreadsheet can sort and add it up.
        return value


def _no_game(record: Any) -> bool:
    """A standings row (a player's or a pair's) with nothing counted yet."""
    return nothing_counted(record.games, record.victory_points, record.points_for, record.points_against)


class StandingTable(tables.Table):
    # Players sharing a rank keep the standings' order (by name), on which `separated_by` was
    # computed; ordering by rank alone leaves their order to the database.
    rank = tables.Column(verbose_name=_("Rank"), attrs=NUMBER, order_by=("rank", "player__name", "player_id"))
    # The player's night in the event (tables, partners, scores) is one tap away.
    player = tables.Column(
        verbose_name=_("Player"),
        accessor="player__name",
        order_by="player__name",
        linkify=(
            "tournaments:event_player",
            {"event_id": tables.A("event_id"), "player_id": tables.A("player_id")},
        ),
    )
    victory_points = tables.Column(verbose_name=_("Victory points"), attrs=NUMBER)
    games = tables.Column(verbose_name=_("Games"), attrs=OPTIONAL)
    wins = tables.Column(verbose_name=_("Won"), attrs=OPTIONAL)
    draws = tables.Column(verbose_name=_("Drawn"), attrs=OPTIONAL)
    losses = tables.Column(verbose_name=_("Lost"), attrs=OPTIONAL)
    points_for = PointsColumn(verbose_name=_("Points"), attrs=OPTIONAL)
    point_difference = tables.Column(verbose_name=_("Difference"), attrs=NUMBER)
    match_points = tables.Column(verbose_name=_("Match points"), attrs=OPTIONAL)
    separated_by = tables.Column(verbose_name=_("Ahead of the next on"), default="", attrs=OPTIONAL_TEXT)

    class Meta:
        model = Standing
        fields = (
            "rank",
            "player",
            "victory_points",
            "games",
            "wins",
            "draws",
            "losses",
            "points_for",
            "point_difference",
            "match_points",
            "separated_by",
        )
        order_by = ("rank",)
        attrs = {"class": "data-table", "id": "standings"}
        # Rows without a game are listed apart, after the others, with no rank.
        row_attrs = {"class": lambda record: "no-game" if _no_game(record) else ""}
        empty_text = _("No hands have been entered yet.")

    def render_rank(self, value: int, record: Any) -> str:
        return "–" if _no_game(record) else str(value)

    def value_rank(self, value: int, record: Any) -> int | str:
        return "" if _no_game(record) else value

    def render_point_difference(self, value: int) -> str:
        return signed(value)

    def value_point_difference(self, value: int) -> int:
        return value

    def render_player(self, record: Standing) -> SafeString:
        return format_html_join("", "<bdi>{}</bdi>", [(player_name(record.player),)])

    def value_player(self, record: Standing) -> str:
        return player_name(record.player)

    def render_separated_by(self, value: str) -> str:
        return criterion_label(value)


class PairStandingTable(tables.Table):
    """A fixed-partnership event's standings, a row per pair (rows: selectors.PairStanding)."""

    rank = tables.Column(verbose_name=_("Rank"), attrs=NUMBER, order_by=("rank", "pair"))
    pair = tables.Column(verbose_name=_("Pair"), attrs=NUMBER)
    players = tables.Column(verbose_name=_("Players"), order_by=("names", "pair"))
    victory_points = tables.Column(verbose_name=_("Victory points"), attrs=NUMBER)
    games = tables.Column(verbose_name=_("Games"), attrs=OPTIONAL)
    wins = tables.Column(verbose_name=_("Won"), attrs=NUMBER)
    draws = tables.Column(verbose_name=_("Drawn"), attrs=OPTIONAL)
    losses = tables.Column(verbose_name=_("Lost"), attrs=OPTIONAL)
    points_for = PointsColumn(verbose_name=_("Points"), attrs=NUMBER)
    point_difference = tables.Column(verbose_name=_("Difference"), attrs=NUMBER)
    match_points = tables.Column(verbose_name=_("Match points"), attrs=OPTIONAL)
    separated_by = tables.Column(verbose_name=_("Ahead of the next on"), default="")

    class Meta:
        order_by = ("rank",)
        attrs = {"class": "data-table", "id": "standings"}
        row_attrs = {"class": lambda record: "no-game" if _no_game(record) else ""}
        empty_text = _("No hands have been entered yet.")

    def render_rank(self, value: int, record: Any) -> str:
        return "–" if _no_game(record) else str(value)

    def render_players(self, record: Any) -> str:
        # Each name isolated, so that in a right-to-left page "Amira & Bob" keeps its order.
        return format_html_join(" & ", "<bdi>{}</bdi>", ((player_name(player),) for player in record.players))

    def value_players(self, record: Any) -> str:
        return " & ".join(player_name(player) for player in record.players)

    def render_point_difference(self, value: int) -> str:
        return signed(value)

    def value_point_difference(self, value: int) -> int:
        return value

    def render_separated_by(self, value: str) -> str:
        return criterion_label(value)


class RankedLines(TableListData):
    """A ranking's lines (`RankedLine`s) as a table's data, sorted as django-tables2 sorts a list
    (each accessor in turn, ties kept in the ranking's order), by one stable sort a key."""

    def order_by(self, aliases: Iterable[str]) -> None:
        accessors: list[str] = []
        for alias in aliases:
            bound_column = self.table.columns[OrderBy(alias).bare]
            # As the generic sort: the column's order, or its opposite when asked descending.
            opposite = alias[0] != bound_column.order_by_alias[0]
            accessors += bound_column.order_by.opposite if opposite else bound_column.order_by
        for accessor in reversed(accessors):
            path = accessor.removeprefix("-").replace("__", ".")
            self.data.sort(key=attrgetter(path), reverse=accessor.startswith("-"))


class RankingTable(tables.Table):
    """A club's ranking: the rank is the ranking's whatever the sort; points for one variant only."""

    rank = tables.Column(verbose_name=_("Rank"), attrs=NUMBER, empty_values=(), order_by=("position",))
    name = tables.Column(
        verbose_name=_("Player"),
        accessor="line__name",
        order_by=("line__name", "position"),
        linkify=("tournaments:player_detail", {"player_id": tables.A("line__player")}),
    )
    rating = tables.Column(
        verbose_name=_("Rating"), accessor="line__rating", attrs=NUMBER, order_by=("position",)
    )
    sigma = tables.Column(verbose_name=_("Uncertainty (±)"), accessor="line__sigma", attrs=OPTIONAL)
    change = tables.Column(
        verbose_name=pgettext_lazy("a rating's change", "Change"), accessor="line__change", attrs=NUMBER
    )
    # On a phone the rank, the name, the rating that orders them and its change stay.
    games = tables.Column(verbose_name=_("Games"), accessor="line__games", attrs=OPTIONAL)
    wins = tables.Column(verbose_name=_("Wins"), accessor="line__wins", attrs=OPTIONAL)
    win_rate = tables.Column(verbose_name=_("Win rate"), accessor="line__win_rate", attrs=OPTIONAL)
    victory_points_per_game = tables.Column(
        verbose_name=_("Victory points per game"), accessor="line__victory_points_per_game", attrs=OPTIONAL
    )
    points = PointsColumn(verbose_name=_("Points"), accessor="line__points", attrs=OPTIONAL)
    points_per_game = tables.Column(
        verbose_name=_("Points per game"), accessor="line__points_per_game", attrs=OPTIONAL
    )
    last_played = tables.DateColumn(
        verbose_name=_("Last played"), accessor="line__last_played", attrs=OPTIONAL_TEXT, short=False
    )
    # In the downloads only: whether the rank is a provisional place (after the ranked players).
    provisional = tables.BooleanColumn(verbose_name=_("Provisional"), visible=False)

    class Meta:
        attrs = {"class": "data-table", "id": "rankings"}
        empty_text = _("No rated game in this period.")
        order_by = ("rank",)

    def __init__(self, data: Iterable[RankedLine], *, one_variant: bool = True, **kwargs: Any) -> None:
        super().__init__(
            RankedLines(list(data)), exclude=() if one_variant else ("points", "points_per_game"), **kwargs
        )

    @property
    def nobody_ranked(self) -> bool:
        """Whether every line is provisional (a new ranking): the page then says why."""
        # Stops at the first ranked line: in the ranking's order, the first line.
        return len(self.data) > 0 and not any(line.rank is not None for line in self.data)

    def render_rank(self, record: RankedLine) -> SafeString:
        if record.rank is None:  # its place after the ranked, a short mark saying why in its title
            return format_html(
                '{} <abbr class="provisional" title="{}">{}</abbr>',
                record.place,
                provisional_reason(record.line.rated_games),
                pgettext("provisional", "P"),
            )
        return format_html("{}", record.rank)

    def value_rank(self, record: RankedLine) -> int:
        return record.place

    def render_name(self, value: str) -> SafeString:
        return format_html_join("", "<bdi>{}</bdi>", [(value,)])

    def value_name(self, value: str) -> str:
        return value

    def render_rating(self, value: float) -> str:
        return typographic_decimal(value)

    def value_rating(self, value: float) -> float:
        return round(value, SHOWN_DECIMALS)

    def render_sigma(self, value: float) -> str:
        return typographic_decimal(value)

    def value_sigma(self, value: float) -> float:
        return round(value, SHOWN_DECIMALS)

    def render_change(self, value: float) -> SafeString:
        shown = round(value, SHOWN_DECIMALS)
        arrow, label = (
            ("▲", _("up")) if shown > 0 else ("▼", _("down")) if shown < 0 else ("=", _("unchanged"))
        )
        return format_html(
            '<span class="change" title="{}"><span aria-hidden="true">{}</span> {}</span>',
            label,
            arrow,
            typographic_decimal(shown, signed_figure=True),
        )

    def value_change(self, value: float) -> float:
        return round(value, SHOWN_DECIMALS)

    def render_win_rate(self, value: float) -> str:
        return f"{value:.0%}"

    def value_win_rate(self, value: float) -> float:
        # A fraction in the download (0.58, not "58%"): a spreadsheet formats and sums it.
        return round(value, 4)

    def render_victory_points_per_game(self, value: float) -> str:
        return typographic_decimal(value, decimals=2)

    def value_victory_points_per_game(self, value: float) -> float:
        return round(value, 2)

    def render_points_per_game(self, value: float) -> str:
        return typographic(round(value))

    def value_points_per_game(self, value: float) -> int:
        return round(value)

    def value_last_played(self, value: Any) -> Any:
        return value  # a date: a date cell in XLSX, ISO in CSV

    def value_provisional(self, value: bool) -> str:
        return str(_("yes")) if value else ""


class FederationRankingTable(RankingTable):
    """A federation's ranking (`selectors.federation_ranking`'s lines): the club's columns, each
    name a link to the person's federation page, and the person's clubs after it."""

    name = tables.Column(
        verbose_name=_("Player"),
        accessor="line__name",
        order_by=("line__name", "position"),
        linkify=lambda record, table: reverse(
            "tournaments:federation_person",
            kwargs={"slug": table.federation_slug, "person_id": record.line.player},
        ),
    )
    clubs = tables.Column(
        verbose_name=_("Clubs"), accessor="line__clubs", attrs=OPTIONAL_TEXT, orderable=False
    )

    class Meta(RankingTable.Meta):
        attrs = {"class": "data-table", "id": "federation-ranking"}
        sequence = ("rank", "name", "clubs", "...")

    # Give way in a narrow box, CSS alone (static/css/site.css, "#federation-ranking").
    secondary = ("sigma", "wins", "victory_points_per_game", "points", "points_per_game", "last_played")

    def __init__(
        self, *args: Any, federation_slug: str, unnamed_clubs: frozenset[str] = frozenset(), **kwargs: Any
    ) -> None:
        self.federation_slug = federation_slug
        self.unnamed_clubs = unnamed_clubs  # clubs.selectors.federation_clubs_unnamed_to
        super().__init__(*args, **kwargs)
        for name in self.secondary:  # the columns are this table's own copies
            column = self.columns[name].column
            column.attrs = {
                part: {**attrs, "class": f"{attrs['class']} secondary"}
                for part, attrs in column.attrs.items()
            }

    def render_clubs(self, value: tuple[str, ...]) -> SafeString:
        return format_html_join(
            ", ", "<bdi>{}</bdi>", [(club,) for club in value if club not in self.unnamed_clubs]
        )

    def value_clubs(self, value: tuple[str, ...]) -> str:
        return ", ".join(club for club in value if club not in self.unnamed_clubs)


class RecordTable(tables.Table):
    """A player's record with each partner or against each opponent (rows: selectors.Record)."""

    name = tables.Column(
        verbose_name=_("Player"), linkify=("tournaments:player_detail", {"player_id": tables.A("player")})
    )
    games = tables.Column(verbose_name=_("Games"), attrs=NUMBER)
    wins = tables.Column(verbose_name=_("Won"), attrs=NUMBER)
    draws = tables.Column(verbose_name=_("Drawn"), attrs=OPTIONAL)
    losses = tables.Column(verbose_name=_("Lost"), attrs=NUMBER)
    win_rate = tables.Column(verbose_name=_("Win rate"), attrs=OPTIONAL, orderable=False)

    class Meta:
        attrs = {"class": "data-table"}
        empty_text = _("No finished games yet.")

    def render_win_rate(self, value: float) -> str:
        return f"{value:.0%}"

    def render_name(self, value: str) -> SafeString:
        return format_html("<bdi>{}</bdi>", value)


class RecentEventTable(tables.Table):
    """A player's recent nights; each opens the player's night in that event."""

    event = tables.Column(
        verbose_name=_("Event"),
        linkify=(
            "tournaments:event_player",
            {"event_id": tables.A("event_id"), "player_id": tables.A("player_id")},
        ),
    )
    # The date stays on a phone: a club's nights often share a name.
    date = tables.DateColumn(verbose_name=_("Date"), accessor="event__date", short=False)
    rank = tables.Column(verbose_name=_("Rank"), attrs=NUMBER)
    victory_points = tables.Column(verbose_name=_("Victory points"), attrs=NUMBER)
    points_for = PointsColumn(verbose_name=_("Points"), attrs=OPTIONAL)

    class Meta:
        attrs = {"class": "data-table", "id": "recent-events"}
        orderable = False
        empty_text = _("No events yet.")

    def render_event(self, record: Standing) -> SafeString:
        return format_html("<bdi>{}</bdi>", record.event.name)


class SeasonTable(tables.Table):
    """A season table (rows: seasons.SeasonRow); formatting only."""

    rank = tables.Column(verbose_name=_("Rank"), attrs=NUMBER)
    movement = tables.Column(verbose_name=_("Since last night"), attrs=NUMBER, default="")
    name = tables.Column(
        verbose_name=_("Player"), linkify=("tournaments:player_detail", {"player_id": tables.A("player")})
    )
    victory_points = tables.Column(verbose_name=_("Victory points"), attrs=NUMBER)
    point_difference = tables.Column(verbose_name=_("Difference"), attrs=NUMBER)
    nights = tables.Column(verbose_name=_("Nights"), attrs=NUMBER)
    counted = tables.Column(verbose_name=_("Nights counted"), attrs=OPTIONAL)
    qualified = tables.BooleanColumn(verbose_name=_("Ranked"), attrs=OPTIONAL)

    class Meta:
        attrs = {"class": "data-table", "id": "season"}
        orderable = False
        empty_text = _("No night of this season has standings yet.")

    def render_movement(self, value: int | None) -> str:
        if value is None:
            return str(_("new"))
        return f"▲{value}" if value > 0 else f"▼{-value}" if value < 0 else "="

    def render_point_difference(self, value: int) -> str:
        return signed(value)

    def value_point_difference(self, value: int) -> int:
        return value

    def render_qualified(self, value: bool) -> str:
        return str(_("yes") if value else _("not yet"))


def round_result_rows(
    rounds: Iterable[selectors.RoundResult], *, with_sit_outs: bool = False
) -> list[dict[str, Any]]:
    """One row a side of each table of `rounds` (`first`: a table's first), `with_sit_outs` adding a
    row of who sat each round out."""
    rows = []
    for round_ in rounds:
        for table in round_.tables:
            for index, side in enumerate(table.sides):
                rows.append(
                    {
                        "round": round_.number,
                        "table": table.number,
                        "first": index == 0,
                        "side": side.side,
                        "players": side.players,
                        "points": side.points,
                        "result": side.result,
                        "victory_points": side.victory_points,
                        "ended_by_director": table.ended_by_director,
                    }
                )
        if with_sit_outs and round_.sit_outs:
            rows.append(
                {
                    "round": round_.number,
                    "table": None,
                    "first": True,
                    "side": "",
                    "players": round_.sit_outs,
                    "points": None,
                    "result": SAT_OUT,
                    "victory_points": None,
                }
            )
    return rows


class RoundResultTable(tables.Table):
    """Round results, a row a side of each table (rows: `round_result_rows`); the page shows one
    table a round (without the round column), the download all rounds in one sheet."""

    round = tables.Column(verbose_name=_("Round"), attrs=NUMBER)
    table = tables.Column(verbose_name=_("Table"), attrs=NUMBER)
    side = tables.Column(verbose_name=_("Side"), attrs=OPTIONAL_TEXT)
    players = tables.Column(verbose_name=_("Players"))
    points = PointsColumn(verbose_name=_("Points"), attrs=NUMBER)
    # On a phone the victory points say the result ("—" while a game does not count yet).
    result = tables.Column(verbose_name=_("Result"), attrs=OPTIONAL_TEXT)
    victory_points = tables.Column(verbose_name=_("Victory points"), attrs=NUMBER, empty_values=())

    class Meta:
        orderable = False
        attrs = {"class": "data-table round-results"}
        row_attrs = {"class": lambda record: "table-start" if record["first"] else "table-rest"}
        empty_text = _("No round has been seated yet.")

    def render_table(self, value: int, record: dict[str, Any]) -> str:
        # The table's number once, on its first side's row.
        return str(value) if record["first"] else ""

    def value_table(self, value: int) -> int:
        return value

    def render_players(self, value: list[Player]) -> SafeString:
        return player_links(value)

    def value_players(self, value: list[Player], record: dict[str, Any]) -> str:
        # A side's players are partners ("&"); those who sat out are a list.
        joiner = ", " if record["result"] == SAT_OUT else " & "
        return joiner.join(player_name(p) for p in value)

    def render_result(self, value: str, record: dict[str, Any]) -> str:
        # A game the director ended at its score says so (the page and the downloads alike).
        if record.get("ended_by_director"):
            return f"{result_label(value)} · {ended_by_director()}"
        return result_label(value)

    def render_victory_points(self, value: int | None) -> str:
        return "—" if value is None else typographic(value)

    def value_victory_points(self, value: int | None) -> int | str:
        return "" if value is None else value


class AuditTable(tables.Table):
    when = tables.DateTimeColumn(verbose_name=_("When"), format="Y-m-d H:i:s")
    who = tables.Column(verbose_name=_("Who"))
    what = tables.Column(verbose_name=_("What"))
    action = tables.Column(verbose_name=_("Action"))
    detail = tables.Column(verbose_name=_("Detail"))

    class Meta:
        attrs = {"class": "data-table", "id": "audit"}
        orderable = False
        empty_text = _("Nothing has been recorded yet.")


class NightCheckInTable(tables.Table):
    """A night's sign-ups and check-ins for its director (`selectors.night_check_in_list`):
    each player, their reply, whether they are here, how and when they checked in (the club's
    local time). The page's table and its CSV and XLSX downloads."""

    player = tables.Column(verbose_name=_("Player"), accessor="player__name")
    answer = tables.Column(verbose_name=_("Reply"), default="")
    here = tables.Column(verbose_name=_("Here"), accessor="checked_in", default="")
    how = tables.Column(verbose_name=_("How"), accessor="checked_in", default="")
    at = tables.Column(verbose_name=_("Checked in at"), accessor="checked_in", default="")

    class Meta:
        orderable = False

    def __init__(self, lines: list[selectors.CheckInLine], *, time_zone: str) -> None:
        super().__init__(lines)
        self.zone = zoneinfo.ZoneInfo(time_zone)

    def value_answer(self, value: str) -> str:
        return str(NightReply.Answer(value).label) if value else ""

    def value_here(self, value: CheckIn | None) -> str:
        return str(_("yes")) if value is not None else ""

    def value_how(self, value: CheckIn | None) -> str:
        return value.get_how_display() if value is not None else ""

    def value_at(self, value: CheckIn | None) -> str:
        return value.at.astimezone(self.zone).strftime("%H:%M") if value is not None else ""
