"""The membership matrix: every door of the site, probed by every role, after each change of a
federation's membership (tests/support/membership.py: a host leaves and rejoins, a member club
leaves, an outsider joins, an entrant is unlinked, a director is demoted, API tokens revoked).

A door is a URL name (a page or an API route, with each method it serves), a page's download,
a table's link or card, or the board's link; `test_every_door_has_a_row` fails when one is added
without a row in DOORS. A row says who may read it (GET) and who may write (POST), as the docs
say it (`level_on`, never the code under test), for North's championship held at Harbour and
for Harbour's own night where the door is an event's. Every other visitor is refused the
standard way: a page sends a visitor to the login page (or answers 404) and answers 404 to
someone signed in; the API answers 401 without a valid token and 404 with one. Whatever the
answer, a refused request writes nothing (PostgreSQL's count of the rows it inserted, updated
and deleted, tests/support/doors.py), and an allowed write writes. Whatever the door, no answer
names an event the visitor has nothing of, and a list holds the event's objects exactly for
those who see it.

The world is built once for the module, each step's state once (in a savepoint of it), each
test in a savepoint of that and each probe in one of the test's: nothing a probe writes is seen
by the next. Links and cards are probed by whoever holds them: the table's (or board's) own, the
other table's, and a made-up one.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from rest_framework.test import APIClient

from clubs.models import Player
from config import celery_app
from tests.support import doors, membership
from tests.support.hands import HAND_B
from tests.support.membership import (
    ACTORS,
    STEPS,
    Actor,
    Level,
    State,
    Target,
    World,
    level_on,
    tokens_act,
)
from tournaments import selectors, services
from tournaments.models import CheckIn, Event, Game, Hand, Night, NightReminders, Seat, Stage

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

Need = Callable[[Actor, State, str], bool]


def event(level: Level) -> Need:
    """Who may `level` the row's event (`level_on`)."""
    return lambda actor, state, target: level_on(actor, target, state) >= level


def club(level: Level) -> Need:
    """Harbour's people of `level` and above (docs/club.md, "Roles")."""
    return lambda actor, state, target: actor.club == "harbour" and state.role(actor) >= level


def club_in_north(level: Level) -> Need:
    """Harbour's people of `level` and above while Harbour is a member of North: its pages of
    the federation (docs/federation.md)."""
    return lambda actor, state, target: club(level)(actor, state, target) and state.member("harbour")


def OFFICER(actor: Actor, state: State, target: str) -> bool:
    return actor.officer_of == "north"


def ANYONE(actor: Actor, state: State, target: str) -> bool:
    return True


def AUTH(actor: Actor, state: State, target: str) -> bool:
    return bool(actor.username)


SITE, BOTH, CHAMPIONSHIP, NIGHT = ("site",), ("championship", "night"), ("championship",), ("night",)
T = Target | None
Builder = Callable[[World, T], dict[str, Any]]


@dataclass(frozen=True)
class Door:
    kind: str  # "page" or "api"
    kwargs: Builder = lambda w, t: {}
    read: Need | None = None  # who may GET it; None: not a page to read
    write: Need | None = None  # who may POST to it; None: not a write
    data: Builder = lambda w, t: {}
    prepare: Callable[[World, T], None] = lambda w, t: None  # makes the allowed write possible
    targets: tuple[str, ...] = SITE
    valid: Callable[[State, str], bool] = lambda state, target: True  # the rules take the write now
    changes: bool = True  # an allowed write writes
    listed: Callable[[World, T], set[int]] | None = None  # a list: these ids for whoever `listed_to`
    listed_to: Need | None = None
    id_key: str = "id"
    params: str | Callable[[World, T], str] = ""  # a query (a download, a list's filter)
    token: str = ""  # "link", "card" or "board": the URL holds the target's token
    credentials: bool = True  # an API route that reads the caller's token
    name: str = ""  # the URL name, when the row's key is not one
    why: str = ""  # a row probed by nobody: why
    redirects: bool = False  # a read answered by a redirect elsewhere than the login (a code)


# --- what the rows send and prepare --------------------------------------------------------------


def _ids(t: T) -> dict[str, Any]:
    assert t is not None
    return {"event_id": t.event.pk}


def _game(t: T) -> dict[str, Any]:
    assert t is not None
    return {"game_id": t.game.pk}


def _round_one(w: World, t: T) -> dict[str, Any]:
    return _ids(t) | {"number": 1}


def _first_player(t: T) -> int:
    assert t is not None
    return t.event.participants.order_by("pk").first().player_id


def _spare(t: T) -> int:
    """A player who may join the event late: of a member club now, linked, for the championship."""
    assert t is not None
    return Player.objects.get(name="Lonely 01" if t.event.federation_id else "Harbour 11").pk


def _typed(t: T, number: int = 2, **extra: Any) -> dict[str, Any]:
    """Hand `number` (HAND_B) as the table page's form sends it."""
    assert t is not None
    data: dict[str, Any] = {"submission_id": str(uuid.uuid4()), "number": number, "save": "1"}
    data |= {"entered_by_side": "NS", **extra}
    for side, entry in HAND_B.items():
        for field, value in entry.items():
            if value is not False:
                data[f"{side}-{field}"] = "on" if value is True else str(value)
    return data


_by_ns = {"entered_by_side": "NS"}  # the side entering a hand (the other confirms it)


def _confirm_as_ew(w: World, t: T) -> dict[str, Any]:
    assert t is not None
    return {"side": "EW", "code": selectors.side_code(game=t.game, side="EW")}


def _games_over(w: World, t: T) -> None:
    """Every game of the event played, over and every hand confirmed: its round may close."""
    assert t is not None
    services.hand_record(game=t.other_game, asked=services.HandInput(number=1, entries=HAND_B, **_by_ns))
    Game.objects.filter(table__round__event=t.event).update(game_over=True)
    Hand.objects.filter(game__table__round__event=t.event).update(confirmed_at=timezone.now())
    services.standings_rebuild(event_id=t.event.pk)


def _no_hands(w: World, t: T) -> None:
    assert t is not None
    Hand.objects.filter(game__table__round__event=t.event).delete()


def _just_saved(w: World, t: T) -> None:
    """Hand 1 saved a moment ago, so that its table may still take it back (UNDO_WINDOW)."""
    assert t is not None
    Hand.objects.filter(pk=t.hand.pk).update(created_at=timezone.now())


def _timed(w: World, t: T) -> None:
    assert t is not None
    Event.objects.filter(pk=t.event.pk).update(minutes_per_round=60)


def _five(w: World, t: T) -> None:
    """Table 1 made a table of five: a third player on NS (classic-5p, two a side play)."""
    assert t is not None
    Game.objects.filter(pk=t.game.pk).update(variant="classic-5p", players=2)
    seated = Seat.objects.filter(table__round__event=t.event).values("player_id")
    extra = Player.objects.filter(club__slug="harbour", guest=False).exclude(pk__in=seated).order_by("pk")[0]
    Seat.objects.create(table=t.game.table, player=extra, side="NS", position="1")


