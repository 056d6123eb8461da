"""API token authentication (django-rest-knox), in a module of its own: DRF imports the
authentication classes while its views module is loading, so this one imports no DRF view."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from knox.auth import TokenAuthentication as KnoxTokenAuthentication


class TokenAuthentication(KnoxTokenAuthentication):
    """django-rest-knox's token authentication, one query a request: knox also reads all of the
    user's other tokens on every request to delete the expired ones, which would cost the hand
    path a query each time. An expired token is still refused (and deleted) here; the others
    are deleted when their user makes a new token or opens the tokens page
    (`clubs.services.api_token_create`, `clubs.selectors.api_tokens_of`)."""

    def _cleanup_token(self, auth_token: Any) -> bool:
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            auth_token.delete()
            return True
        return False
