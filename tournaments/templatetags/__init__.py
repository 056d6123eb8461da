"""The pages' template filters (`canasta`): the engine's and the domain's names and numbers
through `display/`.

May import: `display/` only.
"""
