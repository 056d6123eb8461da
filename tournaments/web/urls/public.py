"""The public pages' URLs: what anyone may open once a club's results are public."""

from django.urls import path

from tournaments.web import public_views

urlpatterns = [
    path("clubs/<slug:slug>/results/", public_views.club_results, name="club_results"),
    path("clubs/<slug:slug>/rankings/", public_views.club_rankings, name="club_rankings"),
    path("players/<int:player_id>/", public_views.player_detail, name="player_detail"),
    path("federations/<slug:slug>/ranking/", public_views.federation_rankings, name="federation_rankings"),
    path(
        "federations/<slug:slug>/people/<int:person_id>/",
        public_views.federation_person,
        name="federation_person",
    ),
    path("seasons/<int:season_id>/", public_views.season_detail, name="season_detail"),
    path("events/<int:event_id>/standings/", public_views.event_standings, name="event_standings"),
    path("events/<int:event_id>/players/<int:player_id>/", public_views.event_player, name="event_player"),
    path(
        "events/<int:event_id>/stages/<int:number>/bracket/",
        public_views.stage_bracket,
        name="stage_bracket",
    ),
]
