"""The content security policy, built once per process (config.middleware
ContentSecurityPolicyMiddleware): the same header django-csp builds, and a view's own policy
still its own."""

from __future__ import annotations

import pytest
from csp.utils import build_policy

pytestmark = pytest.mark.django_db


def test_a_page_and_the_api_get_the_policy_of_the_settings(client):
    for path in ("/accounts/login/", "/api/v1/clubs/"):
        response = client.get(path)
        policy = response["Content-Security-Policy"]
        assert policy == build_policy(), path
        directives = policy.split("; ")  # in no fixed order: django-csp builds them from a set
        assert "script-src 'self'" in directives and "style-src 'self'" in directives
        assert "Content-Security-Policy-Report-Only" not in response


def test_the_api_docs_keep_their_own_inline_styles(client):
    policy = client.get("/api/docs/")["Content-Security-Policy"]
    assert "style-src 'self' 'unsafe-inline'" in policy
    # ... and the next page is back to the site's policy.
    assert "unsafe-inline" not in client.get("/accounts/login/")["Content-Security-Policy"]
