"""The pages, by audience: `public_views` (what anyone sees of a club with public results),
`member_views` (what a member sees), `director/` (the director's tools) and `table_views` (the
table page), each with its URL list in `urls/`; their forms, listings (django-tables2),
filters and exports. Thin: scope the request to what the user may see (selectors), check
shape (forms), call a service, render.

May import: the services, the selectors, the models (to read), `display/`, `domain/`, `scoring`,
`clubs`; never the tasks (the services queue them) and no write of its own
(tests/site/test_architecture.py).
"""
