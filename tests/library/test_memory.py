"""Steps done a block at a time to bound memory give what the whole-array steps give."""

from __future__ import annotations

import numpy as np
import pytest

from rankmetrics_lite import _columnar, _memory
from rankmetrics_lite._columns import QrelsColumns, RunColumns
from rankmetrics_lite._evaluate import evaluate
from tests.library.catalogue_names import every_measure
from tests.library.trec_collections import random_collection


@pytest.mark.parametrize("block", [1, 2, 3, 1000])
def test_each_step_equals_its_whole_array_form(monkeypatch, block):
    monkeypatch.setattr(_memory, "BLOCK", block)
    rng = np.random.default_rng(block)
    keys = rng.integers(0, 5, size=23).astype(np.uint64)
    order = np.argsort(keys, kind="stable")
    np.testing.assert_array_equal(_memory.equal_in_order(keys, order), keys[order][1:] == keys[order][:-1])
    inverse = np.empty(order.size, dtype=np.int64)
    inverse[order] = np.arange(order.size)
    np.testing.assert_array_equal(_memory.inverse_order(order), inverse)
    out, table = rng.integers(0, 100, size=23), rng.integers(0, 100, size=7)
    index = rng.integers(0, 7, size=23)
    expected = out - table[index]
    _memory.subtract_taken(out, table, index)
    np.testing.assert_array_equal(out, expected)
    assert _memory.equal_in_order(keys[:1], order[:1]).size == 0


@pytest.mark.parametrize("seed", [0, 4])
def test_evaluation_in_small_blocks_gives_the_same_values(monkeypatch, seed):
    collection = random_collection(seed)
    run, qrels = RunColumns.from_dict(collection.run), QrelsColumns.from_dict(collection.qrels)
    measures = every_measure(1, 2, 5)
    monkeypatch.setattr(_memory, "BLOCK", 3)
    monkeypatch.setattr(_columnar, "_HASH_BLOCK", 5)
    # The dicts' path ranks and joins without these steps.
    assert evaluate(run, qrels, measures, per_query=True) == evaluate(collection.run, collection.qrels,
                                                                     measures, per_query=True)