def _sat_out(w: World, t: T) -> dict[str, Any]:
    assert t is not None
    last = Seat.objects.filter(table=t.game.table, side="NS").order_by("position").last()
    return {"number": "1", "sat_out": str(last.player_id) if last else ""}


def _swap(w: World, t: T) -> dict[str, Any]:
    assert t is not None
    seats = Seat.objects.filter(table__round__event=t.event, table__round__number=1)
    return {
        "first": seats.filter(table__number=1).order_by("pk")[0].player_id,
        "second": seats.filter(table__number=2).order_by("pk")[0].player_id,
    }


def _qualifying_then_final(w: World, t: T) -> None:
    """Round 1 over, as the one round of a qualifying stage, and a final table of four after it."""
    assert t is not None
    _games_over(w, t)
    services.stage_add(event=t.event, name="Qualifying", kind="rounds", planned_rounds=1)
    services.stage_add(
        event=t.event, name="Final", kind="final_table", qualify="best", qualifiers=4, planned_rounds=1
    )


def _finalists(w: World, t: T) -> dict[str, Any]:
    assert t is not None
    overview = selectors.event_stages_overview(event=t.event)
    if overview is None or overview.proposal is None:
        return {}
    return {f"seed_{n}": key for n, key in enumerate(overview.proposal.proposed, start=1)}


def _knockout_stage(w: World, t: T) -> None:
    assert t is not None
    Stage.objects.create(event=t.event, number=1, name="Cup", kind="knockout", format="swiss")


KNOCKOUT = "Harbour's knockout"


def _drawn_knockout(w: World, t: T) -> None:
    """A pair event of Harbour whose knockout's first match (pair 1 against pair 4) ended level."""
    players = [Player.objects.get(name=f"Harbour {n:02d}") for n in range(1, 9)]
    event_ = services.event_create(
        club=w.clubs["harbour"],
        asked=services.EventInput(
            name=KNOCKOUT,
            date=t.event.date if t else None,
            variant="classic",
            hands_per_round=1,
            format="swiss",
            players=players,
        ),
    )
    stage = services.stage_add(event=event_, name="Cup", kind="knockout")
    services.stage_entrants_confirm(stage=stage, entrants=[1, 2, 3, 4])
    round_ = services.round_start(event=event_)
    services.round_seat(round_id=round_.pk)
    game = Game.objects.get(table__round=round_, table__number=1)
    services.hand_record(
        game=game, asked=services.HandInput(number=1, entries={"NS": {"total": 200}, "EW": {"total": 200}})
    )


def _match_one(w: World, t: T) -> dict[str, Any]:
    knockout = Event.objects.filter(name=KNOCKOUT).first()
    return {"event_id": knockout.pk if knockout else _ids(t)["event_id"], "number": 1, "round": 1, "slot": 1}


def _player(name: str) -> int:
    return Player.objects.get(name=name).pk


def _membership_of(username: str) -> Builder:
    def kwargs(w: World, t: T) -> dict[str, Any]:
        found = w.clubs["harbour"].memberships.get(user__username=username)
        return {"slug": "harbour", "membership_id": found.pk}

    return kwargs


def _north(w: World, t: T) -> dict[str, Any]:
    return {"slug": "north"}


def _harbour(w: World, t: T) -> dict[str, Any]:
    return {"slug": "harbour"}


def _harbour_player(name: str) -> Builder:
    return lambda w, t: {"slug": "harbour", "player_id": _player(name)}


def _place_of_lonely(w: World, t: T) -> dict[str, Any]:
    return {"slug": "north", "place_id": w.place("lonely").pk}


def _souths_invitation(w: World, t: T) -> dict[str, Any]:
    return {"slug": "harbour", "place_id": w.place("harbour", "south").pk}


def _entries(w: World, t: T) -> dict[str, Any]:
    return {"slug": "harbour", "event_id": w.targets["championship"].event.pk}


def _championship(w: World, t: T) -> dict[str, Any]:
    return {"event_id": w.targets["championship"].event.pk}


def _new_event(w: World, t: T) -> dict[str, Any]:
    players = [_player(f"Harbour {n:02d}") for n in range(1, 5)]
    return {
        "club": w.clubs["harbour"].pk,
        "name": "Sat",
        "date": "2026-12-05",
        "variant": "classic",
        "players": players,
    }


def _event_ids(t: T) -> set[int]:
    assert t is not None
    return {t.event.pk}


def _game_ids(t: T) -> set[int]:
    assert t is not None
    return {t.game.pk, t.other_game.pk}


def _not_after_unlinking(state: State, target: str) -> bool:
    """The championship's next round is refused once an entrant is unlinked (docs/federation.md)."""
    return target == "night" or not state.after("entrant_unlinked")


# --- the rows ---------------------------------------------------------------------------------------

RUN, SCORE, SEE = Level.RUN, Level.SCORE, Level.SEE


def _a_club_nights_code(w: World, t: T) -> dict[str, Any]:
    """The code of a card of a club's own night (it opens the card's link: a redirect)."""
    from tournaments.models import TableCard

    cards = TableCard.objects.filter(event__federation__isnull=True).order_by("pk")
    return {"code": cards.values_list("short_code", flat=True).first()}


# A night's sign-ups download is the night's page for a member who is not a director (not a
# refusal): the permission matrix probes it by every role (tests/tournaments/web/test_night_downloads.py).
NIGHTS_WHY = "the night's page for members, its file for directors: probed by the permission matrix"

# Invitations by mail: sent from a club's members page or a federation's page (whose doors are
# here), accepted by the link's holder; the permission matrix probes each by every role.
INVITATIONS_WHY = "an invitation by mail: probed by the permission matrix"

