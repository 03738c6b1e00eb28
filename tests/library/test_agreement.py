"""Tests of rankmetrics_lite._agreement: agreement between judges and between orderings.

The cross-checks (marked ``reference``) compare with maintained implementations:
Cohen's kappa, unweighted and weighted, with scikit-learn's ``cohen_kappa_score``;
Fleiss' kappa with statsmodels' ``fleiss_kappa``; Krippendorff's alpha at three
levels, with missing labels, with the ``krippendorff`` package; Kendall's tau-b
with ``scipy.stats.kendalltau``; RBO's extrapolation and its lower bound with the
``rbo`` package. tau_AP is checked against its definition on every ordering of up to
seven systems, and its tie rule against the average over every way of breaking the
ties; RBO's bounds against the RBO of the extensions that reach them; the bootstrap
interval of kappa against a plain loop over the same draws.

Each comparison counts the values it compared and the largest difference;
``python -m tests.library.test_agreement`` prints them. Every comparison was seen
failing on deliberate faults put into the module one at a time: kappa's chance term
from one judge's shares twice, and linear weights squared; Fleiss' pairs of judges
counted as n^2; alpha's pairs weighted 1/m_u, and the ordinal distance without its
half-counts; tau-b without the pairs tied in both lists; tau_AP divided by i, and its
tied pairs counted right rather than half; RBO's extrapolation without the uneven
lists' sum, its lower bound's tail with the wrong sign, its upper bound reaching full
agreement at l + s, and without S's unseen items matched between s and l; the kappa
interval resampling items instead of queries.
"""

from __future__ import annotations

import itertools
import math
import sys
from dataclasses import dataclass
from importlib.metadata import version

import numpy as np
import pytest

from rankmetrics_lite import (
    ConfusionTable,
    KappaInterval,
    RankBiasedOverlap,
    cohen_kappa,
    cohen_kappa_interval,
    confusion_table,
    fleiss_kappa,
    kendall_tau,
    krippendorff_alpha,
    rank_biased_overlap,
    tau_ap,
)


@dataclass
class Comparison:
    """How many values a cross-check compared, and the largest difference it saw."""

    reference: str
    count: int = 0
    largest: float = 0.0

    def add(self, ours: float, theirs: float) -> None:
        self.count += 1
        self.largest = max(self.largest, abs(float(ours) - float(theirs)))


# --------------------------------------------------- cross-check: kappa --


def kappa_cases():
    """(labels_a, labels_b, categories, weights): skewed label sets, 2 to 5 grades."""
    rng = np.random.default_rng(2024)
    for case in range(400):
        n = int(rng.integers(1, 150))
        k = int(rng.integers(2, 6))
        shares = rng.dirichlet(np.full(k, 0.6))
        a = rng.choice(k, size=n, p=shares)
        # the second judge: the first one's label, or a random one
        b = np.where(rng.random(n) < rng.uniform(0, 1), a, rng.choice(k, size=n, p=shares))
        for weights in (None, "linear", "quadratic"):
            yield a, b, list(range(k)), weights


def compare_cohen_with_sklearn() -> Comparison:
    from sklearn.metrics import cohen_kappa_score

    result = Comparison(f"scikit-learn {version('scikit-learn')} cohen_kappa_score")
    undefined = 0
    for a, b, categories, weights in kappa_cases():
        with _quiet():
            theirs = cohen_kappa_score(a, b, labels=categories, weights=weights)
        if not math.isfinite(theirs):
            with pytest.raises(ValueError, match="undefined"):
                cohen_kappa(a, b, weights=weights, categories=categories)
            undefined += 1
            continue
        result.add(cohen_kappa(list(a), list(b), weights=weights, categories=categories), theirs)
    # text labels, unweighted: the categories sorted as text
    rng = np.random.default_rng(7)
    for _ in range(100):
        a = rng.choice(["rel", "non", "partial"], size=40)
        b = np.where(rng.random(40) < 0.6, a, rng.choice(["rel", "non", "partial"], size=40))
        result.add(cohen_kappa(list(a), list(b)), cohen_kappa_score(a, b))
    assert 0 < undefined < result.count / 10  # the undefined case is exercised, not dominant
    return result


