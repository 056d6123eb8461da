"""A federation's page at `/federations/<slug>/`: its officers' page for them, and its public face
(member clubs that publish, championships, the top of its ranking) for anyone else."""

from __future__ import annotations

from typing import cast

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from clubs.models import Federation
from clubs.selectors import federations_run_by, federations_with_ranking_visible_to
from clubs.users import SignedInRequest
from clubs.web import federations as club_pages
from tournaments import selectors
from tournaments.domain.ratings import PROVISIONAL_GAMES
from tournaments.web.listings import FederationRankingTable
from tournaments.web.public import _login_or_404

# Rows of the ranking on the public face; the ranking page has them all.
FRONT_RANKINGS = 10
# `?view=public`: an officer sees the public face instead of the officers' page.
PUBLIC_VIEW = "public"


@require_safe
def federation_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The officers' page for an officer (the public face with `?view=public`); the public face
    for anyone while the ranking is public; else the login page, or 404 once signed in."""
    is_officer = federations_run_by(user=request.user).filter(slug=slug).exists()
    if is_officer and request.GET.get("view") != PUBLIC_VIEW:
        return club_pages.federation_detail(cast(SignedInRequest, request), slug)  # an officer is signed in
    federation = federations_with_ranking_visible_to(user=request.user).filter(slug=slug).first()
    if federation is None:
        return _login_or_404(request)
    group, ranking = _front_ranking(federation)
    context = {
        "federation": federation,
        "front": selectors.federation_front(federation=federation, user=request.user),
        "group": group,
        "ranking": ranking,
        "provisional_games": PROVISIONAL_GAMES,
        "is_officer": is_officer,
    }
    return render(request, "tournaments/federation_front.html", context)


def _front_ranking(federation: Federation) -> tuple[selectors.RankingGroup, FederationRankingTable]:
    """The top of the federation's ranking over every night, of its first group with a game,
    without the people's clubs (the face names only the clubs that publish)."""
    group = selectors.federation_ranking_groups(federation=federation)[0]
    lines = selectors.federation_ranking(
        federation=federation, group=group.key, period=selectors.federation_ranking_period()
    )
    table = FederationRankingTable(
        lines[:FRONT_RANKINGS],
        one_variant=group.one_variant,
        federation_slug=federation.slug,
        orderable=False,
    )
    table.columns.hide("clubs")
    return group, table
