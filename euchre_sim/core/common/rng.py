"""Counter-based random streams: SplitMix64 seeding into xoshiro256** (see docs/engine.md).

A stream is a uint64[4] state array. Deal ``i`` of a run seeds its own stream from
``(key, i)``, so every deal is a pure function of the seed and its index.
"""

import numpy as np
from numba import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
GAME_DOMAIN = 0x5851F42D4C957F2D
MASK64 = (1 << 64) - 1


def splitmix64_py(state: int) -> tuple[int, int]:
    """One SplitMix64 step in Python ints: returns (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def check_seed(seed: int) -> int:
    """Validate a run seed: an integer in [0, 2**64)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    seed = int(seed)
    if not 0 <= seed <= MASK64:
        raise ValueError(f"seed must be in [0, 2**64), got {seed}")
    return seed


def deal_key(seed: int) -> np.uint64:
    """Stream key of deal mode for a run seed."""
    return np.uint64(splitmix64_py(check_seed(seed))[1])


def game_key(seed: int) -> np.uint64:
    """Stream key of game mode for a run seed."""
    return np.uint64(splitmix64_py(check_seed(seed) ^ GAME_DOMAIN)[1])


@njit(cache=True, inline="always")
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def stream_state(key, index):
    """The four words of stream ``index`` of ``key``'s starting state."""
    x = key + np.uint64(4) * np.uint64(index) * GOLDEN
    return (_mix(x + GOLDEN), _mix(x + np.uint64(2) * GOLDEN), _mix(x + np.uint64(3) * GOLDEN),
            _mix(x + np.uint64(4) * GOLDEN))


@njit(cache=True)
def seed_stream(rng, key, index):
    """Seed the state ``rng`` (uint64[4]) for stream ``index`` of ``key``."""
    rng[0], rng[1], rng[2], rng[3] = stream_state(key, index)


@njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, inline="always")
def xoshiro_step(s0, s1, s2, s3):
    """One xoshiro256** step on a state held in four values: (output, s0, s1, s2, s3). A
    kernel that keeps the state in registers (``reference_deals``) calls it directly."""
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@njit(cache=True, inline="always")
def next_u64(rng):
    """Next xoshiro256** output."""
    result, s0, s1, s2, s3 = xoshiro_step(rng[0], rng[1], rng[2], rng[3])
    rng[0] = s0
    rng[1] = s1
    rng[2] = s2
    rng[3] = s3
    return result


@njit(cache=True, inline="always")
def scaled(u, n):
    """The output ``u`` as a uniform integer in [0, n) (Lemire's multiply-shift on its high 32
    bits)."""
    return np.int64(((u >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, inline="always")
def below(rng, n):
    """A uniform integer in [0, n)."""
    return scaled(next_u64(rng), n)
