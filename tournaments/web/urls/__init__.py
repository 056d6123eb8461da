"""The pages' URLs, one list an audience: the public pages, the members', the director's, the
table page's and the hall board's (`public`, `member`, `director`, `table`, `board`); the
club's audit has its own namespace (`audit`). The names are the app's
(`tournaments:event_detail`), whatever the list.
"""

from tournaments.web.urls import board, director, member, public, table

app_name = "tournaments"

urlpatterns = [
    *public.urlpatterns,
    *member.urlpatterns,
    *director.urlpatterns,
    *table.urlpatterns,
    *board.urlpatterns,
]
