"""The pages' URLs, one list an audience (`public`, `member`, `director`, `table`, `board`,
`nights`, and `audit` in its own namespace); names are the app's (`tournaments:event_detail`)."""

from tournaments.web.urls import board, director, member, nights, public, table

app_name = "tournaments"

urlpatterns = [
    *public.urlpatterns,
    *member.urlpatterns,
    *director.urlpatterns,
    *table.urlpatterns,
    *board.urlpatterns,
    *nights.urlpatterns,
]
