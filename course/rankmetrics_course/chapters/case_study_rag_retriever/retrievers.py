r"""Lexical retrievers over the case study's help centre: BM25 from ``bm25s``.

:class:`BM25Retriever` indexes the chunks of a :class:`~rankmetrics_course.chapters.case_study_rag_retriever.corpus.Corpus`
with the `bm25s <https://github.com/xhluca/bm25s>`_ package (Lucene's BM25;
bm25s needs numpy only, and nothing here downloads anything) and
answers ``search(query, k)`` with the best k chunks, best first, with their
scores. Two configurations are compared in the case study:

* :func:`text_retriever`: BM25 over the text of each chunk (the baseline);
* :func:`title_text_retriever`: BM25 over the page title followed by the
  chunk's text, so that every chunk also carries the words of its title.

Text is split by :func:`tokenize`: lower case, words of two or more letters
or digits, Lucene's 33 English stop words removed, **no stemming** (so
"refund" and "refunded" are different words, as in many real indexes).

For a query, BM25 scores every chunk

.. math::
    s(q, c) = \sum_{t \in q} \mathrm{idf}(t)\,
      \frac{f_{t,c}}{f_{t,c} + k_1 \left(1 - b + b\,\frac{|c|}{\mathrm{avgdl}}\right)},
    \qquad \mathrm{idf}(t) = \ln\!\left(1 + \frac{N - n_t + 0.5}{n_t + 0.5}\right)

with :math:`f_{t,c}` the count of word t in chunk c, :math:`|c|` its length
in words, :math:`n_t` the number of chunks holding t and N the number of
chunks (Lucene's variant: no :math:`k_1 + 1` factor, which scales every score
alike and leaves the ranking unchanged). Only chunks that share at least one
word with the query (score > 0) are returned. Ties are broken as trec_eval
breaks them (chunk id descending, see :func:`~rankmetrics_lite.rank_by_score`),
so a run written from these results ranks the same way in trec_eval and in
the package's batch evaluation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from rankmetrics_course.chapters.case_study_rag_retriever.corpus import Corpus, EvalQuery, load_corpus
from rankmetrics_lite import rank_by_score
from rankmetrics_lite.validation import check_k

FIELDS = ("text", "title")


def _bm25s():
    """The bm25s module, or an ImportError that says how to install it."""
    try:
        import bm25s
    except ImportError:
        raise ImportError(
            "the case study's retrievers need the bm25s package: "
            "pip install bm25s (or pip install 'rankmetrics_lite[case-study]')"
        ) from None
    return bm25s


@dataclass(frozen=True)
class SearchResult:
    """One retrieved chunk: its rank (1 = best), ids, BM25 score and text."""

    rank: int
    chunk_id: str
    doc_id: str
    score: float
    text: str


def tokenize(text: str) -> list[str]:
    """The words BM25 sees: lower case, 2+ characters, stop words removed, no stemming.

    Examples
    --------
    >>> tokenize("Is there wifi in the Atrium?")
    ['wifi', 'atrium']
    >>> tokenize("Can I get a refund if I didn't show up?")
    ['can', 'get', 'refund', 'didn', 'show', 'up']
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a string, got {type(text).__name__}")
    words = _bm25s().tokenize([text], stopwords="en", return_ids=False, show_progress=False)[0]
    return [w for w in words if w]


def _check_query(query: object) -> list[str]:
    if not isinstance(query, str):
        raise TypeError(f"query must be a string (the user's question), got {type(query).__name__}")
    if not query.strip():
        raise ValueError(f"query must not be empty, got {query!r}: pass the text of a question")
    words = tokenize(query)
    if not words:
        raise ValueError(
            f"query {query!r} has no word left to search for once stop words are removed: "
            "add a content word (for example 'wifi' or 'refund')"
        )
    return words


