"""Checks every chapter's slider passes, written once (as scikit-learn's test_common runs the
same checks over every estimator).

Each case builds a slider as its chapter shows it. For every case:
- the live widget follows the slider: moved to each end, it shows the frame a fresh slider
  computes there, and the two ends show different numbers;
- the static face is deterministic: the chapter's stored face holds every frame computed now,
  and the last frame, drawn now, equals the stored one byte for byte (tests/course/stored_faces.py);
- every frame with a figure has alt text, and the stored face gives it to every image.
A chapter's own tests keep what is particular to it (the numbers at given positions). The
first two draw figures: marked slow, `make test` runs them and `make test-course` does not.
"""

from __future__ import annotations

import html
import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable

import pytest

import rankmetrics_course.chapters
from rankmetrics_course.slider import Slider, frame_text
from tests.course.chapters.beyond_classification.test_view import RANKINGS
from tests.course.chapters.limitations.test_view import X, Y
from tests.course.chapters.mean_average_precision.test_view import N_RELEVANT as AP_N_RELEVANT
from tests.course.chapters.mean_average_precision.test_view import RELEVANCE as AP_RELEVANCE
from tests.course.chapters.ndcg.test_view import GRADES, JUDGED
from tests.course.chapters.precision_recall_relationship.test_view import N_RELEVANT, RANKING
from tests.course.chapters.r_precision.test_view import RANKING as R_RANKING
from tests.course.chapters.ranking_problem.test_view import JUDGEMENTS, RANKED
from tests.course.chapters.recall_at_k.test_view import RELEVANCE as RECALL_RELEVANCE
from tests.course.chapters.statistics.test_view import KS
from tests.course.stored_faces import stored_frames_of, stored_static_face


def _view(chapter: str):
    return importlib.import_module(f"rankmetrics_course.chapters.{chapter}.view")


# (chapter notebook, view module, slider function, how its chapter builds it)
CASES: list[tuple[str, str, str, Callable[[], Slider]]] = [
    ("00-beyond-classification", "beyond_classification", "reading_slider",
     lambda: _view("beyond_classification").reading_slider(RANKINGS, k=3)),
    ("01-ranking-problem", "ranking_problem", "notation_slider",
     lambda: _view("ranking_problem").notation_slider(RANKED, JUDGEMENTS, k=4)),
    ("03-recall-at-k", "recall_at_k", "recall_at_k_slider",
     lambda: _view("recall_at_k").recall_at_k_slider(RECALL_RELEVANCE, 8, k=4)),
    ("04-precision-recall-relationship", "precision_recall_relationship", "relationship_slider",
     lambda: _view("precision_recall_relationship").relationship_slider(RANKING, N_RELEVANT, k=7)),
    ("06-statistics", "statistics", "random_precision_slider",
     lambda: _view("statistics").random_precision_slider(50, 10, KS, k=20)),
    ("07-r-precision", "r_precision", "r_precision_slider",
     lambda: _view("r_precision").r_precision_slider(R_RANKING, n_relevant=10)),
    ("09-limitations", "limitations", "k_winner_slider",
     lambda: _view("limitations").k_winner_slider(X, Y, k=4)),
    ("13-mean-average-precision", "mean_average_precision", "ap_at_k_slider",
     lambda: _view("mean_average_precision").ap_at_k_slider(AP_RELEVANCE, AP_N_RELEVANT, k=3)),
    ("14-ndcg", "ndcg", "ndcg_slider", lambda: _view("ndcg").ndcg_slider(GRADES, JUDGED, k=3)),
    ("15-mrr-and-hit-rate", "mrr_and_hit_rate", "first_relevant_slider",
     lambda: _view("mrr_and_hit_rate").first_relevant_slider(rank=3)),
    ("23-diversity-and-novelty", "diversity_and_novelty", "alpha_slider",
     lambda: _view("diversity_and_novelty").alpha_slider(value=0.5)),
    ("23-diversity-and-novelty", "diversity_and_novelty", "position_slider",
     lambda: _view("diversity_and_novelty").position_slider(value=5)),
]
# Sliders whose chapter builds them from real data, simulations or fixtures their own tests
# make: their chapters' tests still check them one by one. Move each into CASES.
NOT_YET_COMMON = {
    "ab_tests_and_interleaving.impressions_slider", "areas_and_operating_points.imbalance_slider",
    "can_the_judgements_be_trusted.noise_slider", "case_study_rag_retriever.cutoff_slider",
    "case_study_rag_retriever.query_slider", "choosing_k.recall_target_slider",
    "counterfactual_evaluation.drift_slider", "how_many_queries.queries_needed_slider",
    "incomplete_judgements.drift_slider", "measures_as_users.weights_slider",
    "one_run_several_tools.cutoff_comparison_slider", "partial_auc.partial_auc_slider",
    "pr_curves_and_ap.threshold_slider", "precision_at_k.precision_at_k_slider",
    "recommenders_offline.sampled_slider", "risk_and_fairness.risk_slider",
}
IDS = [f"{chapter}:{function}" for chapter, _, function, _ in CASES]


