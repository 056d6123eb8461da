"""The tournament algorithms: pure Python, plain values in and out; may import `scoring` and itself,
nothing of Django, Celery or the models (.importlinter). Map: docs/seating.md."""
