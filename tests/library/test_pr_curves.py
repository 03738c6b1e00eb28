"""Tests of rankmetrics_lite._pr_curves: cutoff and threshold precision-recall curves.

Hand-computed values, cross-checks with scikit-learn and trec_eval (its own test
collection, and pytrec_eval for the trec_eval 9 rule), hypothesis properties,
and every bad input with its message.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankmetrics_lite._cutoff_metrics import precision_recall_at_all_k
from rankmetrics_lite._pr_curves import (
    ELEVEN_RECALL_LEVELS,
    _eleven_point_rows,
    auprc_trapezoid,
    average_precision_from_scores,
    eleven_point_precision,
    interpolated_precision,
    max_f1,
    pr_curve_from_cutoffs,
    pr_curve_from_scores,
    precision_at_recall,
)
from tests.paths import TREC_EVAL_TEST

FAST = settings(max_examples=40, deadline=None, database=None)

# One labelled set used throughout: a positive and a negative tie at 0.8.
LABELS = [1, 1, 0, 1, 0, 0]
SCORES = [0.9, 0.8, 0.8, 0.6, 0.3, 0.1]
RANKING = [1, 0, 1, 0, 0, 1]  # with |R| = 4

rankings = st.lists(st.integers(0, 1), min_size=0, max_size=40)
# Scores on a coarse grid, so that ties are common.
labelled_sets = st.integers(1, 40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda y: 1 in y),
        st.lists(st.integers(0, 8), min_size=n, max_size=n),
    )
)


def random_scored_set(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Seeded labels (both classes) and scores with many ties."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 80))
    labels = rng.integers(0, 2, n)
    labels[:2] = [0, 1]
    rng.shuffle(labels)
    scores = rng.integers(0, int(rng.integers(1, 15)), n) / 4.0
    return labels, scores


# ------------------------------------------------------ hand-computed values --


def test_cutoff_curve_by_hand():
    curve = pr_curve_from_cutoffs(RANKING, n_relevant=4)
    assert curve.k.tolist() == [1, 2, 3, 4, 5, 6]
    assert curve.recall.tolist() == [0.25, 0.25, 0.5, 0.5, 0.5, 0.75]
    assert curve.precision.tolist() == pytest.approx([1, 1 / 2, 2 / 3, 1 / 2, 2 / 5, 1 / 2])


def test_cutoff_curve_is_the_all_k_table():
    curves = precision_recall_at_all_k([0, 1, 1, 0, 1], n_relevant=5)
    curve = pr_curve_from_cutoffs([0, 1, 1, 0, 1], n_relevant=5)
    assert np.array_equal(curve.precision, curves["precision"])
    assert np.array_equal(curve.recall, curves["recall"])


def test_interpolated_precision_by_hand():
    curve = pr_curve_from_cutoffs(RANKING, n_relevant=4)
    got = interpolated_precision(curve.recall, curve.precision, recall_levels=[0, 0.25, 0.3, 0.5, 0.6, 0.75, 0.8, 1])
    assert got.tolist() == pytest.approx([1, 1, 2 / 3, 2 / 3, 1 / 2, 1 / 2, 0, 0])


def test_interpolated_precision_any_point_order_and_edge_cases():
    # Points in scikit-learn's order (recall falling) give the same answer.
    got = interpolated_precision([1.0, 0.5, 0.0], [0.5, 0.8, 1.0], recall_levels=[0.0, 0.4, 0.5, 0.9])
    assert got.tolist() == [1.0, 0.8, 0.8, 0.5]
    assert interpolated_precision([], [], recall_levels=[0.0, 0.5]).tolist() == [0.0, 0.0]
    assert interpolated_precision([0.5], [0.7], recall_levels=[]).tolist() == []


def test_interpolated_precision_tolerates_level_rounding():
    # 3 * 0.1 = 0.30000000000000004 > 0.3 = 3/10: the level is still reached.
    assert 3 * 0.1 > 3 / 10
    assert interpolated_precision([3 / 10], [0.6], recall_levels=[3 * 0.1]).tolist() == [0.6]
    # ... but a recall clearly below the level does not reach it.
    assert interpolated_precision([0.2999], [0.6], recall_levels=[0.3]).tolist() == [0.0]


# The three rounding rules as keyword arguments of eleven_point_precision.
RULES = {
    "trec_eval 10.0": {},
    "trec_eval 9.0.8": {"trec_eval_version": "9.0.8"},
    "exact": {"recall_rule": "exact"},
}


def test_eleven_point_by_hand_under_each_rule():
    # |R| = 4: trec_eval asks for round(4L) relevant items, trec_eval 9 for int(4L + 0.9),
    # exact for ceil(4L). At L = 0.3: 1, 2 and 2 items.
    third = 2 / 3
    result = eleven_point_precision(RANKING, n_relevant=4)
    assert result.recall_levels.tolist() == [i / 10 for i in range(11)]
    assert result.precision.tolist() == pytest.approx([1, 1, 1, 1, third, third, third, 0.5, 0.5, 0, 0])
    assert result.average == pytest.approx(7 / 11)
    for rule in ("trec_eval 9.0.8", "exact"):
        result = eleven_point_precision(RANKING, n_relevant=4, **RULES[rule])
        assert result.precision.tolist() == pytest.approx([1, 1, 1, third, third, third, 0.5, 0.5, 0, 0, 0])
        assert result.average == pytest.approx(6 / 11)


def test_eleven_point_rules_differ_where_documented():
    # |R| = 77 (trec_eval's query 302), level 0.3: 0.3 * 77 = 23.099999999999998 in floating
    # point. trec_eval rounds it to 23 items; trec_eval 9 truncates 23.1 + 0.9, which also
    # gives 23 (23.999999999999996); the textbook rule (recall >= 0.3) needs 24.
    assert 0.3 * 77 + 0.9 < 24
    ranking = [1] * 23 + [0] * 10 + [1] + [0] * 5 + [1] * 30
    precision = {rule: eleven_point_precision(ranking, n_relevant=77, **options).precision
                 for rule, options in RULES.items()}
    assert precision["trec_eval 10.0"][3] == precision["trec_eval 9.0.8"][3] == 1.0  # 23rd item at rank 23
    assert precision["exact"][3] == pytest.approx(54 / 69)  # best from the 24th item (rank 34) on


def test_eleven_point_with_nothing_found_and_empty_ranking():
    assert eleven_point_precision([0, 0, 0], n_relevant=2).precision.tolist() == [0.0] * 11
    assert eleven_point_precision([], n_relevant=2).average == 0.0


def test_eleven_point_batch_kernel_matches_single_queries_and_pads_safely():
    queries = [([1, 0, 1], 5), ([0, 0, 0, 1, 1, 1, 0], 3), ([1], 1), ([0, 1, 0, 0, 1], 9)]
    depth = max(len(r) for r, _ in queries) + 3
    rows = np.zeros((len(queries), depth))
    for i, (ranking, _) in enumerate(queries):
        rows[i, : len(ranking)] = ranking
    n_rel = np.array([n for _, n in queries])
    for rule, version in [("trec_eval", "10.0"), ("trec_eval", "9.0.8"), ("exact", "10.0")]:
        batch = _eleven_point_rows(rows, n_rel, rule, version)
        for i, (ranking, n) in enumerate(queries):
            single = eleven_point_precision(ranking, n_relevant=n, recall_rule=rule, trec_eval_version=version)
            assert np.array_equal(batch[i], single.precision)
    # trec_eval's value for a query without relevant items: 0 everywhere.
    assert _eleven_point_rows(np.array([[0.0, 0.0]]), np.array([0])).tolist() == [[0.0] * 11]


def test_threshold_curve_by_hand():
    curve = pr_curve_from_scores(LABELS, SCORES)
    assert curve.thresholds.tolist() == [np.inf, 0.9, 0.8, 0.6, 0.3, 0.1]
    assert curve.recall.tolist() == pytest.approx([0, 1 / 3, 2 / 3, 1, 1, 1])
    assert curve.precision.tolist() == pytest.approx([1, 1, 2 / 3, 3 / 4, 3 / 5, 1 / 2])


def test_areas_by_hand():
    # Step-wise: 1/3 (1 + 2/3 + 3/4) = 29/36; trapezoids from (0, 1): 1/3 + 5/18 + 17/72 = 61/72.
    assert average_precision_from_scores(LABELS, SCORES) == pytest.approx(29 / 36)
    assert auprc_trapezoid(LABELS, SCORES) == pytest.approx(61 / 72)
    assert auprc_trapezoid(LABELS, SCORES) > average_precision_from_scores(LABELS, SCORES)


def test_perfect_and_all_tied_scores():
    assert average_precision_from_scores([1, 1, 0], [3, 2, 1]) == 1.0
    # All tied: one step to (recall 1, precision = prevalence).
    assert average_precision_from_scores([1, 0, 0, 0], [5, 5, 5, 5]) == 0.25
    assert auprc_trapezoid([1, 0, 0, 0], [5, 5, 5, 5]) == pytest.approx((1 + 0.25) / 2)


def test_operating_points_by_hand():
    point = precision_at_recall(LABELS, SCORES, min_recall=0.5)
    assert (point.threshold, point.precision, point.recall) == (0.6, 0.75, 1.0)
    assert point.f1 == pytest.approx(6 / 7)
    assert precision_at_recall(LABELS, SCORES, min_recall=0.0)[:3] == (0.9, 1.0, pytest.approx(1 / 3))
    assert precision_at_recall(LABELS, SCORES, min_recall=1.0).threshold == 0.6
    # F1 = 2 TP / (TP + FP + P): 2/4, 4/6, 6/7, 6/8, 6/9.
    best = max_f1(LABELS, SCORES)
    assert (best.threshold, best.precision, best.recall) == (0.6, 0.75, 1.0)
    assert best.f1 == pytest.approx(6 / 7)


def test_operating_point_ties_go_to_higher_recall():
    # Precision 1 at both thresholds: the lower one finds more.
    assert precision_at_recall([1, 1], [2, 1], min_recall=0.0).threshold == 1
    # F1 = 2/3 at thresholds 4 (1 of 2 found) and 1 (2 of 2 found).
    assert max_f1([1, 0, 0, 1], [4, 3, 2, 1]).threshold == 1


# ------------------------------------------------ cross-check: scikit-learn --


@pytest.mark.reference
@pytest.mark.parametrize("seed", range(40))
def test_threshold_measures_match_scikit_learn(seed):
    from sklearn import metrics as sk
    labels, scores = random_scored_set(seed)
    curve = pr_curve_from_scores(labels, scores)
    sk_precision, sk_recall, sk_thresholds = sk.precision_recall_curve(labels, scores)
    np.testing.assert_allclose(curve.precision[::-1], sk_precision, rtol=0, atol=1e-15)
    np.testing.assert_allclose(curve.recall[::-1], sk_recall, rtol=0, atol=1e-15)
    assert np.array_equal(curve.thresholds[:0:-1], sk_thresholds)
    assert average_precision_from_scores(labels, scores) == pytest.approx(
        sk.average_precision_score(labels, scores), abs=1e-12)
    assert auprc_trapezoid(labels, scores) == pytest.approx(sk.auc(sk_recall, sk_precision), abs=1e-12)


@pytest.mark.reference
@pytest.mark.parametrize("seed", range(20))
def test_max_f1_matches_scikit_learn_f1_at_its_threshold(seed):
    from sklearn import metrics as sk
    labels, scores = random_scored_set(seed)
    best = max_f1(labels, scores)
    predictions = (scores >= best.threshold).astype(int)
    assert best.f1 == pytest.approx(sk.f1_score(labels, predictions))
    assert best.precision == pytest.approx(sk.precision_score(labels, predictions))
    assert best.recall == pytest.approx(sk.recall_score(labels, predictions))
    every_f1 = [sk.f1_score(labels, (scores >= t).astype(int)) for t in np.unique(scores)]
    assert best.f1 == pytest.approx(max(every_f1))


# ---------------------------------------------------- cross-check: trec_eval --


def read_trec_eval_test_collection() -> tuple[dict, dict, dict]:
    """Relevance vectors (trec_eval's order), |R| and expected measures per query."""
    if not TREC_EVAL_TEST.is_dir():
        pytest.skip("trec_eval's test collection (shared/data/trec_eval_test beside the repository) is absent")
    judged: dict[str, dict[str, int]] = {}
    for line in (TREC_EVAL_TEST / "qrels.test").read_text().splitlines():
        query, _, doc, grade = line.split()
        judged.setdefault(query, {})[doc] = int(grade)
    retrieved: dict[str, list[tuple[float, bytes]]] = {}
    for line in (TREC_EVAL_TEST / "results.test").read_text().splitlines():
        query, _, doc, _, score, _ = line.split()
        retrieved.setdefault(query, []).append((float(score), doc.encode()))
    expected: dict[tuple[str, str], str] = {}
    for line in (TREC_EVAL_TEST / "out.test.aq").read_text().splitlines():
        measure, query, value = line.split("\t")
        expected[(measure.strip(), query)] = value
    relevance, n_relevant = {}, {}
    for query, scored in retrieved.items():
        ranked = sorted(scored, reverse=True)  # score descending, ties by docid descending (bytes)
        relevance[query] = [int(judged[query].get(doc.decode(), 0) >= 1) for _, doc in ranked]
        n_relevant[query] = sum(grade >= 1 for grade in judged[query].values())
    return relevance, n_relevant, expected


def test_eleven_point_matches_trec_eval_output():
    relevance, n_relevant, expected = read_trec_eval_test_collection()
    assert sorted(relevance) == ["301", "302", "303"]
    for query in relevance:
        assert str(n_relevant[query]) == expected[("num_rel", query)]
        result = eleven_point_precision(relevance[query], n_relevant=n_relevant[query])
        for level, value in zip(ELEVEN_RECALL_LEVELS, result.precision):
            assert f"{value:.4f}" == expected[(f"iprec_at_recall_{level:.2f}", query)], (query, level)
        assert f"{result.average:.4f}" == expected[("11pt_avg", query)]


def test_eleven_point_batch_mean_matches_trec_eval_all_line():
    relevance, n_relevant, expected = read_trec_eval_test_collection()
    queries = sorted(relevance)
    rows = np.zeros((len(queries), max(len(relevance[q]) for q in queries)))
    for i, query in enumerate(queries):
        rows[i, : len(relevance[query])] = relevance[query]
    per_query = _eleven_point_rows(rows, np.array([n_relevant[q] for q in queries]))
    assert f"{per_query.mean():.4f}" == expected[("11pt_avg", "all")]
    for level, value in zip(ELEVEN_RECALL_LEVELS, per_query.mean(axis=0)):
        assert f"{value:.4f}" == expected[(f"iprec_at_recall_{level:.2f}", "all")]


def test_the_textbook_rule_differs_from_trec_eval_on_query_302():
    # Why the default rule matters: level 0.3 with |R| = 77.
    relevance, n_relevant, expected = read_trec_eval_test_collection()
    exact = eleven_point_precision(relevance["302"], n_relevant=n_relevant["302"], recall_rule="exact")
    assert f"{exact.precision[3]:.4f}" == "0.7059" != expected[("iprec_at_recall_0.30", "302")]


def pytrec_eval_iprec(judged: dict, run: dict) -> dict:
    pytrec_eval = pytest.importorskip("pytrec_eval")
    evaluator = pytrec_eval.RelevanceEvaluator(judged, {"iprec_at_recall", "11pt_avg"})
    return evaluator.evaluate(run)


@pytest.mark.reference
def test_trec_eval_9_0_8_rule_matches_pytrec_eval_on_the_test_collection():
    relevance, n_relevant, _ = read_trec_eval_test_collection()
    judged, run = {}, {}
    for line in (TREC_EVAL_TEST / "qrels.test").read_text().splitlines():
        query, _, doc, grade = line.split()
        judged.setdefault(query, {})[doc] = int(grade)
    for line in (TREC_EVAL_TEST / "results.test").read_text().splitlines():
        query, _, doc, _, score, _ = line.split()
        run.setdefault(query, {})[doc] = float(score)
    reference = pytrec_eval_iprec(judged, run)
    for query in relevance:
        result = eleven_point_precision(relevance[query], n_relevant=n_relevant[query], trec_eval_version="9.0.8")
        for level, value in zip(ELEVEN_RECALL_LEVELS, result.precision):
            assert value == pytest.approx(reference[query][f"iprec_at_recall_{level:.2f}"], abs=1e-12)
        assert result.average == pytest.approx(reference[query]["11pt_avg"], abs=1e-12)


@pytest.mark.reference
def test_trec_eval_9_0_8_rule_matches_pytrec_eval_on_random_rankings():
    rng = np.random.default_rng(7)
    judged, run, truth = {}, {}, {}
    for q in range(60):
        query = f"q{q}"
        depth = int(rng.integers(1, 40))
        ranking = (rng.random(depth) < rng.random()).astype(int)
        ranking[rng.integers(depth)] = 1  # at least one relevant item retrieved
        n_relevant = int(ranking.sum() + rng.integers(0, 25))  # some never retrieved
        docs = [f"d{i:03d}" for i in range(depth)]
        run[query] = {doc: float(depth - i) for i, doc in enumerate(docs)}  # distinct scores
        judged[query] = {doc: int(rel) for doc, rel in zip(docs, ranking)}
        judged[query].update({f"u{j:03d}": 1 for j in range(n_relevant - int(ranking.sum()))})
        truth[query] = (ranking, n_relevant)
    reference = pytrec_eval_iprec(judged, run)
    for query, (ranking, n_relevant) in truth.items():
        result = eleven_point_precision(ranking, n_relevant=n_relevant, trec_eval_version="9.0.8")
        expected = [reference[query][f"iprec_at_recall_{level:.2f}"] for level in ELEVEN_RECALL_LEVELS]
        np.testing.assert_allclose(result.precision, expected, rtol=0, atol=1e-12, err_msg=query)


# ------------------------------------------------------------- properties --


@FAST
@given(rankings, st.integers(0, 10))
def test_interpolated_precision_never_increases_with_recall(ranking, unretrieved):
    n_relevant = sum(ranking) + unretrieved
    if n_relevant == 0:
        return
    curve = pr_curve_from_cutoffs(ranking, n_relevant=n_relevant)
    levels = np.linspace(0, 1, 41)
    values = interpolated_precision(curve.recall, curve.precision, recall_levels=levels)
    assert np.all(np.diff(values) <= 0)
    # The envelope lies on or above every point, at that point's recall.
    on_points = interpolated_precision(curve.recall, curve.precision, recall_levels=curve.recall)
    assert np.all(on_points >= curve.precision)
    for options in RULES.values():
        assert np.all(np.diff(eleven_point_precision(ranking, n_relevant=n_relevant, **options).precision) <= 0)


@FAST
@given(st.lists(st.tuples(st.integers(0, 20), st.integers(0, 20)), max_size=30),
       st.lists(st.integers(0, 20), max_size=10))
def test_interpolated_precision_matches_its_definition(points, levels):
    recall = [r / 20 for r, _ in points]
    precision = [p / 20 for _, p in points]
    levels = [level / 20 for level in levels]
    expected = [max([p for r, p in zip(recall, precision) if r >= level], default=0.0) for level in levels]
    assert interpolated_precision(recall, precision, recall_levels=levels).tolist() == expected


@FAST
@given(rankings, st.integers(0, 10))
def test_exact_rule_is_interpolation_at_the_nominal_levels(ranking, unretrieved):
    n_relevant = sum(ranking) + unretrieved
    if n_relevant == 0:
        return
    curve = pr_curve_from_cutoffs(ranking, n_relevant=n_relevant)
    # Exact fractions: reaching level i/10 means hits / |R| >= i / 10.
    hits = np.cumsum(ranking)
    expected = [max([float(p) for h, p in zip(hits, curve.precision)
                     if Fraction(int(h), n_relevant) >= Fraction(i, 10)], default=0.0) for i in range(11)]
    assert eleven_point_precision(ranking, n_relevant=n_relevant, recall_rule="exact").precision.tolist() == expected


@FAST
@given(labelled_sets)
def test_average_precision_is_mean_precision_at_positives_without_ties(labelled):
    labels, _ = labelled
    scores = list(range(len(labels), 0, -1))  # distinct: the ranking is the label order
    curves = precision_recall_at_all_k(labels, n_relevant=sum(labels))
    expected = np.mean(curves["precision"][np.asarray(labels) == 1])
    assert average_precision_from_scores(labels, scores) == pytest.approx(expected)


@FAST
@given(labelled_sets)
def test_threshold_curve_properties(labelled):
    labels, scores = labelled
    curve = pr_curve_from_scores(labels, scores)
    assert len(curve.thresholds) == len(set(scores)) + 1
    assert np.all(np.diff(curve.recall) >= 0) and curve.recall[-1] == 1.0
    assert curve.precision[-1] == pytest.approx(np.mean(labels))  # everything called positive
    ap = average_precision_from_scores(labels, scores)
    assert 0 < ap <= 1 and 0 < auprc_trapezoid(labels, scores) <= 1


@FAST
@given(labelled_sets, st.integers(0, 10))
def test_operating_points_match_brute_force(labelled, tenths):
    labels, scores = labelled
    labels, scores = np.array(labels), np.array(scores)
    min_recall = tenths / 10
    candidates = []
    for t in np.unique(scores):
        called = scores >= t
        tp = int(np.sum(called & (labels == 1)))
        candidates.append((t, tp / called.sum(), tp / labels.sum(), 2 * tp / (called.sum() + labels.sum())))
    reaching = [c for c in candidates if c[2] >= min_recall - 1e-12]
    point = precision_at_recall(labels, scores, min_recall=min_recall)
    assert point.precision == pytest.approx(max(c[1] for c in reaching))
    assert point.recall >= min_recall - 1e-12
    assert max_f1(labels, scores).f1 == pytest.approx(max(c[3] for c in candidates))


# ------------------------------------------------------------- bad input --


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: pr_curve_from_cutoffs([1, 2], n_relevant=3), ValueError, r"relevance must hold only 0 .* and 1"),
        (lambda: pr_curve_from_cutoffs([1, 0], n_relevant=0), ValueError, r"n_relevant must be at least"),
        (lambda: pr_curve_from_cutoffs([0, 0], n_relevant=0), ValueError, r"undefined when n_relevant is 0"),
        (lambda: eleven_point_precision([0, 0], n_relevant=0), ValueError,
         r"11-point interpolated precision is undefined when n_relevant is 0"),
        (lambda: eleven_point_precision([1, 0], n_relevant=2, recall_rule="round"), ValueError,
         r"recall_rule must be one of 'trec_eval', 'exact'; got 'round'"),
        (lambda: eleven_point_precision([1, np.nan], n_relevant=2), ValueError, r"relevance must be finite"),
        (lambda: interpolated_precision([0.5, 1.5], [1, 1], recall_levels=[0.5]), ValueError,
         r"recall must lie in \[0, 1\]; recall\[1\] is 1.5"),
        (lambda: interpolated_precision([0.5], [-0.1], recall_levels=[0.5]), ValueError, r"precision must lie in \[0, 1\]"),
        (lambda: interpolated_precision([0.5], [1.0], recall_levels=[2]), ValueError, r"recall_levels must lie in \[0, 1\]"),
        (lambda: interpolated_precision([0.5, 1], [1.0], recall_levels=[0.5]), ValueError,
         r"recall and precision must have the same length .* got 2 and 1"),
        (lambda: interpolated_precision([0.5], [np.nan], recall_levels=[0.5]), ValueError,
         r"precision must be finite; precision\[0\] is nan"),
        (lambda: interpolated_precision([0.5], [1.0], recall_levels=0.5), TypeError,
         r"recall_levels must be a sequence of numbers, one per item .* got float"),
        (lambda: interpolated_precision([[0.5]], [[1.0]], recall_levels=[0.5]), ValueError,
         r"recall must be one-dimensional"),
        (lambda: interpolated_precision([0.5], [1.0], recall_levels=["0.5"]), TypeError,
         r"recall_levels must contain only numbers; recall_levels\[0\] is '0.5' \(str\)"),
    ],
)
def test_bad_ranking_input_is_refused_with_a_helpful_message(call, error, message):
    with pytest.raises(error, match=message):
        call()