def slider_functions() -> set[str]:
    """Every function of a chapter's view that returns a Slider: "chapter.function"."""
    found = set()
    for chapter in pkgutil.iter_modules(rankmetrics_course.chapters.__path__):
        try:
            view = _view(chapter.name)
        except ModuleNotFoundError:
            continue
        for name, function in vars(view).items():
            if inspect.isfunction(function) and function.__module__ == view.__name__ \
                    and inspect.signature(function).return_annotation in (Slider, "Slider"):
                found.add(f"{chapter.name}.{name}")
    return found


def test_every_slider_of_every_chapter_is_checked_here():
    covered = {f"{view}.{function}" for _, view, function, _ in CASES}
    assert not covered & NOT_YET_COMMON
    assert slider_functions() == covered | NOT_YET_COMMON, (
        "a chapter's slider is neither in CASES nor in NOT_YET_COMMON: add it to CASES")


@pytest.mark.slow  # draws figures
@pytest.mark.parametrize("chapter, view, function, make", CASES, ids=IDS)
def test_live_widget_follows_the_slider(chapter, view, function, make):
    slider = make()
    control, shown = slider.widget().children
    ends = [slider.values[-1], slider.values[0]]
    if slider.value == ends[0]:
        ends.reverse()
    fresh = make()  # computes each frame anew: a widget showing a stale frame differs from it
    for value in ends:
        control.value = value
        assert fresh.frame_html_for(value) in shown.value, f"{function} at {value!r}"
    first, last = (frame_text(fresh.frame_for(value)) for value in (slider.values[0], slider.values[-1]))
    assert first != last, f"{function} shows the same numbers at both ends: {first}"


@pytest.mark.slow  # draws figures
@pytest.mark.parametrize("chapter, view, function, make", CASES, ids=IDS)
def test_static_face_is_deterministic(chapter, view, function, make):
    slider = make()
    stored_frames_of(chapter, slider, drawn_now=len(slider.values) - 1)


@pytest.mark.parametrize("chapter, view, function, make", CASES, ids=IDS)
def test_alt_text_present(chapter, view, function, make):
    slider = make()
    for value in slider.values:
        frame = slider.frame_for(value)
        if frame.draw is not None:
            assert frame.alt.strip(), f"{function} at {value!r}: a figure without alt text"
    stored = html.unescape(stored_static_face(chapter, slider).replace('\\"', '"'))  # the frames' JSON too
    images = re.findall(r"<img\b[^>]*>", stored)
    assert images, f"{chapter} stores no figure for {function}"
    bare = [tag[:80] for tag in images if not re.search(r'\balt="[^"]+"', tag)]
    assert not bare, f"{chapter}'s stored {function} has images without alt text: {bare}"
