"""The world of the permission matrix (tests/site/test_permissions.py, whose docstring gives the
rules) and its rows: the levels of the roles, a row per URL name, the club and the night every
row is read against (`shared_world`, built once for a module), and a row's URL for a visitor.
The security tests (tests/site/test_security.py) read the same rows."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client, TestCase
from django.urls import reverse
from django.utils import timezone, translation

from clubs.models import (
    Club,
    Federation,
    FederationClub,
    FederationOfficer,
    Invitation,
    Membership,
    Person,
    PersonLinkConflict,
    Player,
)
from clubs.names import name_words_key
from clubs.services.invitations import token_digest
from config import celery_app
from tests.support import cast
from tests.support.factories import EVENT_DATE, ClubFactory, UserFactory
from tests.support.hands import HAND_A, HAND_B
from tests.support.table_form import _form_data
from tournaments import selectors, services
from tournaments.models import (
    CheckIn,
    Event,
    Game,
    Hand,
    Night,
    NightReminders,
    Season,
    Seat,
    Stage,
    TableCard,
)
from tournaments.selectors import side_code

# Levels, lowest first. PUBLIC: anyone when the club made its results public, else MEMBER.
# OFFICER: an officer of the world's federation North (of which the club is a member), no one else.
# HOST: who runs North's championship held at the club: North's officer and the club's director.
ANYONE, AUTH, PUBLIC, MEMBER, SCORER, DIRECTOR, LINK, OFFICER, HOST = (
    "anyone",
    "auth",
    "public",
    "member",
    "scorer",
    "director",
    "link",
    "officer",
    "host",
)


# The officer runs North, the club's federation; the other officer runs South, of which the
# other club is a member (and which has invited the club); a third club is in neither.
ACTORS = (
    "anonymous",
    "other_link",
    "other_director",
    "member",
    "scorer",
    "director",
    "officer",
    "other_officer",
)


ROLE_RANK = {"member": 1, "scorer": 2, "director": 3}


@dataclass
class World:
    club: Club
    other_club: Club
    event: Event
    game: Game
    other_game: Game
    hand: Hand
    users: dict[str, Any]
    other_event: Event
    # Each visitor's cookies, signed in (or holding the other table's link) once: shared_world.
    cookies: dict[str, dict[str, str]] | None = None


@dataclass(frozen=True)
class Row:
    kind: str  # "page" or "api"
    kwargs: Callable[[World], dict[str, Any]] = lambda w: {}
    read: str | None = None  # None: not a page to read (POST only, or nothing to see)
    write: str | None = None  # None: not a write; a POST must change nothing
    data: Callable[[World], dict[str, Any]] = lambda w: {}
    prepare: Callable[[World], None] = lambda w: None  # makes the allowed write possible
    changes: bool = True  # an allowed write changes the fingerprint
    listed: Callable[[World], set[int]] | None = None  # API lists: these ids only for members
    id_key: str = "id"
    params: str = ""


def _event(w: World) -> dict[str, Any]:
    return {"event_id": w.event.pk}


def _pk(getter: Callable[[World], Any]) -> Callable[[World], dict[str, Any]]:
    return lambda w: {"pk": getter(w).pk}


def _games_over(w: World) -> None:
    Game.objects.filter(table__round__event=w.event).update(game_over=True)


def _no_hands(w: World) -> None:
    Hand.objects.filter(game__table__round__event=w.event).delete()


def _just_saved(w: World) -> None:
    """Hand 1 saved a moment ago, so that its table may still take it back (UNDO_WINDOW): the
    row's own data, whenever the module's world was built."""
    Hand.objects.filter(pk=w.hand.pk).update(created_at=timezone.now())


def _hand_two(w: World) -> dict[str, Any]:
    return _form_data(w.game, 2, HAND_B, save="1") | {"submission_id": str(uuid.uuid4())}


def _api_hand_two(w: World) -> dict[str, Any]:
    return {"number": 2, "submission_id": str(uuid.uuid4()), "entries": HAND_B}


def _api_event(w: World) -> dict[str, Any]:
    players = list(w.club.players.values_list("pk", flat=True)[:4])
    return {"club": w.club.pk, "name": "Sat", "date": "2026-12-05", "variant": "classic", "players": players}


def _card(w: World) -> TableCard:
    """The night's card of the table of `w.game`."""
    return TableCard.objects.get(event=w.event, number=w.game.table.number)


def _confirm_as_ew(w: World) -> dict[str, Any]:
    """EW confirms hand 1 with the code on its half of the table card."""
    return {"side": "EW", "code": side_code(game=w.game, side="EW")}


def _timed(w: World) -> None:
    Event.objects.filter(pk=w.event.pk).update(minutes_per_round=60)


def _five(w: World) -> None:
    """The world's game made a table of five: a third player on NS (classic-5p, two a side play)."""
    Game.objects.filter(pk=w.game.pk).update(variant="classic-5p", players=2)
    seated = Seat.objects.filter(table__round__event=w.event).values("player_id")
    extra = w.club.players.exclude(pk__in=seated).order_by("pk")[0]
    Seat.objects.create(table=w.game.table, player=extra, side="NS", position="1")


def _sat_out(w: World) -> dict[str, Any]:
    """Hand 1 sat out by NS's last player (hand 1's turn was the first's)."""
    last = Seat.objects.filter(table=w.game.table, side="NS").order_by("position").last()
    assert last is not None
    return {"number": "1", "sat_out": str(last.player_id)}


def _board_link(w: World) -> dict[str, Any]:
    return {"board_token": selectors.board_token(event=w.event)}


def _round_one(w: World) -> dict[str, Any]:
    return {"event_id": w.event.pk, "number": 1}


