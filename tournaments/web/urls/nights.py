"""The nights' URLs: the director's, a night's page, a member's reply and reminders, the door's
check-in, a player's personal link, a reminder's stop link and the club's calendar feed."""

from django.urls import path, register_converter

from tournaments.selectors import NIGHT_TOKEN_PATTERN, REMINDERS_TOKEN_PATTERN
from tournaments.web import night_reminders, nights
from tournaments.web.director import nights as director_nights


class NightTokenConverter:
    """A door's or a personal link's token in the path: only what one can be."""

    regex = NIGHT_TOKEN_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class RemindersTokenConverter(NightTokenConverter):
    """A reminders' stop link's token in the path."""

    regex = REMINDERS_TOKEN_PATTERN


register_converter(NightTokenConverter, "night_token")
register_converter(RemindersTokenConverter, "reminders_token")

urlpatterns = [
    path("clubs/<slug:slug>/nights/new/", director_nights.night_schedule, name="night_schedule"),
    path("clubs/<slug:slug>/calendar.ics", nights.calendar_feed, name="calendar_feed"),
    path("nights/<int:night_id>/", nights.night_detail, name="night_detail"),
    path("nights/<int:night_id>/reply/", nights.night_reply, name="night_reply"),
    path("nights/<int:night_id>/reminders/", night_reminders.night_reminders, name="night_reminders"),
    path("nights/<int:night_id>/edit/", director_nights.night_edit, name="night_edit"),
    path("nights/<int:night_id>/door/", director_nights.night_door, name="night_door"),
    path("nights/<int:night_id>/event/", director_nights.night_event, name="night_event"),
    path(
        "nights/<int:night_id>/players/<int:player_id>/check-in/",
        director_nights.night_check_in_toggle,
        name="night_check_in_toggle",
    ),
    path("n/<night_token:token>/", nights.night_check_in, name="night_check_in"),
    path("r/<night_token:token>/", nights.player_nights, name="player_nights"),
    path(
        "reminders/<reminders_token:token>/",
        night_reminders.night_reminders_stop,
        name="night_reminders_stop",
    ),
]
