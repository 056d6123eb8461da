"""The JSON API of clubs, players, API tokens and federations under /api/v1/, one module a subject;
thin views over the services and selectors. Design: docs/site.md#the-api"""
