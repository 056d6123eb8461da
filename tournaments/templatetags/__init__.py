"""The pages' template filters (`canasta`): names and numbers through `display/`, which alone they import."""
