"""The members' URLs: what a signed-in member of a club sees of it."""

from django.urls import path

from tournaments.web import member

urlpatterns = [
    path("clubs/<slug:slug>/", member.club_detail, name="club_detail"),
    path("clubs/<slug:slug>/partnerships/", member.club_partnerships, name="club_partnerships"),
    path("events/<int:event_id>/", member.event_detail, name="event_detail"),
    path("events/<int:event_id>/rounds/<int:number>/sheet/", member.round_sheet, name="round_sheet"),
]
