"""The world of the membership matrix (tests/site/test_membership_matrix.py): a federation whose
clubs join, host, leave and rejoin, whose players are linked and unlinked, a director who loses
the role and a scorer whose API tokens are revoked; and, apart from the code under test, what
docs/federation.md and docs/club.md say each person may then do (`level_on`).

North's member clubs are Harbour, Meadow and Lonely; Outpost is in no federation, Faraway
neither and never invited; South has invited Harbour. North Open is North's championship held
at Harbour (entrants four of Harbour and four of Meadow, two tables, confirmation asked), and
Harbour Friday is Harbour's own night (eight of Harbour, two tables); in each, round 1 is seated and
hand 1 is saved at table 1 by its NS side, unconfirmed. Harbour's next night is tonight, before
its event. `STEPS` change it, each after the ones
before it.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client, TestCase
from knox.models import AuthToken

from clubs import services as club_services
from clubs.models import (
    Club,
    Federation,
    FederationClub,
    FederationOfficer,
    Membership,
    Person,
    PersonLinkConflict,
    Player,
)
from clubs.names import name_words_key
from tests.support.factories import EVENT_DATE, ClubFactory, UserFactory
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Event, Game, Hand, Season, TableCard


class Level(enum.IntEnum):
    """What someone may do with an event, as the docs say it (each level allows the ones below)."""

    NONE = 0
    SEE = 1
    SCORE = 2  # enter, correct and confirm hands
    RUN = 3  # seat rounds, print cards, finish it


STEPS = (
    "hosting",  # the world as built
    "host_left",  # Harbour leaves North
    "host_rejoined",  # North invites Harbour again, its director accepts
    "member_left",  # Meadow leaves North
    "outsider_joined",  # Outpost joins North
    "entrant_unlinked",  # Harbour 01, an entrant, unlinked; Outpost 01 linked
    "roles_taken_back",  # Harbour's director hal made a member (hank stays one); its scorer hugo's
    # API tokens revoked
)


@dataclass(frozen=True)
class Actor:
    name: str
    username: str = ""
    club: str = ""  # the club's slug
    role: Level = Level.NONE  # the role there: SEE a member, SCORE a scorer, RUN a director
    officer_of: str = ""  # the federation's slug


ACTORS = (
    Actor("anonymous"),
    Actor("officer", "olga", officer_of="north"),
    Actor("other_officer", "oscar", officer_of="south"),
    Actor("host_director", "hal", "harbour", Level.RUN),
    Actor("host_scorer", "hugo", "harbour", Level.SCORE),
    Actor("host_member", "hana", "harbour", Level.SEE),
    Actor("member_director", "mona", "meadow", Level.RUN),
    Actor("member_scorer", "milo", "meadow", Level.SCORE),
    Actor("member_member", "mia", "meadow", Level.SEE),
    Actor("outside_director", "otis", "outpost", Level.RUN),
)
ROLES = {Level.RUN: "director", Level.SCORE: "scorer", Level.SEE: "member"}


@dataclass(frozen=True)
class State:
    """What the steps up to `step` made true, as the docs say it."""

    step: int

    @property
    def name(self) -> str:
        return STEPS[self.step]

    def after(self, step: str) -> bool:
        return self.step >= STEPS.index(step)

    def member(self, club: str) -> bool:
        """Whether the club is a member of North now."""
        if club == "harbour":
            return not self.after("host_left") or self.after("host_rejoined")
        if club == "meadow":
            return not self.after("member_left")
        if club == "outpost":
            return self.after("outsider_joined")
        return club == "lonely"

    def role(self, actor: Actor) -> Level:
        """The actor's role in their club now."""
        if actor.name == "host_director" and self.after("roles_taken_back"):
            return Level.SEE
        return actor.role

    def has_token(self, actor: Actor) -> bool:
        """Whether the actor's API token still answers."""
        return bool(actor.username) and not (actor.name == "host_scorer" and self.after("roles_taken_back"))


def level_on(actor: Actor, target: str, state: State) -> Level:
    """What `actor` may do with the target event now (docs/federation.md, "Championships";
    docs/club.md, "Roles"): Harbour's own night is its club's alone; North Open is run by North's
    officers and, while Harbour is a member, by Harbour's directors with Harbour's people in
    their roles; the members of every member club see it; nobody else has anything of it."""
    if target == "night":
        return state.role(actor) if actor.club == "harbour" else Level.NONE
    if actor.officer_of == "north":
        return Level.RUN
    if actor.club == "harbour" and state.member("harbour"):
        return state.role(actor)
    return Level.SEE if actor.club and state.member(actor.club) else Level.NONE


def tokens_act(target: str, state: State) -> bool:
    """Whether the target's table links, cards and board link act now (decided in
    docs/federation.md, "A host that leaves"): a club's night's always, a championship's while
    its host is a member."""
    return target == "night" or state.member("harbour")


