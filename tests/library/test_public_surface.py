"""The package's public names are the same for the lazy loader and for static tools.

``rankmetrics_lite`` imports a public name's module on first use (``_WHERE``), which IDEs,
type checkers and ``help()`` cannot follow; so ``__init__.py`` also declares every name in
``__all__`` and imports it in an ``if TYPE_CHECKING:`` block that only those tools read. The
three lists are written by hand, and this test keeps them equal.
"""

from __future__ import annotations

import ast
import inspect

import rankmetrics_lite


def static_imports() -> dict[str, str]:
    """{name: module} of the imports inside ``__init__.py``'s ``if TYPE_CHECKING:`` block."""
    tree = ast.parse(inspect.getsource(rankmetrics_lite))
    blocks = [node for node in tree.body
              if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"]
    assert len(blocks) == 1, "__init__.py needs one `if TYPE_CHECKING:` block of imports"
    found = {}
    for node in blocks[0].body:
        assert isinstance(node, ast.ImportFrom) and node.level == 1, ast.unparse(node)
        for alias in node.names:
            assert alias.asname is None, f"import {alias.name} under its own name"
            found[alias.name] = f".{node.module}"
    return found


def test_static_imports_are_the_lazy_table():
    lazy = rankmetrics_lite._WHERE
    static = static_imports()
    assert sorted(set(lazy) - set(static)) == [], "names loaded lazily that the TYPE_CHECKING block lacks"
    assert sorted(set(static) - set(lazy)) == [], "names in the TYPE_CHECKING block that _WHERE lacks"
    moved = {name: (lazy[name], static[name]) for name in lazy if lazy[name] != static[name]}
    assert moved == {}, "(lazy, static) modules that differ"


def test_all_lists_the_lazy_table_in_order():
    assert rankmetrics_lite.__all__ == sorted(rankmetrics_lite._WHERE)


def test_every_public_name_comes_from_its_module():
    for name, module in rankmetrics_lite._WHERE.items():
        value = getattr(rankmetrics_lite, name)
        assert value.__module__ == f"rankmetrics_lite{module}", (name, value.__module__)