class _quiet:
    """Silence scikit-learn's warning for an undefined kappa (it returns NaN)."""

    def __enter__(self):
        import warnings
        self._catch = warnings.catch_warnings()
        self._catch.__enter__()
        warnings.simplefilter("ignore")

    def __exit__(self, *exc):
        self._catch.__exit__(*exc)


@pytest.mark.reference
def test_cohen_kappa_equals_scikit_learn():
    result = compare_cohen_with_sklearn()
    assert result.count >= 1200 and result.largest < 1e-12, result


def compare_fleiss_with_statsmodels() -> Comparison:
    from statsmodels.stats.inter_rater import aggregate_raters
    from statsmodels.stats.inter_rater import fleiss_kappa as statsmodels_fleiss

    result = Comparison(f"statsmodels {version('statsmodels')} fleiss_kappa")
    rng = np.random.default_rng(1971)
    for _ in range(500):
        judges, items, k = int(rng.integers(2, 9)), int(rng.integers(1, 60)), int(rng.integers(2, 6))
        truth = rng.choice(k, size=items)
        data = np.where(rng.random((judges, items)) < rng.uniform(0.2, 1), truth, rng.choice(k, size=(judges, items)))
        if np.unique(data).size == 1:
            with pytest.raises(ValueError, match="undefined"):
                fleiss_kappa(data)
            continue
        table = aggregate_raters(data.T)[0]  # items x categories
        result.add(fleiss_kappa(data), statsmodels_fleiss(table, method="fleiss"))
    return result


@pytest.mark.reference
def test_fleiss_kappa_equals_statsmodels():
    result = compare_fleiss_with_statsmodels()
    assert result.count >= 450 and result.largest < 1e-12, result


def compare_alpha_with_krippendorff() -> Comparison:
    import krippendorff

    result = Comparison(f"krippendorff {version('krippendorff')} alpha")
    rng = np.random.default_rng(2007)
    domains = [np.array([0.0, 1.0]), np.array([0.0, 1.0, 2.0]), np.array([1.0, 2.0, 3.0, 4.0, 5.0]),
               np.array([-1.5, 0.0, 0.5, 2.0, 3.7])]
    for _ in range(300):
        judges, items = int(rng.integers(2, 7)), int(rng.integers(2, 50))
        domain = domains[int(rng.integers(len(domains)))]
        truth = rng.choice(domain, size=items)
        data = np.where(rng.random((judges, items)) < rng.uniform(0.3, 1), truth,
                        rng.choice(domain, size=(judges, items)))
        data[rng.random((judges, items)) < rng.uniform(0, 0.4)] = np.nan
        pairable = np.sum(~np.isnan(data), axis=0) >= 2
        present = data[:, pairable][~np.isnan(data[:, pairable])]
        for level in ("nominal", "ordinal", "interval"):
            if not pairable.any() or np.unique(present).size < 2:
                with pytest.raises(ValueError):
                    krippendorff_alpha(data, level=level)
                continue
            theirs = krippendorff.alpha(reliability_data=data, level_of_measurement=level)
            result.add(krippendorff_alpha(data, level=level), theirs)
    return result


@pytest.mark.reference
def test_krippendorff_alpha_equals_the_krippendorff_package():
    result = compare_alpha_with_krippendorff()
    assert result.count >= 800 and result.largest < 1e-10, result


# -------------------------------------------------- cross-check: orderings --


def compare_kendall_with_scipy() -> Comparison:
    from scipy.stats import kendalltau

    result = Comparison(f"scipy {version('scipy')} stats.kendalltau (tau-b)")
    rng = np.random.default_rng(1938)
    for _ in range(600):
        n = int(rng.integers(2, 300))
        levels = int(rng.integers(2, n + 3))  # few levels: many ties
        x = rng.integers(0, levels, size=n).astype(float)
        y = np.where(rng.random(n) < rng.uniform(0, 1), x, rng.integers(0, levels, size=n))
        if np.unique(x).size == 1 or np.unique(y).size == 1:
            with pytest.raises(ValueError, match="undefined"):
                kendall_tau(x, y)
            continue
        result.add(kendall_tau(x, y), kendalltau(x, y, variant="b").statistic)
    # one long list, continuous scores
    x = rng.normal(size=20_000)
    y = x + rng.normal(size=20_000)
    result.add(kendall_tau(x, y), kendalltau(x, y).statistic)
    return result


