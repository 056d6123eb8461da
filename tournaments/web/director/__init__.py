"""The director's pages, one module a subject: an event and its players (`events`), rounds and
their tables (`rounds`), stages (`stages`), the club's seasons and audit (`club`). Each view
finds its event, round or club among those the user directs, or answers 404.
"""
