"""Hidden inputs: each check's examples, shuffled by a seed only the grader picks.

A check that calls a student's function draws its inputs from module constants
(``_CASES``, ``_RANKINGS``, ...). For a graded run the grader shuffles every list
of numbers inside those constants (the same items in another order, so every
case stays valid) and judges the function on these inputs as well: a function
that looks its outputs up in a table of the visible examples fails there.

>>> from rankmetrics_course.chapters.precision_at_k import checks as precision_at_k
>>> variants = hidden_variants(seed=7)
>>> sorted(variants["rankmetrics_course.chapters.precision_at_k.checks"])
['_BOUND_CASES', '_RANKINGS']
>>> with overridden(variants):
...     shuffled = precision_at_k._RANKINGS
>>> sorted(map(sorted, shuffled)) == sorted(map(sorted, precision_at_k._RANKINGS))
True
"""

from __future__ import annotations

import contextlib
import importlib
import re
import sys

import numpy as np

from rankmetrics_course.exercises.answer_data import from_data, to_data

_CONSTANT = re.compile(r"^_[A-Z][A-Z0-9_]*$")


def hidden_variants(seed: int) -> dict[str, dict[str, object]]:
    """Module name -> {constant name: shuffled value} for every exercise module."""
    from rankmetrics_course.exercises import _check_modules  # the package imports this module: import late

    rng = np.random.default_rng(seed)
    variants: dict[str, dict[str, object]] = {}
    for module in _check_modules():
        for name, value in sorted(vars(module).items()):
            if _CONSTANT.match(name) and isinstance(value, list):
                variants.setdefault(module.__name__, {})[name] = _shuffled(value, rng)
    return variants


@contextlib.contextmanager
def overridden(variants: dict[str, dict[str, object]]):
    """Within the block, the exercise modules' constants take their hidden values."""
    saved = []
    try:
        for module_name, constants in variants.items():
            module = sys.modules.get(module_name) or importlib.import_module(module_name)
            for name, value in constants.items():
                if hasattr(module, name):
                    saved.append((module, name, getattr(module, name)))
                    setattr(module, name, value)
        yield
    finally:
        for module, name, value in reversed(saved):
            setattr(module, name, value)


def variants_to_data(variants) -> dict:
    return {module: {name: to_data(value) for name, value in constants.items()}
            for module, constants in variants.items()}


def variants_from_data(data) -> dict:
    return {module: {name: from_data(value) for name, value in constants.items()}
            for module, constants in data.items()}


def _shuffled(value, rng):
    """``value`` with every list of numbers in it permuted (structure and types kept)."""
    if isinstance(value, list) and value and all(_is_number(x) for x in value):
        return [value[i] for i in rng.permutation(len(value))]
    if isinstance(value, list):
        return [_shuffled(item, rng) for item in value]
    if isinstance(value, tuple):
        return tuple(_shuffled(item, rng) for item in value)
    return value


def _is_number(x) -> bool:
    return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, bool)
