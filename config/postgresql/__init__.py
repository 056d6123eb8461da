"""Django's PostgreSQL backend with a deadline on the server's answers in the web process
(`base.py`); ENGINE "config.postgresql" (config/settings/base.py)."""
