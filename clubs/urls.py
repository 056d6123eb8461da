from django.urls import path

from clubs import invitation_views, views

app_name = "clubs"

urlpatterns = [
    path("accounts/tokens/", views.api_tokens, name="api_tokens"),
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<slug:slug>/settings/", views.club_settings, name="settings"),
    path("clubs/<slug:slug>/players/import/", views.player_import, name="player_import"),
    path("players/<int:player_id>/initials/", views.player_initials, name="player_initials"),
    path("clubs/<slug:slug>/members/", views.members, name="members"),
    path("clubs/<slug:slug>/members/invite/", views.member_invite, name="member_invite"),
    path("clubs/<slug:slug>/members/new/", views.member_create, name="member_create"),
    path("clubs/<slug:slug>/members/<int:membership_id>/role/", views.member_role, name="member_role"),
    path("clubs/<slug:slug>/members/<int:membership_id>/remove/", views.member_remove, name="member_remove"),
    # Invitations by mail (clubs/invitation_views.py), and self sign-up where allowed.
    path(
        "clubs/<slug:slug>/invitations/", invitation_views.club_invitation_send, name="club_invitation_send"
    ),
    path(
        "clubs/<slug:slug>/invitations/<int:invitation_id>/<str:action>/",
        invitation_views.club_invitation_change,
        name="club_invitation_change",
    ),
    path(
        "federations/<slug:slug>/invitations/",
        invitation_views.federation_invitation_send,
        name="federation_invitation_send",
    ),
    path(
        "federations/<slug:slug>/invitations/<int:invitation_id>/<str:action>/",
        invitation_views.federation_invitation_change,
        name="federation_invitation_change",
    ),
    path("invitations/<str:token>/", invitation_views.invitation, name="invitation"),
    path("accounts/sign-up/", invitation_views.sign_up, name="sign_up"),
    path("accounts/sign-up/<str:token>/", invitation_views.sign_up_confirm, name="sign_up_confirm"),
    # Federations: the officers' pages, and the club's (its directors').
    path("federations/", views.federation_list, name="federation_list"),
    path("federations/new/", views.federation_create, name="federation_create"),
    path("federations/<slug:slug>/", views.federation_detail, name="federation_detail"),
    path("federations/<slug:slug>/invite/", views.federation_invite, name="federation_invite"),
    path(
        "federations/<slug:slug>/ranking-settings/",
        views.federation_ranking_settings,
        name="federation_ranking_settings",
    ),
    path("federations/<slug:slug>/officers/", views.federation_officer_add, name="federation_officer_add"),
    path(
        "federations/<slug:slug>/officers/<int:officer_id>/remove/",
        views.federation_officer_remove,
        name="federation_officer_remove",
    ),
    path(
        "federations/<slug:slug>/clubs/<int:place_id>/end/",
        views.federation_place_end,
        name="federation_place_end",
    ),
    path(
        "federations/<slug:slug>/links/<int:conflict_id>/",
        views.federation_conflict_decide,
        name="federation_conflict_decide",
    ),
    path(
        "clubs/<slug:slug>/federation/<int:place_id>/answer/",
        views.club_federation_answer,
        name="club_federation_answer",
    ),
    path("clubs/<slug:slug>/federation/leave/", views.club_federation_leave, name="club_federation_leave"),
    path("clubs/<slug:slug>/federation/members/", views.federation_members, name="federation_members"),
    path(
        "clubs/<slug:slug>/federation/members/<int:player_id>/link/",
        views.federation_link,
        name="federation_link",
    ),
    path(
        "clubs/<slug:slug>/federation/members/<int:player_id>/unlink/",
        views.federation_unlink,
        name="federation_unlink",
    ),
]
