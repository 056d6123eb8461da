"""The JSON API (Django REST framework): thin views and shape-only serializers; every rule is a
service's (`tournaments.services`), every read a selector's.

May import: the services, the selectors, the models (to read), `scoring`, `clubs`; never the
tasks, and no write of its own (tests/site/test_architecture.py).
"""
