"""The club's audit page, for its directors: recent changes from the history records."""

from __future__ import annotations

import django_tables2 as tables
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django_tables2 import RequestConfig

from clubs.users import SignedInRequest
from clubs.views import directed_club
from tournaments.selectors.audit import club_audit


class AuditTable(tables.Table):
    when = tables.DateTimeColumn(verbose_name=_("When"), format="Y-m-d H:i:s")
    who = tables.Column(verbose_name=_("Who"))
    what = tables.Column(verbose_name=_("What"))
    action = tables.Column(verbose_name=_("Action"))
    detail = tables.Column(verbose_name=_("Detail"))

    class Meta:
        attrs = {"class": "data-table", "id": "audit"}
        orderable = False
        empty_text = _("Nothing has been recorded yet.")


@login_required
def club_audit_page(request: SignedInRequest, slug: str) -> HttpResponse:
    club = directed_club(request, slug)
    table = AuditTable(club_audit(club=club))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "tournaments/club_audit.html", {"club": club, "table": table})
