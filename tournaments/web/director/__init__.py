"""The director's pages, one module a subject; each answers 404 outside what the user directs."""
