"""What the Celery workers run: `tasks`, and `ledger`, the task ledger (imports nothing of the
project but Django's app registry). Design: ARCHITECTURE.md ("Why the services send tasks by name").
"""
