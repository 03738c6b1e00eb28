"""The case study's lexical retrievers: BM25 from bm25s behind search(query, k)."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from rankmetrics_course.chapters.case_study_rag_retriever.corpus import (
    Chunk,
    Corpus,
    load_anchor_queries,
    load_corpus,
    load_eval_queries,
)
from rankmetrics_course.chapters.case_study_rag_retriever.retrievers import (
    BM25Retriever,
    SearchResult,
    chunk_hits,
    document_ranking,
    new_document_hits,
    search,
    text_retriever,
    title_text_retriever,
    tokenize,
)

QUERIES = [q.query for q in load_anchor_queries()] + [q.query for q in load_eval_queries()]


def reference_bm25(corpus: Corpus, fields, query: str, k1: float, b: float) -> dict[str, float]:
    """Lucene's BM25, written out from its formula, as an independent check of bm25s."""
    docs = {c.chunk_id: tokenize(" ".join(getattr(c, f) for f in fields)) for c in corpus}
    n_docs = len(docs)
    avgdl = sum(map(len, docs.values())) / n_docs
    df = Counter(word for words in docs.values() for word in set(words))
    scores = {}
    for chunk_id, words in docs.items():
        counts = Counter(words)
        total = 0.0
        for word in tokenize(query):
            if counts[word]:
                idf = math.log(1 + (n_docs - df[word] + 0.5) / (df[word] + 0.5))
                tf = counts[word]
                total += idf * tf / (tf + k1 * (1 - b + b * len(words) / avgdl))
        scores[chunk_id] = total
    return scores


@pytest.mark.parametrize("make, fields", [(text_retriever, ("text",)),
                                          (title_text_retriever, ("title", "text"))])
def test_scores_agree_with_the_bm25_formula(make, fields):
    corpus = load_corpus()
    for query in QUERIES[:20]:
        got = make().scores(query)
        want = reference_bm25(corpus, fields, query, 1.5, 0.75)
        assert got.keys() == want.keys()
        for chunk_id in got:
            assert got[chunk_id] == pytest.approx(want[chunk_id], rel=1e-5, abs=1e-6)


def test_other_parameters_change_the_scores_as_the_formula_says():
    corpus = load_corpus()
    retriever = BM25Retriever(corpus, k1=0.9, b=0.4)
    query = QUERIES[0]
    want = reference_bm25(corpus, ("text",), query, 0.9, 0.4)
    for chunk_id, score in retriever.scores(query).items():
        assert score == pytest.approx(want[chunk_id], rel=1e-5, abs=1e-6)
    assert retriever.name == "BM25(text, k1=0.9, b=0.4)"


@pytest.mark.parametrize("query", QUERIES)
def test_search_returns_the_best_chunks_best_first(query):
    retriever = text_retriever()
    results = retriever.search(query, 10)
    assert [r.rank for r in results] == list(range(1, len(results) + 1))
    scores = [r.score for r in results]
    assert all(s > 0 for s in scores) and scores == sorted(scores, reverse=True)
    everything = retriever.scores(query)
    positive = sorted((s for s in everything.values() if s > 0), reverse=True)
    assert scores == positive[:10]
    for r in results:
        chunk = load_corpus().chunk(r.chunk_id)
        assert (r.doc_id, r.text) == (chunk.doc_id, chunk.text)
    # the ranking does not depend on k: the top 3 are the first 3 of the top 10
    assert retriever.search(query, 3) == results[:3]


def test_ties_are_broken_by_chunk_id_descending():
    results = search("Is there wifi in the Atrium?", 3)
    assert results[1].score == results[2].score
    assert [r.chunk_id for r in results[1:]] == ["wifi-and-internet-001", "room-nook-003"]
    for query in QUERIES:
        ranked = search(query, 50)
        for first, second in zip(ranked, ranked[1:]):
            if first.score == second.score:
                assert first.chunk_id > second.chunk_id


