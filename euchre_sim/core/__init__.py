"""numba kernels only: rng, tables, decisions, the deal and batch kernels."""
