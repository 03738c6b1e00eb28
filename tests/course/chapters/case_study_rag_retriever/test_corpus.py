"""The case study's shipped data: the help-centre corpus and the two evaluation sets."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rankmetrics_course.chapters.case_study_rag_retriever.corpus import (
    Chunk,
    Corpus,
    EvalQuery,
    chunk_qrels,
    document_qrels,
    load_anchor_queries,
    load_corpus,
    load_eval_queries,
)


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus()


def write_jsonl(path, rows) -> str:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return str(path)


# ---------------------------------------------------------------- corpus --


def test_corpus_is_big_enough_and_small_enough_to_read(corpus):
    assert len(corpus.documents) >= 15
    assert len(corpus) >= 60
    per_document = Counter(c.doc_id for c in corpus)
    assert min(per_document.values()) >= 2  # every page is split into chunks
    assert sum(len(c.text.split()) for c in corpus) < 5000


def test_chunk_ids_are_unique_and_carry_their_document(corpus):
    ids = [c.chunk_id for c in corpus]
    assert len(ids) == len(set(ids))
    for doc_id in corpus.documents:
        chunks = corpus.chunks_of(doc_id)
        assert [c.chunk_id for c in chunks] == [f"{doc_id}-{i:03d}" for i in range(1, len(chunks) + 1)]
        assert len({c.title for c in chunks}) == 1


def test_lookups(corpus):
    assert corpus.doc_id_of("refunds-and-credits-002") == "refunds-and-credits"
    assert "no-show" in corpus.chunk("refunds-and-credits-002").text
    assert corpus.documents["room-nook"] == "Nook focus booths"
    with pytest.raises(ValueError, match=r"chunk_id 'room-nook-009' is not in the corpus \(did you mean"):
        corpus.chunk("room-nook-009")
    with pytest.raises(ValueError, match="names doc_id 'room-nok'.*did you mean 'room-nook'"):
        corpus.chunks_of("room-nok")


def test_the_shipped_corpus_is_loaded_once(corpus):
    assert load_corpus() is corpus


def test_corpus_file_errors(tmp_path):
    good = {"chunk_id": "a-001", "doc_id": "a", "title": "A", "text": "Some text."}
    with pytest.raises(ValueError, match="chunk_id 'b-001' must start with its doc_id 'a'"):
        load_corpus(write_jsonl(tmp_path / "c.jsonl", [dict(good, chunk_id="b-001")]))
    with pytest.raises(ValueError, match="chunk_id 'a-001' appears twice"):
        load_corpus(write_jsonl(tmp_path / "c.jsonl", [good, good]))
    with pytest.raises(ValueError, match="line 1: 'text' must be a non-empty string"):
        load_corpus(write_jsonl(tmp_path / "c.jsonl", [dict(good, text="  ")]))
    with pytest.raises(ValueError, match="document 'a' has two titles"):
        load_corpus(write_jsonl(tmp_path / "c.jsonl", [good, dict(good, chunk_id="a-002", title="B")]))
    (tmp_path / "bad.jsonl").write_text('{"chunk_id": \n', encoding="utf-8")
    with pytest.raises(ValueError, match="line 1: not valid JSON"):
        load_corpus(tmp_path / "bad.jsonl")
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    with pytest.raises(ValueError, match="holds no rows"):
        load_corpus(tmp_path / "empty.jsonl")
    with pytest.raises(ValueError, match="at least one chunk"):
        Corpus([])


# -------------------------------------------------------- evaluation sets --


def test_anchor_set_has_the_source_form(corpus):
    anchors = load_anchor_queries()
    assert len(anchors) >= 6
    assert len({q.query_id for q in anchors}) == len(anchors)
    for q in anchors:
        assert q.expected_doc_id in corpus.documents
        assert dict(q.relevant) == {q.expected_doc_id: 1}


def test_larger_set_has_graded_and_multiple_judgements(corpus):
    queries = load_eval_queries()
    assert len(queries) >= 40
    assert sum(len(q.relevant) > 1 for q in queries) >= 10
    grades = {g for q in queries for g in q.relevant.values()}
    assert grades == {1, 2}
    for q in queries:
        assert set(q.relevant) <= set(corpus.documents)
        assert max(q.relevant.values()) == 2  # every query has a page that answers it
    # the larger set and the anchors ask different questions
    assert not {q.query for q in queries} & {q.query for q in load_anchor_queries()}


def test_judgements_are_read_only():
    query = load_eval_queries()[0]
    with pytest.raises(TypeError):
        query.relevant["room-nook"] = 2


def test_expected_doc_id_needs_exactly_one_relevant_page():
    query = EvalQuery("q", "two pages", {"a": 1, "b": 2})
    with pytest.raises(ValueError, match="has 2 relevant documents.*use .relevant"):
        query.expected_doc_id


def test_unknown_doc_id_in_an_evaluation_set_is_refused(tmp_path):
    path = write_jsonl(tmp_path / "eval.jsonl", [
        {"query_id": "a1", "query": "Is there wifi?", "expected_doc_id": "wifi-and-internet"},
        {"query_id": "a2", "query": "Nook equipment?", "expected_doc_id": "room-nok"},
    ])
    with pytest.raises(ValueError, match=r"line 2: query 'a2' names doc_id 'room-nok', which is not "
                                         r"a document of the corpus \(did you mean 'room-nook'"):
        load_anchor_queries(path)
    path = write_jsonl(tmp_path / "graded.jsonl", [
        {"query_id": "q1", "query": "Refunds?", "relevant": {"refunds": 2}},
    ])
    with pytest.raises(ValueError, match="query 'q1' names doc_id 'refunds'.*fix the id or add"):
        load_eval_queries(path)


@pytest.mark.parametrize("row, message", [
    ({"query_id": "a1", "query": "", "expected_doc_id": "room-nook"},
     "query 'a1'.*'query' must be a non-empty string"),
    ({"query_id": "a1", "query": "   ", "expected_doc_id": "room-nook"},
     "'query' must be a non-empty string"),
    ({"query": "Nook?", "expected_doc_id": "room-nook"}, "'query_id' must be a non-empty string"),
    ({"query_id": "a1", "query": "Nook?"}, "needs 'expected_doc_id'"),
    ({"query_id": "a1", "query": "Nook?", "relevant": {}}, "needs 'expected_doc_id'"),
    ({"query_id": "a1", "query": "Nook?", "relevant": {"room-nook": 0}},
     "grade of 'room-nook' must be a positive integer grade"),
    ({"query_id": "a1", "query": "Nook?", "relevant": {"room-nook": 1.5}}, "positive integer grade"),
    ({"query_id": "a1", "query": "Nook?", "relevant": {"room-nook": True}}, "positive integer grade"),
    ({"query_id": "a1", "query": "Nook?", "expected_doc_id": "room-nook", "relevant": {"room-nook": 1}},
     "either 'expected_doc_id' or 'relevant', not both"),
])
def test_bad_evaluation_rows_are_refused(tmp_path, row, message):
    with pytest.raises(ValueError, match=message):
        load_eval_queries(write_jsonl(tmp_path / "eval.jsonl", [row]))


def test_duplicate_query_ids_are_refused(tmp_path):
    row = {"query_id": "a1", "query": "Nook?", "expected_doc_id": "room-nook"}
    with pytest.raises(ValueError, match="query_id 'a1' appears twice"):
        load_anchor_queries(write_jsonl(tmp_path / "eval.jsonl", [row, row]))


def test_an_evaluation_set_is_checked_against_the_corpus_given(tmp_path):
    small = Corpus([Chunk("x-001", "x", "X", "text")])
    with pytest.raises(ValueError, match="names doc_id 'cancellation-policy'"):
        load_anchor_queries(corpus=small)


def test_qrels(corpus):
    anchors = load_anchor_queries()
    assert document_qrels(anchors)["a1"] == {"cancellation-policy": 1}
    chunk_level = chunk_qrels(anchors, corpus)["a1"]
    assert set(chunk_level) == {c.chunk_id for c in corpus.chunks_of("cancellation-policy")}
    assert set(chunk_level.values()) == {1}
    graded = chunk_qrels(load_eval_queries(), corpus)["q06"]
    assert graded["changing-a-booking-001"] == 2 and graded["cancellation-policy-005"] == 1