SITE_DOORS: dict[str, Door] = {
    "home": Door("page", read=ANYONE),
    "clubs:club_invitation_send": Door("page", why=INVITATIONS_WHY),
    "clubs:club_invitation_change": Door("page", why=INVITATIONS_WHY),
    "clubs:federation_invitation_send": Door("page", why=INVITATIONS_WHY),
    "clubs:federation_invitation_change": Door("page", why=INVITATIONS_WHY),
    "clubs:invitation": Door("page", why=INVITATIONS_WHY),
    "clubs:sign_up": Door("page", why="self sign-up, off by default: no membership's door"),
    "clubs:sign_up_confirm": Door("page", why="self sign-up, off by default: no membership's door"),
    "login": Door("page", read=ANYONE),
    "logout": Door("page", why="signs the visitor out: no membership's door"),
    "set_language": Door("page", why="sets the visitor's language: no membership's door"),
    "tournaments:night_detail download": Door(
        "page", why=NIGHTS_WHY, params="?_export=csv", name="tournaments:night_detail"
    ),
    "password_change": Door("page", read=AUTH),
    "password_change_done": Door("page", read=AUTH),
    "password_reset": Door("page", read=ANYONE),
    "password_reset_done": Door("page", read=ANYONE),
    "password_reset_confirm": Door("page", lambda w, t: {"uidb64": "x", "token": "y"}, read=ANYONE),
    "password_reset_complete": Door("page", read=ANYONE),
    # A card's short code is typed by anyone at the table; the link it opens is the card's
    # (TOKEN_DOORS): the code page itself shows nothing of an event.
    "tournaments:table_code": Door("page", read=ANYONE),
    "tournaments:table_code_open": Door("page", _a_club_nights_code, read=ANYONE, redirects=True),
    "clubs:api_tokens": Door("page", read=AUTH, write=AUTH, data=lambda w, t: {"action": "create"}),
    "clubs:club_create": Door(
        "page",
        read=AUTH,
        write=AUTH,
        data=lambda w, t: {"name": "Newtown", "slug": "", "time_zone": "UTC", "default_variant": "classic"},
    ),
    "clubs:federation_list": Door("page", read=AUTH),
    "clubs:federation_create": Door(
        "page", read=AUTH, write=AUTH, data=lambda w, t: {"name": "Another League", "slug": ""}
    ),
    "api-root": Door("api", read=AUTH),
    "schema": Door("api", read=ANYONE),
    "api-docs": Door("api", read=ANYONE),
    "score-sheet": Door(
        "api",
        write=ANYONE,
        changes=False,
        data=lambda w, t: {"variant": "classic", "sides": ["NS", "EW"], "hands": [HAND_B]},
    ),
    "api-token": Door(
        "api", write=ANYONE, credentials=False, data=lambda w, t: {"username": "hana", "password": "pw"}
    ),
    "api-logout": Door("api", write=AUTH),
    "api-logout-all": Door("api", write=AUTH),
    "federation-list": Door("api", read=AUTH, write=AUTH, data=lambda w, t: {"name": "API League"}),
}

CLUB_DOORS: dict[str, Door] = {
    "clubs:settings": Door(
        "page",
        _harbour,
        read=club(RUN),
        write=club(RUN),
        data=lambda w, t: {
            "name": "Harbour CC",
            "time_zone": "Europe/Madrid",
            "language": "es",
            "default_variant": "classic",
        },
    ),
    "clubs:player_import": Door(
        "page",
        _harbour,
        read=club(RUN),
        write=club(RUN),
        data=lambda w, t: {"data": "name,active\nNew,yes\n"},
    ),
    "clubs:members": Door("page", _harbour, read=club(RUN)),
    "clubs:member_invite": Door(
        "page", _harbour, write=club(RUN), data=lambda w, t: {"username": "otis", "role": "scorer"}
    ),
    "clubs:member_create": Door(
        "page", _harbour, write=club(RUN), data=lambda w, t: {"new_username": "newcomer", "role": "member"}
    ),
    "clubs:member_role": Door(
        "page", _membership_of("hana"), write=club(RUN), data=lambda w, t: {"role": "scorer"}
    ),
    "clubs:member_remove": Door("page", _membership_of("hana"), write=club(RUN)),
    "clubs:member_player": Door(
        "page", _membership_of("hana"), write=club(RUN), data=lambda w, t: {"player": _player("Harbour 05")}
    ),
    "clubs:player_claim": Door(
        "page", _harbour, write=club(SEE), data=lambda w, t: {"player": _player("Harbour 06")}
    ),
    "clubs:player_initials": Door(
        "page",
        lambda w, t: {"player_id": _player("Harbour 05")},
        write=club(RUN),
        data=lambda w, t: {"initials": "1"},
    ),
    "audit:club_audit": Door("page", _harbour, read=club(RUN)),
    "tournaments:club_detail": Door("page", _harbour, read=club(SEE)),
    "tournaments:club_results": Door("page", _harbour, read=club(SEE)),
    "tournaments:club_rankings": Door("page", _harbour, read=club(SEE)),
    "tournaments:club_rankings download": Door(
        "page", _harbour, read=club(SEE), params="?_export=csv", name="tournaments:club_rankings"
    ),
    "tournaments:event_create": Door(
        "page",
        _harbour,
        read=club(RUN),
        write=club(RUN),
        data=lambda w, t: {
            "name": "Sat",
            "date": "2026-12-05",
            "kind": "league_night",
            "variant": "classic",
            "players": [str(_player(f"Harbour {n:02d}")) for n in range(1, 5)],
        },
    ),
    "tournaments:club_partnerships": Door(
        "page",
        _harbour,
        read=club(SEE),
        write=club(RUN),
        data=lambda w, t: {"first": _player("Harbour 09"), "second": _player("Harbour 10")},
    ),
    # An entrant of both events: their page counts each for whoever sees it.
    "tournaments:player_detail": Door(
        "page", lambda w, t: {"player_id": _player("Harbour 01")}, read=club(SEE)
    ),
    "tournaments:season_detail": Door(
        "page", lambda w, t: {"season_id": w.targets["night"].event.season_id}, read=club(SEE)
    ),
    "tournaments:season_detail download": Door(
        "page",
        lambda w, t: {"season_id": w.targets["night"].event.season_id},
        read=club(SEE),
        params="?_export=xlsx",
        name="tournaments:season_detail",
    ),
    "tournaments:season_create": Door(
        "page",
        _harbour,
        read=club(RUN),
        write=club(RUN),
        data=lambda w, t: {"name": "Spring", "min_nights": "0", "events": [str(w.targets["night"].event.pk)]},
    ),
    "tournaments:season_edit": Door(
        "page",
        lambda w, t: {"season_id": w.targets["night"].event.season_id},
        read=club(RUN),
        write=club(RUN),
        data=lambda w, t: {
            "name": "Winter, best 3",
            "best_n": "3",
            "min_nights": "1",
            "events": [str(w.targets["night"].event.pk)],
        },
    ),
    "tournaments:guest_merge": Door(
        "page",
        lambda w, t: {"player_id": _player("Guest of the club")},
        write=club(RUN),
        data=lambda w, t: {"into": _player("Harbour 12")},
    ),
    "club-list": Door("api", read=AUTH, listed=lambda w, t: {w.clubs["harbour"].pk}, listed_to=club(SEE)),
    "club-detail": Door("api", lambda w, t: {"pk": w.clubs["harbour"].pk}, read=club(SEE)),
    "player-list": Door(
        "api",
        read=AUTH,
        listed=lambda w, t: set(w.clubs["harbour"].players.values_list("pk", flat=True)),
        listed_to=club(SEE),
    ),
    "player-detail": Door("api", lambda w, t: {"pk": _player("Harbour 05")}, read=club(SEE)),
    "club-ranking": Door("api", _harbour, read=club(SEE)),
}


