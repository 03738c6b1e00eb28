"""What the chapter on partial AUC shows: ROC curves, AUC as pairs, and an FPR-bound slider.

Every number comes from :mod:`rankmetrics_lite`'s ROC functions; this module only
draws it, and builds the chapter's two constructed systems with equal AUC
(:func:`ranking_with_negatives_above`). The slider (:func:`partial_auc_frame`,
:func:`partial_auc_slider`) moves the right end of the false-positive range
and shades the area that partial AUC measures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

import numpy as np
from matplotlib.figure import Figure

from rankmetrics_course.alt_text import listing, number
from rankmetrics_course.chapters.pr_curves_and_ap.view import ScoredSet, legend_beside
from rankmetrics_course.figures import ShownFigure, show_figure
from rankmetrics_course.slider import Frame, Slider
from rankmetrics_course.style import CURRENT, NOT_RELEVANT, RELEVANT, SECOND
from rankmetrics_lite import partial_auc, roc_auc, roc_curve_points
from rankmetrics_lite.validation import check_count, labels_and_scores

# The right ends of the FPR range the slider offers: 0.05, 0.10, ..., 1.00.
DEFAULT_MAX_FPRS = tuple(round(0.05 * i, 2) for i in range(1, 21))
# How the slider writes the bound, beside the slider and among its numbers.
MAX_FPR_FORMAT = ".2f"
_COLOURS = (SECOND, RELEVANT, CURRENT)


def ranking_with_negatives_above(negatives_above: Sequence[int], n_negatives: int) -> ScoredSet:
    r"""Labels and scores of a ranking in which positive i has ``negatives_above[i]`` negatives above it.

    The items are laid out in rank order and scored n, n - 1, ..., 1, so the
    ranking is exactly the one described. With :math:`n_+` positives and
    :math:`n_-` negatives, a positive with :math:`m_i` negatives above it beats
    the other :math:`n_- - m_i`, hence

    .. math:: \mathrm{AUC} = 1 - \frac{\sum_i m_i}{n_+ n_-}

    and two rankings with the same :math:`\sum_i m_i` have the same AUC.

    >>> labels, scores = ranking_with_negatives_above([0, 2], n_negatives=3)
    >>> labels.tolist(), scores.tolist()
    ([1.0, 0.0, 0.0, 1.0, 0.0], [5.0, 4.0, 3.0, 2.0, 1.0])
    >>> round(roc_auc(labels, scores), 4)  # 1 - 2 / (2 * 3)
    0.6667
    """
    n_negatives = check_count(n_negatives, "n_negatives")
    above = sorted(check_count(m, "negatives_above[i]") for m in negatives_above)
    if not above:
        raise ValueError("negatives_above must list at least one positive")
    if above[-1] > n_negatives:
        raise ValueError(f"negatives_above cannot exceed n_negatives = {n_negatives}, "
                         f"got {above[-1]}")
    labels: list[float] = []
    next_positive = 0
    for negatives_so_far in range(n_negatives + 1):
        while next_positive < len(above) and above[next_positive] == negatives_so_far:
            labels.append(1.0)
            next_positive += 1
        if negatives_so_far < n_negatives:
            labels.append(0.0)
    n = len(labels)
    return ScoredSet(np.array(labels), np.arange(n, 0, -1, dtype=float))


def _tidy(ax, title: str = "") -> None:
    ax.set(xlabel="false positive rate", ylabel="true positive rate",
           xlim=(-0.02, 1.02), ylim=(-0.02, 1.05))
    ax.set_aspect("equal")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10)


def _draw_roc_figure(labels, scores, title: str = "ROC curve") -> Figure:
    """One ROC curve, its points marked, above the chance diagonal."""
    curve = roc_curve_points(labels, scores)
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    ax.plot([0, 1], [0, 1], color=NOT_RELEVANT, linestyle="--", linewidth=1, label="chance")
    ax.plot(curve.fpr, curve.tpr, marker="o", markersize=4, color=SECOND,
            label=f"AUC = {roc_auc(labels, scores):.4f}")
    ax.fill_between(curve.fpr, curve.tpr, color=SECOND, alpha=0.12)
    _tidy(ax, title)
    legend_beside(ax)
    return figure


def _draw_pair_matrix_figure(labels, scores) -> Figure:
    """Every (positive, negative) pair as a cell: won, tied or lost by the positive."""
    labels, scores = labels_and_scores(labels, scores)
    positives = np.sort(scores[labels == 1])[::-1]
    negatives = np.sort(scores[labels == 0])[::-1]
    outcome = np.sign(positives[:, None] - negatives[None, :])  # 1 won, 0 tie, -1 lost
    figure = Figure(figsize=(6.4, 3.6))
    ax = figure.subplots()
    colours = {1.0: RELEVANT, 0.0: "#fdb863", -1.0: NOT_RELEVANT}
    for (i, j), value in np.ndenumerate(outcome):
        ax.add_patch(_cell(j, i, colours[float(value)]))
        mark = {1.0: "won", 0.0: "tie", -1.0: "lost"}[float(value)]
        ax.text(j + 0.5, i + 0.5, mark, ha="center", va="center", fontsize=7,
                color="white" if value != 0 else "black")
    ax.set(xlim=(0, negatives.size), ylim=(positives.size, 0),
           xticks=np.arange(negatives.size) + 0.5, yticks=np.arange(positives.size) + 0.5)
    ax.set_xticklabels([f"{s:.2f}" for s in negatives], fontsize=8)
    ax.set_yticklabels([f"{s:.2f}" for s in positives], fontsize=8)
    ax.set_xlabel("score of the negative")
    ax.set_ylabel("score of the positive")
    ax.set_aspect("equal")
    won, tied = int(np.sum(outcome == 1)), int(np.sum(outcome == 0))
    ax.set_title(f"{won} won + {tied} tied x 1/2 of {outcome.size} pairs", fontsize=10)
    return figure


def _cell(x: float, y: float, colour: str):
    from matplotlib.patches import Rectangle

    return Rectangle((x + 0.04, y + 0.04), 0.92, 0.92, color=colour)


def _check_systems(systems: Mapping[str, tuple]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    if not isinstance(systems, Mapping) or not systems:
        raise TypeError("systems must be a non-empty mapping {name: (labels, scores)}")
    if len(systems) > len(_COLOURS):
        raise ValueError(f"systems can hold at most {len(_COLOURS)} systems, got {len(systems)}")
    return {str(name): labels_and_scores(*pair) for name, pair in systems.items()}


def _draw_partial_auc_figure(systems: Mapping[str, tuple], max_fpr: float | None = None,
                       min_fpr: float = 0.0) -> Figure:
    """ROC curves of up to three systems; with ``max_fpr``, the pAUC range shaded under each.

    With a range, a second panel enlarges it: at a small ``max_fpr`` the shaded
    strip is too thin to read on the full curve.
    """
    checked = _check_systems(systems)
    figure = Figure(figsize=(6.4, 3.6 if max_fpr is None else 4.0))
    if max_fpr is None:
        axes = [figure.subplots()]
    else:
        # a row of its own above the two panels holds the legend, off both of them
        key, *axes = _panels_under_a_key(figure)
    for ax in axes:
        ax.plot([0, 1], [0, 1], color=NOT_RELEVANT, linestyle="--", linewidth=1,
                label="chance")
    for colour, (name, (labels, scores)) in zip(_COLOURS, checked.items()):
        curve = roc_curve_points(labels, scores)
        for ax in axes:
            ax.plot(curve.fpr, curve.tpr, color=colour, linewidth=1.8,
                    label=f"{name}: AUC {roc_auc(labels, scores):.4f}")
        if max_fpr is not None:
            # the ROC curve is piecewise linear: its own corners inside the range,
            # and the curve read at the range's ends, outline the area exactly
            inside = (curve.fpr > min_fpr) & (curve.fpr < max_fpr)
            ends = np.interp([min_fpr, max_fpr], curve.fpr, curve.tpr)
            grid = np.concatenate([[min_fpr], curve.fpr[inside], [max_fpr]])
            height = np.concatenate([[ends[0]], curve.tpr[inside], [ends[1]]])
            for ax in axes:
                ax.fill_between(grid, height, color=colour, alpha=0.18, linewidth=0)
    _tidy(axes[0], "ROC curves" if max_fpr is None else "the whole curve")
    if max_fpr is None:
        legend_beside(axes[0])
    else:
        key.legend(*axes[0].get_legend_handles_labels(), loc="center", ncol=3, fontsize=8,
                   frameon=False)
        for ax in axes:
            ax.axvline(max_fpr, color=CURRENT, linewidth=1.2)
            if min_fpr > 0:
                ax.axvline(min_fpr, color=CURRENT, linewidth=1.2)
        zoom = axes[1]
        _tidy(zoom, f"enlarged: FPR {min_fpr:g} to {max_fpr:g}")
        zoom.set_aspect("auto")
        margin = 0.02 * (max_fpr - min_fpr)
        zoom.set_xlim(min_fpr - margin, max_fpr + margin)
        zoom.set_ylabel("")
        figure.tight_layout()
    return figure


def _panels_under_a_key(figure: Figure):
    """An axes-free strip across the top for a legend, and two panels under it."""
    grid = figure.add_gridspec(2, 2, height_ratios=[1, 9])
    key = figure.add_subplot(grid[0, :])
    key.axis("off")
    return key, figure.add_subplot(grid[1, 0]), figure.add_subplot(grid[1, 1])


def partial_auc_frame(systems: Mapping[str, tuple], max_fpr: float) -> Frame:
    """The numbers and the figure for one right end ``max_fpr`` of the FPR range [0, max_fpr]."""
    checked = _check_systems(systems)
    numbers = {"max FPR": format(max_fpr, MAX_FPR_FORMAT)}
    described = []
    for name, (labels, scores) in checked.items():
        raw = partial_auc(labels, scores, max_fpr=max_fpr)
        standard = partial_auc(labels, scores, max_fpr=max_fpr, standardized=True)
        numbers[f"pAUC {name}"] = f"{raw:.4f}"
        numbers[f"standardised {name}"] = f"{standard:.4f}"
        described.append(f"{name} raw {raw:.4f}, standardised {standard:.4f}")
    numbers["best possible"] = f"{max_fpr:.4f}"
    numbers["chance"] = f"{max_fpr ** 2 / 2:.4f}"
    alt = (f"ROC curves of {', '.join(checked)} with the area under each between false "
           f"positive rate 0 and {max_fpr:.2f} shaded and a red line at {max_fpr:.2f}. "
           f"Partial AUC: {'; '.join(described)}.")
    return Frame(numbers, partial(_draw_partial_auc_figure, systems, max_fpr), alt)


def partial_auc_slider(systems: Mapping[str, tuple],
                       max_fprs: Sequence[float] = DEFAULT_MAX_FPRS,
                       value: float | None = None) -> Slider:
    """A slider over the right end of the FPR range (keep it to about 20 positions).

    The slider shows the bound as the frame's numbers do, to two decimals.
    """
    _check_systems(systems)
    return Slider(lambda bound: partial_auc_frame(systems, bound), list(max_fprs),
                  label="max FPR", value=value, value_format=MAX_FPR_FORMAT)


def roc_figure(labels, scores, title: str = "ROC curve") -> ShownFigure:
    """:func:`_draw_roc_figure`, shown with an alt text computed from the scores."""
    figure = _draw_roc_figure(labels, scores, title)
    labels, scores = labels_and_scores(labels, scores)
    shared = sorted(set(scores[labels == 1]) & set(scores[labels == 0]), reverse=True)
    alt = (f"A staircase ROC curve from (0, 0) to (1, 1) above the dashed diagonal: up at each of "
           f"the {int(labels.sum())} positives, right at each of the {int((labels == 0).sum())} "
           f"negatives"
           + (f", a diagonal step where positives and negatives share the score "
              f"{listing(number(s) for s in shared)}" if shared else "")
           + f". AUC {roc_auc(labels, scores):.4f}.")
    return show_figure(figure, alt=alt)


def pair_matrix_figure(labels, scores) -> ShownFigure:
    """:func:`_draw_pair_matrix_figure`, shown with an alt text computed from the pairs."""
    figure = _draw_pair_matrix_figure(labels, scores)
    labels, scores = labels_and_scores(labels, scores)
    outcome = np.sign(scores[labels == 1][:, None] - scores[labels == 0][None, :])
    alt = (f"A grid with one row per positive ({outcome.shape[0]}) and one column per negative "
           f"({outcome.shape[1]}), both in descending score: {int((outcome > 0).sum())} cells "
           f"marked won in green, {int((outcome == 0).sum())} marked tie in orange and "
           f"{int((outcome < 0).sum())} marked lost in grey.")
    return show_figure(figure, alt=alt)


def partial_auc_figure(systems: Mapping[str, tuple], max_fpr: float | None = None,
                       min_fpr: float = 0.0) -> ShownFigure:
    """:func:`_draw_partial_auc_figure`, shown with an alt text computed from the systems."""
    figure = _draw_partial_auc_figure(systems, max_fpr, min_fpr)
    parts, curves = [], {}
    for name, (labels, scores) in _check_systems(systems).items():
        curve = curves[name] = roc_curve_points(labels, scores)
        part = (f"{name}, AUC {roc_auc(labels, scores):.4f}, true positive rate "
                f"{number(curve.tpr[curve.fpr == 0].max())} at false positive rate 0")
        if max_fpr is not None:
            value = partial_auc(labels, scores, max_fpr=max_fpr, min_fpr=min_fpr)
            part += f", pAUC {value:.4f}"
        parts.append(part)
    alt = f"ROC curves of {len(parts)} system(s) above the dashed chance diagonal: {'; '.join(parts)}."
    if len(curves) == 2:
        alt += _first_overtaking(*curves.items())
    if max_fpr is not None:
        alt += (f" The area between false positive rates {number(min_fpr)} and {number(max_fpr)} "
                "is shaded under each curve and enlarged in a second panel.")
    return show_figure(figure, alt=alt)


def _first_overtaking(first, second) -> str:
    """Where the curve that starts lower first rises above the other (on their corners)."""
    (name_a, a), (name_b, b) = first, second
    grid = np.unique(np.concatenate([a.fpr, b.fpr]))
    gap = np.interp(grid, b.fpr, b.tpr) - np.interp(grid, a.fpr, a.tpr)
    signs = np.sign(gap[gap != 0])
    if signs.size == 0 or np.all(signs == signs[0]):
        return ""
    if signs[0] < 0:
        lower, upper, above = name_b, name_a, gap > 0
    else:
        lower, upper, above = name_a, name_b, gap < 0
    return f" {lower} rises above {upper} at false positive rate {number(grid[np.argmax(above)])}."
