"""The tournament algorithms: pure Python, plain values in and out.

Nothing here imports Django, Django REST framework, Celery or a model (a contract in
`.importlinter` checks it, imports inside functions too): the services and selectors read the
database and call in. Each module holds one subject:

- `seating`: individual seating, a round or a whole night (partners and opponents spread).
- `pairing`: fixed-partnership rounds: Swiss ("Danese"), round robin and Mitchell.
- `victory_points`: victory-point scales and tie-break orders.
- `standings`: an event's ranking from its game results.
- `missed_rounds`: what a round a player missed is worth in the standings.
- `seasons`: a season table from its nights' standings.
- `ratings`: players' skill ratings (OpenSkill) from partnership games.

May import: `scoring` and itself; nothing of Django, Celery or the models.
"""
