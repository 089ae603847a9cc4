"""Bit tricks on int64 masks as LLVM intrinsics (popcount, count trailing/leading zeros)."""

from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic


@intrinsic
def popcount(typingctx, x):
    """Number of set bits of an int64."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def ctz(typingctx, x):
    """Index of the lowest set bit of a non-zero int64."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return sig, codegen


@intrinsic
def clz(typingctx, x):
    """Number of leading zero bits of a non-zero int64."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))

    return sig, codegen


@njit(cache=True, _nrt=False, inline="always")
def kth_bit(mask, k):
    """Index of the k-th lowest set bit (k = 0 is the lowest)."""
    for _ in range(k):
        mask &= mask - 1
    return ctz(mask)


@njit(cache=True, _nrt=False, inline="always")
def highest_bit(mask):
    """Index of the highest set bit of a non-empty mask (the strongest card of an effective
    mask)."""
    return 63 - clz(mask)