SCORE_FUNCTIONS = [pr_curve_from_scores, average_precision_from_scores, auprc_trapezoid, max_f1,
                   lambda labels, scores: precision_at_recall(labels, scores, min_recall=0.5)]


@pytest.mark.parametrize("function", SCORE_FUNCTIONS)
@pytest.mark.parametrize(
    ("labels", "scores", "error", "message"),
    [
        ([1, 2, 0], [0.3, 0.2, 0.1], ValueError,
         r"labels must hold only 0 \(negative\) and 1 \(positive\); labels\[1\] is 2\. Binarise first"),
        ([1, -1], [0.3, 0.2], ValueError, r"labels\[1\] is -1"),
        ([1, 0, 1], [0.3, 0.2], ValueError,
         r"labels and scores must have the same length .* got 3 labels and 2 scores"),
        ([1, 0], [0.3, np.nan], ValueError, r"scores must be finite; scores\[1\] is nan: replace NaN"),
        ([1, 0], [np.inf, 0.2], ValueError, r"scores must be finite; scores\[0\] is inf"),
        ([0, 0, 0], [0.3, 0.2, 0.1], ValueError,
         r"needs at least one positive \(1\) in labels, but all 3 labels are 0"),
        ([], [], ValueError, r"labels and scores are empty: pass at least one scored item"),
        ("101", [0.3, 0.2, 0.1], TypeError, r"labels must be a sequence of numbers, one per item .* got str"),
        ([1, 0], {"a": 1}, TypeError, r"scores must be a sequence of numbers, one per item .* got dict"),
        ([1, 0], ["high", "low"], TypeError, r"scores must contain only numbers"),
        ([[1, 0]], [[0.3, 0.2]], ValueError, r"labels must be one-dimensional"),
        (["1", "0"], [0.3, 0.2], TypeError,
         r"labels must contain only numbers; labels\[0\] is '1' \(str\): convert it first"),
        ([1, 0], [0.3, None], TypeError, r"scores must contain only numbers; scores\[1\] is None"),
    ],
)
def test_bad_scored_input_is_refused_with_a_helpful_message(function, labels, scores, error, message):
    with pytest.raises(error, match=message):
        function(labels, scores)


def test_only_positives_are_fine_for_precision_measures():
    assert average_precision_from_scores([1, 1], [0.2, 0.1]) == 1.0
    assert max_f1([1, 1], [0.2, 0.1]).f1 == 1.0


@pytest.mark.parametrize(
    ("min_recall", "error", "message"),
    [
        (-0.1, ValueError, r"min_recall must be a number in \[0, 1\], got -0.1"),
        (1.5, ValueError, r"min_recall must be a number in \[0, 1\], got 1.5"),
        (float("nan"), ValueError, r"min_recall must be a number in \[0, 1\], got nan"),
        ("0.5", TypeError, r"min_recall must be a number in \[0, 1\], got '0.5' \(str\)"),
        (True, TypeError, r"min_recall must be a number in \[0, 1\], got True \(bool\)"),
    ],
)
def test_bad_min_recall_is_refused(min_recall, error, message):
    with pytest.raises(error, match=message):
        precision_at_recall(LABELS, SCORES, min_recall=min_recall)
