"""Clubs, players, memberships and roles: below `tournaments`, which it never imports.

Layers, top down (`.importlinter`): the URLs, the admin and the app; the pages (`views`), the
API (`api`) and the signal receivers; the forms and the services (`services`, the only
writers); the reads (`selectors`), the roster import (`resources`) and the middleware; the
models; and the plain helpers (`names`, `users`, `text`, `variants`, `roster_files`).
"""
