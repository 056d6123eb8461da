"""The `manage.py` commands (`commands/`: the demo club, a score sheet from a file, a seating, a
standings rebuild, SQLite backups) and the demo's random hands (`demo_hands`).

May import: the services, the selectors, the models, `domain/`, `scoring`, `clubs`.
"""
