"""Writes for the club's standing partnerships."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from clubs.models import (
    Club,
    Partnership,
    Player,
)
from clubs.names import name_key, pair_line_names
from clubs.selectors import roster_by_name_key

# A player as a director or a caller names them: the player itself, a name as on the club's roster
# (clubs.names: whatever the capitals and accents), or the id of one of the club's players.
PlayerRef = Player | str | int


@dataclass(frozen=True)
class PairRequest:
    """Two players asked to play as a partnership; `where` names the request ("Line 3", "Pair 2", "Partner of
    Amira"), `players` what was given, of any length (a line of one name is refused)."""

    where: str
    players: tuple[PlayerRef, ...]


def pair_requests_from_text(text: str) -> list[PairRequest]:
    """One PairRequest for each line of `text` that is not blank, named "Line n" (blank lines counted)."""
    requests = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            where = gettext("Line %(number)s") % {"number": number}
            requests.append(PairRequest(where=where, players=tuple(pair_line_names(line))))
    return requests


def _pairs_resolved(club: Club, pairs: Sequence[PairRequest], field: str) -> list[tuple[Player, Player]]:
    """The players of each request, checked; raises ValidationError({field: [every problem]})."""
    ids = [ref for request in pairs for ref in request.players if isinstance(ref, int)]
    finder = _PlayerFinder(club, club.players.in_bulk(ids) if ids else {})
    errors = finder.errors
    resolved: list[tuple[str, Player, Player]] = []
    for request in pairs:
        if len(request.players) != 2:
            message = gettext(
                "%(where)s: a pair is two players, written like “Amira & Bob”; this one has %(count)s."
            )
            errors.append(message % {"where": request.where, "count": len(request.players)})
            continue
        first, second = (finder.find(request.where, ref) for ref in request.players)
        if first is None or second is None:
            continue
        if first.pk == second.pk:
            message = gettext("%(where)s: %(name)s cannot be their own partner.")
            errors.append(message % {"where": request.where, "name": first.name})
            continue
        resolved.append((request.where, first, second))
    errors += _in_two_pairs(resolved)
    if errors:
        raise ValidationError({field: errors})
    return [(first, second) for _where, first, second in resolved]


class _PlayerFinder:
    """The club's player a pair request names (a Player, an id, a roster name); `errors`, each by `where`."""

    def __init__(self, club: Club, by_id: dict[int, Player]) -> None:
        self.club, self.by_id = club, by_id
        self.roster: dict[str, list[Player]] | None = None  # read at the first name
        self.errors: list[str] = []

    def find(self, where: str, ref: PlayerRef) -> Player | None:
        if isinstance(ref, Player):
            if ref.club_id != self.club.pk:
                message = gettext("%(where)s: %(name)s plays for another club.")
                self.errors.append(message % {"where": where, "name": ref.name})
                return None
            return ref
        if isinstance(ref, int):
            player = self.by_id.get(ref)
            if player is None:
                message = gettext("%(where)s: the club has no player %(id)s.")
                self.errors.append(message % {"where": where, "id": ref})
            return player
        if self.roster is None:
            self.roster = roster_by_name_key(club=self.club)
        found = self.roster.get(name_key(ref), [])
        exact = [player for player in found if player.name == ref.strip()]
        if len(exact) == 1 or len(found) == 1:
            return (exact or found)[0]
        if not found:
            message = gettext("%(where)s: “%(name)s” is not on the club's roster.")
            self.errors.append(message % {"where": where, "name": ref})
        else:
            message = gettext("%(where)s: “%(name)s” could be %(names)s; type the name as on the roster.")
            names = ", ".join(player.name for player in found)
            self.errors.append(message % {"where": where, "name": ref, "names": names})
        return None


def _in_two_pairs(resolved: list[tuple[str, Player, Player]]) -> list[str]:
    """A problem for each player in two of the pairs (where, first, second)."""
    errors = []
    seen: dict[int, str] = {}
    for where, *players in resolved:
        for player in players:
            if player.pk in seen:
                message = gettext("%(name)s is in two pairs (%(first)s and %(second)s).")
                errors.append(message % {"name": player.name, "first": seen[player.pk], "second": where})
            else:
                seen[player.pk] = where
    return errors


def _partnership_of(club: Club, first: Player, second: Player) -> tuple[Partnership, bool]:
    low, high = sorted((first, second), key=lambda player: player.pk)  # the model's order
    return Partnership.objects.get_or_create(club=club, first=low, second=high)


@transaction.atomic
def partnerships_ensure(
    *, club: Club, pairs: Sequence[PairRequest], field: str = "pairs"
) -> list[Partnership]:
    """The club's partnership of each pair, in order, existing or new: nothing is written unless every request
    has two players of the roster, none their own partner or in two pairs; else raises
    ValidationError({field: [messages]}) with every problem, by its `where`."""
    return [_partnership_of(club, first, second)[0] for first, second in _pairs_resolved(club, pairs, field)]


@transaction.atomic
def partnership_add(*, club: Club, first: PlayerRef, second: PlayerRef) -> tuple[Partnership, bool]:
    """Make two players of the club a partnership: (it, whether new). Raises ValidationError (`players`)."""
    ((low, high),) = _pairs_resolved(
        club, [PairRequest(where=gettext("The new partnership"), players=(first, second))], "players"
    )
    return _partnership_of(club, low, high)