def _night_ahead(w: World, t: T) -> dict[str, Any]:
    return {"night_id": Night.objects.get(club__slug="harbour", event__isnull=True).pk}


# The accounts of Harbour's people who reply: each their player, with an address.
_REPLYING = {"host_director": "Harbour 09", "host_scorer": "Harbour 10", "host_member": "Harbour 11"}


def _accounts_linked(w: World, t: T) -> None:
    for actor, name in _REPLYING.items():
        Player.objects.filter(name=name).update(user=w.users[actor])
        get_user_model().objects.filter(pk=w.users[actor].pk).update(email=f"{actor}@example.org")


def _four_here(w: World, t: T) -> None:
    night = Night.objects.get(pk=_night_ahead(w, t)["night_id"])
    for n in range(1, 5):
        CheckIn.objects.create(
            night=night, player=Player.objects.get(name=f"Harbour {n:02d}"), how="director"
        )


def _hanas_reminders(w: World, t: T) -> None:
    NightReminders.objects.get_or_create(club=w.clubs["harbour"], user=w.users["host_member"])


def _night_door(kind: str, kwargs: Builder = _night_ahead, **row: Any) -> Door:
    """A door of Harbour's night ahead: Harbour's roles alone reach it, probed at NIGHT_STEPS."""
    return Door(kind, kwargs, targets=NIGHT, **row)


# A club's nights before their events, by Harbour's roles (docs/club.md, "Roles"); the door's
# QR page, a player's personal link and a reminder's stop link by whoever holds them, whatever
# their role (running-a-night.md, "Before the night").
NIGHT_DOORS: dict[str, Door] = {
    "tournaments:night_schedule": _night_door(
        "page",
        _harbour,
        read=club(RUN),
        write=club(RUN),
        data=lambda w, t: {
            "date": "2031-01-07",
            "start_time": "19:30",
            "variant": "classic",
            "format": "individual",
        },
    ),
    "tournaments:calendar_feed": _night_door("page", _harbour, read=club(SEE)),
    "tournaments:night_detail": _night_door("page", read=club(SEE)),
    "night-sign-ups": _night_door("api", read=club(RUN)),
    "tournaments:night_reply": _night_door(
        "page", write=club(SEE), data=lambda w, t: {"answer": "coming"}, prepare=_accounts_linked
    ),
    "tournaments:night_reminders": _night_door(
        "page", write=club(SEE), data=lambda w, t: {"on": "1"}, prepare=_accounts_linked
    ),
    "tournaments:night_edit": _night_door(
        "page",
        read=club(RUN),
        write=club(RUN),
        data=lambda w, t: {"date": "2031-01-14", "start_time": "20:00", "place": "Harbour hall"},
    ),
    "tournaments:night_door": _night_door("page", read=club(RUN)),
    "tournaments:night_event": _night_door("page", write=club(RUN), prepare=_four_here),
    "tournaments:night_check_in_toggle": _night_door(
        "page", lambda w, t: _night_ahead(w, t) | {"player_id": _player("Harbour 05")}, write=club(RUN)
    ),
    "tournaments:night_check_in": _night_door(
        "page",
        lambda w, t: {
            "token": selectors.night_door_token(night=Night.objects.get(pk=_night_ahead(w, t)["night_id"]))
        },
        read=ANYONE,
        write=ANYONE,
        data=lambda w, t: {"player": _player("Harbour 06")},
    ),
    "tournaments:player_nights": _night_door(
        "page",
        lambda w, t: {"token": selectors.player_reply_token(player=w.player("Harbour 07"))},
        read=ANYONE,
        write=ANYONE,
        data=lambda w, t: {"night": _night_ahead(w, t)["night_id"], "answer": "coming"},
    ),
    "tournaments:night_reminders_stop": _night_door(
        "page",
        lambda w, t: {
            "token": selectors.night_reminders_stop_token(
                club=w.clubs["harbour"], user=w.users["host_member"]
            )
        },
        read=ANYONE,
        write=ANYONE,
        prepare=_hanas_reminders,
    ),
}

