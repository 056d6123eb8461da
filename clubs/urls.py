from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("clubs/<slug:slug>/settings/", views.club_settings, name="settings"),
    path("clubs/<slug:slug>/players/import/", views.player_import, name="player_import"),
]
