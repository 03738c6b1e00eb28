"""Names for what the public functions accept, for annotations only.

Imported under ``if TYPE_CHECKING:`` alone (the modules use ``from __future__ import
annotations``), so that ``import rankmetrics_lite`` never loads ``numpy.typing``.
"""

from collections.abc import Hashable, Mapping, Sequence

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["ArrayLike", "Grades", "Ranking", "Rankings", "Scores", "Seed"]

# A seed, or a Generator to draw from (validation.as_rng refuses None: results must reproduce).
Seed = int | np.random.Generator
# Document ids in rank order, and several such rankings.
Ranking = Sequence[Hashable]
Rankings = Sequence[Sequence[Hashable]]
# Grades in rank order where None marks an unjudged document.
Grades = Sequence[int | None] | np.ndarray
# One score per topic: by topic id, or in topic order.
Scores = Mapping[Hashable, float] | ArrayLike
