"""What the Celery workers run: the layer above the services, beside the pages and the API.

`tasks`, registered with the Celery app when Django loads (`tournaments.apps`), and sent by name
through `tournaments/services/queue.py`; `ledger`, the task ledger (imports nothing of the
project but Django's app registry).

May import: the services, the selectors, the models, `clubs`.
"""
