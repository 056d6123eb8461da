"""Forms check the shape of what was typed; the scoring engine checks the rules."""
