r"""Two judges that run here: a lexical judge of the case study's pages, and a simulated assessor.

Neither is a language model, and neither pretends to be one: both are small enough to
teach the measures on. The chapter's real judges (language models and NIST's assessors)
are in :mod:`.real_judges`.

* :class:`LexicalJudge` grades every (question, page) pair of the case study
  (chapter 21): 48 questions, 22 help-centre pages. It scores each page by BM25
  over the page's title and all its text, and grades a page by its score
  relative to the question's best page: 2 at or above ``high`` times the best
  score, 1 at or above ``low`` times, 0 below (or when no word is shared).
  This is the title+text retriever's scoring (chapter 21) applied to whole pages, so
  the judge agrees with that retriever by construction, which says nothing about judges.
  It reads words, not meaning: it cannot tell "no refund" from "refund", it
  favours pages that repeat the question's words, and it assumes every question
  has an answer among the pages (the best page is always graded 2 when
  ``high <= 1``). Its two thresholds are chosen on a calibration sample of
  questions with the course's labels (:func:`calibrate`), and its agreement is
  measured on the others.
* :func:`simulated_judgements` re-judges a simulated test collection with a
  stated error model at error rate e, for the experiments the small corpus
  cannot support (many systems, many queries). Every pooled (query, document)
  pair is judged once:

  - a relevant document of grade g is missed (judged 0) with probability
    e for g = 1 and e / 2 for g = 2 (a partly relevant document is easier to
    miss);
  - a non-relevant document is called relevant (grade 1) with probability e
    if some system ranks it in its top 3, and e / 5 otherwise (a document a
    system puts near the top looks plausible: position-dependent leniency).

  One uniform draw per pair serves every error rate, so a pair judged wrong at
  one rate stays wrong at every higher rate.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from rankmetrics_course.chapters.case_study_rag_retriever.corpus import Corpus, EvalQuery, load_corpus, load_eval_queries
from rankmetrics_course.chapters.case_study_rag_retriever.retrievers import _bm25s, tokenize
from rankmetrics_course.chapters.incomplete_judgements.view import pooled_qrels, simulated_collection, system_run
from rankmetrics_lite import cohen_kappa
from rankmetrics_lite.validation import as_rng, check_k

#: Grid of the lexical judge's thresholds tried by :func:`calibrate` (shares of the best score).
THRESHOLDS = tuple(round(0.3 + 0.05 * i, 2) for i in range(15))
#: The seed of the calibration sample, and its size.
CALIBRATION_SEED, CALIBRATION_SIZE = 22, 16


# ----------------------------------------------------------- the course --


@lru_cache(maxsize=1)
def pages() -> tuple[str, ...]:
    """The case study's 22 page ids, in the corpus's order."""
    return tuple(load_corpus().documents)


@lru_cache(maxsize=1)
def questions() -> tuple[EvalQuery, ...]:
    """The case study's 48 questions with the course's graded judgements."""
    return load_eval_queries()


def course_grades() -> np.ndarray:
    """The course's grade of every (question, page) pair: 48 x 22, 0 where not listed."""
    return np.array([[q.relevant.get(page, 0) for page in pages()] for q in questions()])


def as_qrels(grades: np.ndarray) -> dict[str, dict[str, int]]:
    """A 48 x 22 grade matrix as qrels ``{question: {page: grade}}`` (every page judged)."""
    grades = np.asarray(grades)
    if grades.shape != (len(questions()), len(pages())):
        raise ValueError(f"grades must be {len(questions())} x {len(pages())} (questions x pages), "
                         f"got shape {grades.shape}")
    return {q.query_id: {page: int(g) for page, g in zip(pages(), row)} for q, row in zip(questions(), grades)}


def calibration_split(seed: int = CALIBRATION_SEED, size: int = CALIBRATION_SIZE) -> tuple[np.ndarray, np.ndarray]:
    """(calibration rows, held-out rows): ``size`` questions drawn at random, and the rest."""
    size = check_k(size, "size")
    if size >= len(questions()):
        raise ValueError(f"size must leave questions to measure on: at most {len(questions()) - 1}, got {size}")
    chosen = np.sort(as_rng(seed).choice(len(questions()), size=size, replace=False))
    return chosen, np.setdiff1d(np.arange(len(questions())), chosen)


# ------------------------------------------------------- lexical judge --