FEDERATION_DOORS: dict[str, Door] = {
    "clubs:federation_detail": Door("page", _north, read=OFFICER),
    "federation": Door("page", _north, read=OFFICER),  # the same address, answered first
    "clubs:federation_invite": Door("page", _north, write=OFFICER, data=lambda w, t: {"club": "faraway"}),
    "clubs:federation_ranking_settings": Door(
        "page", _north, write=OFFICER, data=lambda w, t: {"public": "1"}
    ),
    "clubs:federation_officer_add": Door("page", _north, write=OFFICER, data=lambda w, t: {"who": "hana"}),
    "clubs:federation_place_end": Door("page", _place_of_lonely, write=OFFICER),
    "clubs:federation_officer_remove": Door(
        "page",
        lambda w, t: {"slug": "north", "officer_id": w.north.officers.get(user__username="otto").pk},
        write=OFFICER,
    ),
    "clubs:federation_conflict_decide": Door(
        "page",
        lambda w, t: {
            "slug": "north",
            "conflict_id": Player.objects.get(name="Lonely 02").person_conflicts.get().pk,
        },
        write=OFFICER,
        data=lambda w, t: {"decision": "refuse"},
    ),
    "clubs:club_federation_answer": Door(
        "page", _souths_invitation, write=club(RUN), data=lambda w, t: {"answer": "decline"}
    ),
    "clubs:club_federation_leave": Door("page", _harbour, write=club_in_north(RUN)),
    "clubs:federation_members": Door("page", _harbour, read=club_in_north(RUN)),
    "clubs:federation_numbers_import": Door("page", _harbour, read=club_in_north(RUN)),
    "clubs:federation_link": Door(
        "page",
        _harbour_player("Harbour 10"),
        write=club_in_north(RUN),
        data=lambda w, t: {"member_number": "N-Harbour10"},
    ),
    "clubs:federation_unlink": Door("page", _harbour_player("Harbour 09"), write=club_in_north(RUN)),
    "tournaments:federation_rankings": Door("page", _north, read=OFFICER),
    "tournaments:federation_rankings download": Door(
        "page", _north, read=OFFICER, params="?_export=csv", name="tournaments:federation_rankings"
    ),
    "tournaments:federation_person": Door(
        "page",
        lambda w, t: {"slug": "north", "person_id": Player.objects.get(name="Harbour 05").person_id},
        read=OFFICER,
    ),
    "clubs:federation_people": Door("page", _north, read=OFFICER, params="?q=N"),
    "clubs:federation_person_rename": Door(
        "page",
        lambda w, t: {"slug": "north", "person_id": Player.objects.get(name="Harbour 05").person_id},
        read=OFFICER,
        write=OFFICER,
        data=lambda w, t: {
            "name": "Harbour Five",
            "member_number": Player.objects.get(name="Harbour 05").person.member_number,
        },
    ),
    "tournaments:championship_create": Door(
        "page",
        _north,
        read=OFFICER,
        write=OFFICER,
        data=lambda w, t: {
            "name": "Spring Cup",
            "date": "2026-04-01",
            "host": w.clubs["lonely"].pk,
            "variant": "classic",
            "format": "individual",
            "ranked": "on",
        },
    ),
    # No game is rated yet, so a ranking qualifies nobody: the row says who may ask.
    "tournaments:championship_qualify": Door(
        "page",
        _championship,
        write=event(RUN),
        targets=CHAMPIONSHIP,
        changes=False,
        data=lambda w, t: {"source": "clubs", "top": "2"},
    ),
    "tournaments:championship_entries": Door(
        "page",
        _entries,
        read=club_in_north(RUN),
        write=club_in_north(RUN),
        data=lambda w, t: {"players": [_player("Harbour 05")]},
    ),
    "federation-detail": Door("api", _north, read=OFFICER),
    "federation-invite": Door("api", _north, write=OFFICER, data=lambda w, t: {"club": "faraway"}),
    "federation-place-end": Door("api", _place_of_lonely, write=OFFICER),
    "federation-people": Door("api", _north, read=OFFICER, params="?q=N"),
    "federation-person-rename": Door(
        "api",
        lambda w, t: {"slug": "north", "person_id": Player.objects.get(name="Harbour 05").person_id},
        write=OFFICER,
        data=lambda w, t: {
            "name": "Harbour Five",
            "member_number": Player.objects.get(name="Harbour 05").person.member_number,
        },
    ),
    "club-federation-answer": Door(
        "api", _souths_invitation, write=club(RUN), data=lambda w, t: {"answer": "decline"}
    ),
    "club-federation-leave": Door("api", _harbour, write=club_in_north(RUN)),
    "championships": Door(
        "api",
        _north,
        read=OFFICER,
        write=OFFICER,
        data=lambda w, t: {
            "host": "lonely",
            "name": "Spring Cup",
            "date": "2026-04-01",
            "variant": "classic",
        },
    ),
    "championship-qualify": Door(
        "api",
        _championship,
        write=event(RUN),
        targets=CHAMPIONSHIP,
        changes=False,
        data=lambda w, t: {"ranking": "clubs", "top": 2},
    ),
    "championship-entries": Door(
        "api", _entries, write=club_in_north(RUN), data=lambda w, t: {"players": [_player("Harbour 05")]}
    ),
    "federation-clubs": Door("api", _north, read=OFFICER),
    "federation-ranking": Door("api", _north, read=OFFICER),
    # The API tells a club in no federation so (400, tests/clubs/test_federation_api.py), where
    # the page has no federation members to show (404).
    "federation-link": Door(
        "api",
        _harbour_player("Harbour 10"),
        write=club(RUN),
        valid=lambda state, target: state.member("harbour"),
        data=lambda w, t: {"member_number": "N-Harbour10"},
    ),
}


def _event_door(kind: str, kwargs: Builder = lambda w, t: _ids(t), **row: Any) -> Door:
    return Door(kind, kwargs, targets=row.pop("targets", BOTH), **row)