@pytest.mark.reference
def test_kendall_tau_equals_scipy():
    result = compare_kendall_with_scipy()
    assert result.count >= 550 and result.largest < 1e-12, result


def rbo_cases():
    """Two rankings drawn from one pool of items (so they share some), of lengths 1 to 30."""
    rng = np.random.default_rng(2010)
    for _ in range(400):
        pool = [f"d{i}" for i in range(int(rng.integers(2, 60)))]
        a = list(rng.permutation(pool)[: int(rng.integers(1, min(30, len(pool)) + 1))])
        b = list(rng.permutation(pool)[: int(rng.integers(1, min(30, len(pool)) + 1))])
        for p in (0.5, 0.8, 0.9, 0.95, 0.98):
            yield a, b, p


def seen_tail(x_l: int, l: int, p: float) -> float:
    """The lower bound's tail: what X_l contributes to RBO at every depth beyond l."""
    return (1 - p) / p * x_l * (-math.log1p(-p) - sum(p**d / d for d in range(1, l + 1)))


def compare_rbo_with_the_rbo_package() -> tuple[Comparison, Comparison]:
    from rbo import RankingSimilarity

    reference = f"rbo {version('rbo')}"
    extrapolated = Comparison(f"{reference} RankingSimilarity.rbo_ext")
    minimum = Comparison(f"{reference} RankingSimilarity.rbo (+ the unseen tail)")
    for a, b, p in rbo_cases():
        ours = rank_biased_overlap(a, b, p=p)
        extrapolated.add(ours.extrapolated, RankingSimilarity(a, b).rbo_ext(p=p))
        if len(a) == len(b):  # the package's rbo() stops at the shorter ranking
            x_l = len(set(a) & set(b))
            minimum.add(ours.minimum, RankingSimilarity(a, b).rbo(p=p) + seen_tail(x_l, len(a), p))
    return extrapolated, minimum


@pytest.mark.reference
def test_rank_biased_overlap_equals_the_rbo_package():
    extrapolated, minimum = compare_rbo_with_the_rbo_package()
    assert extrapolated.count == 2000 and extrapolated.largest < 1e-12, extrapolated
    assert minimum.count >= 40 and minimum.largest < 1e-12, minimum


# ------------------------------------------- tau_AP against its definition --


def tau_ap_by_definition(truth: list[float], estimate: list[float]) -> float:
    """Yilmaz, Aslam & Robertson's definition, for an estimate without ties."""
    order = sorted(range(len(estimate)), key=lambda i: -estimate[i])
    n = len(order)
    total = sum(sum(truth[order[j]] > truth[order[i]] for j in range(i)) / i for i in range(1, n))
    return 2 * total / (n - 1) - 1


def tie_breakings(estimate: list[float]):
    """Every ordering of the estimate that keeps its strict order (ties broken every way)."""
    levels = sorted(set(estimate), reverse=True)
    groups = [[i for i, v in enumerate(estimate) if v == level] for level in levels]
    for arrangement in itertools.product(*(itertools.permutations(g) for g in groups)):
        flat = [i for group in arrangement for i in group]
        scores = [0.0] * len(estimate)
        for position, i in enumerate(flat):
            scores[i] = float(len(flat) - position)
        yield scores


def compare_tau_ap_with_its_definition() -> Comparison:
    result = Comparison("the definition (Yilmaz, Aslam & Robertson 2008), every ordering; "
                        "ties: the mean over every way to break them")
    for n in range(2, 8):
        truth = [float(n - i) for i in range(n)]
        for permutation in itertools.permutations(range(n)):
            estimate = [float(v) for v in permutation]
            result.add(tau_ap(truth, estimate), tau_ap_by_definition(truth, estimate))
    for n in range(2, 6):
        truth = [float(n - i) for i in range(n)]
        for estimate in itertools.product(range(3), repeat=n):
            estimate = [float(v) for v in estimate]
            expected = np.mean([tau_ap_by_definition(truth, s) for s in tie_breakings(estimate)])
            result.add(tau_ap(truth, estimate), expected)
    return result


