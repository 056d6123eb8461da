"""Clubs, players, memberships, roles and federations: below `tournaments`, which it never imports.

Layers: `.importlinter`; design: docs/site.md#clubs"""
