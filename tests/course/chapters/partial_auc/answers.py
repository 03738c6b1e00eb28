"""Answers to the exercises of the chapter "Partial AUC"."""


def _standardise(raw, max_fpr):
    chance, perfect = max_fpr**2 / 2, max_fpr
    return 0.5 * (1 + (raw - chance) / (perfect - chance))


def _standardise_by_range(raw, max_fpr):  # the slip: divide by the width only
    return raw / max_fpr


def _standardise_without_half(raw, max_fpr):  # the slip: maps chance to 0, not 0.5
    chance = max_fpr**2 / 2
    return (raw - chance) / (max_fpr - chance)


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
    "pauc-mcclish": {"right": _standardise,
                     "wrong": [_standardise_by_range, _standardise_without_half, 0.5]},
    "pauc-by-hand": {"right": _by_hand,
                     "wrong": [_by_hand_without_cut, _by_hand_steps, lambda f, t, b: None]},
}
