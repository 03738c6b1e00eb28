"""Answers to the exercises of the chapter "Areas, operating points and ROC against PR"."""


def _recall_at_precision(labels, scores, min_precision):
    positives = sum(labels)
    best = 0.0
    for threshold in set(scores):
        called = [label for label, score in zip(labels, scores) if score >= threshold]
        if sum(called) / len(called) >= min_precision:
            best = max(best, sum(called) / positives)
    return best


def _recall_at_precision_stops_early(labels, scores, min_precision):
    # the slip: stops at the first threshold below the floor
    positives = sum(labels)
    best = 0.0
    for threshold in sorted(set(scores), reverse=True):
        called = [label for label, score in zip(labels, scores) if score >= threshold]
        if sum(called) / len(called) < min_precision:
            break
        best = sum(called) / positives
    return best


def _recall_at_precision_splits_ties(labels, scores, min_precision):
    # the slip: one cutoff per item, so tied items are split
    order = sorted(range(len(labels)), key=lambda i: -scores[i])
    ranked = [labels[i] for i in order]
    positives = sum(labels)
    return max([0.0] + [sum(ranked[:k]) / positives for k in range(1, len(ranked) + 1)
                        if sum(ranked[:k]) / k >= min_precision])


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


def _precision_from_rates(tpr, fpr, base_rate):
    caught = base_rate * tpr
    return caught / (caught + (1 - base_rate) * fpr)


def _precision_without_base_rate(tpr, fpr, base_rate):  # the rates compared as counts
    return tpr / (tpr + fpr) if tpr + fpr else 0.0


def _precision_all_negatives(tpr, fpr, base_rate):  # forgets that 1 - base_rate are negatives
    return base_rate * tpr / (base_rate * tpr + fpr)


ANSWERS = {
    "pr-recall-at-precision": {"right": _recall_at_precision,
                               "wrong": [_recall_at_precision_stops_early,
                                         _recall_at_precision_splits_ties, 0.5]},
    "pr-precision-from-rates": {"right": _precision_from_rates,
                                "wrong": [_precision_without_base_rate, _precision_all_negatives,
                                          0.6923]},
    "pr-step-ap": {"right": _step_ap,
                   "wrong": [_step_ap_ignoring_ties, _trapezoid, lambda labels, scores: None]},
}