@pytest.mark.slow
def test_tau_ap_equals_its_definition_on_every_small_case():
    result = compare_tau_ap_with_its_definition()
    assert result.count == sum(math.factorial(n) for n in range(2, 8)) + sum(3**n for n in range(2, 6))
    assert result.largest < 1e-12, result


def test_tau_ap_gives_ircor_s_documented_values():
    # The example of the R package ircor (Urbano & Marrero's implementation), with its printed output.
    x = [0.67, 0.45, 0.29, 0.12, 0.57, 0.24, 0.94, 0.75, 0.08, 0.54]
    y = [0.48, 0.68, 0.32, 0.09, 0.06, 0.61, 0.87, 0.22, 0.44, 0.84]
    assert tau_ap(x, y) == pytest.approx(0.3928571, abs=5e-8)
    assert tau_ap(x, [round(v, 1) for v in y]) == pytest.approx(0.39903, abs=5e-6)  # tauAP_a


def test_tau_ap_is_top_weighted_and_agrees_with_tau_without_ties_at_the_ends():
    truth = list(range(10, 0, -1))
    assert tau_ap(truth, truth) == 1.0 and tau_ap(truth, truth[::-1]) == pytest.approx(-1.0)
    top = [9, 10] + truth[2:]
    bottom = truth[:-2] + [1, 2]
    assert kendall_tau(truth, top) == kendall_tau(truth, bottom)
    assert tau_ap(truth, top) < tau_ap(truth, bottom)


# ------------------------------------- RBO's bounds against their extensions --


def rbo_of(a: list, b: list, p: float) -> float:
    """(1 - p) sum p^(d-1) A_d over the whole length of two equally long lists."""
    seen_a, seen_b, shared, total = set(), set(), 0, 0.0
    for d, (x, y) in enumerate(zip(a, b), start=1):
        shared += (x in seen_b) + (y in seen_a) + (x == y)
        seen_a.add(x)
        seen_b.add(y)
        total += p ** (d - 1) * shared / d
    return (1 - p) * total


def extended(short: list, long_: list, depth: int, best: bool) -> tuple[list, list]:
    """Both rankings continued to ``depth``: with fresh items that match nothing (worst), or
    with the items that make them agree as early as possible (best)."""
    fresh = (f"new{i}" for i in itertools.count())
    if not best:
        return (short + [next(fresh) for _ in range(depth - len(short))],
                long_ + [next(fresh) for _ in range(depth - len(long_))])
    a = short + [x for x in long_ if x not in set(short)]
    b = long_ + [x for x in short if x not in set(long_)]
    shared = [next(fresh) for _ in range(depth - len(a))]
    return a + shared, b + shared


def compare_rbo_bounds_with_their_extensions() -> Comparison:
    result = Comparison("the RBO of the worst and the best extension, to depth 3,000")
    for index, (a, b, p) in enumerate(rbo_cases()):
        if index % 4:  # a quarter of the cases: each costs two sums of 3,000 terms
            continue
        ours = rank_biased_overlap(a, b, p=p)
        short, long_ = (a, b) if len(a) <= len(b) else (b, a)
        result.add(ours.minimum, rbo_of(*extended(short, long_, 3000, best=False), p))
        result.add(ours.maximum, rbo_of(*extended(short, long_, 3000, best=True), p))
    return result


@pytest.mark.slow
def test_rbo_bounds_are_reached_by_their_extensions():
    result = compare_rbo_bounds_with_their_extensions()
    assert result.count == 1000 and result.largest < 1e-11, result


