"""What the Celery workers run, and the one door through which the services reach them.

- `tasks`: the tasks, thin interfaces over the services (they import the services, nothing
  below them imports the tasks); registered with the app when Django loads
  (`tournaments.apps`), so every process knows them by name.
- `queue`: the services' door to the workers: a task sent by its name, and an event's
  standings rebuild queued once for a burst of hands. It imports nothing of the project, so
  the services depend on it without depending on the tasks.
- `ledger`: the task ledger, which keeps the tasks people wait on until a run that began
  after them ends, and sends again those lost with their worker.
"""
