"""euchre_sim: Monte Carlo strategy research toolkit for Euchre.

The public Python API::

    from euchre_sim import Rules, simulate_deals, simulate_games, replay_deal
"""

__version__ = "0.1.0"

from .rules import Rules  # noqa: E402
from .simulate import replay_deal, simulate_deals, simulate_games  # noqa: E402

__all__ = ["Rules", "simulate_deals", "simulate_games", "replay_deal", "__version__"]
