"""The case study's data: a help centre split into chunks, and two evaluation sets.

The corpus is the help centre of *Quorum*, a fictional service that rents
meeting rooms by the hour (policies, membership plans, rooms and their
equipment, payments, accounts...). It ships with the package as JSON Lines
in this chapter's ``data/`` folder:

* ``help_centre_chunks.jsonl``: one chunk per line, with its ``chunk_id``,
  the ``doc_id`` and ``title`` of the page it comes from, and its ``text``;
* ``eval_anchor_queries.jsonl``: six queries, each with the one page that
  answers it (``expected_doc_id``), the form of the course's source lesson;
* ``eval_queries.jsonl``: 48 queries, each with graded judgements
  ``{"doc_id": grade}`` (2: the page answers the question, 1: it helps),
  some with several relevant pages.

Relevance is judged per **document** (page); a chunk inherits the grade of
its document. The loaders check every file at the door: an evaluation set
that names a page the corpus does not have fails with the query id, the bad
``doc_id`` and the closest real ones.
"""

from __future__ import annotations

import difflib
import json
import numbers
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType

CHUNKS_FILE = "help_centre_chunks.jsonl"
ANCHOR_FILE = "eval_anchor_queries.jsonl"
QUERIES_FILE = "eval_queries.jsonl"


@dataclass(frozen=True)
class Chunk:
    """One retrievable passage: a piece of one help-centre page."""

    chunk_id: str
    doc_id: str
    title: str
    text: str


@dataclass(frozen=True)
class EvalQuery:
    """A query and its judgements: ``relevant`` maps doc_id to a grade >= 1.

    Pages that are not in ``relevant`` are not relevant (grade 0).
    """

    query_id: str
    query: str
    relevant: Mapping[str, int] = field(default_factory=dict)

    @property
    def expected_doc_id(self) -> str:
        """The one relevant page of a query that has exactly one (the anchor form)."""
        if len(self.relevant) != 1:
            raise ValueError(
                f"query {self.query_id!r} has {len(self.relevant)} relevant documents, "
                "so it has no single expected_doc_id: use .relevant instead"
            )
        return next(iter(self.relevant))


class Corpus:
    """The chunks of the help centre, in file order, with look-ups by id.

    Examples
    --------
    >>> corpus = load_corpus()
    >>> len(corpus), len(corpus.documents)
    (83, 22)
    >>> corpus.doc_id_of("room-nook-002")
    'room-nook'
    >>> [c.chunk_id for c in corpus.chunks_of("room-nook")]
    ['room-nook-001', 'room-nook-002', 'room-nook-003']
    """

    def __init__(self, chunks: Iterable[Chunk]):
        self.chunks: tuple[Chunk, ...] = tuple(chunks)
        if not self.chunks:
            raise ValueError("a corpus needs at least one chunk, got none")
        self._by_id: dict[str, Chunk] = {}
        titles: dict[str, str] = {}
        for chunk in self.chunks:
            if chunk.chunk_id in self._by_id:
                raise ValueError(f"chunk_id {chunk.chunk_id!r} appears twice: chunk ids must be unique")
            self._by_id[chunk.chunk_id] = chunk
            if titles.setdefault(chunk.doc_id, chunk.title) != chunk.title:
                raise ValueError(
                    f"document {chunk.doc_id!r} has two titles, {titles[chunk.doc_id]!r} and "
                    f"{chunk.title!r}: give every chunk of a document the same title"
                )
        self._titles = MappingProxyType(titles)

    def __len__(self) -> int:
        return len(self.chunks)

    def __iter__(self) -> Iterator[Chunk]:
        return iter(self.chunks)

    def __repr__(self) -> str:
        return f"Corpus({len(self.chunks)} chunks from {len(self._titles)} documents)"

    @property
    def documents(self) -> Mapping[str, str]:
        """``{doc_id: title}`` of every document, in file order."""
        return self._titles

    def chunk(self, chunk_id: str) -> Chunk:
        """The chunk with this id, or ``ValueError`` naming the closest ids."""
        try:
            return self._by_id[chunk_id]
        except (KeyError, TypeError):
            raise ValueError(
                f"chunk_id {chunk_id!r} is not in the corpus{_suggest(chunk_id, self._by_id)}"
            ) from None

    def doc_id_of(self, chunk_id: str) -> str:
        """The document a chunk belongs to."""
        return self.chunk(chunk_id).doc_id

    def chunks_of(self, doc_id: str) -> tuple[Chunk, ...]:
        """Every chunk of one document, in order."""
        self.check_doc_id(doc_id, "doc_id")
        return tuple(c for c in self.chunks if c.doc_id == doc_id)

    def check_doc_id(self, doc_id: object, where: str) -> str:
        """Return ``doc_id`` if the corpus has that document; otherwise raise ``ValueError``."""
        if not isinstance(doc_id, str) or doc_id not in self._titles:
            raise ValueError(
                f"{where} names doc_id {doc_id!r}, which is not a document of the corpus"
                f"{_suggest(doc_id, self._titles)}; fix the id or add the document to the corpus"
            )
        return doc_id


