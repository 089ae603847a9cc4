"""How the kernels' functions are inlined (deal.py's module docstring; docs/speed.md,
2026-12-03 late evening): a function that takes the solver's table ``tt`` can reach the search
code, and inlined by LLVM (numba's ``forceinline``) it links in and optimises the whole search
again (the PIMC kernel's cold compile went from 75 s to 183 s). Such a function is inlined by
numba (``inline="always"``) or not at all, never ``forceinline``; the check reads each
compiled function's options, nothing is compiled."""

import importlib
import inspect
import pkgutil

from numba.core.registry import CPUDispatcher

import euchre_sim.core


def kernel_functions():
    """(module.name, dispatcher) of every njit function defined in ``euchre_sim.core`` and its
    folders (``common``, ``four``, ``table``), the module named without the folder."""
    out = []
    for info in pkgutil.walk_packages(euchre_sim.core.__path__, "euchre_sim.core."):
        if info.ispkg:
            continue
        mod = importlib.import_module(info.name)
        short = info.name.rsplit(".", 1)[-1]
        for name, obj in vars(mod).items():
            if isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == mod.__name__:
                out.append((f"{short}.{name}", obj))
    return out


def takes_search_table(dispatcher) -> bool:
    return "tt" in inspect.signature(dispatcher.py_func).parameters


def llvm_inlined(dispatcher) -> bool:
    return bool(dispatcher.targetoptions.get("forceinline"))


def test_no_step_that_can_reach_a_search_is_llvm_inlined():
    functions = kernel_functions()
    reaching = [name for name, f in functions if takes_search_table(f)]
    # the check sees the functions it is about: the deal's steps and the decision hooks
    assert {"deal.play_tricks", "deal.make_trump", "decisions.decide_play"} <= set(reaching)
    # and the convention it guards is in use (else the check would pass on nothing)
    assert sum(llvm_inlined(f) for _, f in functions) > 20
    assert [name for name, f in functions if takes_search_table(f) and llvm_inlined(f)] == []
