"""The bot levels of the solver's policy: how much noise blurs the exact option values.

Every level looks at the exact expected final total of every option and picks the
best after adding Gumbel noise of the level's scale (in points): a softmax choice
that keeps weaker bots legal and plausible (big mistakes stay rare, small ones are
common). `optimal` adds none.
"""

from __future__ import annotations

import numpy as np

LEVEL_NOISE: dict[str, float] = {
    "optimal": 0.0,
    "strong": 0.7,
    "casual": 1.5,
    "novice": 3.0,
}


def noisy_argmax(values: np.ndarray, scale: float, rng: np.random.Generator) -> np.ndarray:
    """Index of the best value along the last axis after Gumbel noise of `scale`.

    Ties (and `scale == 0`) pick the first best; -inf values are never picked.
    """
    if scale > 0:
        values = values + rng.gumbel(0.0, scale, size=values.shape)
    return np.argmax(values, axis=-1)