def _swap(w: World) -> dict[str, Any]:
    """A player of table 1 and one of table 2 of round 1."""
    seats = Seat.objects.filter(table__round__event=w.event, table__round__number=1)
    first = seats.filter(table__number=1).order_by("pk")[0].player_id
    second = seats.filter(table__number=2).order_by("pk")[0].player_id
    return {"first": first, "second": second}


def _bobs_membership(w: World) -> dict[str, Any]:
    membership = Membership.objects.get(club=w.club, user=w.users["member"])
    return {"slug": w.club.slug, "membership_id": membership.pk}


def _standings_rules_data(w: World) -> dict[str, Any]:
    return {"vp_scale": "three-one-zero", "vp_custom": "", "tie_break_1": "point_difference"}


def _sheet(w: World) -> dict[str, Any]:
    return {"variant": "classic", "sides": ["NS", "EW"], "hands": [HAND_A]}


def _qualifying_then_final(w: World) -> None:
    """Round 1 over, as the one round of a qualifying stage, and a final table of four after it."""
    _games_over(w)
    services.stage_add(event=w.event, name="Qualifying", kind="rounds", planned_rounds=1)
    services.stage_add(
        event=w.event, name="Final", kind="final_table", qualify="best", qualifiers=4, planned_rounds=1
    )


def _finalists(w: World) -> dict[str, Any]:
    overview = selectors.event_stages_overview(event=w.event)
    if overview is None or overview.proposal is None:
        return {}
    return {f"seed_{n}": key for n, key in enumerate(overview.proposal.proposed, start=1)}


def _knockout_stage(w: World) -> None:
    """A knockout stage of the world's event, not drawn yet: its bracket page says so."""
    Stage.objects.create(event=w.event, number=1, name="Cup", kind="knockout", format="swiss")


KNOCKOUT_EVENT = "Knockout of the club"


def _knockout_event(w: World) -> Event:
    return Event.objects.filter(club=w.club, name=KNOCKOUT_EVENT).first() or w.event


def _drawn_knockout(w: World) -> None:
    """A pair event of the club whose knockout's first match (pair 1 against pair 4) ended level."""
    players = list(w.club.players.order_by("pk")[:8])
    event = services.event_create(
        club=w.club,
        asked=services.EventInput(
            name=KNOCKOUT_EVENT,
            date=w.event.date,
            variant="classic",
            hands_per_round=1,
            format="swiss",
            players=players,
        ),
    )
    stage = services.stage_add(event=event, name="Cup", kind="knockout")
    services.stage_entrants_confirm(stage=stage, entrants=[1, 2, 3, 4])
    round_ = services.round_start(event=event)
    services.round_seat(round_id=round_.pk)
    game = Game.objects.get(table__round=round_, table__number=1)
    services.hand_record(
        game=game, asked=services.HandInput(number=1, entries={"NS": {"total": 200}, "EW": {"total": 200}})
    )


def _match_one(w: World) -> dict[str, Any]:
    return {"event_id": _knockout_event(w).pk, "number": 1, "round": 1, "slot": 1}


def _north(w: World) -> dict[str, Any]:
    return {"slug": "north"}


def _club_player(name: str) -> Callable[[World], dict[str, Any]]:
    return lambda w: {"slug": w.club.slug, "player_id": Player.objects.get(club=w.club, name=name).pk}


def _club_in_north(w: World) -> dict[str, Any]:
    return {"slug": "north", "place_id": FederationClub.objects.get(federation__slug="north", club=w.club).pk}


def _norths_person(w: World) -> dict[str, Any]:
    return {
        "slug": "north",
        "person_id": Person.objects.get(federation__slug="north", member_number="N-1").pk,
    }


def _souths_invitation(w: World) -> dict[str, Any]:
    return {
        "slug": w.club.slug,
        "place_id": FederationClub.objects.get(federation__slug="south", club=w.club).pk,
    }


def _norths_conflict(w: World) -> dict[str, Any]:
    return {
        "slug": "north",
        "conflict_id": PersonLinkConflict.objects.get(person__federation__slug="north").pk,
    }


def _federations(club: Club, other_club: Club) -> dict[str, Any]:
    """North (officer olga) with the club a member, South (officer oscar) with the other club a
    member and the club invited, a club in neither; in North, Player 01 linked as N-1 and
    Player 02's link to N-1 waiting for an officer. Returns the two officers by actor."""
    olga, oscar = UserFactory(username="olga"), UserFactory(username="oscar")
    north = Federation.objects.create(name="North", slug="north")
    south = Federation.objects.create(name="South", slug="south")
    FederationOfficer.objects.create(federation=north, user=olga)
    FederationOfficer.objects.create(federation=south, user=oscar)
    # A second officer of North, whom an officer may remove (never the last one).
    FederationOfficer.objects.create(federation=north, user=UserFactory(username="otto"))
    FederationClub.objects.create(federation=north, club=club, joined_on=EVENT_DATE)
    FederationClub.objects.create(federation=south, club=other_club, joined_on=EVENT_DATE)
    FederationClub.objects.create(federation=south, club=club)
    ClubFactory(name="Lonely", slug="lonely")
    first = Player.objects.get(club=club, name="Player 01")
    person = Person.objects.create(
        federation=north, member_number="N-1", name=first.name, name_words=name_words_key(first.name)
    )
    Player.objects.filter(pk=first.pk).update(person=person)
    second = Player.objects.get(club=club, name="Player 02")
    PersonLinkConflict.objects.create(player=second, person=person, reasons=["linked_in_club"])
    # North's championship, held at the club, with no entrant yet.
    services.championship_create(
        federation=north,
        host=club,
        asked=services.EventInput(name=CHAMPIONSHIP, date=EVENT_DATE, variant="classic"),
    )
    _invitations(club, olga, Membership.objects.filter(club=club, role="director").first().user)
    return {"officer": olga, "other_officer": oscar}


