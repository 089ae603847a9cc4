"""``euchre-sim play``: a person plays Euchre in the terminal against the built-in strategies
(docs/play.md).

* :mod:`.screen`: what the terminal shows (cards with suit symbols and colour where it has
  them, the play as it happens, the numbered choices) and reading the player's answers;
* :mod:`.game`: the game to the target score, the person at seat 0 as an agent
  (``euchre_sim.agents``) beside compiled or random seats, saved as EGN;
* :mod:`.review`: after a hand, what the analyser and the double-dummy solver say of each of
  the person's decisions.
"""

from .game import PlayOptions, play_game
from .screen import Console, Quit, Style

__all__ = ["Console", "PlayOptions", "Quit", "Style", "play_game"]