EVENT_DOORS: dict[str, Door] = {
    "tournaments:event_detail": _event_door("page", read=event(SEE)),
    "tournaments:event_standings": _event_door("page", read=event(SEE)),
    "tournaments:event_standings download": _event_door(
        "page", read=event(SEE), params="?_export=csv", name="tournaments:event_standings"
    ),
    "tournaments:event_standings rounds download": _event_door(
        "page", read=event(SEE), params="?table=rounds&_export=xlsx", name="tournaments:event_standings"
    ),
    "tournaments:event_player": _event_door(
        "page", lambda w, t: _ids(t) | {"player_id": _first_player(t)}, read=event(SEE)
    ),
    "tournaments:round_start": _event_door(
        "page", write=event(RUN), prepare=_games_over, valid=_not_after_unlinking
    ),
    "tournaments:round_reseat": _event_door("page", _round_one, write=event(RUN), prepare=_no_hands),
    "tournaments:round_cards": _event_door("page", _round_one, read=event(RUN)),
    "tournaments:table_card_renew": _event_door(
        "page", lambda w, t: {"card_id": t.card.pk if t else 0}, write=event(RUN)
    ),
    "tournaments:participant_add": _event_door(
        "page", write=event(RUN), data=lambda w, t: {"player": _spare(t)}
    ),
    "tournaments:event_finish": _event_door("page", write=event(RUN), prepare=_games_over),
    "tournaments:event_odd_tables": _event_door("page", write=event(RUN), data=lambda w, t: {"five": "1"}),
    "tournaments:event_clubs_apart": _event_door(
        "page",
        write=event(RUN),
        data=lambda w, t: {"keep": "" if t and t.event.keep_clubs_apart else "1"},
    ),
    "tournaments:stage_add": _event_door(
        "page",
        write=event(RUN),
        data=lambda w, t: {"stage-name": "Qualifying", "stage-kind": "rounds", "stage-planned_rounds": "3"},
    ),
    "tournaments:stage_remove": _event_door(
        "page", lambda w, t: _ids(t) | {"number": 2}, write=event(RUN), prepare=_qualifying_then_final
    ),
    "tournaments:stage_entrants": _event_door(
        "page",
        lambda w, t: _ids(t) | {"number": 2},
        write=event(RUN),
        data=_finalists,
        prepare=_qualifying_then_final,
    ),
    "tournaments:stage_bracket": _event_door(
        "page", lambda w, t: _ids(t) | {"number": 1}, read=event(SEE), prepare=_knockout_stage
    ),
    # A knockout of Harbour's own, built for the write (a championship's knockout is no other door).
    "tournaments:match_decide": _event_door(
        "page",
        _match_one,
        write=event(RUN),
        data=lambda w, t: {"winner": "1"},
        prepare=_drawn_knockout,
        targets=NIGHT,
    ),
    "tournaments:participant_toggle": _event_door(
        "page", lambda w, t: _ids(t) | {"player_id": _first_player(t)}, write=event(RUN)
    ),
    "tournaments:participant_withdraw": _event_door(
        "page", lambda w, t: _ids(t) | {"player_id": _first_player(t)}, write=event(RUN)
    ),
    "tournaments:event_standings_rules": _event_door(
        "page",
        read=event(RUN),
        write=event(RUN),
        data=lambda w, t: {"vp_scale": "three-one-zero", "vp_custom": "", "tie_break_1": "point_difference"},
    ),
    "tournaments:round_sheet": _event_door("page", _round_one, read=event(SEE)),
    "tournaments:round_board": _event_door("page", read=event(SEE)),
    "tournaments:board_live": _event_door("page", read=event(SEE)),
    "tournaments:event_board_link": _event_door("page", write=event(RUN)),
    "tournaments:round_lock": _event_door("page", _round_one, write=event(RUN)),
    "tournaments:round_clock_start": _event_door("page", _round_one, write=event(RUN), prepare=_timed),
    "tournaments:table_lock": _event_door(
        "page", lambda w, t: _round_one(w, t) | {"table": 1}, write=event(RUN)
    ),
    "tournaments:seats_swap": _event_door(
        "page", _round_one, write=event(RUN), data=_swap, prepare=_no_hands
    ),
    # A championship has no guests (docs/federation.md): its runners are refused by the rule.
    "tournaments:guest_add": _event_door(
        "page",
        write=event(RUN),
        data=lambda w, t: {"name": "Dora Visitor"},
        valid=lambda state, target: target == "night",
    ),
    "tournaments:game_stop": _event_door("page", lambda w, t: _game(t), write=event(RUN)),
    "tournaments:hand_delete": _event_door(
        "page", lambda w, t: _game(t), write=event(RUN), data=lambda w, t: {"number": "1", "reason": "x"}
    ),
    "tournaments:hand_sat_out": _event_door(
        "page", lambda w, t: _game(t), write=event(RUN), data=_sat_out, prepare=_five
    ),
    "tournaments:game_detail": _event_door("page", lambda w, t: _game(t), read=event(SEE)),
    "tournaments:game_tag": _event_door("page", lambda w, t: _game(t), read=event(SEE)),
    "tournaments:game_save": _event_door(
        "page", lambda w, t: _game(t), write=event(SCORE), data=lambda w, t: _typed(t)
    ),
    "tournaments:game_save correction": _event_door(
        "page",
        lambda w, t: _game(t),
        write=event(SCORE),
        data=lambda w, t: _typed(t, 1, expected_version=1),
        name="tournaments:game_save",
    ),
    "tournaments:game_confirm": _event_door(
        "page", lambda w, t: _game(t) | {"number": 1}, write=event(SCORE), data=_confirm_as_ew
    ),
    "tournaments:game_undo": _event_door(
        "page", lambda w, t: _game(t) | {"number": 1}, write=event(SCORE), prepare=_just_saved
    ),
    "event-list": _event_door(
        "api",
        lambda w, t: {},
        read=AUTH,
        listed=lambda w, t: _event_ids(t),
        listed_to=event(SEE),
        write=club(RUN),
        data=lambda w, t: _new_event(w, t),
    ),
    "event-detail": _event_door("api", lambda w, t: {"pk": _ids(t)["event_id"]}, read=event(SEE)),
    "event-standings": _event_door("api", lambda w, t: {"pk": _ids(t)["event_id"]}, read=event(SEE)),
    "round-list": _event_door(
        "api",
        lambda w, t: {},
        read=AUTH,
        listed=lambda w, t: set(t.event.rounds.values_list("pk", flat=True)) if t else set(),
        listed_to=event(SEE),
    ),
    "round-detail": _event_door(
        "api", lambda w, t: {"pk": t.game.table.round_id if t else 0}, read=event(SEE)
    ),
    "table-list": _event_door(
        "api",
        lambda w, t: {},
        read=AUTH,
        listed=lambda w, t: {t.game.table_id, t.other_game.table_id} if t else set(),
        listed_to=event(SEE),
    ),
    "table-detail": _event_door("api", lambda w, t: {"pk": t.game.table_id if t else 0}, read=event(SEE)),
    "game-list": _event_door(
        "api", lambda w, t: {}, read=AUTH, listed=lambda w, t: _game_ids(t), listed_to=event(SEE)
    ),
    "game-detail": _event_door("api", lambda w, t: {"pk": t.game.pk if t else 0}, read=event(SEE)),
    "hand-list": _event_door(
        "api",
        lambda w, t: {},
        read=AUTH,
        listed=lambda w, t: {t.hand.pk} if t else set(),
        listed_to=event(SEE),
    ),
    "hand-detail": _event_door("api", lambda w, t: {"pk": t.hand.pk if t else 0}, read=event(SEE)),
    "standing-list": _event_door(
        "api",
        lambda w, t: {},
        read=AUTH,
        listed=lambda w, t: set(t.event.standings.values_list("player_id", flat=True)) if t else set(),
        listed_to=event(SEE),
        id_key="player",
        params=lambda w, t: f"?event={t.event.pk if t else 0}",
    ),
    "standing-detail": _event_door(
        "api", lambda w, t: {"pk": t.event.standings.order_by("pk").first().pk if t else 0}, read=event(SEE)
    ),
    "round-start": _event_door("api", write=event(RUN), prepare=_games_over, valid=_not_after_unlinking),
    "participant-add": _event_door("api", write=event(RUN), data=lambda w, t: {"player": _spare(t)}),
    "participant-withdraw": _event_door(
        "api", lambda w, t: _ids(t) | {"player_id": _first_player(t)}, write=event(RUN)
    ),
    "hand-record": _event_door(
        "api",
        lambda w, t: _game(t),
        write=event(SCORE),
        data=lambda w, t: {"number": 2, "submission_id": str(uuid.uuid4()), "entries": HAND_B} | _by_ns,
    ),
    "hand-record correction": _event_door(
        "api",
        lambda w, t: _game(t),
        write=event(SCORE),
        data=lambda w, t: {"number": 1, "entries": HAND_B, "expected_version": 1} | _by_ns,
        name="hand-record",
    ),
    "hand-confirm": _event_door(
        "api", lambda w, t: _game(t) | {"number": 1}, write=event(SCORE), data=_confirm_as_ew
    ),
}


def _link(w: World, t: T, token: str) -> dict[str, Any]:
    return {"token": token}


def _card_game(w: World, t: T, token: str) -> dict[str, Any]:
    return {"token": token, "game_id": t.game.pk if t else 0}


