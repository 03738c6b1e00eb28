"""One folder per chapter, named by the chapter's slug: what that chapter needs.

A chapter's notebook ``book/NN-some-name.ipynb`` has the slug ``some_name``, and
its folder here may hold ``view.py`` (the pure functions behind its figures and
sliders) and ``checks.py`` (the automatic checks of its exercises), with any
data the chapter reads beside them. Nothing here lists the chapters: a folder
is a chapter.
"""

from __future__ import annotations

import pkgutil
from importlib import resources


def slugs() -> list[str]:
    """Every chapter's slug, sorted."""
    return sorted(module.name for module in pkgutil.iter_modules(__path__) if module.ispkg)


def has_module(slug: str, name: str) -> bool:
    """Whether the chapter ``slug`` has the module ``name`` (``"view"``, ``"checks"``)."""
    return resources.files(__name__).joinpath(slug, f"{name}.py").is_file()


def slug_of_notebook(file_name: str) -> str:
    """The slug of a chapter notebook's file name: ``02-precision-at-k.ipynb`` -> ``precision_at_k``.

    >>> slug_of_notebook("02-precision-at-k.ipynb")
    'precision_at_k'
    """
    stem = file_name.rsplit(".", 1)[0]
    number, _, name = stem.partition("-")
    if not (number.isdigit() and name):
        raise ValueError(f"a chapter notebook is named NN-some-name.ipynb, got {file_name!r}")
    return name.replace("-", "_")
