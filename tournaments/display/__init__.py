"""The one place that names engine and tournament things for people, in the page's language.

Design: docs/site.md#words-for-people"""