def test_search_is_deterministic_across_indexes():
    fresh = BM25Retriever(load_corpus(), name="again")
    for query in QUERIES:
        assert fresh.search(query, 10) == text_retriever().search(query, 10)


def test_fewer_results_than_k_when_few_chunks_match():
    results = search("VAT number", 10)
    assert [r.chunk_id for r in results] == ["invoices-and-receipts-003", "invoices-and-receipts-002"]
    assert search("xylophone", 5) == []


def test_title_words_are_searchable_only_in_the_title_retriever():
    assert search("upgrading", 5) == []
    found = search("upgrading", 5, retriever=title_text_retriever())
    assert {r.doc_id for r in found} == {"changing-your-plan"}
    assert len(found) == 3


def test_tokenize():
    assert tokenize("The Refunds, and a REFUND!") == ["refunds", "refund"]  # no stemming
    assert tokenize("Is it in the?") == []
    assert tokenize("Wi-Fi 5G x") == ["wi", "fi", "5g"]
    with pytest.raises(TypeError, match="text must be a string"):
        tokenize(None)


@pytest.mark.parametrize("query, error, message", [
    ("", ValueError, "query must not be empty, got ''"),
    ("   \n", ValueError, "query must not be empty"),
    ("is it the", ValueError, "no word left to search for once stop words are removed"),
    (None, TypeError, "query must be a string"),
    (["wifi"], TypeError, "query must be a string"),
])
def test_bad_queries_are_refused(query, error, message):
    with pytest.raises(error, match=message):
        search(query, 3)


@pytest.mark.parametrize("k, error", [(0, ValueError), (-2, ValueError), (2.0, TypeError),
                                      (True, TypeError), ("3", TypeError)])
def test_bad_k_is_refused(k, error):
    with pytest.raises(error, match="k must be a positive integer"):
        search("wifi", k)


def test_bad_parameters_are_refused():
    corpus = load_corpus()
    with pytest.raises(ValueError, match="k1 >= 0 and 0 <= b <= 1"):
        BM25Retriever(corpus, b=1.5)
    with pytest.raises(TypeError, match="k1 must be a finite number"):
        BM25Retriever(corpus, k1="1.2")
    with pytest.raises(ValueError, match="fields must name some of"):
        BM25Retriever(corpus, fields=("body",))
    with pytest.raises(ValueError, match="fields must name some of"):
        BM25Retriever(corpus, fields=())
    with pytest.raises(TypeError, match="corpus must be a Corpus"):
        BM25Retriever([Chunk("a-001", "a", "A", "text")])
    with pytest.raises(ValueError, match="depth must be a positive integer"):
        text_retriever().run(load_anchor_queries(), depth=0)


def test_run_holds_each_query_top_chunks():
    anchors = load_anchor_queries()
    run = text_retriever().run(anchors, depth=5)
    assert list(run) == [q.query_id for q in anchors]
    for q in anchors:
        assert run[q.query_id] == {r.chunk_id: r.score for r in search(q.query, 5)}
    full = text_retriever().run(anchors[:1])
    assert len(full["a1"]) == len(search(anchors[0].query, 1000))


def fake(ranked_docs):
    return [SearchResult(i, f"{d}-{i:03d}", d, 1.0 / i, "") for i, d in enumerate(ranked_docs, start=1)]


def test_hits_at_chunk_and_document_level():
    results = fake(["x", "a", "a", "b", "x", "b", "c"])
    assert chunk_hits(results, ["a", "b"]) == [0, 1, 1, 1, 0, 1, 0]
    assert new_document_hits(results, ["a", "b"]) == [0, 1, 0, 1, 0, 0, 0]
    assert chunk_hits(results, {"a": 2, "b": 1, "c": 0}) == [0, 1, 1, 1, 0, 1, 0]
    assert new_document_hits([], ["a"]) == []
    with pytest.raises(TypeError, match=r"wrap a single id in a list, \['a'\]"):
        chunk_hits(results, "a")
    assert document_ranking(results) == [("x", 1.0), ("a", 0.5), ("b", 0.25), ("c", 1 / 7)]
