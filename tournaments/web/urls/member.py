"""The members' URLs: what a signed-in member of a club sees of it."""

from django.urls import path

from tournaments.web import member_views

urlpatterns = [
    path("clubs/<slug:slug>/", member_views.club_detail, name="club_detail"),
    path("clubs/<slug:slug>/partnerships/", member_views.club_partnerships, name="club_partnerships"),
    path("events/<int:event_id>/", member_views.event_detail, name="event_detail"),
    path("events/<int:event_id>/rounds/<int:number>/sheet/", member_views.round_sheet, name="round_sheet"),
]
