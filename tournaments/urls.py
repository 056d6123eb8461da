from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("clubs/<slug:slug>/", views.club_detail, name="club_detail"),
    path("clubs/<slug:slug>/rankings/", views.club_rankings, name="club_rankings"),
    path("clubs/<slug:slug>/events/new/", views.event_create, name="event_create"),
    path("events/<int:event_id>/", views.event_detail, name="event_detail"),
    path("events/<int:event_id>/standings/", views.event_standings, name="event_standings"),
    path("events/<int:event_id>/rounds/start/", views.round_start, name="round_start"),
    path("events/<int:event_id>/finish/", views.event_finish, name="event_finish"),
    path(
        "events/<int:event_id>/players/<int:player_id>/toggle/",
        views.participant_toggle,
        name="participant_toggle",
    ),
    path("games/<int:game_id>/", views.game_detail, name="game_detail"),
    path("games/<int:game_id>/hands/", views.hand_save, name="hand_save"),
]
