from django.urls import path

from tournaments.web import audit_views

app_name = "audit"

urlpatterns = [
    path("clubs/<slug:slug>/audit/", audit_views.club_audit_page, name="club_audit"),
]