# A table's link, the night's card and the board's link, by whoever holds them (`_token_probes`).
TOKEN_DOORS: dict[str, tuple[Door, Callable[[World, T, str], dict[str, Any]]]] = {
    "tournaments:link_detail": (Door("page", read=ANYONE, token="link", targets=BOTH), _link),
    "tournaments:link_detail card": (
        Door("page", read=ANYONE, token="card", targets=BOTH, name="tournaments:link_detail"),
        _link,
    ),
    "tournaments:link_tag": (Door("page", read=ANYONE, token="link", targets=BOTH), _link),
    "tournaments:link_tag card": (
        Door("page", read=ANYONE, token="card", targets=BOTH, name="tournaments:link_tag"),
        _link,
    ),
    "tournaments:link_save": (
        Door("page", write=ANYONE, token="link", targets=BOTH, data=lambda w, t: _typed(t)),
        _link,
    ),
    "tournaments:link_confirm": (
        Door("page", write=ANYONE, token="link", targets=BOTH, data=_confirm_as_ew),
        lambda w, t, token: {"token": token, "number": 1},
    ),
    "tournaments:link_undo": (
        Door("page", write=ANYONE, token="link", targets=BOTH, prepare=_just_saved),
        lambda w, t, token: {"token": token, "number": 1},
    ),
    "tournaments:card_save": (
        Door("page", write=ANYONE, token="card", targets=BOTH, data=lambda w, t: _typed(t)),
        _card_game,
    ),
    "tournaments:card_confirm": (
        Door("page", write=ANYONE, token="card", targets=BOTH, data=_confirm_as_ew),
        lambda w, t, token: _card_game(w, t, token) | {"number": 1},
    ),
    "tournaments:card_undo": (
        Door("page", write=ANYONE, token="card", targets=BOTH, prepare=_just_saved),
        lambda w, t, token: _card_game(w, t, token) | {"number": 1},
    ),
    "tournaments:board_link": (
        Door("page", read=ANYONE, token="board", targets=BOTH),
        lambda w, t, token: {"board_token": token},
    ),
    "tournaments:board_link_live": (
        Door("page", read=ANYONE, token="board", targets=BOTH),
        lambda w, t, token: {"board_token": token},
    ),
}

DOORS: dict[str, Door] = SITE_DOORS | CLUB_DOORS | NIGHT_DOORS | FEDERATION_DOORS | EVENT_DOORS
DOORS |= {key: door for key, (door, _kwargs) in TOKEN_DOORS.items()}


def _url_name(key: str) -> str:
    return DOORS[key].name or key


def _url(key: str, w: World, t: T) -> str:
    door = DOORS[key]
    params = door.params(w, t) if callable(door.params) else door.params
    return reverse(_url_name(key), kwargs=door.kwargs(w, t)) + params


# --- every door has a row ---------------------------------------------------------------------------


def test_every_door_has_a_row():
    """Every URL name, every API route's methods and every page's download have a row here."""
    names = doors.url_names() - doors.OUTSIDE_THE_MATRIX
    rows = {_url_name(key) for key in DOORS}
    assert names - rows == set(), "add a row to the membership matrix for each new door"
    assert rows - names == set(), "remove the rows of doors that are gone"
    served: dict[str, set[str]] = {}
    for key, door in DOORS.items():
        if door.kind == "api":
            methods = served.setdefault(_url_name(key), set())
            if door.why:  # a row probed by nobody stands for every method of its route
                methods |= doors.api_methods().get(_url_name(key), set())
            methods |= {"GET"} if door.read else set()
            methods |= {"POST"} if door.write else set()
    routes = {name: methods for name, methods in doors.api_methods().items() if name in served}
    assert served == routes, "each API route's methods, each with its row"
    downloads = {_url_name(key) for key, door in DOORS.items() if "_export=" in str(door.params)}
    assert doors.download_views() - downloads == set(), "add a row for each page's download"


# --- the world, each step's state, and the probes --------------------------------------------------


@pytest.fixture(scope="module")
def _world(django_db_setup, django_db_blocker):
    """The world, built once for the module in a transaction rolled back after its last test."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
    try:
        with django_db_blocker.unblock(), _as_each_test_runs():
            world = membership.build()
        yield world
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


class _as_each_test_runs:
    """Tasks at once and the site's language, as tests/conftest.py gives each test."""

    def __enter__(self) -> None:
        self.eager = celery_app.conf.task_always_eager
        celery_app.conf.task_always_eager = True
        translation.activate(settings.LANGUAGE_CODE)

    def __exit__(self, *exc: object) -> None:
        celery_app.conf.task_always_eager = self.eager


@pytest.fixture(scope="module")
def _state(request, _world, django_db_blocker):
    """The world after the steps up to `request.param` (a step's name), in a savepoint rolled
    back after its tests (pytest runs the tests of one step together)."""
    step = STEPS.index(request.param)
    with django_db_blocker.unblock():
        point = transaction.atomic()
        point.__enter__()
    try:
        with django_db_blocker.unblock(), _as_each_test_runs():
            for change in STEPS[1 : step + 1]:
                membership.STEP_CHANGES[change](_world)
        yield State(step)
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            point.__exit__(None, None, None)


@pytest.fixture
def world(_state, _world, db) -> tuple[World, State]:
    return membership.reread(_world), _state


def _client(w: World, actor: Actor, kind: str) -> Client:
    """A client of the actor: their session for a page, their API token for the API."""
    if kind == "api":
        token = w.tokens.get(actor.name)
        return APIClient(HTTP_AUTHORIZATION=f"Token {token}") if token else APIClient()
    client = Client()
    for name, value in w.cookies.get(actor.name, {}).items():
        client.cookies[name] = value
    return client


@dataclass(frozen=True)
class _Answer:
    code: int
    location: str
    attachment: bool
    body: Any  # a list's JSON
    text: str  # what a read answered
    written: list[str]  # the tables whose rows the request changed


def _ask(
    client: Client, method: str, url: Callable[[], str], door: Door, w: World, t: T, *, prepare: bool
) -> _Answer:
    """The request to `url()`, in a savepoint rolled back after it (with the row's preparation
    first, for a write that may be allowed), and what it wrote."""
    with transaction.atomic():
        if prepare:
            door.prepare(w, t)
        before = doors.rows()
        url = url()
        if method == "get":
            response = client.get(url)
        elif door.kind == "api":
            response = client.post(url, door.data(w, t), format="json")
        else:
            response = client.post(url, door.data(w, t))
        after = doors.rows()
        transaction.set_rollback(True)
    ok_json = door.listed is not None and method == "get" and response.status_code == 200
    return _Answer(
        response.status_code,
        response.get("Location", ""),
        "attachment" in response.get("Content-Disposition", ""),
        response.json() if ok_json else None,
        response.content.decode(errors="replace") if method == "get" and not response.streaming else "",
        doors.rows_changed(before, after),
    )


def _allowed_answer(answer: _Answer, door: Door, method: str, valid: bool) -> str | None:
    """What is wrong with the answer to a request the visitor may make, or None."""
    code = answer.code
    if method == "get":
        if door.redirects and not (code == 302 and not answer.location.startswith(reverse("login"))):
            return f"expected a redirect, got {code}"
        if code != 200 and not door.redirects:
            return f"expected 200, got {code}"
        if isinstance(door.params, str) and "_export=" in door.params and not answer.attachment:
            return "expected a download"
        return "a read wrote " + ", ".join(answer.written) if answer.written else None
    if not valid:  # refused by the rules of the game, not by the scope: nothing written
        if (
            code in (404, 401)
            or code >= 500
            or (code == 302 and answer.location.startswith(reverse("login")))
        ):
            return f"expected the rule's refusal, got {code}"
        return "a refused write wrote " + ", ".join(answer.written) if answer.written else None
    if not (200 <= code < 300 or (code == 302 and not answer.location.startswith(reverse("login")))):
        return f"expected success, got {code}"
    if door.changes and not answer.written:
        return "an allowed write wrote nothing"
    return None


