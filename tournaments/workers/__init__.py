"""What the Celery workers run: the layer above the services, beside the pages and the API.

- `tasks`: the tasks, thin interfaces over the services (arguments are ids, each safe to run
  twice), registered with the Celery app when Django loads (`tournaments.apps`), so that every
  process knows them by name. Nothing below imports them: the services send them by name
  through their one door, `tournaments/services/queue.py`.
- `ledger`: the task ledger, which keeps the tasks people wait on until a run that began
  after them ends, and sends again those lost with their worker (imports nothing of the
  project but Django's app registry).

May import: the services, the selectors, the models, `clubs`.
"""
