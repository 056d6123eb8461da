"""Reads for clubs, roles, federations, people and invitations; each name importable here."""

from clubs.selectors.clubs import (
    api_tokens_of,
    clubs_directed_by,
    clubs_where,
    clubs_with_public_results,
    clubs_with_results_visible_to,
    directs,
    role_in,
    roster_by_name_key,
)
from clubs.selectors.federations import (
    ClubFederationSection,
    EnteredTogether,
    FederationOverview,
    club_federation_now,
    club_federation_section,
    federation_conflict_of,
    federation_entered_together,
    federation_overview,
    federation_places,
    federations_run_by,
    federations_with_public_ranking,
    federations_with_ranking_visible_to,
    member_clubs,
    member_places,
    runs_federation,
)
from clubs.selectors.invitations import (
    InvitationRow,
    invitation_of_token,
    invitations_of,
)
from clubs.selectors.people import (
    PlayerPersonRow,
    federation_members_rows,
)

__all__ = [
    "ClubFederationSection",
    "EnteredTogether",
    "FederationOverview",
    "InvitationRow",
    "PlayerPersonRow",
    "api_tokens_of",
    "club_federation_now",
    "club_federation_section",
    "clubs_directed_by",
    "clubs_where",
    "clubs_with_public_results",
    "clubs_with_results_visible_to",
    "directs",
    "federation_conflict_of",
    "federation_entered_together",
    "federation_members_rows",
    "federation_overview",
    "federation_places",
    "federations_run_by",
    "federations_with_public_ranking",
    "federations_with_ranking_visible_to",
    "invitation_of_token",
    "invitations_of",
    "member_clubs",
    "member_places",
    "role_in",
    "roster_by_name_key",
    "runs_federation",
]
