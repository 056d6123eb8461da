"""The JSON API (Django REST framework): thin views and shape-only serializers; every rule is a
service's (`tournaments.services`), every read a selector's."""
