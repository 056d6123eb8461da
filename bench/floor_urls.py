"""URLs of the framework-floor bench: the site's own, plus what a request costs with nothing in it.

- /floor/plain/: a plain Django view through the whole middleware stack (GET, no database);
- /floor/empty/: a DRF view with token authentication that answers at once (one query: the token);
- /floor/one-query/: the same, reading one game's totals (two queries).
"""

from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.models import Game


def plain(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


class Empty(APIView):
    def post(self, request: Request) -> Response:
        return Response({"ok": True}, status=201)


class OneQuery(APIView):
    def post(self, request: Request) -> Response:
        totals = Game.objects.filter(pk=request.data.get("game")).values_list("totals", flat=True).first()
        return Response({"totals": totals}, status=201)


urlpatterns = [
    path("floor/plain/", plain),
    path("floor/empty/", Empty.as_view()),
    path("floor/one-query/", OneQuery.as_view()),
    path("", include("config.urls")),
]
