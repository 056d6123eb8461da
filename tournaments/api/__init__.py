"""The JSON API (Django REST framework) under /api/v1/, one module a resource:

- `events`: events (list, read, create, standings), players added and withdrawn;
- `rounds`: rounds and tables, the next round seated;
- `games`: games and hands, a hand recorded or corrected, a hand confirmed;
- `standings`: standings rows; `score_sheets`: a whole score sheet scored by the engine;
- `serializers`: what each resource answers and what each write takes (an
  `<Operation>InputSerializer` checks shape only, and builds the service's typed input where
  there is one, as `EventInputSerializer.event_input`).

The URLs are in `config/api_urls.py`. Thin views: every rule is a service's
(`tournaments.services`), every read a selector's.

May import: the services, the selectors, the models (to read), `scoring`, `clubs`; never the
tasks, and no write of its own (tests/site/test_architecture.py).
"""
