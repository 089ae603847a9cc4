"""One rule option's value inside the kernels: ``rule(rules, R_X)``.

``rules`` is the packed rules array (``Rules.to_array``), or None for the standard rules
(every option at its default): a kernel compiled with None has every option compiled in as
a constant, so LLVM drops the code of the options that are off (issue 14: some 8 % of a
scripted table's time at the standard rules went to checking options that are off).
``batch.kernel_rules`` decides which a call gets; the records are the same either way.
"""

import numpy as np
from numba import types
from numba.extending import overload

from ...game.rules import Rules

STANDARD = Rules().to_array()


def rule(rules, index):
    """The value of option ``index`` (an ``R_*`` constant) in ``rules`` (None: standard)."""
    return int(STANDARD[index]) if rules is None else rules[index]


@overload(rule, inline="always")
def _rule(rules, index):
    if isinstance(rules, types.NoneType):
        if not isinstance(index, types.IntegerLiteral):
            return None  # the standard rules need a constant option index
        value = np.int64(STANDARD[index.literal_value])
        return lambda rules, index: value
    return lambda rules, index: rules[index]
