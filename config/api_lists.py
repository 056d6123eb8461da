"""The API's lists and query parameters (django-filter's filters, DRF's pages): a parameter given
more than once (`?event=1&event=2`) is refused with 400 (`one_value_each`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from django import forms
from django.db import models
from django.db.models import Model, QuerySet
from django.http import QueryDict
from django.utils.translation import gettext as _
from django_filters import filters as filter_kinds
from django_filters import utils as filter_utils
from django_filters.rest_framework import DjangoFilterBackend, filterset
from rest_framework import exceptions, pagination
from rest_framework.request import Request

if TYPE_CHECKING:
    # Only a type here: DRF loads these classes as settings, and its views import the settings.
    from rest_framework.views import APIView

_M = TypeVar("_M", bound=Model)


def one_value_each(query: QueryDict, names: Iterable[str]) -> None:
    """Raise a 400 naming each query parameter of `names` given more than once."""
    repeated = {name: len(query.getlist(name)) for name in names if len(query.getlist(name)) > 1}
    if repeated:
        raise exceptions.ValidationError(
            {
                name: [_("This parameter takes one value; it was given %(count)s times.") % {"count": count}]
                for name, count in repeated.items()
            }
        )


# What a yes-or-no filter reads (django-filter's BooleanWidget, case as it accepts it).
YES_OR_NO = ("true", "false", "True", "False", "1", "0")


def yes_or_no_each(query: QueryDict, filters: dict[str, Any]) -> None:
    """Raise a 400 naming each yes-or-no filter given another value (`?game_over=maybe`):
    django-filter would ignore it and answer the whole list, as if it had not been asked."""
    wrong = [
        name
        for name, kind in filters.items()
        if isinstance(kind, filter_kinds.BooleanFilter) and name in query and query[name] not in YES_OR_NO
    ]
    if wrong:
        message = _("Give true or false; “%(value)s” is neither.")
        raise exceptions.ValidationError({name: [message % {"value": query[name]}] for name in wrong})


class IdFilter(filter_kinds.NumberFilter):
    """A related object's filter by its id, a whole number (django-filter's NumberFilter reads
    a decimal)."""

    field_class = forms.IntegerField  # type: ignore[assignment]  # a whole number, not a decimal

    # The ids a database can hold (64 bits): a larger one is the id of nothing, and SQLite would
    # refuse to compare with it.
    LARGEST = 2**63 - 1

    def filter(self, qs: QuerySet[Any], value: Any) -> QuerySet[Any]:
        if value is not None and abs(value) > self.LARGEST:
            return qs.none()
        return super().filter(qs, value)


class FilterSet(filterset.FilterSet):
    """django-filter's FilterSet whose related filters (`?club=`, `?event=`) take an id as a whole
    number: an id of nothing the user may see finds nothing (not 400)."""

    FILTER_DEFAULTS = {
        **filterset.FilterSet.FILTER_DEFAULTS,
        models.ForeignKey: {"filter_class": IdFilter},
        models.OneToOneField: {"filter_class": IdFilter},
    }


class FilterBackend(DjangoFilterBackend):
    """django-filter's backend, refusing a filter given more than once (each takes one value;
    django-filter would read the last) and a yes-or-no filter given anything but true or false."""

    filterset_base = FilterSet

    # The stubs give the request as Django's and translate_validation as returning a dict: DRF
    # passes its own request, and translate_validation returns DRF's ValidationError.
    def filter_queryset(  # type: ignore[override]
        self, request: Request, queryset: QuerySet[_M], view: APIView
    ) -> QuerySet[_M]:
        filterset = self.get_filterset(request, queryset, view)
        if filterset is None:
            return queryset
        one_value_each(request.query_params, filterset.filters)
        yes_or_no_each(request.query_params, filterset.filters)
        if not filterset.is_valid() and self.raise_exception:
            raise filter_utils.translate_validation(filterset.errors)  # type: ignore[misc]
        return filterset.qs


class PageNumberPagination(pagination.PageNumberPagination):
    """DRF's pages, refusing a page number given more than once."""

    def get_page_number(self, request: Request, paginator: Any) -> Any:
        one_value_each(request.query_params, (self.page_query_param,))
        return super().get_page_number(request, paginator)
