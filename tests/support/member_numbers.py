"""The member numbers file of the bulk link's tests: Riverside (the cast's club) in North with
Hilltop; its roster; the people North knows already; and a file of 20 players, each line's
outcome worked by hand from the rules (docs/federation.md, "One person across clubs")."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from clubs import services
from clubs.models import Federation, FederationClub, Person, Player
from tests.support.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

# Line 1 names the columns; lines 2 to 21 are the 20 players.
NUMBERS_FILE = """\
Name,Member number
Amira Haddad,ncf.001
Ben Okafor,NCF-101
Chloe Martin,NCF-102
Dimitri Papadopoulos,ncf-103
Elena Ruiz,NCF_104
Farid Nasser,NCF-105
Grace Kim,NCF-106
Hugo Blanc,ncf 105
Ines Duarte,NCF-107
Haddad Jamal,NCF-108
Kostas Georgiou,NCF-109
Lena Novak,NCF-110
Marco Rossi,NCF-002
Nadia Farouk,NCF-111
Omar Said,ncf-112
Paula Silva,NCF-113
Quentin Roy,NCF-050
Rosa Lima,
Sami Haddad,NCF-115
Tariq Aziz,NCF-116
"""

# Each line's outcome, and why:
EXPECTED = {
    2: "link",  # NCF-001 written with a dot: Amira of Hilltop, the same name
    3: "new",
    4: "new",
    5: "new",  # capitals do not matter: kept as NCF-103
    6: "refused",  # an underscore is not of a member number's form
    7: "refused",  # NCF-105 is on line 9 too, written "ncf 105"
    8: "new",
    9: "refused",  # the same number as line 7
    10: "new",
    11: "new",  # the roster's Jamal Haddad, surname first
    12: "suggested",  # the roster has Kostas Georgiu, one letter apart
    13: "refused",  # nobody of that name or alike on the roster
    14: "refused",  # NCF-002 is Bruno Costa of Hilltop: another name (for the officers)
    15: "refused",  # Nadia is linked to NCF-050 already
    16: "unchanged",  # Omar is linked to NCF 112 already, written so
    17: "new",
    18: "refused",  # NCF-050 is Nadia's, linked at Riverside, another name
    19: "refused",  # no number
    20: "new",
    21: "new",
}
LINKED_NEW = {  # the new people after the confirmation: the player's name, the number as written
    "NCF-101": "Ben Okafor",
    "NCF-102": "Chloe Martin",
    "NCF-103": "Dimitri Papadopoulos",
    "NCF-106": "Grace Kim",
    "NCF-107": "Ines Duarte",
    "NCF-108": "Jamal Haddad",
    "NCF-113": "Paula Silva",
    "NCF-115": "Sami Haddad",
    "NCF-116": "Tariq Aziz",
}


@dataclass(frozen=True)
class NumbersWorld:
    north: Federation
    amira_at_hilltop: Player
    nadia: Player
    omar: Player


def numbers_world(club) -> NumbersWorld:
    """North with Riverside and Hilltop; Hilltop's Amira Haddad (NCF-001) and Bruno Costa (NCF-002);
    Riverside's roster for the file, Nadia linked to NCF-050 and Omar to NCF 112."""
    north = Federation.objects.create(name="North League", slug="north")
    hilltop = ClubFactory(name="Hilltop", slug="hilltop")
    for member in (club, hilltop):
        FederationClub.objects.create(federation=north, club=member, joined_on=datetime.date(2026, 11, 1))
    hilda = UserFactory(username="hilda")
    MembershipFactory(club=hilltop, user=hilda, role="director")
    linked = {}
    for where, name, number in [
        (hilltop, "Amira Haddad", "NCF-001"),
        (hilltop, "Bruno Costa", "NCF-002"),
        (club, "Nadia Farouk", "NCF-050"),
        (club, "Omar Said", "NCF 112"),
    ]:
        player = PlayerFactory(club=where, name=name)
        person = Person.objects.create(federation=north, member_number=number, name=name)
        Player.objects.filter(pk=player.pk).update(person=person)
        player.refresh_from_db()
        linked[name, where.pk] = player
    for name in [
        "Amira Haddad",
        "Ben Okafor",
        "Chloe Martin",
        "Dimitri Papadopoulos",
        "Elena Ruiz",
        "Farid Nasser",
        "Grace Kim",
        "Hugo Blanc",
        "Ines Duarte",
        "Jamal Haddad",
        "Kostas Georgiu",
        "Marco Rossi",
        "Paula Silva",
        "Quentin Roy",
        "Rosa Lima",
        "Sami Haddad",
        "Tariq Aziz",
    ]:
        PlayerFactory(club=club, name=name)
    return NumbersWorld(
        north=north,
        amira_at_hilltop=linked["Amira Haddad", hilltop.pk],
        nadia=linked["Nadia Farouk", club.pk],
        omar=linked["Omar Said", club.pk],
    )


def link_one(player, number, by):
    """A director's link of one player, as the Federation members page makes it."""
    return services.person_link(player=player, asked=services.PersonLinkInput(member_number=number), by=by)
