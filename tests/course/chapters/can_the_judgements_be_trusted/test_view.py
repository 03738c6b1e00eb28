"""The chapter "Can the judgements be trusted?": its two judges (the lexical judge and the
simulated assessor), the case study's runs under any labels, and the error-rate slider
(its frames, live widget and stored static face), with their refusals of bad input."""

from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.can_the_judgements_be_trusted.judges import (
    THRESHOLDS,
    LexicalJudge,
    as_qrels,
    calibrate,
    calibration_split,
    course_grades,
    pages,
    questions,
    simulated_collection_of_twelve,
    simulated_judgements,
)
from rankmetrics_course.chapters.can_the_judgements_be_trusted.view import (
    RATES,
    case_study_runs,
    judge_thresholds,
    lexical_judge,
    noise_figure,
    noise_frame,
    noise_row,
    noise_slider,
    system_means,
)
from rankmetrics_course.style import CURRENT
from rankmetrics_lite import cohen_kappa, evaluate, kendall_tau, tau_ap
from tests.course.stored_faces import stored_frames_of

CHAPTER = "22-can-the-judgements-be-trusted"  # whose stored slider the static-face tests read

COLLECTION = simulated_collection_of_twelve()


def _pairs(qrels):
    return {(qid, doc): grade for qid, row in qrels.items() for doc, grade in row.items()}


# ----------------------------------------------------------- the course's labels --


def test_course_grades_are_the_case_studys_labels():
    grades = course_grades()
    assert grades.shape == (len(questions()), len(pages())) == (48, 22)
    assert set(np.unique(grades).tolist()) <= {0, 1, 2}
    for row, q in zip(grades, questions()):
        assert {page: int(g) for page, g in zip(pages(), row) if g} == dict(q.relevant)


def test_as_qrels_judges_every_page_and_refuses_a_wrong_shape():
    qrels = as_qrels(course_grades())
    assert list(qrels) == [q.query_id for q in questions()]
    assert all(list(row) == list(pages()) for row in qrels.values())
    with pytest.raises(ValueError, match=r"grades must be 48 x 22 \(questions x pages\), got shape \(22, 48\)"):
        as_qrels(course_grades().T)


def test_calibration_split_is_a_partition_and_refuses_bad_sizes():
    calibration, held_out = calibration_split()
    assert len(calibration) == 16 and len(held_out) == 32
    assert sorted(np.concatenate([calibration, held_out]).tolist()) == list(range(48))
    assert calibration_split()[0].tolist() == calibration.tolist()  # seeded
    with pytest.raises(ValueError, match="size must leave questions to measure on: at most 47, got 48"):
        calibration_split(size=48)
    with pytest.raises(ValueError, match="size"):
        calibration_split(size=0)


# ----------------------------------------------------------- the lexical judge --


def test_the_judge_grades_by_share_of_the_best_score():
    judge = lexical_judge()
    assert judge.scores.shape == (48, 22) and judge.pages == pages()
    grades = judge.grade(0.6, 0.9)
    best = judge.scores.max(axis=1, keepdims=True)
    share = judge.scores / best
    assert np.array_equal(grades == 2, share >= 0.9)
    assert np.array_equal(grades == 1, (share >= 0.6) & (share < 0.9))
    assert (grades[judge.scores == 0] == 0).all()
    # the best page of every question is an answer: the judge assumes every question has one
    assert (grades[np.arange(48), judge.scores.argmax(axis=1)] == 2).all()


@pytest.mark.parametrize("low, high, message", [
    (0.0, 0.9, r"low must be a share of the best score, in \(0, 1\], got 0.0"),
    (0.5, 1.5, r"high must be a share of the best score, in \(0, 1\], got 1.5"),
    (True, 0.9, r"low must be a share of the best score, in \(0, 1\], got True"),
    ("0.5", 0.9, r"low must be a share of the best score, in \(0, 1\], got '0.5'"),
    (0.9, 0.6, r"low must not exceed high \(grade 1 lies below grade 2\), got low=0.9, high=0.6"),
])
def test_the_judge_refuses_bad_thresholds(low, high, message):
    with pytest.raises(ValueError, match=message):
        lexical_judge().grade(low, high)


