"""Any agent at the table: Python players against the built-in strategies (docs/agents.md).

    from euchre_sim import agents, Rules

    def my_agent(obs, legal):          # sees what its seat sees, returns one of ``legal``
        return legal[0]

    df = agents.play_deals(Rules(), {0: my_agent}, vs="advanced", deals=1000, seed=1)
    result = agents.match(my_agent, "advanced", deals=1000, seed=1)
    print(result.to_text())            # the text of ``euchre-sim match``

``builtin("advanced")`` is a built-in strategy as an agent that decides from its observation
alone; ``agents.openspiel`` seats OpenSpiel bots here and the project's strategies on
OpenSpiel's ``euchre``.
"""

from .builtin import BuiltinAgent, builtin
from .compiled import ReplayError
from .observation import Observation
from .table import Agent, AgentError, match, play_deal, play_deals

__all__ = ["Agent", "AgentError", "BuiltinAgent", "Observation", "ReplayError", "builtin",
           "match", "play_deal", "play_deals"]
