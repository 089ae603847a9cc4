"""Analysis layer: statistics and summaries of simulated records."""
