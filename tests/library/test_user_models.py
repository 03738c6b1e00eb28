"""C/W/L user models: what the framework promises, costs against cwl_eval, and bad input."""

from __future__ import annotations

import numpy as np
import pytest

from rankmetrics_lite import cwl_measure, evaluate, precision_at_k, reciprocal_rank
from rankmetrics_lite.measures import CATALOGUE
from rankmetrics_lite._user_models import _CONTINUATIONS
from tests.library.test_user_models_against_cwl_eval import MEASURES, _metric

GAINS = [1, 0, 0.5, 0, 1, 0, 0, 0.25, 0, 1]


def test_every_model_is_in_the_catalogue_and_the_cross_check():
    assert set(_CONTINUATIONS) <= set(CATALOGUE)
    assert {name.split("@")[0].split("(")[0] for name in MEASURES} == set(_CONTINUATIONS)


@pytest.mark.parametrize("name", list(MEASURES))
def test_weights_and_last_ranks_are_probabilities(name):
    user = cwl_measure(GAINS, name)
    assert user.weights.sum() == pytest.approx(1.0)
    assert (user.continuation >= 0).all() and (user.continuation <= 1).all()
    assert user.last.sum() <= 1 + 1e-12
    assert user.depth == pytest.approx(1 / user.weights[0])


def test_binary_models_are_the_classic_measures():
    binary = [1, 0, 0, 1, 0, 1]
    assert cwl_measure(binary, "CWL_P@5").rate_of_gain == pytest.approx(precision_at_k(binary, 5))
    assert cwl_measure(binary, "CWL_RR").rate_of_gain == pytest.approx(reciprocal_rank(binary))
    # AP over the relevant documents retrieved: (1 + 2/4 + 3/6) / 3.
    assert cwl_measure(binary, "CWL_AP").rate_of_gain == pytest.approx((1 + 0.5 + 0.5) / 3)


def test_tbg_with_unit_costs_is_rbp():
    rbp = cwl_measure(GAINS, "CWL_RBP(p=0.9)")
    tbg = cwl_measure(GAINS, f"TBG(halflife={float(-1 / np.log2(0.9))!r})")
    assert tbg.rate_of_gain == pytest.approx(rbp.rate_of_gain, rel=1e-12)


def test_evaluate_computes_the_models_by_name():
    run = {"q": {f"d{i}": 10.0 - i for i in range(10)}}
    qrels = {"q": {f"d{i}": int(4 * g) for i, g in enumerate(GAINS)}}
    for name in MEASURES:
        assert evaluate(run, qrels, name)[name] == pytest.approx(cwl_measure(GAINS, name).rate_of_gain,
                                                                 rel=1e-12), name


@pytest.mark.reference
@pytest.mark.parametrize("seed", range(5))
def test_costs_agree_with_cwl_eval(seed):
    # cwl_eval reads a cost per element type: one type per document gives each its own cost.
    from cwl.ruler.ranking import Ranking

    rng = np.random.default_rng(seed)
    gains = rng.choice([0, 0, 0.5, 1], size=int(rng.integers(1, 40)))
    costs = rng.uniform(0.2, 5, size=gains.size)
    for name in MEASURES:
        ranking = Ranking("q", list(gains), list(costs))
        metric = _metric(name)
        metric.measure(ranking)
        ours = cwl_measure(gains, name, costs=costs)
        values = [ours.rate_of_gain, ours.total_gain, ours.rate_of_cost, ours.total_cost, ours.depth]
        assert values == pytest.approx(metric.get_scores(), rel=1e-9, abs=1e-12), name


def test_bad_input_is_refused_by_name():
    with pytest.raises(ValueError, match="costs must be 0 or more .* rank 2 holds -1"):
        cwl_measure([1, 0], "TBG(halflife=10)", costs=[1, -1])
    with pytest.raises(ValueError, match="gains must lie between 0 and 1 .* rank 1 holds 2"):
        cwl_measure([2, 0], "INST(T=1)")
    with pytest.raises(ValueError, match="one cost per ranked document"):
        cwl_measure([1, 0], "TBG(halflife=10)", costs=[1])
    with pytest.raises(ValueError, match="must name a C/W/L user model"):
        cwl_measure([1, 0], "AP")
    with pytest.raises(ValueError, match="with T a number 0.5 or more"):
        cwl_measure([1, 0], "INST(T=0.2)")