CHAMPIONSHIP = "North Open"
INVITATION_TOKEN = "an-invitation-token-of-the-world"


def _invitations(club: Club, olga: Any, alice: Any) -> None:
    """A waiting invitation to the club (by its director) and one to be North's officer (by
    olga), the latter's link carrying INVITATION_TOKEN."""
    now = timezone.now()
    times = {"sent_at": now, "expires_at": now + datetime.timedelta(days=14), "language": "en"}
    Invitation.objects.create(
        kind="club", club=club, role="member", email="ian@example.org", invited_by=alice,
        token_digest=token_digest("a-club-invitation-token"), **times,
    )  # fmt: skip
    Invitation.objects.create(
        kind="officer", federation=Federation.objects.get(slug="north"), email="ivy@example.org",
        invited_by=olga, token_digest=token_digest(INVITATION_TOKEN), **times,
    )  # fmt: skip


def _invitation_change(kind: str) -> Callable[[World], dict[str, Any]]:
    """The world's invitation of `kind`, to withdraw, at its club's or federation's address."""

    def kwargs(w: World) -> dict[str, Any]:
        invitation = Invitation.objects.get(kind=kind)
        slug = w.club.slug if kind == "club" else "north"
        return {"slug": slug, "invitation_id": invitation.pk, "action": "withdraw"}

    return kwargs


def _championship(w: World) -> dict[str, Any]:
    return {"event_id": Event.objects.get(name=CHAMPIONSHIP).pk}


def _championship_entries(w: World) -> dict[str, Any]:
    return {"slug": w.club.slug, **_championship(w)}


def _night(w: World) -> Night:
    """The club's night tonight (its door open), before its event."""
    return Night.objects.get(club=w.club)


def _night_kwargs(w: World) -> dict[str, Any]:
    return {"night_id": _night(w).pk}


def _players_linked(w: World) -> None:
    """The member, the scorer and the director each the club's player of their account."""
    for actor, name in (("member", "Player 14"), ("scorer", "Player 15"), ("director", "Player 16")):
        Player.objects.filter(club=w.club, name=name).update(user=w.users[actor])


def _four_checked_in(w: World) -> None:
    night = _night(w)
    for player in w.club.players.order_by("pk")[:4]:
        CheckIn.objects.create(night=night, player=player, how="director")


def _door(w: World) -> dict[str, Any]:
    return {"token": selectors.night_door_token(night=_night(w))}


def _personal_link(w: World) -> dict[str, Any]:
    return {"token": selectors.player_reply_token(player=w.club.players.order_by("pk")[0])}


def _unlinked_player(w: World) -> int:
    """The first active roster player of the club linked to no account."""
    players = w.club.players.filter(user__isnull=True, active=True, guest=False)
    return players.order_by("pk").values_list("pk", flat=True)[0]


def _with_addresses(w: World) -> None:
    """The players linked as `_players_linked`, and each account an email address."""
    _players_linked(w)
    for actor in ("member", "scorer", "director"):
        get_user_model().objects.filter(pk=w.users[actor].pk).update(email=f"{actor}@example.org")


def _reminders_on(w: World) -> None:
    """The director's reminders of the club's nights on (their stop link's row)."""
    NightReminders.objects.get_or_create(club=w.club, user=w.users["director"])


def _stop_link(w: World) -> dict[str, Any]:
    return {"token": selectors.night_reminders_stop_token(club=w.club, user=w.users["director"])}


# A night's door and a player's personal link: signed tokens of the nights' own form.
NIGHT_LINKS = {"tournaments:night_check_in", "tournaments:player_nights"}