def _refused_answer(answer: _Answer, door: Door, signed_in: bool) -> str | None:
    """What is wrong with the answer to a request the visitor may not make, or None: refused the
    standard way, and nothing written."""
    if answer.written:
        return f"a refused request ({answer.code}) wrote " + ", ".join(answer.written)
    code = answer.code
    if door.kind == "api":
        ok = code == 404 if signed_in else code == 401
    elif signed_in:
        ok = code == 404
    else:  # the login page; or not found where the page is one anyone may be shown (a board)
        ok = code == 404 or (code == 302 and answer.location.startswith(reverse("login")))
    return None if ok else f"expected a refusal, got {code}"


def _listed_answer(answer: _Answer, door: Door, w: World, t: T, sees: bool) -> str | None:
    """A list holds the target's objects for whoever sees them, and none of them for others."""
    if door.listed is None or answer.body is None:
        return None
    shown = {item[door.id_key] for item in answer.body["results"]}
    mine = door.listed(w, t)
    if sees and not mine <= shown:
        return f"misses {sorted(mine - shown)}"
    if not sees and shown & mine:
        return f"lists {sorted(shown & mine)}"
    return None


def _named_answer(answer: _Answer, actor: Actor, state: State) -> str | None:
    """Whatever the door, its answer names no event the visitor has nothing of."""
    hidden = [name for event, name in membership.NAMES.items() if level_on(actor, event, state) == Level.NONE]
    shown = [name for name in hidden if name in answer.text]
    return f"names {shown}" if shown else None


def _probe(w: World, state: State, key: str, target: str, actor: Actor, method: str) -> str | None:
    door = DOORS[key]
    t = w.targets.get(target)
    need = door.read if method == "get" else door.write
    assert need is not None
    revoked = door.kind == "api" and door.credentials and bool(actor.username) and not state.has_token(actor)
    signed_in = bool(actor.username) and not revoked
    allowed = not revoked and need(actor, state, target)
    answer = _ask(_client(w, actor, door.kind), method, lambda: _url(key, w, t), door, w, t, prepare=allowed)
    if answer.code >= 500:
        problem: str | None = f"server error {answer.code}"
    elif allowed:
        problem = _allowed_answer(answer, door, method, door.valid(state, target))
        if problem is None and door.listed_to is not None:
            problem = _listed_answer(answer, door, w, t, door.listed_to(actor, state, target))
        problem = problem or _named_answer(answer, actor, state)
    else:
        problem = _refused_answer(answer, door, signed_in)
    return None if problem is None else f"{method.upper()} {key} @{target} as {actor.name}: {problem}"


def _tokens(w: World, t: Target, kind: str) -> dict[str, str]:
    """The target's own token of `kind`, another table's (or event's), and a made-up one."""
    other = next(each for each in w.targets.values() if each.event.pk != t.event.pk)
    if kind == "board":
        return {
            "holder": selectors.board_token(event=t.event),
            "other_holder": selectors.board_token(event=other.event),
            "made_up": f"{t.event.pk}-0:{'x' * 43}",  # well-formed, not signed by the site
        }
    if kind == "card":
        other_card = t.event.table_cards.exclude(pk=t.card.pk).first()
        own, elsewhere = t.card.access_token, other_card.access_token if other_card else ""
    else:
        own, elsewhere = t.game.table.access_token, t.other_game.table.access_token
    return {"holder": own, "other_holder": elsewhere, "made_up": "made-up-token"}


def _token_probe(w: World, state: State, key: str, target: str, holder: str, method: str) -> str | None:
    """A link's door, asked with the target's own token (`holder`), another table's or event's
    (`other_holder`: it never changes this table) or a made-up one (404, nothing written)."""
    door, kwargs = TOKEN_DOORS[key]
    t = w.targets[target]
    acts = holder == "holder" and tokens_act(target, state)
    token = _tokens(w, t, door.token)[holder]
    this_table = list(t.game.hands.values_list("pk", "version", "confirmed_at"))
    url = lambda: reverse(_url_name(key), kwargs=kwargs(w, t, token))  # noqa: E731
    answer = _ask(Client(), method, url, door, w, t, prepare=acts)
    where = f"{method.upper()} {key} @{target} by {holder}"
    if answer.code >= 500:
        return f"{where}: server error {answer.code}"
    if acts:
        problem = _allowed_answer(answer, door, method, valid=True)
    elif holder == "other_holder":
        changed = list(t.game.hands.values_list("pk", "version", "confirmed_at")) != this_table
        problem = "changed a table it holds no link to" if changed else None
    else:
        problem = (
            None
            if answer.code == 404 and not answer.written
            else f"expected 404 and nothing written, got {answer.code} {answer.written}"
        )
    return None if problem is None else f"{where}: {problem}"


def _cases() -> list[Any]:
    """Each row and each of its targets."""
    return [
        pytest.param(key, target, id=f"{key}@{target}")
        for key, door in DOORS.items()
        for target in door.targets
    ]


def _methods(door: Door) -> list[str]:
    return (["get"] if door.read else []) + (["post"] if door.write else [])


# PostgreSQL counts the rows a request wrote (tests/support/doors.py): CI runs the matrix there;
# on SQLite it is skipped, unless REQUIRE_INTEGRATION is set (then it fails).
ON_POSTGRESQL = connection.vendor == "postgresql" or bool(os.environ.get("REQUIRE_INTEGRATION"))


@pytest.mark.skipif(not ON_POSTGRESQL, reason="counts the rows a request wrote by PostgreSQL's statistics")
@pytest.mark.parametrize("_state", STEPS, indirect=True, scope="module")
@pytest.mark.parametrize(("key", "target"), _cases())
def test_membership_matrix(world, key, target):
    w, state = world
    if target == "night" and state.name not in membership.NIGHT_STEPS:
        pytest.skip("Harbour's own night changes with Harbour's roles only (NIGHT_STEPS)")
    door = DOORS[key]
    if door.token:
        found = [
            _token_probe(w, state, key, target, holder, method)
            for holder in ("holder", "other_holder", "made_up")
            for method in _methods(door)
        ]
    else:
        found = [
            _probe(w, state, key, target, actor, method) for actor in ACTORS for method in _methods(door)
        ]
    problems = [problem for problem in found if problem]
    assert not problems, "\n".join(problems)
