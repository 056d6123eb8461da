"""Individual (rotating-partner) seating: a round or a whole night; `__all__` is the API. Design:
docs/seating.md#individual-seating."""

from __future__ import annotations

from tournaments.domain.seating.layout import field_tables
from tournaments.domain.seating.quality import club_meetings, club_partners, seating_quality
from tournaments.domain.seating.schedule import individual_schedule, seat_round
from tournaments.domain.seating.values import RoundSeating, SeatingHistory, SeatingQuality, TableSeating

__all__ = [
    "RoundSeating",
    "SeatingHistory",
    "SeatingQuality",
    "TableSeating",
    "club_meetings",
    "club_partners",
    "field_tables",
    "individual_schedule",
    "seat_round",
    "seating_quality",
]
