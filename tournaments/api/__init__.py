"""The JSON API (Django REST framework) under /api/v1/, one module a resource; thin views over the
services and selectors, no write of their own. Design: docs/site.md#the-api"""