def test_the_thresholds_come_from_the_calibration_questions_only():
    low, high = judge_thresholds()
    assert low in THRESHOLDS and high in THRESHOLDS and low <= high
    calibration, held_out = calibration_split()
    truth = course_grades()
    best = cohen_kappa(truth[calibration].ravel(), lexical_judge().grade(low, high)[calibration].ravel(),
                       weights="linear", categories=[0, 1, 2])
    for a in THRESHOLDS:
        for b in THRESHOLDS:
            if a <= b:
                kappa = cohen_kappa(truth[calibration].ravel(), lexical_judge().grade(a, b)[calibration].ravel(),
                                    weights="linear", categories=[0, 1, 2])
                assert kappa <= best + 1e-12
    # changing the held-out questions' labels does not move the thresholds
    scrambled = truth.copy()
    scrambled[held_out] = 2 - scrambled[held_out]
    assert calibrate(lexical_judge(), scrambled, calibration) == (low, high)
    with pytest.raises(ValueError, match="rows must name at least one calibration question"):
        calibrate(lexical_judge(), truth, [])


def test_a_judge_of_other_questions():
    judge = LexicalJudge(queries=questions()[:3])
    assert judge.scores.shape == (3, 22)
    assert np.allclose(judge.scores, lexical_judge().scores[:3])


# ------------------------------------------------------- the simulated assessor --


def test_the_collection_is_chapter_16s_with_twelve_systems():
    assert len(COLLECTION.runs) == 12 and COLLECTION.depth == 10
    assert len(COLLECTION.grades) == 30 and {len(row) for row in COLLECTION.grades.values()} == {400}
    for qid, row in COLLECTION.pool.items():
        pooled = set()
        for run in COLLECTION.runs:
            pooled |= set(sorted(run[qid], key=run[qid].get, reverse=True)[:10])
        assert set(row) == pooled and set(COLLECTION.best_rank[qid]) == pooled
        assert all(row[doc] == COLLECTION.grades[qid][doc] for doc in row)


def test_an_assessor_without_errors_returns_the_pool():
    assert simulated_judgements(COLLECTION, 0.0, seed=7) == COLLECTION.pool


def test_the_error_model_at_rate_one():
    judged = _pairs(simulated_judgements(COLLECTION, 1.0))
    truth = _pairs(COLLECTION.pool)
    lenient = {key for key in truth if COLLECTION.best_rank[key[0]][key[1]] <= 3}
    assert all(judged[key] == 0 for key, g in truth.items() if g == 1)  # every grade 1 missed
    assert all(judged[key] == 1 for key, g in truth.items() if g == 0 and key in lenient)
    missed_2 = np.mean([judged[key] == 0 for key, g in truth.items() if g == 2])
    called_far = np.mean([judged[key] == 1 for key, g in truth.items() if g == 0 and key not in lenient])
    assert abs(missed_2 - 0.5) < 0.1 and abs(called_far - 0.2) < 0.05
    assert set(judged.values()) <= {0, 1, 2}


def test_an_error_stays_an_error_at_higher_rates():
    truth = _pairs(COLLECTION.pool)
    wrong_before: set = set()
    for rate in RATES:
        judged = _pairs(simulated_judgements(COLLECTION, rate, seed=3))
        wrong = {key for key in truth if judged[key] != truth[key]}
        assert wrong_before <= wrong
        wrong_before = wrong


@pytest.mark.parametrize("rate", [-0.1, 1.5, True, "0.2", None, float("nan")])
def test_the_assessor_refuses_a_bad_rate(rate):
    with pytest.raises(ValueError, match="rate must be an error rate between 0 and 1, got"):
        simulated_judgements(COLLECTION, rate)


# ---------------------------------------------------- the case study's runs --


def test_case_study_runs_rank_pages_and_are_copies():
    runs = case_study_runs()
    assert list(runs) == ["text", "title+text", "text, b=0.3", "title+text, k1=0.9 b=0.4", "title"]
    for run in runs.values():
        assert len(run) == 48
        for row in run.values():
            assert set(row) <= set(pages())
            scores = list(row.values())
            assert scores == sorted(scores, reverse=True)  # best page first
    runs["text"]["q01"]["refunds"] = 99.0
    assert "refunds" not in case_study_runs()["text"]["q01"]


def test_system_means_is_evaluate():
    runs = case_study_runs()
    qrels = as_qrels(course_grades())
    means = system_means(runs, qrels, "AP")
    assert means == {name: pytest.approx(evaluate(run, qrels, "AP")["AP"], abs=1e-12)
                     for name, run in runs.items()}
    assert round(means["title+text"], 4) == 0.8481  # the case study's MAP (chapter 21)


# ------------------------------------------------------------ the noise slider --


def test_noise_row_without_errors():
    row = noise_row(0.0)
    assert row.kappa == 1.0 and row.tau == 1.0 and row.tau_ap == 1.0
    assert row.true == row.judged and row.true_mean == row.judged_mean and row.moved == []


