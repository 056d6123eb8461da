"""The table page's URLs: by account, by a table's link or card, a card's save naming its game,
and a card's short code. Design: docs/site.md#the-pages"""

from django.urls import path, register_converter

from tournaments.models import ACCESS_TOKEN_PATTERN
from tournaments.web import table, table_codes


class TableTokenConverter:
    """A table link's token in the path: only what a token can be (ACCESS_TOKEN_PATTERN), so a
    NUL byte, an over-long value or bytes that are not UTF-8 are not found before any look-up."""

    regex = ACCESS_TOKEN_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TableTokenConverter, "table_token")


class TableCodeConverter:
    """A table card's short code as a person may type it (letters, digits, spaces, dashes)."""

    regex = r"[A-Za-z0-9 \-]{1,20}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TableCodeConverter, "table_code")

urlpatterns = [
    path("c/", table_codes.code_entry, name="table_code"),
    path("c/<table_code:code>/", table_codes.code_open, name="table_code_open"),
    path("games/<int:game_id>/", table.table, {"action": "view"}, name="game_detail"),
    path("games/<int:game_id>/hands/", table.table, {"action": "save"}, name="game_save"),
    path("games/<int:game_id>/tag/", table.table, {"action": "tag"}, name="game_tag"),
    path(
        "games/<int:game_id>/hands/<int:number>/confirm/",
        table.table,
        {"action": "confirm"},
        name="game_confirm",
    ),
    path(
        "games/<int:game_id>/hands/<int:number>/undo/",
        table.table,
        {"action": "undo"},
        name="game_undo",
    ),
    path("t/<table_token:token>/", table.table, {"action": "view"}, name="link_detail"),
    path("t/<table_token:token>/hands/", table.table, {"action": "save"}, name="link_save"),
    path("t/<table_token:token>/tag/", table.table, {"action": "tag"}, name="link_tag"),
    path(
        "t/<table_token:token>/hands/<int:number>/confirm/",
        table.table,
        {"action": "confirm"},
        name="link_confirm",
    ),
    path(
        "t/<table_token:token>/hands/<int:number>/undo/",
        table.table,
        {"action": "undo"},
        name="link_undo",
    ),
    path(
        "t/<table_token:token>/games/<int:game_id>/hands/",
        table.table,
        {"action": "save"},
        name="card_save",
    ),
    path(
        "t/<table_token:token>/games/<int:game_id>/hands/<int:number>/undo/",
        table.table,
        {"action": "undo"},
        name="card_undo",
    ),
    path(
        "t/<table_token:token>/games/<int:game_id>/hands/<int:number>/confirm/",
        table.table,
        {"action": "confirm"},
        name="card_confirm",
    ),
]
