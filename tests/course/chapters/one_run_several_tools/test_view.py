"""The figure and k-slider of the chapter "One run, several tools": frames, live widget,
static face. The values are built here as the chapter builds them, from evaluate,
pytrec_eval and scikit-learn, so the slider's numbers are checked against the tools."""

from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.figure import Figure

from rankmetrics_course.chapters.one_run_several_tools.view import (
    TOOL_COLOURS,
    cutoff_comparison_frame,
    cutoff_comparison_slider,
    eleven_point_per_query,
    format_table,
    mean_over,
    ndcg_tables_by_k,
    per_query_table,
    score_with_sklearn,
    scored_mean,
    sklearn_inputs,
    tool_comparison_figure,
)
from rankmetrics_course.slider import frame_html, static_frames
from rankmetrics_lite import evaluate

QRELS = {
    "q1": {"d01": 3, "d02": 2, "d03": 0, "d04": 1},
    "q2": {"d11": 0, "d12": 1, "d16": 1},
    "q3": {"d21": 3, "d22": 1, "d23": 0},
    "q5": {"d41": 2},
}
RUN = {
    "q1": {"d01": 9.1, "d03": 8.4, "d02": 7.7, "d04": 5.2},
    "q2": {"d16": 7.5, "d11": 7.5, "d12": 5.0},  # a tie across relevance
    "q3": {"d22": 8.8, "d23": 8.1},  # d21 (grade 3) missed
}
QUERIES = list(QRELS)
DEPTH = 4


@pytest.fixture(scope="module")
def tables() -> dict:
    """{k: {tool: {qid: nDCG@k or None}}}, computed by the three tools."""
    import pytrec_eval
    import sklearn.metrics as sklearn_metrics

    cut = ",".join(str(k) for k in range(1, DEPTH + 1))
    trec = pytrec_eval.RelevanceEvaluator(QRELS, {f"ndcg_cut.{cut}"}).evaluate(RUN)
    tables = {}
    for k in range(1, DEPTH + 1):
        ours = evaluate(RUN, QRELS, f"nDCG@{k}", per_query=True)
        sk = {}
        for qid, ranking in RUN.items():
            grades = [QRELS[qid].get(d, 0) for d in ranking]
            sk[qid] = sklearn_metrics.ndcg_score([grades], [list(ranking.values())], k=k)
        tables[k] = {
            "rankmetrics_lite": {q: ours[q][f"nDCG@{k}"] for q in QRELS},
            "pytrec_eval": {q: trec[q][f"ndcg_cut_{k}"] if q in trec else None for q in QRELS},
            "scikit-learn": {q: sk.get(q) for q in QRELS},
        }
    return tables


def test_scored_mean_leaves_out_unscored_queries():
    assert scored_mean({"a": 0.5, "b": None, "c": 1.0}) == (0.75, 2)
    assert scored_mean({"a": 0.0}) == (0.0, 1)
    with pytest.raises(ValueError, match="no query was scored"):
        scored_mean({"a": None})


@pytest.mark.reference
def test_frame_numbers_are_each_tools_own_mean(tables):
    for k in range(1, DEPTH + 1):
        numbers = cutoff_comparison_frame(tables, k, QUERIES).numbers
        assert numbers["k"] == str(k)
        ours = evaluate(RUN, QRELS, f"nDCG@{k}")[f"nDCG@{k}"]  # trec_eval -c: over 4 queries
        assert numbers["rankmetrics_lite mean"] == f"{ours:.4f} over 4"
        in_run = [tables[k]["rankmetrics_lite"][q] for q in RUN]  # pytrec_eval: 3 queries
        assert numbers["pytrec_eval mean"] == f"{np.mean(in_run):.4f} over 3"
        sk = [tables[k]["scikit-learn"][q] for q in RUN]
        assert numbers["scikit-learn mean"] == f"{np.mean(sk):.4f} over 3"


@pytest.mark.reference
def test_tools_differ_where_the_chapter_says(tables):
    at_1 = tables[1]
    assert at_1["pytrec_eval"]["q2"] == pytest.approx(at_1["rankmetrics_lite"]["q2"])
    assert at_1["scikit-learn"]["q2"] == pytest.approx(0.5)  # half of each tied document
    assert at_1["scikit-learn"]["q3"] > at_1["rankmetrics_lite"]["q3"]  # ideal from the list
    assert at_1["pytrec_eval"]["q5"] is None and at_1["rankmetrics_lite"]["q5"] == 0.0


@pytest.mark.reference
def test_frame_has_figure_and_alt(tables):
    frame = cutoff_comparison_frame(tables, 2, QUERIES)
    assert isinstance(frame.figure, Figure)
    assert "nDCG@2" in frame.alt and "q5" in frame.alt


@pytest.mark.reference
def test_frame_rejects_bad_input(tables):
    with pytest.raises(ValueError, match="k = 9 has no values"):
        cutoff_comparison_frame(tables, 9, QUERIES)
    with pytest.raises(ValueError, match="k must be a positive integer"):
        cutoff_comparison_frame(tables, 0, QUERIES)
    with pytest.raises(ValueError, match="names the tool 'trec_eval'"):
        cutoff_comparison_frame({1: {"trec_eval": {"q1": 1.0}}}, 1, ["q1"])


