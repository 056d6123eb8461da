"""API token authentication (django-rest-knox), in a module of its own: DRF imports the
authentication classes while its views module is loading, so this one imports no DRF view."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from knox.auth import TokenAuthentication as KnoxTokenAuthentication


class TokenAuthentication(KnoxTokenAuthentication):
    """django-rest-knox's token authentication in one query a request: an expired token is refused
    and deleted, the user's other expired ones only when they make a new token or open the tokens
    page (`clubs.services.api_token_create`, `clubs.selectors.api_tokens_of`)."""

    def _cleanup_token(self, auth_token: Any) -> bool:
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            auth_token.delete()
            return True
        return False
