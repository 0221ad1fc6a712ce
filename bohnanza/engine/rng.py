"""A small seeded generator whose whole state is one 64-bit integer (design.md section 2).

SplitMix64 (Steele, Lea, Flood 2014). The state lives in the canonical position as ``rng`` so a
loaded game shuffles exactly as the original would; it never reaches a client.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state``; returns ``(new_state, 64-bit output)``."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def shuffle(items: list[str], state: int) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new generator state.
    (``next_u64`` written out in the loop: one call fewer per card, the same numbers.)"""
    for i in range(len(items) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def below(n: int, state: int) -> tuple[int, int]:
    """A number in ``range(n)``; returns ``(new_state, value)``."""
    state, r = next_u64(state)
    return state, r % n
