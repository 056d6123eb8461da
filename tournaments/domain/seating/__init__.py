"""Individual (rotating-partner) seating for Canasta league nights.

Pure Python: nothing here knows about the database, Django or Celery. The caller
hands in player ids and the history of earlier rounds and gets plain value
objects back; the Django side stores them.

A table of four has two sides of two partners facing each other. With
``three_player_tables=True`` the remainder of a field that is not a multiple of
four is absorbed by tables of three (three sides of one player) instead of
sit-outs: 6 = 3+3, 7 = 4+3, 9 = 3+3+3, 10 = 4+3+3, 11 = 4+4+3. Five players
cannot be split that way, so they get one table of four and one sit-out. With
``five_player_tables=True`` the players left over make tables of five instead
(a side of three against a side of two: 9 = 4+5, 14 = 4+5+5, 15 = 5+5+5), as
few sitting out as the tables allow (``layout.Layout.for_field``).

Other variants are played at other tables (``shape``: the players seated on each
side): (1, 1) and (1, 1, 1) players alone, (3, 3) and (2, 2, 2) six players, (3, 2)
five. The same costs apply to every shape (partners are the players of one side,
opponents those of different sides); the designs and matchings below are for
tables of four only.

How a round is seated (``seat_round``)
    The quality of a round is one integer cost, summed over the pairs that sit
    at one table, computed against the history (earlier rounds):

    * sitting out a player who has sat out ``s`` times costs ``_W_SIT_OUT * s``,
      which makes the sit-outs the players with the fewest sit-outs;
    * partnering a pair that has partnered ``k`` times before costs
      ``_W_PARTNER * k`` (so a first partnership is free, a repeat is ruinous);
    * two players at one table who have shared a table ``m`` times cost
      ``3**m - 1`` (0 for a first meeting, then 2, 8, 26, ...), which spreads
      meetings and keeps the most frequent meeting low;
    * two opponents who have opposed ``o`` times cost ``_W_OPPONENT * o``;
    * optionally, earlier nights (of a season): a pair who partnered ``e`` times
      on earlier nights costs ``_W_EARLIER_PARTNER * e`` as partners (far below
      a repeat of tonight, far above meetings), and ``_W_EARLIER_OPPONENT`` per
      earlier opposition at one table;
    * a player at a table of three who has been at one ``t`` times costs
      ``_W_SHORT_TABLE * t``, which rotates the tables of three;
    * a player at a table of five who has been at one ``f`` times costs
      ``_W_FIVE_TABLE * f``, between a sit-out and a repeated partner, so that
      nobody sits at one twice before everyone has;
    * optionally (``clubs``, a championship's ``keep_clubs_apart``), two players
      of one club at one table, as partners or opponents, cost ``_W_SAME_CLUB``
      each: below a repeated partner (even summed over a whole round), above
      any meeting.

    The weights are so far apart that the order of priority is strict in
    practice: sit-out fairness (a rule, not a preference: there is always a
    fair choice, and ties among the players due to sit out leave the search
    plenty of room), then repeated partners, then players of one club kept
    apart, then meetings. The round is built from a random start (the
    players with the fewest sit-outs sit out) and improved by simulated
    annealing over swaps of two seats, with several restarts for small fields.
    If a repeated partner is left, a maximum-weight matching (networkx) over
    the pairs who have never partnered looks for new partnerships for everyone
    before giving up. Every random choice comes from ``random.Random(seed)``
    and the search is bounded by iteration counts, not by the clock, so the
    result is a function of the arguments alone.

How a night is planned (``individual_schedule``)
    The general path seats round after round exactly as ``seat_round`` does,
    then polishes the whole night: it takes each round out in turn and
    re-anneals it against all the other rounds (sit-outs stay fixed so that the
    "nobody sits out twice before everyone has sat out once" order holds after
    every round).

    For tables of four with at most one sit-out (n = 0 or 1 mod 4) a second
    candidate takes its partnerships from a 1-factorisation of K_n (the
    round-robin circle method), so no one partners twice within a cycle, and
    only searches which two partnerships share a table. Whole-night restarts of
    the search follow, within a fixed amount of work, while the night misses
    the simple lower bounds on repeats and on the most frequent meeting.

    Where a known design exists it is a candidate too, and the best night
    wins:

    * whist tournaments Wh(n) for n = 0 or 1 (mod 4): a full cycle (n - 1
      rounds, or n rounds with one sit-out each) in which every pair partners
      exactly once and opposes exactly twice. They are developed from
      hard-coded base rounds over Z_(n-1) plus a fixed point, Z_n, or
      Z_3 x Z_3 for nine players (``_WHIST_BASES``), for n = 5 to 33;
    * the affine plane AG(2, 4) for 16 players: its 5 parallel classes are 5
      rounds in which no two players share a table twice.

Guarantees
    * every present player is seated exactly once per round (at a table or in
      ``sit_out``), and tables have the event's shape (or 3 sides of 1, or a side of
      3 and a side of 2, completing tables of four);
    * ``seat_round`` sits out only players with the fewest sit-outs among those
      present (ties broken by the seating cost), so for a fixed field the
      sit-out spread never exceeds one after any round;
    * for a full whist cycle (or whole multiples of one) of 5 to 33 players the
      schedule is exact; for 16 players and at most 5 rounds no pair meets
      twice; for any other n = 0 or 1 (mod 4) no pair partners twice within a
      cycle (n - 1 or n rounds) in ``individual_schedule``;
    * otherwise repeated partners are avoided whenever the search finds a way, and
      so are players of one club at one table, after them. ``individual_schedule``
      plans a night of numbered players, who have no clubs.
      Round by round a repeat can become unavoidable late in a long night
      because earlier rounds were chosen without knowing the later ones; plan
      the night with ``individual_schedule`` when the field is fixed. Nothing
      here proves optimality of meetings.

Modules: `schedule` (the two entry points: a round, a night), `values` (the value objects
and the history), `layout` (the tables of a round), `cost` (the weights and the counts),
`anneal` (the search and its effort), `matching` (partnerships from matchings), `designs`
(whist tournaments and AG(2, 4)) and `quality` (the summary of a night and the key that
compares nights). The names in `__all__` are the API; import them from this package.
"""

from __future__ import annotations

from tournaments.domain.seating.layout import field_tables
from tournaments.domain.seating.quality import club_meetings, seating_quality
from tournaments.domain.seating.schedule import individual_schedule, seat_round
from tournaments.domain.seating.values import RoundSeating, SeatingHistory, SeatingQuality, TableSeating

__all__ = [
    "RoundSeating",
    "SeatingHistory",
    "SeatingQuality",
    "TableSeating",
    "club_meetings",
    "field_tables",
    "individual_schedule",
    "seat_round",
    "seating_quality",
]
