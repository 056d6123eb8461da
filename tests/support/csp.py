"""What the content security policy (config/settings, `CONTENT_SECURITY_POLICY`) forbids in a
page's HTML, as patterns: inline event handlers, inline scripts and inline styles."""

from __future__ import annotations

import re

INLINE_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)


# style-src 'self' blocks <style> elements and style="" attributes too (the API docs page alone
# allows them, for Swagger UI).
INLINE_STYLE = re.compile(r"<style\b|<[^>]*\sstyle\s*=", re.I)
