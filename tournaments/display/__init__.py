"""The one place that names engine and tournament things for people, in the page's language.

May import `domain/` and `scoring`, nothing that reads the database.
Design: docs/site.md#words-for-people"""
