"""The `manage.py` commands (`commands/`) and the demo's random hands (`demo_hands`)."""
