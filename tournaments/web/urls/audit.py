"""The club's audit page, in a namespace of its own (`audit:club_audit`)."""

from django.urls import path

from tournaments.web.director import club

app_name = "audit"

urlpatterns = [
    path("clubs/<slug:slug>/audit/", club.club_audit_page, name="club_audit"),
]