MATRIX: dict[str, Row] = {
    # --- Django's own pages ----------------------------------------------------------------
    # Anyone: a member's clubs, or the clubs whose results are public and a way to log in.
    "home": Row("page", read=ANYONE),
    "login": Row("page", read=ANYONE),
    "logout": Row("page"),
    "password_change": Row("page", read=AUTH),
    "password_change_done": Row("page", read=AUTH),
    "password_reset": Row("page", read=ANYONE),
    "password_reset_done": Row("page", read=ANYONE),
    "password_reset_confirm": Row("page", lambda w: {"uidb64": "x", "token": "y"}, read=ANYONE),
    "password_reset_complete": Row("page", read=ANYONE),
    "set_language": Row("page"),
    # --- club and event pages -------------------------------------------------------------
    "clubs:settings": Row(
        "page",
        lambda w: {"slug": w.club.slug},
        read=DIRECTOR,
        write=DIRECTOR,
        data=lambda w: {
            "name": "Riverside CC",
            "time_zone": "Europe/Madrid",
            "language": "es",
            "default_variant": "classic",
            "results_public": "on",
        },
    ),
    "clubs:player_import": Row(
        "page",
        lambda w: {"slug": w.club.slug},
        read=DIRECTOR,
        write=DIRECTOR,
        data=lambda w: {"data": "name,active\nNew in town,yes\n"},
    ),
    "clubs:members": Row("page", lambda w: {"slug": w.club.slug}, read=DIRECTOR),
    "clubs:member_invite": Row(
        "page",
        lambda w: {"slug": w.club.slug},
        write=DIRECTOR,
        data=lambda w: {"username": w.users["other_director"].username, "role": "scorer"},
    ),
    "clubs:member_create": Row(
        "page",
        lambda w: {"slug": w.club.slug},
        write=DIRECTOR,
        data=lambda w: {"new_username": "newcomer", "role": "member"},
    ),
    "clubs:member_role": Row("page", _bobs_membership, write=DIRECTOR, data=lambda w: {"role": "scorer"}),
    "clubs:member_remove": Row("page", _bobs_membership, write=DIRECTOR),
    # A director links a member's account to a roster player; a member says which one they are.
    "clubs:member_player": Row(
        "page", _bobs_membership, write=DIRECTOR, data=lambda w: {"player": _unlinked_player(w)}
    ),
    "clubs:player_claim": Row(
        "page", lambda w: {"slug": w.club.slug}, write=MEMBER, data=lambda w: {"player": _unlinked_player(w)}
    ),
    "clubs:player_initials": Row(
        "page",
        lambda w: {"player_id": w.event.participants.first().player_id},
        write=DIRECTOR,
        data=lambda w: {"initials": "1"},
    ),
    "audit:club_audit": Row("page", lambda w: {"slug": w.club.slug}, read=DIRECTOR),
    # --- federations: the officers' pages, and the club's in its settings (its directors') ------
    "clubs:club_create": Row(
        "page",
        read=AUTH,
        write=AUTH,
        data=lambda w: {"name": "Newtown", "slug": "", "time_zone": "UTC", "default_variant": "classic"},
    ),
    "clubs:federation_list": Row("page", read=AUTH),
    "clubs:federation_create": Row(
        "page", read=AUTH, write=AUTH, data=lambda w: {"name": "Another League", "slug": ""}
    ),
    "clubs:federation_detail": Row("page", _north, read=OFFICER),
    # The same address, answered first: the officers' page, or the public face once the ranking
    # is public (the world's is not: tests/tournaments/web/test_federation_front.py).
    "federation": Row("page", _north, read=OFFICER),
    "clubs:federation_invite": Row("page", _north, write=OFFICER, data=lambda w: {"club": "lonely"}),
    "clubs:federation_ranking_settings": Row("page", _north, write=OFFICER, data=lambda w: {"public": "1"}),
    "clubs:federation_officer_add": Row("page", _north, write=OFFICER, data=lambda w: {"who": "bob"}),
    "clubs:club_invitation_send": Row(
        "page",
        lambda w: {"slug": w.club.slug},
        write=DIRECTOR,
        data=lambda w: {"email": "ines@example.org", "role": "scorer"},
    ),
    "clubs:club_invitation_change": Row("page", _invitation_change("club"), write=DIRECTOR),
    "clubs:federation_invitation_send": Row(
        "page", _north, write=OFFICER, data=lambda w: {"email": "ines@example.org", "kind": "found"}
    ),
    "clubs:federation_invitation_change": Row("page", _invitation_change("officer"), write=OFFICER),
    # The invitation's link: its holder reads it and accepts (to be North's officer); a made-up
    # token or another link's finds nothing.
    "clubs:invitation": Row(
        "page",
        lambda w: {"token": INVITATION_TOKEN},
        read=LINK,
        write=LINK,
        data=lambda w: {"action": "accept"},
    ),
    # Self sign-up: off by default (SELF_SIGN_UP), so nobody's; not found for all.
    "clubs:sign_up": Row("page"),
    "clubs:sign_up_confirm": Row("page", lambda w: {"token": "x"}),
    "clubs:federation_place_end": Row("page", _club_in_north, write=OFFICER),
    "clubs:federation_officer_remove": Row(
        "page",
        lambda w: {
            "slug": "north",
            "officer_id": FederationOfficer.objects.get(federation__slug="north", user__username="otto").pk,
        },
        write=OFFICER,
    ),
    "clubs:federation_conflict_decide": Row(
        "page", _norths_conflict, write=OFFICER, data=lambda w: {"decision": "refuse"}
    ),
    "clubs:club_federation_answer": Row(
        "page", _souths_invitation, write=DIRECTOR, data=lambda w: {"answer": "decline"}
    ),
    "clubs:club_federation_leave": Row("page", lambda w: {"slug": w.club.slug}, write=DIRECTOR),
    "clubs:federation_members": Row("page", lambda w: {"slug": w.club.slug}, read=DIRECTOR),
    # A POST without a file previews nothing and links nothing.
    "clubs:federation_numbers_import": Row("page", lambda w: {"slug": w.club.slug}, read=DIRECTOR),
    # Championships: an officer creates one; its officers and host club's directors qualify its
    # entrants; a member club's directors enter the club's players (Player 01, linked as N-1).
    "tournaments:championship_create": Row(
        "page",
        _north,
        read=OFFICER,
        write=OFFICER,
        data=lambda w: (
            {"name": "Spring Cup", "date": "2026-04-01", "host": w.club.pk, "variant": "classic"}
            | {"format": "individual", "ranked": "on"}
        ),
    ),
    # No game is rated yet, so the ranking qualifies nobody: the row checks who may ask.
    "tournaments:championship_qualify": Row(
        "page", _championship, write=HOST, data=lambda w: {"source": "clubs", "top": "2"}, changes=False
    ),
    "tournaments:championship_entries": Row(
        "page",
        _championship_entries,
        read=DIRECTOR,
        write=DIRECTOR,
        data=lambda w: {"players": [Player.objects.get(club=w.club, name="Player 01").pk]},
    ),
    # The federation's ranking and its people's pages: its officers (the world's ranking is not
    # public); a club's director, even of a member club, sees neither.
    "tournaments:federation_rankings": Row("page", _north, read=OFFICER),
    "tournaments:federation_person": Row("page", _norths_person, read=OFFICER),
    # The officers' people: found by name or number, renamed (recorded).
    "clubs:federation_people": Row("page", _north, read=OFFICER, params="?q=N"),
    "clubs:federation_person_rename": Row(
        "page",
        _norths_person,
        read=OFFICER,
        write=OFFICER,
        data=lambda w: {"name": "Player One", "member_number": "n 1"},
    ),
    "clubs:federation_link": Row(
        "page", _club_player("Player 03"), write=DIRECTOR, data=lambda w: {"member_number": "N-3"}
    ),
    "clubs:federation_unlink": Row("page", _club_player("Player 01"), write=DIRECTOR),
    "tournaments:club_detail": Row("page", lambda w: {"slug": w.club.slug}, read=MEMBER),
    "tournaments:club_results": Row("page", lambda w: {"slug": w.club.slug}, read=PUBLIC),
    "tournaments:club_rankings": Row("page", lambda w: {"slug": w.club.slug}, read=PUBLIC),
    "tournaments:event_create": Row(
        "page",
        lambda w: {"slug": w.club.slug},
        read=DIRECTOR,
        write=DIRECTOR,
        data=lambda w: {
            "name": "Sat",
            "date": "2026-12-05",
            "kind": "league_night",
            "variant": "classic",
            "players": [str(p) for p in w.club.players.values_list("pk", flat=True)[:4]],
        },
    ),
    "tournaments:club_partnerships": Row(
        "page",
        lambda w: {"slug": w.club.slug},
        read=MEMBER,
        write=DIRECTOR,
        data=lambda w: {
            "first": w.club.players.order_by("pk")[0].pk,
            "second": w.club.players.order_by("pk")[1].pk,
        },
    ),
    "tournaments:event_detail": Row("page", _event, read=MEMBER),
    "tournaments:event_standings": Row("page", _event, read=PUBLIC),
    "tournaments:event_player": Row(
        "page",
        lambda w: {"event_id": w.event.pk, "player_id": w.event.participants.first().player_id},
        read=PUBLIC,
    ),
    "tournaments:round_start": Row("page", _event, write=DIRECTOR, prepare=_games_over),
    "tournaments:round_reseat": Row(
        "page", lambda w: {"event_id": w.event.pk, "number": 1}, write=DIRECTOR, prepare=_no_hands
    ),
    "tournaments:round_cards": Row("page", lambda w: {"event_id": w.event.pk, "number": 1}, read=DIRECTOR),
    "tournaments:table_card_renew": Row("page", lambda w: {"card_id": _card(w).pk}, write=DIRECTOR),
    "tournaments:participant_add": Row(
        "page", _event, write=DIRECTOR, data=lambda w: {"player": w.club.players.order_by("-pk")[0].pk}
    ),
    "tournaments:event_finish": Row("page", _event, write=DIRECTOR, prepare=_games_over),
    "tournaments:event_odd_tables": Row("page", _event, write=DIRECTOR, data=lambda w: {"five": "1"}),
    "tournaments:event_clubs_apart": Row("page", _event, write=DIRECTOR, data=lambda w: {"keep": "1"}),
    # --- stages: the director's from the event page; a knockout's bracket is a result page ----
    "tournaments:stage_add": Row(
        "page",
        _event,
        write=DIRECTOR,
        data=lambda w: {"stage-name": "Qualifying", "stage-kind": "rounds", "stage-planned_rounds": "3"},
    ),
    "tournaments:stage_remove": Row(
        "page",
        lambda w: {"event_id": w.event.pk, "number": 2},
        write=DIRECTOR,
        prepare=_qualifying_then_final,
    ),
    "tournaments:stage_entrants": Row(
        "page",
        lambda w: {"event_id": w.event.pk, "number": 2},
        write=DIRECTOR,
        data=_finalists,
        prepare=_qualifying_then_final,
    ),
    "tournaments:stage_bracket": Row(
        "page", lambda w: {"event_id": w.event.pk, "number": 1}, read=PUBLIC, prepare=_knockout_stage
    ),
    "tournaments:match_decide": Row(
        "page", _match_one, write=DIRECTOR, data=lambda w: {"winner": "1"}, prepare=_drawn_knockout
    ),
    "tournaments:participant_toggle": Row(
        "page",
        lambda w: {"event_id": w.event.pk, "player_id": w.event.participants.first().player_id},
        write=DIRECTOR,
    ),
    # --- rankings, players and seasons (read by members; the ranking rules are the director's) --
    "tournaments:event_standings_rules": Row(
        "page", _event, read=DIRECTOR, write=DIRECTOR, data=_standings_rules_data
    ),
    "tournaments:player_detail": Row(
        "page", lambda w: {"player_id": w.event.participants.first().player_id}, read=PUBLIC
    ),
    "tournaments:season_detail": Row("page", lambda w: {"season_id": w.event.season_id}, read=PUBLIC),
    "tournaments:season_create": Row(
        "page",
        lambda w: {"slug": w.club.slug},
        read=DIRECTOR,
        write=DIRECTOR,
        data=lambda w: {"name": "Spring", "min_nights": "0", "events": [str(w.event.pk)]},
    ),
    "tournaments:season_edit": Row(
        "page",
        lambda w: {"season_id": w.event.season_id},
        read=DIRECTOR,
        write=DIRECTOR,
        data=lambda w: {
            "name": "Winter, best 3",
            "best_n": "3",
            "min_nights": "1",
            "events": [str(w.event.pk)],
        },
    ),
    # --- the club's nights ahead: its calendar, replies, the door's check-in ------------------
    "tournaments:night_schedule": Row(
        "page",
        lambda w: {"slug": w.club.slug},
        read=DIRECTOR,
        write=DIRECTOR,
        data=lambda w: {
            "date": "2027-01-05",
            "start_time": "19:30",
            "variant": "classic",
            "format": "individual",
            "repeat_until": "2027-01-26",
        },
    ),
    "tournaments:calendar_feed": Row("page", lambda w: {"slug": w.club.slug}, read=PUBLIC),
    "tournaments:night_detail": Row("page", _night_kwargs, read=MEMBER),
    "tournaments:night_reply": Row(
        "page", _night_kwargs, write=MEMBER, data=lambda w: {"answer": "coming"}, prepare=_players_linked
    ),
    "tournaments:night_edit": Row(
        "page",
        _night_kwargs,
        read=DIRECTOR,
        write=DIRECTOR,
        data=lambda w: {"date": "2027-02-02", "start_time": "20:00", "place": "Hall"},
    ),
    "tournaments:night_door": Row("page", _night_kwargs, read=DIRECTOR),
    "tournaments:night_event": Row("page", _night_kwargs, write=DIRECTOR, prepare=_four_checked_in),
    "tournaments:night_check_in_toggle": Row(
        "page",
        lambda w: _night_kwargs(w) | {"player_id": w.club.players.order_by("pk")[0].pk},
        write=DIRECTOR,
    ),
    "tournaments:night_reminders": Row(
        "page", _night_kwargs, write=MEMBER, data=lambda w: {"on": "1"}, prepare=_with_addresses
    ),
    # A reminder's stop link stops its account's reminders, signed in or not (and by the mail
    # program's one-click POST, without a CSRF token: tests/site/test_security.py).
    "tournaments:night_reminders_stop": Row("page", _stop_link, read=LINK, write=LINK, prepare=_reminders_on),
    # Whoever holds the door's QR code checks a player in; a player's personal link replies.
    "tournaments:night_check_in": Row(
        "page", _door, read=LINK, write=LINK, data=lambda w: {"player": w.club.players.order_by("pk")[0].pk}
    ),
    "tournaments:player_nights": Row(
        "page",
        _personal_link,
        read=LINK,
        write=LINK,
        data=lambda w: {"night": _night(w).pk, "answer": "coming"},
    ),
    # --- the director's hand on a round; the room's seating sheet and board ------------------
    "tournaments:round_sheet": Row("page", _round_one, read=MEMBER),
    # The hall board: anyone with public results, else the club's members; or whoever holds its
    # signed link, whatever the results (the "anonymous" visitor's link is made up).
    "tournaments:round_board": Row("page", _event, read=PUBLIC),
    "tournaments:board_live": Row("page", _event, read=PUBLIC),
    "tournaments:board_link": Row("page", _board_link, read=LINK),
    "tournaments:board_link_live": Row("page", _board_link, read=LINK),
    "tournaments:event_board_link": Row("page", _event, write=DIRECTOR),
    "tournaments:round_lock": Row("page", _round_one, write=DIRECTOR),
    "tournaments:round_clock_start": Row("page", _round_one, write=DIRECTOR, prepare=_timed),
    "tournaments:game_stop": Row("page", lambda w: {"game_id": w.game.pk}, write=DIRECTOR),
    "tournaments:hand_delete": Row(
        "page",
        lambda w: {"game_id": w.game.pk},
        write=DIRECTOR,
        data=lambda w: {"number": "1", "reason": "x"},
    ),
    "clubs:api_tokens": Row(
        "page", read=AUTH, write=AUTH, data=lambda w: {"action": "create"}, changes=False
    ),
    "tournaments:hand_sat_out": Row(
        "page", lambda w: {"game_id": w.game.pk}, write=DIRECTOR, data=_sat_out, prepare=_five
    ),
    "tournaments:table_lock": Row("page", lambda w: _round_one(w) | {"table": 1}, write=DIRECTOR),
    "tournaments:seats_swap": Row("page", _round_one, write=DIRECTOR, data=_swap, prepare=_no_hands),
    "tournaments:guest_add": Row("page", _event, write=DIRECTOR, data=lambda w: {"name": "Dora Visitor"}),
    "tournaments:guest_merge": Row(
        "page",
        lambda w: {"player_id": Player.objects.get(name="Guest of the club").pk},
        write=DIRECTOR,
        data=lambda w: {"into": Player.objects.get(name="Late arrival").pk},
    ),
    "tournaments:participant_withdraw": Row(
        "page",
        lambda w: {"event_id": w.event.pk, "player_id": w.event.participants.first().player_id},
        write=DIRECTOR,
    ),
    # --- the table page, by account and by link --------------------------------------------
    "tournaments:game_detail": Row("page", lambda w: {"game_id": w.game.pk}, read=MEMBER),
    # What the table page follows: its tag, read by whoever may read the page.
    "tournaments:game_tag": Row("page", lambda w: {"game_id": w.game.pk}, read=MEMBER),
    "tournaments:game_save": Row("page", lambda w: {"game_id": w.game.pk}, write=SCORER, data=_hand_two),
    "tournaments:game_confirm": Row(
        "page",
        lambda w: {"game_id": w.game.pk, "number": 1},
        write=SCORER,
        data=_confirm_as_ew,
    ),
    # The table's undo of the hand it has just saved (hand 1 of the world, made just saved by
    # `_just_saved`: the world is built once for the module, longer ago than the undo window).
    "tournaments:game_undo": Row(
        "page", lambda w: {"game_id": w.game.pk, "number": 1}, write=SCORER, prepare=_just_saved
    ),
    "tournaments:link_detail": Row("page", lambda w: {"token": w.game.table.access_token}, read=LINK),
    "tournaments:link_tag": Row("page", lambda w: {"token": w.game.table.access_token}, read=LINK),
    # A card's short code, typed by anyone at the table: the code is the key, as the link is.
    "tournaments:table_code": Row("page", read=ANYONE),
    "tournaments:table_code_open": Row("page", lambda w: {"code": _card(w).short_code}, read=ANYONE),
    "tournaments:link_save": Row(
        "page", lambda w: {"token": w.game.table.access_token}, write=LINK, data=_hand_two
    ),
    "tournaments:link_confirm": Row(
        "page",
        lambda w: {"token": w.game.table.access_token, "number": 1},
        write=LINK,
        data=_confirm_as_ew,
    ),
    "tournaments:link_undo": Row(
        "page", lambda w: {"token": w.game.table.access_token, "number": 1}, write=LINK, prepare=_just_saved
    ),
    "tournaments:card_undo": Row(
        "page",
        lambda w: {"token": _card(w).access_token, "game_id": w.game.pk, "number": 1},
        write=LINK,
        prepare=_just_saved,
    ),
    "tournaments:card_save": Row(
        "page", lambda w: {"token": _card(w).access_token, "game_id": w.game.pk}, write=LINK, data=_hand_two
    ),
    "tournaments:card_confirm": Row(
        "page",
        lambda w: {"token": _card(w).access_token, "game_id": w.game.pk, "number": 1},
        write=LINK,
        data=_confirm_as_ew,
    ),
    # --- API --------------------------------------------------------------------------------
    "api-root": Row("api", read=AUTH),
    "schema": Row("api", read=ANYONE),
    "api-docs": Row("api", read=ANYONE),
    "score-sheet": Row("api", write=ANYONE, data=_sheet, changes=False),
    "club-ranking": Row("api", lambda w: {"slug": w.club.slug}, read=PUBLIC),
    "api-token": Row(
        "api", write=ANYONE, data=lambda w: {"username": "bob", "password": "pw"}, changes=False
    ),
    # Token requests only (tests/clubs/test_api_tokens.py): a signed-in session is refused.
    "api-logout": Row("api"),
    "api-logout-all": Row("api"),
    "club-list": Row("api", read=AUTH, listed=lambda w: {w.club.pk}),
    "federation-list": Row("api", read=AUTH, write=AUTH, data=lambda w: {"name": "API League"}),
    "federation-detail": Row("api", _north, read=OFFICER),
    "federation-invite": Row("api", _north, write=OFFICER, data=lambda w: {"club": "lonely"}),
    "federation-place-end": Row("api", _club_in_north, write=OFFICER),
    "federation-people": Row("api", _north, read=OFFICER, params="?q=N"),
    "federation-person-rename": Row(
        "api", _norths_person, write=OFFICER, data=lambda w: {"name": "Player One", "member_number": "n 1"}
    ),
    "club-federation-answer": Row(
        "api", _souths_invitation, write=DIRECTOR, data=lambda w: {"answer": "decline"}
    ),
    "club-federation-leave": Row("api", lambda w: {"slug": w.club.slug}, write=DIRECTOR),
    "championships": Row(
        "api",
        _north,
        read=OFFICER,
        write=OFFICER,
        data=lambda w: {
            "host": w.club.slug,
            "name": "Spring Cup",
            "date": "2026-04-01",
            "variant": "classic",
        },
    ),
    "championship-qualify": Row(
        "api", _championship, write=HOST, data=lambda w: {"ranking": "clubs", "top": 2}, changes=False
    ),
    "championship-entries": Row(
        "api",
        _championship_entries,
        write=DIRECTOR,
        data=lambda w: {"players": [Player.objects.get(club=w.club, name="Player 01").pk]},
    ),
    "federation-clubs": Row("api", _north, read=OFFICER),
    "federation-ranking": Row("api", _north, read=OFFICER),
    "federation-link": Row(
        "api", _club_player("Player 03"), write=DIRECTOR, data=lambda w: {"member_number": "N-3"}
    ),
    "club-detail": Row("api", _pk(lambda w: w.club), read=MEMBER),
    "player-list": Row("api", read=AUTH, listed=lambda w: set(w.club.players.values_list("pk", flat=True))),
    "player-detail": Row("api", lambda w: {"pk": w.club.players.first().pk}, read=MEMBER),
    "event-list": Row("api", read=AUTH, write=DIRECTOR, data=_api_event, listed=lambda w: {w.event.pk}),
    "event-detail": Row("api", _pk(lambda w: w.event), read=MEMBER),
    "event-standings": Row("api", _pk(lambda w: w.event), read=MEMBER),
    "round-list": Row("api", read=AUTH, listed=lambda w: set(w.event.rounds.values_list("pk", flat=True))),
    "round-detail": Row("api", lambda w: {"pk": w.event.rounds.first().pk}, read=MEMBER),
    "table-list": Row("api", read=AUTH, listed=lambda w: {w.game.table_id, w.other_game.table_id}),
    "table-detail": Row("api", lambda w: {"pk": w.game.table_id}, read=MEMBER),
    "game-list": Row("api", read=AUTH, listed=lambda w: {w.game.pk, w.other_game.pk}),
    "game-detail": Row("api", _pk(lambda w: w.game), read=MEMBER),
    "hand-list": Row("api", read=AUTH, listed=lambda w: {w.hand.pk}),
    "hand-detail": Row("api", _pk(lambda w: w.hand), read=MEMBER),
    "standing-list": Row(
        "api",
        read=AUTH,
        listed=lambda w: set(w.event.standings.values_list("player_id", flat=True)),
        id_key="player",
    ),
    "standing-detail": Row("api", lambda w: {"pk": w.event.standings.first().pk}, read=MEMBER),
    "round-start": Row("api", _event, write=DIRECTOR, prepare=_games_over),
    "participant-add": Row(
        "api", _event, write=DIRECTOR, data=lambda w: {"player": w.club.players.order_by("-pk")[0].pk}
    ),
    "participant-withdraw": Row(
        "api",
        lambda w: {"event_id": w.event.pk, "player_id": w.event.participants.first().player_id},
        write=DIRECTOR,
    ),
    "night-sign-ups": Row("api", _night_kwargs, read=DIRECTOR),
    "hand-record": Row("api", lambda w: {"game_id": w.game.pk}, write=SCORER, data=_api_hand_two),
    "hand-confirm": Row(
        "api", lambda w: {"game_id": w.game.pk, "number": 1}, write=SCORER, data=_confirm_as_ew
    ),
}


