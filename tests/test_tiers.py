"""The fast tier's list of heavy tests (conftest.HEAVY) names tests that exist."""

import re
from pathlib import Path

from conftest import HEAVY

TESTS = Path(__file__).resolve().parent


def test_every_heavy_name_is_a_test():
    for name in sorted(HEAVY):
        file, test = name.split("::")
        function = test.split("[")[0]
        source = (TESTS / file).read_text()
        assert re.search(rf"^def {function}\(", source, re.M), name

