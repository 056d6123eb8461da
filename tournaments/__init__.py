"""League nights and tournaments: events, rounds, tables, games, hands, standings, ratings.

One folder a layer, the imports running downwards only (`.importlinter`, ARCHITECTURE.md):

- `web/`, `api/`, `management/`, `workers/`: the pages, the JSON API, the commands and the
  Celery tasks, each a thin door to the services and selectors.
- `services/`: the only writers; `selectors/`: the reads, scoped to what a user may see.
- `models.py`: the tables; `display/`: the words for people; `templatetags/`: the pages'
  filters over `display/`.
- `domain/`: the tournament algorithms, pure Python over `scoring`.
"""
