"""Leakage, measured where the truth is known: a model trained with the future against one
trained only on the past, on the same held-out events of the synthetic log.

Under leave-one-out, user :math:`u`'s last interaction, at time :math:`t_u`, is ranked by a
model trained on every other interaction, other users' interactions after :math:`t_u`
included: a model nobody could have deployed at :math:`t_u`. Its estimate is honest about
*that* model; the leak is how much better that model truly is than one that could have been
deployed. The synthetic log knows both models' true hit chances on the same events
(:func:`~.view.true_hit_chances`), so the difference carries no noise from the picks.

:func:`top_k_from_the_past` gives the deployable model's lists: retrained every ``every``
days on the interactions logged before that period, it scores each user's own history up to
:math:`t_u` (the user's profile is live; the model is not).
"""

from __future__ import annotations

import numpy as np
from scipy import sparse

from rankmetrics_course.chapters.recommenders_offline.data import SyntheticInteractions
from rankmetrics_course.chapters.recommenders_offline.view import HeldOut, top_k_by_score


def top_k_from_the_past(data: SyntheticInteractions, held: HeldOut, model, *, every: float = 7.0,
                        k: int = 10) -> np.ndarray:
    """Each tested user's top-k from ``model`` fitted, afresh for every period of ``every``
    days, on the interactions logged before the period that holds the user's held-out time,
    scoring the user's own interactions before that time (``model.scores_of``); the items
    the user trained on are left out, as in :func:`~.view.top_k_lists`."""
    times = data.timestamps[held.rows]
    period = np.floor(times / every)
    lists = np.empty((held.users.size, k), dtype=np.int64)
    for start in np.unique(period):
        group = np.flatnonzero(period == start)
        model.fit(data.matrix(np.flatnonzero(data.timestamps < start * every)))
        scores = model.scores_of(history_before(data, held.users[group], times[group]))
        lists[group] = top_k_by_score(scores, held.exclude[group], k)
    return lists


def history_before(data, users: np.ndarray, times: np.ndarray) -> sparse.csr_matrix:
    """The 0/1 matrix, one row per user of ``users`` (each once), of the user's interactions
    strictly before the user's own time in ``times``."""
    row_of = np.full(data.n_users, -1)
    row_of[users] = np.arange(users.size)
    rows = np.flatnonzero(row_of[data.users] >= 0)
    rows = rows[data.timestamps[rows] < times[row_of[data.users[rows]]]]
    ones = np.ones(rows.size)
    return sparse.csr_matrix((ones, (row_of[data.users[rows]], data.items[rows])),
                             shape=(users.size, data.n_items))