class BM25Retriever:
    """BM25 (bm25s, Lucene variant) over the chunks of a corpus.

    Parameters
    ----------
    corpus : Corpus
        The chunks to index.
    k1, b : float
        BM25's term-frequency saturation and length normalisation
        (defaults 1.5 and 0.75, those of bm25s).
    fields : tuple of {"title", "text"}
        What is indexed for each chunk, joined by a space in this order.
    name : str, optional
        A short label for tables and plots.

    Examples
    --------
    >>> retriever = BM25Retriever(load_corpus())
    >>> for r in retriever.search("Is there wifi in the Atrium?", k=3):
    ...     print(r.rank, f"{r.score:.4f}", r.chunk_id)
    1 2.2453 room-atrium-003
    2 1.2132 wifi-and-internet-001
    3 1.2132 room-nook-003

    Ranks 2 and 3 tie; the chunk id decides, descending ("w" > "r").
    """

    def __init__(self, corpus: Corpus, *, k1: float = 1.5, b: float = 0.75,
                 fields: Sequence[str] = ("text",), name: str | None = None):
        bm25s = _bm25s()
        if not isinstance(corpus, Corpus):
            raise TypeError(f"corpus must be a Corpus (see load_corpus()), got {type(corpus).__name__}")
        for value, label in ((k1, "k1"), (b, "b")):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not np.isfinite(value):
                raise TypeError(f"{label} must be a finite number, got {value!r}")
        if k1 < 0 or not 0 <= b <= 1:
            raise ValueError(f"BM25 needs k1 >= 0 and 0 <= b <= 1, got k1={k1}, b={b}")
        fields = tuple(fields)
        if not fields or any(f not in FIELDS for f in fields) or len(set(fields)) != len(fields):
            raise ValueError(f"fields must name some of {FIELDS} once each, got {fields!r}")
        self.corpus, self.k1, self.b, self.fields = corpus, float(k1), float(b), fields
        self.name = name or f"BM25({'+'.join(fields)}, k1={k1:g}, b={b:g})"
        self._ids = [c.chunk_id for c in corpus]
        documents = [tokenize(" ".join(getattr(c, f) for f in fields)) for c in corpus]
        self._index = bm25s.BM25(k1=self.k1, b=self.b, method="lucene")
        self._index.index(documents, show_progress=False)

    def __repr__(self) -> str:
        return f"BM25Retriever({self.name}, {len(self._ids)} chunks)"

    def scores(self, query: str) -> dict[str, float]:
        """The BM25 score of every chunk for ``query``, 0 where no word matches."""
        words = [w for w in _check_query(query) if w in self._index.vocab_dict]
        if not words:
            return dict.fromkeys(self._ids, 0.0)
        values = self._index.get_scores(words)
        return {chunk_id: float(s) for chunk_id, s in zip(self._ids, values)}

    def search(self, query: str, k: int) -> list[SearchResult]:
        """The best ``k`` chunks for ``query``, best first; fewer if fewer chunks match.

        Only chunks with a positive score (at least one query word) are
        returned; ties are broken by chunk id descending (trec_eval's rule).
        """
        k = check_k(k)
        scores = {cid: s for cid, s in self.scores(query).items() if s > 0}
        ranked = rank_by_score(scores)[:k]
        return [
            SearchResult(rank, cid, self.corpus.doc_id_of(cid), scores[cid], self.corpus.chunk(cid).text)
            for rank, cid in enumerate(ranked, start=1)
        ]

    def run(self, queries: Iterable[EvalQuery], depth: int | None = None) -> dict[str, dict[str, float]]:
        """A run ``{query_id: {chunk_id: score}}`` of the top ``depth`` chunks (all matches if None)."""
        depth = len(self._ids) if depth is None else check_k(depth, "depth")
        return {q.query_id: {r.chunk_id: r.score for r in self.search(q.query, depth)} for q in queries}


@lru_cache(maxsize=1)
def text_retriever() -> BM25Retriever:
    """BM25 over each chunk's text, on the shipped corpus (built once, then cached)."""
    return BM25Retriever(load_corpus(), fields=("text",), name="BM25 text")