# --- the world --------------------------------------------------------------------------------

# The events' names: no page or answer shows them to someone with nothing of the event.
NAMES = {"championship": "North Open", "night": "Harbour Friday"}


@dataclass
class Target:
    """An event of the world and what its doors act on: table 1's game (hand 1 saved by NS,
    unconfirmed), table 2's, and the night's card of table 1."""

    event: Event
    game: Game
    other_game: Game
    hand: Hand
    card: TableCard


@dataclass
class World:
    targets: dict[str, Target]
    clubs: dict[str, Club]
    users: dict[str, Any]  # actor -> User (and "hank", "otto")
    tokens: dict[str, str]  # actor -> API token
    cookies: dict[str, dict[str, str]]  # actor -> the cookies of their signed-in session
    north: Federation

    def player(self, name: str) -> Player:
        return Player.objects.get(name=name)

    def place(self, club: str, federation: str = "north") -> FederationClub:
        """The club's latest place in the federation."""
        return FederationClub.objects.filter(club__slug=club, federation__slug=federation).latest("pk")


def _clubs() -> dict[str, Club]:
    clubs = {slug: ClubFactory(name=slug.title(), slug=slug) for slug in ("harbour", "meadow", "outpost")}
    clubs |= {slug: ClubFactory(name=slug.title(), slug=slug) for slug in ("lonely", "faraway")}
    rosters = {"harbour": 12, "meadow": 8, "outpost": 4, "lonely": 2}
    for slug, count in rosters.items():
        for n in range(1, count + 1):
            Player.objects.create(club=clubs[slug], name=f"{slug.title()} {n:02d}")
    Player.objects.create(club=clubs["harbour"], name="Guest of the club", guest=True)
    return clubs


def _person(federation: Federation, player: Player) -> Person:
    number = f"N-{player.name.replace(' ', '')}"
    person = Person.objects.create(
        federation=federation, member_number=number, name=player.name, name_words=name_words_key(player.name)
    )
    Player.objects.filter(pk=player.pk).update(person=person)
    return person


def _federations(clubs: dict[str, Club], users: dict[str, Any]) -> Federation:
    """North with Harbour, Meadow and Lonely as members, its officers olga and otto; South with
    its officer oscar, which has invited Harbour. North knows its members' players as people:
    Harbour's first nine, Meadow's all, Lonely 01 (Lonely 02's link to Lonely 01's person waits
    for an officer)."""
    north = Federation.objects.create(name="North", slug="north")
    south = Federation.objects.create(name="South", slug="south")
    FederationOfficer.objects.create(federation=north, user=users["officer"])
    FederationOfficer.objects.create(federation=north, user=users["otto"])
    FederationOfficer.objects.create(federation=south, user=users["other_officer"])
    joined = EVENT_DATE - datetime.timedelta(days=30)
    for slug in ("harbour", "meadow", "lonely"):
        FederationClub.objects.create(federation=north, club=clubs[slug], joined_on=joined)
    FederationClub.objects.create(federation=south, club=clubs["harbour"])
    linked = [f"Harbour {n:02d}" for n in range(1, 10)] + [f"Meadow {n:02d}" for n in range(1, 9)]
    for name in linked:
        _person(north, Player.objects.get(name=name))
    lonely = _person(north, Player.objects.get(name="Lonely 01"))
    PersonLinkConflict.objects.create(
        player=Player.objects.get(name="Lonely 02"), person=lonely, reasons=["linked_in_club"]
    )
    return north


def _users(clubs: dict[str, Club]) -> dict[str, Any]:
    users: dict[str, Any] = {}
    for actor in ACTORS:
        if not actor.username:
            continue
        users[actor.name] = UserFactory(username=actor.username)
        if actor.club:
            Membership.objects.create(club=clubs[actor.club], user=users[actor.name], role=ROLES[actor.role])
    users["hank"] = UserFactory(username="hank")  # Harbour's second director
    Membership.objects.create(club=clubs["harbour"], user=users["hank"], role="director")
    users["otto"] = UserFactory(username="otto")  # North's second officer
    return users


