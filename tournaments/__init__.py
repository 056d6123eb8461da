"""League nights and tournaments: events, rounds, tables, games, hands, standings, ratings.

One folder a layer, imports running downwards only: ARCHITECTURE.md, "The layers"."""