@pytest.mark.reference
def test_comparison_figure_panels_and_missing_marks(tables):
    shown = tool_comparison_figure({"AP": tables[1], "nDCG": tables[2]}, QUERIES)
    axes = shown.figure.get_axes()
    assert [ax.get_title() for ax in axes] == ["AP", "nDCG"]
    # q5 is drawn as a cross for the two tools that did not score it
    crosses = [line for line in axes[0].get_lines() if line.get_marker() == "x"]
    assert {line.get_color() for line in crosses} == {TOOL_COLOURS["pytrec_eval"],
                                                      TOOL_COLOURS["scikit-learn"]}
    with pytest.raises(ValueError, match="tables must be a non-empty dict"):
        tool_comparison_figure({}, QUERIES)
    with pytest.raises(ValueError, match="queries must name at least one query"):
        tool_comparison_figure({"AP": tables[1]}, [])


@pytest.mark.reference
def test_live_widget_follows_the_slider(tables):
    box = cutoff_comparison_slider(tables, QUERIES, k=1).widget()
    slider, shown = box.children
    assert 'data-name="k">1<' in shown.value
    slider.value = 3
    mean, count = scored_mean(tables[3]["scikit-learn"])
    assert 'data-name="k">3<' in shown.value
    assert f'data-name="scikit-learn mean">{mean:.4f} over {count}<' in shown.value


@pytest.mark.reference
def test_static_face_holds_every_frame_and_no_network(tables):
    html = cutoff_comparison_slider(tables, QUERIES, k=2).static_html()
    frames = static_frames(html)
    assert frames["values"] == [str(k) for k in range(1, DEPTH + 1)]
    for k, frame in zip(range(1, DEPTH + 1), frames["html"]):
        mean, count = scored_mean(tables[k]["rankmetrics_lite"])
        assert f'data-name="rankmetrics_lite mean">{mean:.4f} over {count}<' in frame
    assert not re.search(r"(src|href)=\"(https?:)?//", html)
    # Deterministic: the frame at k = 1, computed and drawn again, is the one in the face.
    assert frame_html(cutoff_comparison_frame(tables, 1, QUERIES)) == frames["html"][0]


@pytest.mark.reference
def test_slider_text_face(tables):
    text = repr(cutoff_comparison_slider(tables, QUERIES))
    assert text.startswith("Slider over k = 1..4; at k = 1: k = 1, rankmetrics_lite mean = ")


@pytest.mark.reference
def test_comparison_alt_names_agreement_and_the_values_that_differ(tables):
    alt = tool_comparison_figure({"nDCG@1": tables[1]}, QUERIES).alt
    assert "The tools agree on q1." in alt
    assert "q2: nDCG@1 rankmetrics_lite 1.00, pytrec_eval 1.00, scikit-learn 0.50" in alt
    assert "q5: nDCG@1 rankmetrics_lite 0.00, pytrec_eval not scored" in alt


def test_sklearn_inputs_give_unjudged_documents_grade_zero():
    grades, scores = sklearn_inputs(RUN["q3"], {"d22": 1})
    assert grades.tolist() == [1, 0] and scores.tolist() == [8.8, 8.1]


@pytest.mark.reference
def test_sklearn_loop_sees_the_run_only_and_records_warnings():
    import sklearn.metrics as sklearn_metrics

    values, heard = score_with_sklearn(RUN | {"q9": {"x": 1.0, "y": 0.5}}, QRELS)
    assert set(values) == set(RUN) | {"q9"} and "q5" not in values
    grades, scores = sklearn_inputs(RUN["q3"], QRELS["q3"])
    assert values["q3"]["AP"] == sklearn_metrics.average_precision_score(grades >= 1, scores)
    assert values["q3"]["nDCG@5"] == sklearn_metrics.ndcg_score([grades], [scores], k=5)
    assert [(qid, category) for qid, category, _ in heard] == [("q9", "UserWarning")]


@pytest.mark.reference
def test_eleven_point_average_follows_each_release():
    import pytrec_eval

    trec = pytrec_eval.RelevanceEvaluator(QRELS, {"11pt_avg"}).evaluate(RUN)
    old = eleven_point_per_query(RUN, QRELS, version="9.0.8")
    assert all(old[q] == pytest.approx(trec[q]["11pt_avg"]) for q in trec)
    new = eleven_point_per_query(RUN, QRELS)
    assert new["q5"] == 0.0 and new != old
    assert eleven_point_per_query(RUN, {"q1": {"d03": 0}}) == {"q1": 0.0}


@pytest.mark.reference
def test_mean_over_counts_absent_queries_as_zero_only_when_asked():
    import pytrec_eval

    trec = pytrec_eval.RelevanceEvaluator(QRELS, {"map"}).evaluate(RUN)
    assert mean_over(trec, "map") == pytest.approx(np.mean([v["map"] for v in trec.values()]))
    assert mean_over(trec, "map", list(QRELS)) == pytest.approx(evaluate(RUN, QRELS, "AP")["AP"])
    with pytest.raises(ValueError, match="no query to average over"):
        mean_over({}, "map")


def test_per_query_table_and_its_printout():
    columns = {"rankmetrics_lite": {"q1": {"AP": 0.5}}, "pytrec_eval": {}}
    table = per_query_table(columns, ["q1"], {"rankmetrics_lite": "AP", "pytrec_eval": "map"})
    assert table == {"rankmetrics_lite": {"q1": 0.5}, "pytrec_eval": {"q1": None}}
    text = format_table({"AP": [0.5, None, 3]}, ["a", "b", "c"], width=6)
    assert text.splitlines() == ["measure       a     b     c", "AP       0.5000     —     3"]


@pytest.mark.reference
def test_ndcg_tables_by_k_are_the_tools_own_values(tables):
    built = ndcg_tables_by_k(RUN, QRELS, DEPTH)
    for k in range(1, DEPTH + 1):
        for tool, values in tables[k].items():
            for q, v in values.items():
                assert built[k][tool][q] == (None if v is None else pytest.approx(v)), (k, tool, q)