def _suggest(name: object, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(str(name), list(known), n=3)
    return f" (did you mean {', '.join(map(repr, close))}?)" if close else ""


def _data_path(name: str) -> Path:
    return Path(str(resources.files(__package__) / "data" / name))


def _read_jsonl(path: Path, what: str) -> list[tuple[int, dict]]:
    rows = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as error:
                raise ValueError(f"{what} file {path.name}, line {number}: not valid JSON ({error})") from None
            if not isinstance(row, dict):
                raise ValueError(f"{what} file {path.name}, line {number}: expected a JSON object")
            rows.append((number, row))
    if not rows:
        raise ValueError(f"{what} file {path.name} holds no rows")
    return rows


def _text_field(row: dict, key: str, where: str) -> str:
    value = row.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{where}: {key!r} must be a non-empty string, got {value!r}")
    return value


def load_corpus(path: str | Path | None = None) -> Corpus:
    """Read the help-centre chunks (by default the corpus that ships with the package).

    Each line of the JSON Lines file is ``{"chunk_id", "doc_id", "title", "text"}``;
    a chunk id must start with its document's id.

    Examples
    --------
    >>> load_corpus().chunk("cancellation-policy-003").title
    'Cancellation policy'
    """
    if path is None:
        return _shipped_corpus()
    return _corpus_from(Path(path))


@lru_cache(maxsize=1)
def _shipped_corpus() -> Corpus:
    return _corpus_from(_data_path(CHUNKS_FILE))


def _corpus_from(path: Path) -> Corpus:
    chunks = []
    for number, row in _read_jsonl(path, "corpus"):
        where = f"corpus file {path.name}, line {number}"
        chunk = Chunk(*(_text_field(row, key, where) for key in ("chunk_id", "doc_id", "title", "text")))
        if not chunk.chunk_id.startswith(chunk.doc_id + "-"):
            raise ValueError(
                f"{where}: chunk_id {chunk.chunk_id!r} must start with its doc_id "
                f"{chunk.doc_id!r} and a hyphen (for example {chunk.doc_id + '-001'!r})"
            )
        chunks.append(chunk)
    return Corpus(chunks)


def _grade(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        raise ValueError(
            f"{where} must be a positive integer grade (1: helps, 2: answers), got {value!r}; "
            "leave non-relevant documents out"
        )
    return int(value)


def _queries_from(path: Path, corpus: Corpus, what: str) -> tuple[EvalQuery, ...]:
    queries: list[EvalQuery] = []
    seen: set[str] = set()
    for number, row in _read_jsonl(path, what):
        where = f"{what} file {path.name}, line {number}"
        query_id = _text_field(row, "query_id", where)
        if query_id in seen:
            raise ValueError(f"{where}: query_id {query_id!r} appears twice; query ids must be unique")
        seen.add(query_id)
        query = _text_field(row, "query", f"{where} (query {query_id!r})")
        if "expected_doc_id" in row and "relevant" in row:
            raise ValueError(f"{where}: give either 'expected_doc_id' or 'relevant', not both")
        if "expected_doc_id" in row:
            relevant = {row["expected_doc_id"]: 1}
        elif isinstance(row.get("relevant"), dict) and row["relevant"]:
            relevant = row["relevant"]
        else:
            raise ValueError(
                f"{where} (query {query_id!r}): needs 'expected_doc_id' (one page) or a non-empty "
                "'relevant' object {doc_id: grade}"
            )
        checked = {}
        for doc_id, grade in relevant.items():
            corpus.check_doc_id(doc_id, f"{where}: query {query_id!r}")
            checked[doc_id] = _grade(grade, f"{where}: the grade of {doc_id!r}")
        queries.append(EvalQuery(query_id, query, MappingProxyType(checked)))
    return tuple(queries)


def load_anchor_queries(path: str | Path | None = None, corpus: Corpus | None = None) -> tuple[EvalQuery, ...]:
    """The six anchor queries, each with its one expected document.

    Each line is ``{"query_id", "query", "expected_doc_id"}``. Every
    ``expected_doc_id`` must be a document of ``corpus`` (by default the shipped one).

    Examples
    --------
    >>> first = load_anchor_queries()[0]
    >>> first.query, first.expected_doc_id
    ('What is the cancellation policy for the Summit room?', 'cancellation-policy')
    """
    corpus = corpus if corpus is not None else load_corpus()
    return _queries_from(Path(path) if path is not None else _data_path(ANCHOR_FILE), corpus, "evaluation set")


def load_eval_queries(path: str | Path | None = None, corpus: Corpus | None = None) -> tuple[EvalQuery, ...]:
    """The larger evaluation set: 48 queries with graded judgements per document.

    Each line is ``{"query_id", "query", "relevant": {doc_id: grade}}`` with
    grades 1 (helps) or 2 (answers the question).

    Examples
    --------
    >>> queries = load_eval_queries()
    >>> len(queries), dict(queries[0].relevant)
    (48, {'booking-basics': 2, 'membership-tiers': 1})
    """
    corpus = corpus if corpus is not None else load_corpus()
    return _queries_from(Path(path) if path is not None else _data_path(QUERIES_FILE), corpus, "evaluation set")


def document_qrels(queries: Iterable[EvalQuery]) -> dict[str, dict[str, int]]:
    """``{query_id: {doc_id: grade}}``, the judgements in the form ``evaluate`` reads.

    Examples
    --------
    >>> document_qrels(load_anchor_queries())["a3"]
    {'room-nook': 1}
    """
    return {q.query_id: dict(q.relevant) for q in queries}


def chunk_qrels(queries: Iterable[EvalQuery], corpus: Corpus) -> dict[str, dict[str, int]]:
    """``{query_id: {chunk_id: grade}}``: every chunk inherits its document's grade.

    Examples
    --------
    >>> chunk_qrels(load_anchor_queries(), load_corpus())["a3"]
    {'room-nook-001': 1, 'room-nook-002': 1, 'room-nook-003': 1}
    """
    return {
        q.query_id: {c.chunk_id: grade for doc_id, grade in q.relevant.items() for c in corpus.chunks_of(doc_id)}
        for q in queries
    }
