"""Answers to the exercises of the chapter "Partial AUC"."""


def _lowest_standardised(max_fpr):
    return (1 - max_fpr) / (2 - max_fpr)


def _lowest_as_full_auc(max_fpr):  # the slip: as the full AUC, the worst curve scores 0
    return 0.0


def _lowest_chance_at_zero(max_fpr):  # the slip: chance at 0 instead of the diagonal's b^2/2
    return 0.5 * (1 - 0 / max_fpr)


def _lowest_by_width(max_fpr):  # the slip: chance taken as half the width, b/2
    return 0.5 * (1 - (max_fpr / 2) / (max_fpr - max_fpr / 2))


def _by_hand(fpr, tpr, max_fpr):
    area = 0.0
    for x0, y0, x1, y1 in zip(fpr[:-1], tpr[:-1], fpr[1:], tpr[1:]):
        if x0 >= max_fpr:
            break
        if x1 > max_fpr:
            y1 = y0 + (y1 - y0) * (max_fpr - x0) / (x1 - x0)
            x1 = max_fpr
        area += (x1 - x0) * (y0 + y1) / 2
    return area


def _by_hand_without_cut(fpr, tpr, max_fpr):  # the slip: drops the segment that crosses
    area = 0.0
    for x0, y0, x1, y1 in zip(fpr[:-1], tpr[:-1], fpr[1:], tpr[1:]):
        if x1 > max_fpr:
            break
        area += (x1 - x0) * (y0 + y1) / 2
    return area


def _by_hand_steps(fpr, tpr, max_fpr):  # the slip: rectangles at the left height
    area = 0.0
    for x0, y0, x1 in zip(fpr[:-1], tpr[:-1], fpr[1:]):
        if x0 >= max_fpr:
            break
        area += (min(x1, max_fpr) - x0) * y0
    return area


ANSWERS = {
    "pauc-auc-pairs": {"right": 9.5 / 12, "wrong": [9 / 12, 10 / 12, 9.5 / 7]},
    "pauc-lowest-standardised": {"right": _lowest_standardised,
                                 "wrong": [_lowest_as_full_auc, _lowest_chance_at_zero,
                                           _lowest_by_width, 0.4872]},
    "pauc-by-hand": {"right": _by_hand,
                     "wrong": [_by_hand_without_cut, _by_hand_steps, lambda f, t, b: None]},
}
