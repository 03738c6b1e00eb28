"""Answers to the exercises of the chapter "Precision-recall curves and interpolation"."""

ANSWERS = {
    "pr-interpolated-half": {"right": 4 / 7, "wrong": [0.5, 0.6, 0.75, "4/7"]},
    "pr-curve-shape": {
        "right": {"front": 86 / 110, "even": 80 / 110},
        # the textbook rule; the two swapped; one missing; a list instead of a dict
        "wrong": [{"front": 80 / 110, "even": 74 / 110}, {"front": 80 / 110, "even": 86 / 110},
                  {"front": 86 / 110}, [86 / 110, 80 / 110]],
    },
}
