from django.urls import path

from clubs.web import clubs, federations, invitations, people

app_name = "clubs"

urlpatterns = [
    path("accounts/tokens/", clubs.api_tokens, name="api_tokens"),
    path("clubs/new/", clubs.club_create, name="club_create"),
    path("clubs/<slug:slug>/settings/", clubs.club_settings, name="settings"),
    path("clubs/<slug:slug>/players/import/", clubs.player_import, name="player_import"),
    path("players/<int:player_id>/initials/", clubs.player_initials, name="player_initials"),
    path("clubs/<slug:slug>/members/", clubs.members, name="members"),
    path("clubs/<slug:slug>/members/invite/", clubs.member_invite, name="member_invite"),
    path("clubs/<slug:slug>/members/new/", clubs.member_create, name="member_create"),
    path("clubs/<slug:slug>/members/<int:membership_id>/role/", clubs.member_role, name="member_role"),
    path("clubs/<slug:slug>/members/<int:membership_id>/remove/", clubs.member_remove, name="member_remove"),
    path("clubs/<slug:slug>/members/<int:membership_id>/player/", clubs.member_player, name="member_player"),
    path("clubs/<slug:slug>/players/claim/", clubs.player_claim, name="player_claim"),
    # Invitations by mail (clubs/web/invitations.py), and self sign-up where allowed.
    path("clubs/<slug:slug>/invitations/", invitations.club_invitation_send, name="club_invitation_send"),
    path(
        "clubs/<slug:slug>/invitations/<int:invitation_id>/<str:action>/",
        invitations.club_invitation_change,
        name="club_invitation_change",
    ),
    path(
        "federations/<slug:slug>/invitations/",
        invitations.federation_invitation_send,
        name="federation_invitation_send",
    ),
    path(
        "federations/<slug:slug>/invitations/<int:invitation_id>/<str:action>/",
        invitations.federation_invitation_change,
        name="federation_invitation_change",
    ),
    path("invitations/<str:token>/", invitations.invitation, name="invitation"),
    path("accounts/sign-up/", invitations.sign_up, name="sign_up"),
    path("accounts/sign-up/<str:token>/", invitations.sign_up_confirm, name="sign_up_confirm"),
    # Federations: the officers' pages, and the club's (its directors').
    path("federations/", federations.federation_list, name="federation_list"),
    path("federations/new/", federations.federation_create, name="federation_create"),
    path("federations/<slug:slug>/", federations.federation_detail, name="federation_detail"),
    path("federations/<slug:slug>/invite/", federations.federation_invite, name="federation_invite"),
    path(
        "federations/<slug:slug>/ranking-settings/",
        federations.federation_ranking_settings,
        name="federation_ranking_settings",
    ),
    path(
        "federations/<slug:slug>/officers/", federations.federation_officer_add, name="federation_officer_add"
    ),
    path(
        "federations/<slug:slug>/officers/<int:officer_id>/remove/",
        federations.federation_officer_remove,
        name="federation_officer_remove",
    ),
    path(
        "federations/<slug:slug>/clubs/<int:place_id>/end/",
        federations.federation_place_end,
        name="federation_place_end",
    ),
    path(
        "federations/<slug:slug>/links/<int:conflict_id>/",
        federations.federation_conflict_decide,
        name="federation_conflict_decide",
    ),
    path(
        "clubs/<slug:slug>/federation/<int:place_id>/answer/",
        federations.club_federation_answer,
        name="club_federation_answer",
    ),
    path(
        "clubs/<slug:slug>/federation/leave/", federations.club_federation_leave, name="club_federation_leave"
    ),
    path("clubs/<slug:slug>/federation/members/", people.federation_members, name="federation_members"),
    path(
        "clubs/<slug:slug>/federation/members/<int:player_id>/link/",
        people.federation_link,
        name="federation_link",
    ),
    path(
        "clubs/<slug:slug>/federation/members/<int:player_id>/unlink/",
        people.federation_unlink,
        name="federation_unlink",
    ),
]