@lru_cache(maxsize=1)
def title_text_retriever() -> BM25Retriever:
    """BM25 over each chunk's page title and text, on the shipped corpus."""
    return BM25Retriever(load_corpus(), fields=("title", "text"), name="BM25 title+text")


def search(query: str, k: int, retriever: BM25Retriever | None = None) -> list[SearchResult]:
    """The best ``k`` chunks for ``query`` (by default from :func:`text_retriever`).

    Raises ``ValueError`` for an empty query or ``k < 1``.

    Examples
    --------
    >>> [r.chunk_id for r in search("Which ways to pay does Quorum accept?", k=3)]
    ['payment-methods-001', 'membership-tiers-004', 'membership-tiers-001']
    >>> search("   ", k=3)
    Traceback (most recent call last):
    ...
    ValueError: query must not be empty, got '   ': pass the text of a question
    """
    retriever = text_retriever() if retriever is None else retriever
    return retriever.search(query, k)


# ------------------------------------------------ from results to judgements --


def _check_relevant(relevant_doc_ids: object) -> frozenset:
    if isinstance(relevant_doc_ids, str):
        raise TypeError(
            "relevant_doc_ids must be a collection of doc ids, got the string "
            f"{relevant_doc_ids!r}: wrap a single id in a list, [{relevant_doc_ids!r}]"
        )
    if isinstance(relevant_doc_ids, Mapping):
        return frozenset(d for d, grade in relevant_doc_ids.items() if grade > 0)
    return frozenset(relevant_doc_ids)


def chunk_hits(results: Sequence[SearchResult], relevant_doc_ids: Iterable[str]) -> list[int]:
    """1 at each rank whose chunk belongs to a relevant document, else 0.

    This is the relevance vector of the chunk ranking, ready for
    ``precision_at_k`` or ``hit_rate_at_k``.

    Examples
    --------
    >>> results = search("What equipment does a Nook have?", k=6)
    >>> [r.doc_id for r in results][:4]
    ['membership-tiers', 'cancellation-policy', 'accessibility', 'room-nook']
    >>> chunk_hits(results, ["room-nook"])
    [0, 0, 0, 1, 1, 1]
    """
    relevant = _check_relevant(relevant_doc_ids)
    return [int(r.doc_id in relevant) for r in results]


def new_document_hits(results: Sequence[SearchResult], relevant_doc_ids: Iterable[str]) -> list[int]:
    """1 at the rank where a relevant document shows up for the first time, else 0.

    A relevant document counts once, at its best chunk; its later chunks are
    repeats. ``recall_at_k(new_document_hits(...), k, n_relevant=len(relevant))``
    is document-level recall with k counted in chunks.

    Examples
    --------
    >>> new_document_hits(search("What equipment does a Nook have?", k=6), ["room-nook"])
    [0, 0, 0, 1, 0, 0]
    """
    relevant = _check_relevant(relevant_doc_ids)
    seen: set[str] = set()
    hits = []
    for r in results:
        hits.append(int(r.doc_id in relevant and r.doc_id not in seen))
        seen.add(r.doc_id)
    return hits


def document_ranking(results: Sequence[SearchResult]) -> list[tuple[str, float]]:
    """Documents in the order of their best chunk, each with that chunk's score.

    A document is as good as its best passage (the "max-passage" rule);
    later chunks of a document already listed are dropped.

    Examples
    --------
    >>> [r.doc_id for r in search("What is the Summit?", k=6)]  # doctest: +NORMALIZE_WHITESPACE
    ['cancellation-policy', 'room-summit', 'meeting-rooms', 'room-summit',
     'room-summit', 'accessibility']
    >>> for doc_id, score in document_ranking(search("What is the Summit?", k=6)):
    ...     print(doc_id, f"{score:.4f}")
    cancellation-policy 1.5002
    room-summit 1.1292
    meeting-rooms 0.9254
    accessibility 0.8768
    """
    seen: dict[str, float] = {}
    for r in results:
        seen.setdefault(r.doc_id, r.score)
    return list(seen.items())