def test_noise_row_is_the_experiment_it_describes():
    row = noise_row(0.3)
    runs = {f"S{i + 1}": run for i, run in enumerate(COLLECTION.runs)}
    judged = simulated_judgements(COLLECTION, 0.3)
    assert row.judged == system_means(runs, judged, "P@10")
    assert row.true == system_means(runs, COLLECTION.pool, "P@10")
    assert row.tau == kendall_tau(row.true, row.judged) and row.tau_ap == tau_ap(row.true, row.judged)
    keys = sorted(_pairs(COLLECTION.pool))
    truth, labels = _pairs(COLLECTION.pool), _pairs(judged)
    assert row.kappa == cohen_kappa([truth[k] for k in keys], [labels[k] for k in keys],
                                    weights="linear", categories=[0, 1, 2])


def test_what_the_chapter_says_of_the_slider():
    rows = [noise_row(rate) for rate in RATES]
    kappas, means = [r.kappa for r in rows], [r.judged_mean for r in rows]
    assert kappas == sorted(kappas, reverse=True) and means == sorted(means, reverse=True)
    assert all(r.judged_mean < r.true_mean for r in rows[1:])  # every error rate lowers the mean
    best_two = sorted(rows[0].true, key=rows[0].true.get, reverse=True)[:2]
    assert sorted(noise_row(0.1).moved) == sorted(best_two)  # at 0.10 only the two best swap
    first = next(r for r in rows if set(r.moved) - set(best_two))
    assert first.rate == 0.2  # "find the rate at which a system outside the top two first moves"


@pytest.mark.parametrize("rate", [0.12, 0.55, "0.1", -0.05])
def test_noise_row_refuses_a_rate_off_the_slider(rate):
    with pytest.raises(ValueError, match=r"rate must be one of \(0.0, 0.05"):
        noise_row(rate)


def test_noise_frame_numbers_figure_and_alt_text():
    frame = noise_frame(0.2)
    row = noise_row(0.2)
    assert frame.numbers == {"error rate": "0.20", "kappa": f"{row.kappa:.3f}",
                             "mean P@10, true": f"{row.true_mean:.3f}",
                             "mean P@10, judged": f"{row.judged_mean:.3f}",
                             "tau": f"{row.tau:.3f}", "tau_AP": f"{row.tau_ap:.3f}"}
    assert "simulated judge with error rate 0.20" in frame.alt
    assert "change place (red lines)." in frame.alt
    assert "Every system keeps its place." in noise_frame(0.0).alt
    figure = frame.figure
    assert isinstance(figure, Figure)
    lines = figure.axes[0].lines
    assert len(lines) == 12
    red = [line for line in lines if line.get_color() == CURRENT]
    assert len(red) == len(row.moved)
    low, high = figure.axes[0].get_ylim()
    assert all(low < y < high for line in lines for y in line.get_ydata())  # nothing cut off
    assert figure.axes[0].get_title() == f"12 systems: {len(row.moved)} change place (red)"


def test_noise_figure_for_every_rate_fits_its_axes():
    for rate in RATES:
        figure = noise_figure(rate)
        low, high = figure.axes[0].get_ylim()
        assert all(low < y < high for line in figure.axes[0].lines for y in line.get_ydata()), rate


def test_live_widget_follows_the_slider():
    box = noise_slider().widget()
    control, shown = box.children
    assert f'data-name="tau">{noise_row(0.2).tau:.3f}<' in shown.value
    control.value = 0.4
    assert f'data-name="tau">{noise_row(0.4).tau:.3f}<' in shown.value
    assert f'data-name="kappa">{noise_row(0.4).kappa:.3f}<' in shown.value
    assert repr(noise_slider()).startswith("Slider over error rate = 0.00..0.50; at error rate = 0.20: ")


def test_the_slider_refuses_a_value_off_its_rates():
    with pytest.raises(ValueError):
        noise_slider(value=0.33)


def test_static_face_holds_every_rate():
    """Read the chapter's stored face of the slider, which nbval keeps equal to what the view
    draws; its first frame is drawn here too and compared (tests/stored_faces.py)."""
    html, frames = stored_frames_of(CHAPTER, noise_slider(value=0.2))
    assert frames["values"] == [f"{rate:.2f}" for rate in RATES]
    for rate, frame in zip(RATES, frames["html"]):
        assert f'data-name="tau_AP">{noise_row(rate).tau_ap:.3f}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
