"""The pages' URLs, one list an audience: the public pages, the members', the director's, the
table page's, the hall board's and the nights' (`public`, `member`, `director`, `table`,
`board`, `nights`); the club's audit has its own namespace (`audit`). The names are the app's
(`tournaments:event_detail`), whatever the list.
"""

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
