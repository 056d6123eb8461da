"""The public pages' URLs: what anyone may open once a club's results are public."""

from django.urls import path

from tournaments.web import public

urlpatterns = [
    path("clubs/<slug:slug>/results/", public.club_results, name="club_results"),
    path("clubs/<slug:slug>/rankings/", public.club_rankings, name="club_rankings"),
    path("players/<int:player_id>/", public.player_detail, name="player_detail"),
    path("federations/<slug:slug>/ranking/", public.federation_rankings, name="federation_rankings"),
    path(
        "federations/<slug:slug>/people/<int:person_id>/",
        public.federation_person,
        name="federation_person",
    ),
    path("seasons/<int:season_id>/", public.season_detail, name="season_detail"),
    path("events/<int:event_id>/standings/", public.event_standings, name="event_standings"),
    path("events/<int:event_id>/players/<int:player_id>/", public.event_player, name="event_player"),
    path(
        "events/<int:event_id>/stages/<int:number>/bracket/",
        public.stage_bracket,
        name="stage_bracket",
    ),
]
