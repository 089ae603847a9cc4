"""``analyze --rest search``: the asker's later decisions made by the analyser's search."""

from __future__ import annotations

import pytest

from euchre_sim.analysis.rest_search import search_rest_sample
from euchre_sim.analysis.situation import read_situation
from euchre_sim.cli import main as cli
from euchre_sim.game.rules import Rules

# trick 4, last to play: after this card the last one is forced, so nothing is left to search
TRICK4 = ('hand=KC,JS up=KS seat=partner bidding="order" tricks="eldest:AS partner:JC '
          'third:JH dealer:KS | partner:TS third:9D dealer:9S eldest:QS | eldest:TH partner:TC '
          'third:KH dealer:QH | third:KD dealer:QC eldest:AC"')
ROUND2 = 'hand=JS,JC,AD,KD,QD up=KS seat=eldest bidding="pass pass pass pass"'


def test_without_later_choices_the_search_changes_nothing():
    sit = read_situation(TRICK4, Rules())
    searched, table = search_rest_sample(sit, "advanced:round1.threshold.eldest=0", 100, 3,
                                         100, threads=1)
    for label in table.pair:
        assert (searched.pair[label] == table.pair[label]).all()


def test_the_table_rest_is_the_analysers_own_sample_and_the_search_moves_some_worlds():
    from euchre_sim.analysis.analyser import sample_options

    sit = read_situation(ROUND2, Rules())
    searched, table = search_rest_sample(sit, "tuned", 60, 5, 100, threads=1)
    own = sample_options(sit, "tuned", 60, 5, threads=1)
    for label in own.pair:
        assert (table.pair[label] == own.pair[label]).all()
    moved = sum(int((searched.pair[lb] != table.pair[lb]).any()) for lb in table.pair)
    assert moved >= 1  # the eldest's later cards, searched, change some playouts


def test_the_command_says_who_made_the_later_decisions(capsys):
    rc = cli.main(["analyze", "--situation", TRICK4, "--table", "advanced:round1.threshold."
                   "eldest=0", "--rest", "search", "--rest-deals", "100", "--deals", "100",
                   "--threads", "1"])
    assert rc == 0
    out = capsys.readouterr().out
    assert "your later decisions by the search (100 deals per option at each)" in out


@pytest.mark.parametrize("argv,needle", [
    (["--rest-deals", "100"], "--rest-deals goes with --rest search"),
])
def test_bad_rest_options_are_one_line_errors(argv, needle, capsys):
    rc = cli.main(["analyze", "--situation", ROUND2, "--deals", "100", *argv])
    assert rc == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and len(err.splitlines()) == 1