def _world_of(club, alice, sam, bob, mallory, league_night) -> World:
    game, other_game = Game.objects.filter(table__round__event=league_night).order_by("table__number")
    with TestCase.captureOnCommitCallbacks(execute=True):
        hand = services.hand_record(
            game=game,
            recorded_by=sam,
            asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS"),
        )
    other_club = Club.objects.get(slug="elsewhere")
    other_players = [Player.objects.create(club=other_club, name=f"Other {n}") for n in range(4)]
    other_event = services.event_create(
        club=other_club,
        asked=services.EventInput(
            name="Theirs", date=league_night.date, variant="classic", players=other_players
        ),
    )
    # The event counts for a season of the club (for season_detail).
    league_night.season = Season.objects.create(club=club, name="Winter")
    league_night.save(update_fields=["season"])
    # Tonight's night of each club, before its event (the nights' rows).
    for night_club in (club, other_club):
        Night.objects.create(
            club=night_club, date=selectors.club_today(night_club), start_time="19:30", variant="classic"
        )
    # A spare player of the club who is not in the event (for participant_add).
    Player.objects.create(club=club, name="Late arrival")
    # A guest of an earlier night (for guest_merge).
    Player.objects.create(club=club, name="Guest of the club", guest=True)
    users = {"director": alice, "scorer": sam, "member": bob, "other_director": mallory}
    users |= _federations(club, other_club)
    return World(club, other_club, league_night, game, other_game, hand, users, other_event)


