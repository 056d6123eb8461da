"""The hall board: an event's page for the room's screen, and its live part (304 when unchanged).
Design: docs/site.md#the-pages"""

from __future__ import annotations

from typing import Any

import segno
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from clubs.middleware import use_club_language
from clubs.selectors import clubs_where
from tournaments import selectors
from tournaments.models import Event

# How often the screen asks whether anything changed (a 304 is cheap: bench/README.md, "Hall
# board"), and how long each page of the standings (or of the tables, past TABLES_PER_PAGE)
# stays on the screen.
BOARD_POLL_SECONDS = 5
BOARD_TURN_SECONDS = 12
# What fits on a 1920 x 1080 screen in the board's type: 15 tables (three rows of five), and
# 18 lines of the standings beside them; more lines make pages of even length (20: 10 + 10).
TABLES_PER_PAGE = 15
STANDINGS_PER_PAGE = 18


def _event_by_id(request: HttpRequest, event_id: int) -> Event:
    """The event, when its club's results are public or the visitor is a member; else 404."""
    return get_object_or_404(selectors.events_with_results_visible_to(user=request.user), pk=event_id)


def _event_by_link(request: HttpRequest, board_token: str) -> Event:
    """The event of a board's link, its club's language spoken from then on; else 404."""
    event = selectors.event_of_board_token(token=board_token)
    if event is None:
        raise Http404
    use_club_language(request, event.club)
    return event


@require_safe
def round_board(request: HttpRequest, event_id: int) -> HttpResponse:
    """The hall board of an event with public results, or for a member of its club."""
    event = _event_by_id(request, event_id)
    return _page(request, event, reverse("tournaments:board_live", kwargs={"event_id": event.pk}))


@require_safe
def board_live(request: HttpRequest, event_id: int) -> HttpResponse:
    """The board's live part (see `_live`), for the page `round_board`."""
    return _live(request, _event_by_id(request, event_id))


@require_safe
def board_link(request: HttpRequest, board_token: str) -> HttpResponse:
    """The hall board by its link: whoever holds it, whether or not the results are public."""
    event = _event_by_link(request, board_token)
    return _page(request, event, reverse("tournaments:board_link_live", kwargs={"board_token": board_token}))


@require_safe
def board_link_live(request: HttpRequest, board_token: str) -> HttpResponse:
    """The board's live part (see `_live`), for the page `board_link`."""
    return _live(request, _event_by_link(request, board_token))


def _tag(request: HttpRequest, event: Event) -> str:
    """The live part's ETag: what it shows (selectors.board_tag), in this visitor's language and by
    the clubs the visitor is a member of (names shown in full to each player's club)."""
    member_of = sorted(clubs_where(user=request.user).values_list("pk", flat=True))
    return f'"{selectors.board_tag(event=event, viewer=f"{get_language()}:{member_of}")}"'


def _live(request: HttpRequest, event: Event) -> HttpResponse:
    """The live part: 304 without a body when the tag the screen sent (If-None-Match) is still
    the tag of what it would show, computed without rendering; else the part, with its tag."""
    tag = _tag(request, event)
    sent = [etag.removeprefix("W/") for etag in parse_etags(request.headers.get("If-None-Match", ""))]
    if tag in sent:
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = render(request, "tournaments/_board_live.html", _context(event, tag))
    return _uncached(response, tag)


def _uncached(response: HttpResponse, tag: str) -> HttpResponse:
    """Asked again every time (no-cache: a screen never reads a stale score from a cache), kept
    by no shared cache (private), told apart by language and session."""
    response["ETag"] = tag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


def _page(request: HttpRequest, event: Event, live_url: str) -> HttpResponse:
    """The whole page: the live part now, the public pages' QR code when public, and board.js's data."""
    public_link = public_qr = ""
    federation = event.federation
    if federation is not None and federation.ranking_public:
        # A championship's public page is its standings (its host club's pages do not list it).
        public_link = request.build_absolute_uri(
            reverse("tournaments:event_standings", kwargs={"event_id": event.pk})
        )
    elif federation is None and event.club.results_public:
        public_link = request.build_absolute_uri(
            reverse("tournaments:club_results", kwargs={"slug": event.club.slug})
        )
    if public_link:
        # No fixed size (a viewBox): site.css sizes it for the room's screen.
        public_qr = segno.make(public_link, error="m").svg_inline(omitsize=True, dark="#000", light="#fff")
    tag = _tag(request, event)
    context = _context(event, tag) | {
        "public_link": public_link,
        "public_qr": public_qr,
        "live_url": live_url,
        "poll_seconds": BOARD_POLL_SECONDS,
        "turn_seconds": BOARD_TURN_SECONDS,
    }
    return _uncached(render(request, "tournaments/round_board.html", context), tag)


def _pages(items: list[Any], size: int) -> list[list[Any]]:
    """`items` in as few pages of at most `size` as hold them, of even length (the first ones a
    line longer)."""
    count = max(1, -(-len(items) // size))
    even, longer = divmod(len(items), count)
    pages, start = [], 0
    for number in range(count):
        end = start + even + (1 if number < longer else 0)
        pages.append(items[start:end])
        start = end
    return pages


def _columns(tables: int) -> int:
    """The grid's columns for `tables` tables: at most three rows, each table as wide as they allow."""
    return 1 if tables <= 1 else 2 if tables <= 4 else 3 if tables <= 9 else 4 if tables <= 12 else 5


def _context(event: Event, tag: str) -> dict[str, Any]:
    board = selectors.hall_board(event=event)
    table_pages = _pages(board.tables, TABLES_PER_PAGE)
    return {
        "event": event,
        "board": board,
        "round": board.round,
        "clock": board.clock,
        "tag": tag,
        "table_pages": table_pages,
        "columns": _columns(len(table_pages[0])),
        "standings_pages": _pages(board.standings, STANDINGS_PER_PAGE),
    }