def test_any_extension_stays_within_the_bounds():
    rng = np.random.default_rng(5)
    for a, b, p in itertools.islice(rbo_cases(), 0, 600, 7):
        bounds = rank_biased_overlap(a, b, p=p)
        assert bounds.minimum <= bounds.extrapolated <= bounds.maximum + 1e-12
        pool = list(dict.fromkeys(a + b)) + [f"x{i}" for i in range(20)]
        for _ in range(5):
            extra_a = [x for x in rng.permutation(pool).tolist() if x not in set(a)]
            extra_b = [x for x in rng.permutation(pool).tolist() if x not in set(b)]
            depth = min(len(a) + len(extra_a), len(b) + len(extra_b))
            full_a, full_b = (a + extra_a)[:depth], (b + extra_b)[:depth]
            value = rbo_of(full_a, full_b, p)  # to that depth; the rest adds at most p**depth
            assert bounds.minimum <= value + p**depth + 1e-12
            assert value <= bounds.maximum + 1e-12


def test_rbo_top_weight_and_residual_shrink_with_depth():
    a, b = list("abcdefghijklmnopqrst"), list("badcfehgjilknmporqts")
    residuals = [rank_biased_overlap(a[:d], b[:d], p=0.9).residual for d in range(1, 21)]
    assert all(later < earlier for earlier, later in zip(residuals, residuals[1:]))
    # Webber et al.'s weight of the first d ranks (their eq. 21): 86% for p = 0.9 and d = 10.
    p, d = 0.9, 10
    weight = 1 - p ** (d - 1) + (1 - p) / p * d * (-math.log(1 - p) - sum(p**i / i for i in range(1, d)))
    assert round(weight, 2) == 0.86


def test_rbo_of_identical_and_disjoint_rankings():
    same = rank_biased_overlap(list("abc"), list("abc"), p=0.9)
    assert same.extrapolated == pytest.approx(1.0) and same.maximum == pytest.approx(1.0)
    apart = rank_biased_overlap(list("abc"), list("xyz"), p=0.9)
    assert apart.minimum == 0.0 and apart.extrapolated == 0.0 and apart.maximum > 0.5
    assert isinstance(same, RankBiasedOverlap) and same.depth == 3


# -------------------------------------- the bootstrap interval of kappa --


def test_kappa_interval_equals_a_plain_loop_over_the_same_draws():
    rng = np.random.default_rng(3)
    queries = [f"q{i}" for i in range(15) for _ in range(int(rng.integers(3, 9)))]
    a = rng.choice(3, size=len(queries), p=[0.8, 0.1, 0.1])
    b = np.where(rng.random(len(queries)) < 0.7, a, rng.choice(3, size=len(queries)))
    result = cohen_kappa_interval(a, b, groups=queries, weights="linear", n_resamples=400, seed=11)
    assert isinstance(result, KappaInterval)
    assert result.kappa == cohen_kappa(a, b, weights="linear") and result.n_groups == 15
    names = list(dict.fromkeys(queries))
    members = {g: [i for i, q in enumerate(queries) if q == g] for g in names}
    picks = np.random.default_rng(11).integers(0, 15, size=(400, 15))
    draws = []
    for row in picks:
        items = [i for g in row for i in members[names[g]]]
        draws.append(cohen_kappa(a[items], b[items], weights="linear", categories=[0, 1, 2]))
    assert (result.low, result.high) == pytest.approx(tuple(np.quantile(draws, [0.025, 0.975])), abs=1e-12)


def test_kappa_interval_by_items_is_narrower_than_by_queries_when_errors_cluster():
    # A judge that errs on whole queries: per-item resampling understates the uncertainty.
    rng = np.random.default_rng(8)
    queries = [f"q{i}" for i in range(30) for _ in range(20)]
    truth = rng.random(600) < 0.15
    misread = np.repeat(rng.random(30) < 0.3, 20)
    judge = np.where(misread, rng.random(600) < 0.15, truth)
    by_query = cohen_kappa_interval(truth, judge, groups=queries, seed=0)
    by_item = cohen_kappa_interval(truth, judge, seed=0)
    assert by_item.high - by_item.low < by_query.high - by_query.low


# ------------------------------------------------------------- behaviour --


def test_raw_agreement_misleads_where_kappa_does_not():
    course = [1] * 6 + [0] * 94
    nobody = [0] * 100
    assert confusion_table(course, nobody).observed_agreement == 0.94
    assert cohen_kappa(course, nobody) == 0.0