def _signed_in(actor: str, w: World) -> Client:
    client = Client()
    if actor in w.users:
        client.force_login(w.users[actor])
    elif actor == "other_link":
        # Someone who scored another table by its link and came back for more.
        client.get(reverse("tournaments:link_detail", kwargs={"token": w.other_game.table.access_token}))
    return client


@dataclass(frozen=True)
class _Kept:
    """The world built once for the module: its rows' keys and the visitors' cookies."""

    rows: dict[str, int]
    users: dict[str, int]
    cookies: dict[str, dict[str, str]]


def _build_once() -> _Kept:
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True  # as each test has it (tests/conftest.py)
    try:
        with translation.override(settings.LANGUAGE_CODE):
            club = cast.riverside()
            alice = cast.member(club, "alice", Membership.Role.DIRECTOR)
            sam = cast.member(club, "sam", Membership.Role.SCORER)
            bob = cast.member(club, "bob", Membership.Role.MEMBER)
            mallory = cast.mallory()
            w = _world_of(club, alice, sam, bob, mallory, cast.league_night(club, cast.players(club)))
            cookies = {
                actor: {name: morsel.value for name, morsel in _signed_in(actor, w).cookies.items()}
                for actor in ACTORS
            }
    finally:
        celery_app.conf.task_always_eager = eager
    rows = {
        name: getattr(w, name).pk for name in ("club", "other_club", "event", "game", "other_game", "hand")
    }
    rows["other_event"] = w.other_event.pk
    return _Kept(rows, {actor: user.pk for actor, user in w.users.items()}, cookies)


