"""euchre_sim: Monte Carlo strategy research toolkit for Euchre."""

__version__ = "0.1.0"
