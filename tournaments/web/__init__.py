"""The pages: views by audience (events and rounds, the table, the director's tools, rankings,
pairs, the audit), their forms, tables, filters, exports and URLs. Thin: scope the request to
what the user may see (selectors), check shape (forms), call a service, render.

May import: the services, the selectors, the models (to read), `display/`, `domain/`, `scoring`,
`clubs`; never the tasks (the services queue them) and no write of its own
(tests/site/test_architecture.py).
"""