def test_confusion_table_layout_and_categories():
    table = confusion_table([2, 0, 0], [2, 0, 1], categories=[0, 1, 2, 3])
    assert table == ConfusionTable((0, 1, 2, 3), ((1, 1, 0, 0), (0, 0, 0, 0), (0, 0, 1, 0), (0, 0, 0, 0)))
    assert table.n == 3 and str(table).splitlines()[0].split() == ["a", "\\", "b", "0", "1", "2", "3"]
    assert confusion_table([True, False], [True, True]).categories == (0, 1)


def test_weighted_kappa_counts_distance_by_position_in_the_categories():
    a, b = [0, 2, 2, 0, 2], [2, 2, 0, 0, 2]
    # grade 1 never used: without categories, 0 and 2 are neighbours
    assert cohen_kappa(a, b, weights="quadratic") == cohen_kappa(a, b, weights="linear")
    assert cohen_kappa(a, b, weights="quadratic", categories=[0, 1, 2]) == pytest.approx(
        cohen_kappa(a, b, weights="linear", categories=[0, 1, 2]))
    assert cohen_kappa(["low", "high"], ["low", "high"], weights="linear", categories=["low", "high"]) == 1.0
    assert cohen_kappa(a, b) == cohen_kappa([str(x) for x in a], [str(x) for x in b])


def test_two_judges_fleiss_against_cohen():
    a, b = [0, 1, 1, 2, 0, 2, 1, 0], [0, 1, 2, 2, 0, 1, 1, 1]
    # Fleiss pools both judges' shares for chance; Cohen keeps each judge's own
    assert fleiss_kappa([a, b]) != pytest.approx(cohen_kappa(a, b))
    assert fleiss_kappa([a, a]) == 1.0 and krippendorff_alpha([a, a]) == 1.0


def test_alpha_ignores_items_with_one_label_and_allows_none():
    data = [[0, 1, None, 1], [0, 1, 1, None]]
    assert krippendorff_alpha(data) == krippendorff_alpha([[0, 1], [0, 1]])


# ------------------------------------------------------------ refusals --


