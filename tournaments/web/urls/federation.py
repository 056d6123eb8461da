"""A federation's page, `/federations/<slug>/`, included by config/urls.py before the clubs' URLs;
its name is the site's (`federation`), not the app's."""

from django.urls import path, register_converter
from django.urls.converters import SlugConverter

from clubs.services import RESERVED_FEDERATION_SLUGS
from tournaments.web import federations


class FederationAddressConverter(SlugConverter):
    """A federation's address in the path; a reserved one (`new`, the page that creates a
    federation) is left to the clubs' URLs."""

    def to_python(self, value: str) -> str:
        if value in RESERVED_FEDERATION_SLUGS:
            raise ValueError(value)  # no match: the next pattern is tried
        return value


register_converter(FederationAddressConverter, "federation_address")

urlpatterns = [
    path("federations/<federation_address:slug>/", federations.federation_page, name="federation"),
]
