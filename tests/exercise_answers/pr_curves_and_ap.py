"""Answers to the exercises of the chapter "Precision-recall curves and Average Precision"."""


def _smallest_k(relevance, n_relevant, target):
    found = 0
    for k, rel in enumerate(relevance, start=1):
        found += rel
        if found / n_relevant >= target:
            return k
    return None


def _smallest_k_recall_of_retrieved(relevance, n_relevant, target):
    # the slip: recall relative to the relevant items that were retrieved
    total = max(1, sum(relevance))
    found = 0
    for k, rel in enumerate(relevance, start=1):
        found += rel
        if found / total >= target:
            return k
    return None


def _smallest_k_zero_based(relevance, n_relevant, target):
    # the slip: returns an index, not a cutoff
    k = _smallest_k(relevance, n_relevant, target)
    return None if k is None else k - 1


def _step_ap(labels, scores):
    n_pos = sum(labels)
    area, previous = 0.0, 0.0
    for t in sorted(set(scores), reverse=True):
        called = [y for y, s in zip(labels, scores) if s >= t]
        recall = sum(called) / n_pos
        area += (recall - previous) * sum(called) / len(called)
        previous = recall
    return area


def _step_ap_ignoring_ties(labels, scores):
    # the slip: one step per item, as if tied items had a fixed order
    ranked = [y for _, y in sorted(zip(scores, labels), key=lambda pair: -pair[0])]
    found, total = 0, 0.0
    for k, y in enumerate(ranked, start=1):
        if y:
            found += 1
            total += found / k
    return total / sum(labels)


def _trapezoid(labels, scores):
    # the slip: straight lines between the points instead of steps
    n_pos = sum(labels)
    area, previous_recall, previous_precision = 0.0, 0.0, 1.0
    for t in sorted(set(scores), reverse=True):
        called = [y for y, s in zip(labels, scores) if s >= t]
        recall, precision = sum(called) / n_pos, sum(called) / len(called)
        area += (recall - previous_recall) * (precision + previous_precision) / 2
        previous_recall, previous_precision = recall, precision
    return area


ANSWERS = {
    "pr-interpolated-half": {"right": 4 / 7, "wrong": [0.5, 0.6, 0.75, "4/7"]},
    "pr-smallest-k": {"right": _smallest_k,
                      "wrong": [_smallest_k_recall_of_retrieved, _smallest_k_zero_based, 3]},
    "pr-step-ap": {"right": _step_ap,
                   "wrong": [_step_ap_ignoring_ties, _trapezoid, lambda labels, scores: None]},
}