@pytest.mark.parametrize("call, error, message", [
    (lambda: cohen_kappa([0, 1], [0]), ValueError, "labels_a has 2 labels, labels_b has 1"),
    (lambda: cohen_kappa([0, None], [0, 1]), ValueError, r"labels_a\[1\] is None, a missing label"),
    (lambda: cohen_kappa([0, float("nan")], [0, 1]), ValueError, "krippendorff_alpha"),
    (lambda: cohen_kappa([0, "1"], [0, 1]), TypeError, "mixes numbers and text"),
    (lambda: cohen_kappa([0, 1], ["0", "1"]), TypeError, "both be numbers or both be text"),
    (lambda: cohen_kappa("0101", [0, 1, 0, 1]), TypeError, "labels_a must be a sequence of labels"),
    (lambda: cohen_kappa([], []), ValueError, "at least one label"),
    (lambda: cohen_kappa([0, 0], [0, 0]), ValueError, "undefined here: both label sets put every item in 0"),
    (lambda: cohen_kappa([0, 1], [0, 1], weights="square"), ValueError, "weights must be one of"),
    (lambda: cohen_kappa(["a", "b"], ["a", "b"], weights="linear"), TypeError, "pass categories="),
    (lambda: cohen_kappa([0, 3], [0, 1], categories=[0, 1, 2]), ValueError, "hold 3, which categories"),
    (lambda: cohen_kappa([0, 1], [0, 1], categories=[0, 1, 1]), ValueError, "each category once"),
    (lambda: cohen_kappa([[0], [1]], [0, 1]), TypeError, "a label must be a number"),
    (lambda: confusion_table([0, 1], [0, 2], categories=["0", "1"]), TypeError, "categories must be"),
    (lambda: cohen_kappa_interval([0, 1], [0, 1], groups=["q"] * 2), ValueError, "at least 2 groups"),
    (lambda: cohen_kappa_interval([0, 1], [0, 1], groups=["q"]), ValueError, "2 labels, 1 groups"),
    (lambda: cohen_kappa_interval([0, 1], [0, 1], groups=[[1], [2]]), TypeError, "hashable"),
    (lambda: cohen_kappa_interval([0, 1], [0, 1], confidence=95), ValueError, "strictly between 0 and 1"),
    (lambda: cohen_kappa_interval([0] * 9 + [1], [0] * 9 + [1]), ValueError, "resamples"),
    (lambda: fleiss_kappa([[0, 1]]), ValueError, "at least 2 rows"),
    (lambda: fleiss_kappa([[0, 1], [0]]), ValueError, "same items"),
    (lambda: fleiss_kappa([[0, None], [0, 1]]), ValueError, "use krippendorff_alpha"),
    (lambda: fleiss_kappa([[1, 1], [1, 1]]), ValueError, "undefined"),
    (lambda: fleiss_kappa([0, 1]), TypeError, r"reliability_data\[0\] must be a row"),
    (lambda: krippendorff_alpha([[0, None], [None, 1]]), ValueError, "no item labelled by two judges"),
    (lambda: krippendorff_alpha([[1, 1], [1, 1]]), ValueError, "undefined"),
    (lambda: krippendorff_alpha([["a", "b"], ["a", "b"]]), TypeError, "numeric labels"),
    (lambda: krippendorff_alpha([[0, 1], [0, 1]], level="ratio"), ValueError, "level must be one of"),
    (lambda: krippendorff_alpha(np.zeros((2, 2, 2))), ValueError, "two-dimensional"),
    (lambda: kendall_tau([1, 2], [1, 2, 3]), ValueError, "x has 2 scores, y has 3"),
    (lambda: kendall_tau({"a": 1, "b": 2}, {"a": 1, "c": 2}), ValueError, "missing from y"),
    (lambda: kendall_tau({"a": 1, "b": 2}, [1, 2]), TypeError, "both be dicts"),
    (lambda: kendall_tau([1, 1, 1], [1, 2, 3]), ValueError, "x gives every system the same score"),
    (lambda: kendall_tau([1, float("nan")], [1, 2]), ValueError, "finite"),
    (lambda: kendall_tau([1], [1]), ValueError, "at least 2 systems"),
    (lambda: kendall_tau([1, "2"], [1, 2]), TypeError, "must hold numbers"),
    (lambda: tau_ap({"a": 1, "b": 1, "c": 2}, {"a": 1, "b": 2, "c": 3}), ValueError, "truth ties 'a' and 'b'"),
    (lambda: rank_biased_overlap([], ["a"]), ValueError, "at least one item"),
    (lambda: rank_biased_overlap(["a", "b", "a"], ["a"]), ValueError, "lists 'a' twice"),
    (lambda: rank_biased_overlap([1.5], [1]), TypeError, "text or integers"),
    (lambda: rank_biased_overlap(["a"], ["a"], p=1.0), ValueError, "strictly between 0 and 1"),
    (lambda: rank_biased_overlap("abc", ["a"]), TypeError, "sequence of item ids"),
])
def test_bad_input_is_refused_with_the_fix(call, error, message):
    with pytest.raises(error, match=message):
        call()


# --------------------------------------------------------------- report --


def cross_check_report() -> list[tuple[str, Comparison]]:
    extrapolated, minimum = compare_rbo_with_the_rbo_package()
    return [("cohen_kappa", compare_cohen_with_sklearn()),
            ("fleiss_kappa", compare_fleiss_with_statsmodels()),
            ("krippendorff_alpha", compare_alpha_with_krippendorff()),
            ("kendall_tau", compare_kendall_with_scipy()),
            ("tau_ap", compare_tau_ap_with_its_definition()),
            ("rank_biased_overlap (extrapolated)", extrapolated),
            ("rank_biased_overlap (minimum)", minimum),
            ("rank_biased_overlap (minimum, maximum)", compare_rbo_bounds_with_their_extensions())]


if __name__ == "__main__":
    for name, result in cross_check_report():
        print(f"{name:<40} {result.count:>6} values, largest difference {result.largest:.1e}  "
              f"({result.reference})", file=sys.stdout)