def _played(event: Event, scorer: Any) -> Target:
    """Round 1 of `event` seated, hand 1 saved at table 1 by its NS side."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.round_start(event=event)
    game, other = Game.objects.filter(table__round__event=event).order_by("table__number")
    with TestCase.captureOnCommitCallbacks(execute=True):
        hand = services.hand_record(
            game=game,
            recorded_by=scorer,
            asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS"),
        )
    card = TableCard.objects.get(event=event, number=game.table.number)
    return Target(event, game, other, Hand.objects.get(pk=hand.pk), card)


def _events(clubs: dict[str, Club], north: Federation, users: dict[str, Any]) -> dict[str, Target]:
    harbour = [Player.objects.get(name=f"Harbour {n:02d}") for n in range(1, 9)]
    meadow = [Player.objects.get(name=f"Meadow {n:02d}") for n in range(1, 5)]
    championship = services.championship_create(
        federation=north,
        host=clubs["harbour"],
        asked=services.EventInput(
            name=NAMES["championship"], date=EVENT_DATE, variant="classic", kind="tournament"
        ),
    )
    services.championship_enter(event=championship, players=[*harbour[:4], *meadow])
    night = services.event_create(
        club=clubs["harbour"],
        asked=services.EventInput(name=NAMES["night"], date=EVENT_DATE, variant="classic", players=harbour),
    )
    Event.objects.filter(pk=night.pk).update(
        season=Season.objects.create(club=clubs["harbour"], name="Winter")
    )
    scorer = users["host_scorer"]
    return {"championship": _played(championship, scorer), "night": _played(night, scorer)}


def _night_ahead(clubs: dict[str, Club]) -> None:
    """Harbour's next night, tonight in its zone, before its event: its replies, door and links."""
    from tournaments import selectors

    harbour = clubs["harbour"]
    asked = services.NightInput(
        date=selectors.club_today(harbour), start_time=datetime.time(19, 30), variant="classic"
    )
    services.nights_schedule(club=harbour, asked=asked)


def _signed_in(user: Any) -> dict[str, str]:
    client = Client()
    client.force_login(user)
    return {name: morsel.value for name, morsel in client.cookies.items()}


def build() -> World:
    """The world as the first step has it (call it with tasks run at once, in a transaction)."""
    clubs = _clubs()
    users = _users(clubs)
    north = _federations(clubs, users)
    targets = _events(clubs, north, users)
    _night_ahead(clubs)
    actors = [actor.name for actor in ACTORS if actor.username]
    tokens = {name: AuthToken.objects.create(user=users[name])[1] for name in actors}
    cookies = {name: _signed_in(users[name]) for name in actors}
    return World(targets, clubs, users, tokens, cookies, north)


# --- the steps --------------------------------------------------------------------------------


def _host_left(w: World) -> None:
    club_services.federation_place_end(place=w.place("harbour"), by=w.users["officer"])


def _host_rejoined(w: World) -> None:
    place = club_services.federation_club_invite(
        federation=w.north, club_slug="harbour", by=w.users["officer"]
    )
    club_services.federation_invitation_answer(place=place, accept=True, by=w.users["host_director"])


def _member_left(w: World) -> None:
    club_services.federation_place_end(place=w.place("meadow"), by=w.users["member_director"])


def _outsider_joined(w: World) -> None:
    place = club_services.federation_club_invite(
        federation=w.north, club_slug="outpost", by=w.users["officer"]
    )
    club_services.federation_invitation_answer(place=place, accept=True, by=w.users["outside_director"])


def _entrant_unlinked(w: World) -> None:
    club_services.person_unlink(player=w.player("Harbour 01"), by=w.users["host_director"])
    club_services.person_link(
        player=w.player("Outpost 01"),
        asked=club_services.PersonLinkInput(member_number="N-Outpost01"),
        by=w.users["outside_director"],
    )


def _roles_taken_back(w: World) -> None:
    membership = Membership.objects.get(user=w.users["host_director"], club=w.clubs["harbour"])
    club_services.membership_change_role(membership=membership, role=Membership.Role.MEMBER)
    club_services.api_tokens_revoke_all(user=w.users["host_scorer"])


STEP_CHANGES: dict[str, Callable[[World], None]] = {
    "hosting": lambda w: None,
    "host_left": _host_left,
    "host_rejoined": _host_rejoined,
    "member_left": _member_left,
    "outsider_joined": _outsider_joined,
    "entrant_unlinked": _entrant_unlinked,
    "roles_taken_back": _roles_taken_back,
}
# The steps after which Harbour's own night is probed too: it is the club's alone, so what its
# doors answer changes with Harbour's roles only, never with a federation's membership.
NIGHT_STEPS = ("hosting", "host_left", "roles_taken_back")


def reread(w: World) -> World:
    """The world's rows read afresh (a test's own instances)."""
    User = get_user_model()

    def again(target: Target) -> Target:
        return Target(
            Event.objects.get(pk=target.event.pk),
            Game.objects.select_related("table__round__event").get(pk=target.game.pk),
            Game.objects.select_related("table__round__event").get(pk=target.other_game.pk),
            Hand.objects.get(pk=target.hand.pk),
            TableCard.objects.get(pk=target.card.pk),
        )

    return World(
        {name: again(target) for name, target in w.targets.items()},
        {slug: Club.objects.get(pk=club.pk) for slug, club in w.clubs.items()},
        {name: User.objects.get(pk=user.pk) for name, user in w.users.items()},
        w.tokens,
        w.cookies,
        Federation.objects.get(pk=w.north.pk),
    )
