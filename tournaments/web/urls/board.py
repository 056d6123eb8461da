"""The hall board's URLs: by the event (public results, or a member) and by the board's signed
link (`board/<token>/`), each with its live part (`live/`)."""

from django.urls import path, register_converter

from tournaments.selectors import BOARD_TOKEN_PATTERN
from tournaments.web import board


class BoardTokenConverter:
    """A board link's token in the path: only what a token can be (BOARD_TOKEN_PATTERN)."""

    regex = BOARD_TOKEN_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(BoardTokenConverter, "board_token")

urlpatterns = [
    path("events/<int:event_id>/board/", board.round_board, name="round_board"),
    path("events/<int:event_id>/board/live/", board.board_live, name="board_live"),
    path("board/<board_token:board_token>/", board.board_link, name="board_link"),
    path("board/<board_token:board_token>/live/", board.board_link_live, name="board_link_live"),
]