@pytest.fixture(scope="module")
def _world_once(django_db_setup, django_db_blocker):
    """The world and its visitors' sessions, built once for this module's tests in a transaction
    that is rolled back after the last of them. Each test runs in a savepoint inside it
    (pytest-django's `db`) that is rolled back when the test ends, so no test sees another's
    changes, and reads its own instances of the rows (shared_world)."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
    try:
        with django_db_blocker.unblock():
            kept = _build_once()
        yield kept
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def shared_world(_world_once, db) -> World:
    """The module's world, read afresh for the test."""
    kept = _world_once
    User = get_user_model()
    return World(
        Club.objects.get(pk=kept.rows["club"]),
        Club.objects.get(pk=kept.rows["other_club"]),
        Event.objects.get(pk=kept.rows["event"]),
        Game.objects.get(pk=kept.rows["game"]),
        Game.objects.get(pk=kept.rows["other_game"]),
        Hand.objects.get(pk=kept.rows["hand"]),
        {actor: User.objects.get(pk=pk) for actor, pk in kept.users.items()},
        Event.objects.get(pk=kept.rows["other_event"]),
        kept.cookies,
    )


def _url(name: str, row: Row, w: World, actor: str) -> str:
    kwargs = row.kwargs(w)
    if "board_token" in kwargs and actor == "anonymous":
        kwargs["board_token"] = f"{w.event.pk}-0:{'x' * 43}"  # well-formed, not signed by the site
    elif "board_token" in kwargs and actor == "other_link":
        kwargs["board_token"] = selectors.board_token(event=w.other_event)
    if name in NIGHT_LINKS:
        if actor == "anonymous":
            kwargs["token"] = f"{_night(w).pk}:{'x' * 27}"  # well-formed, not signed by the site
        elif actor == "other_link":
            kwargs["token"] = selectors.night_door_token(night=Night.objects.get(club=w.other_club))
    elif name == "tournaments:night_reminders_stop":
        if actor == "anonymous":
            kwargs["token"] = f"{w.club.pk}-{w.users['director'].pk}:{'x' * 27}"  # not signed by the site
        elif actor == "other_link":
            kwargs["token"] = selectors.night_reminders_stop_token(
                club=w.other_club, user=w.users["director"]
            )
    elif "token" in kwargs:
        if actor == "anonymous":
            kwargs["token"] = "made-up-token"
        elif actor == "other_link":
            kwargs["token"] = w.other_game.table.access_token
    return reverse(name, kwargs=kwargs) + row.params
