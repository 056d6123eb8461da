"""Benchmarks: scripts, not tests. Run each from the project root as a module, e.g.
`.venv/bin/python -m bench.scoring_bench`; bench/README.md has the commands and the figures."""