class LexicalJudge:
    """BM25 over whole pages (title and text), its scores turned into grades 0, 1, 2.

    Parameters
    ----------
    corpus : Corpus, optional
        The pages (by default the case study's).
    queries : sequence of EvalQuery, optional
        The questions (by default the case study's 48).
    k1, b : float
        BM25's parameters (bm25s's defaults).

    Examples
    --------
    >>> judge = LexicalJudge()
    >>> judge.scores.shape
    (48, 22)
    >>> grades = judge.grade(low=0.6, high=0.9)
    >>> sorted(set(grades.ravel().tolist()))
    [0, 1, 2]
    """

    def __init__(self, corpus: Corpus | None = None, queries: Sequence[EvalQuery] | None = None, *,
                 k1: float = 1.5, b: float = 0.75):
        corpus = corpus if corpus is not None else load_corpus()
        queries = tuple(queries) if queries is not None else questions()
        self.pages = tuple(corpus.documents)
        self.query_ids = tuple(q.query_id for q in queries)
        texts = [" ".join([corpus.documents[page]] + [c.text for c in corpus.chunks_of(page)])
                 for page in self.pages]
        index = _bm25s().BM25(k1=k1, b=b, method="lucene")
        index.index([tokenize(text) for text in texts], show_progress=False)
        scores = np.zeros((len(queries), len(self.pages)))
        for row, q in enumerate(queries):
            words = [w for w in tokenize(q.query) if w in index.vocab_dict]
            if words:
                scores[row] = index.get_scores(words)
        self.scores = scores

    def grade(self, low: float, high: float) -> np.ndarray:
        """Grades (questions x pages): 2 at or above ``high`` x the question's best score, 1 at
        or above ``low`` x, else 0; 0 for a page that shares no word with the question."""
        for value, name in ((low, "low"), (high, "high")):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
                raise ValueError(f"{name} must be a share of the best score, in (0, 1], got {value!r}")
        if low > high:
            raise ValueError(f"low must not exceed high (grade 1 lies below grade 2), got low={low}, high={high}")
        best = self.scores.max(axis=1, keepdims=True)
        share = np.divide(self.scores, best, out=np.zeros_like(self.scores), where=best > 0)
        matched = self.scores > 0
        return np.where(matched & (share >= high), 2, np.where(matched & (share >= low), 1, 0))


def calibrate(judge: LexicalJudge, truth: np.ndarray, rows: Iterable[int],
              thresholds: Sequence[float] = THRESHOLDS) -> tuple[float, float]:
    """The thresholds (low, high) whose grades agree best with ``truth`` on ``rows``, by
    linear-weighted Cohen's kappa; the first best pair in the grid's order wins a tie.

    >>> low, high = calibrate(LexicalJudge(), course_grades(), calibration_split()[0])
    >>> low <= high
    True
    """
    rows = np.asarray(list(rows), dtype=int)
    if rows.size == 0:
        raise ValueError("rows must name at least one calibration question")
    truth = np.asarray(truth)
    best, chosen = -np.inf, None
    for low in thresholds:
        for high in thresholds:
            if high < low:
                continue
            kappa = cohen_kappa(truth[rows].ravel(), judge.grade(low, high)[rows].ravel(),
                                weights="linear", categories=[0, 1, 2])
            if kappa > best + 1e-12:
                best, chosen = kappa, (float(low), float(high))
    return chosen


# --------------------------------------------------- simulated assessor --


@dataclass(frozen=True)
class SimulatedCollection:
    """A simulated test collection: true grades, twelve systems' runs, and their pool.

    Attributes
    ----------
    grades : dict
        True grades ``{query: {doc: grade}}`` of every document.
    runs : tuple of dict
        Twelve runs ``{query: {doc: score}}``, 100 documents per query.
    pool : dict
        The true grades of the documents some run ranks in its top ``depth``:
        what an assessor judges.
    best_rank : dict
        ``{query: {doc: rank}}``: the best rank any run gives a pooled document.
    depth : int
        The pool's depth: each run's top ``depth`` documents are pooled.
    """

    grades: dict
    runs: tuple
    pool: dict
    best_rank: dict
    depth: int


@lru_cache(maxsize=2)
def simulated_collection_of_twelve(seed: int = 2000, depth: int = 10) -> SimulatedCollection:
    """Thirty queries, twelve systems of evenly spread skill, pooled to ``depth``.

    The collection and the systems are those of chapter 16's simulation
    (:func:`~rankmetrics_course.chapters.incomplete_judgements.view.simulated_collection`):
    a system ranks by a noisy view of the true grade, plus a bonus for the documents
    of its own kind.
    """
    grades, sides = simulated_collection(seed)
    skills = np.linspace(1.0, 2.2, 12)
    runs = tuple(system_run(grades, sides, skill=float(s), side=i % 2, seed=seed + 10 + i)
                 for i, s in enumerate(skills))
    pool = pooled_qrels(grades, list(runs), depth)
    best_rank: dict[str, dict[str, int]] = {}
    for qid in pool:
        ranks = best_rank.setdefault(qid, {})
        for run in runs:
            for rank, doc in enumerate(sorted(run[qid], key=run[qid].get, reverse=True)[:depth], start=1):
                ranks[doc] = min(ranks.get(doc, rank), rank)
    return SimulatedCollection(grades, runs, pool, best_rank, depth)


def simulated_judgements(collection: SimulatedCollection, rate: float, *, seed: int = 0,
                         top: int = 3) -> dict[str, dict[str, int]]:
    """The pool judged by the simulated assessor at error rate ``rate`` (see the module's
    docstring for the error model): qrels ``{query: {doc: grade}}``.

    >>> collection = simulated_collection_of_twelve()
    >>> simulated_judgements(collection, 0.0) == collection.pool
    True
    """
    if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 <= rate <= 1:
        raise ValueError(f"rate must be an error rate between 0 and 1, got {rate!r}")
    rng = as_rng(seed)
    judged = {}
    for qid in sorted(collection.pool):
        docs = sorted(collection.pool[qid])
        draws = rng.random(len(docs))
        row = {}
        for doc, u in zip(docs, draws):
            grade = collection.pool[qid][doc]
            if grade > 0:
                row[doc] = 0 if u < rate * (1.0 if grade == 1 else 0.5) else grade
            else:
                lenient = collection.best_rank[qid][doc] <= top
                row[doc] = 1 if u < rate * (1.0 if lenient else 0.2) else 0
        judged[qid] = row
    return judged
