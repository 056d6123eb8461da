"""Clubs, players, memberships and roles: below `tournaments`, which it never imports.

Layers, top down (`.importlinter`): the URLs, the admin and the app; the pages (`views`), the
API (`api`), the signal receivers and the middleware; the forms and the services (`services`,
the only writers); the reads (`selectors`) and the roster import (`resources`); the models and
who is looking (`viewer`: a player's name or initials); and the plain helpers (`names`,
`users`, `text`, `variants`, `roster_files`).
"""
