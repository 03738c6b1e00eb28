"""Students whose names look alike: the same letters once case, invisible characters,
spaces at the ends and letters that only look Latin are set aside.

A class's files come from many hands: ``bob.ipynb`` and ``Bob.ipynb``, a Cyrillic
``а`` typed for a Latin ``a``, a zero-width space or a trailing space copied from a
web page. Each is another file name, so another student, and another row of the
scores; :func:`look_alikes` finds them, so that the scores flag each such row.

>>> look_alikes(["bob", "Bob", "b\\u200bob", "ann", "\\u0430nn", "cat"])
{'bob': ['Bob', 'b\\u200bob'], 'Bob': ['bob', 'b\\u200bob'], 'b\\u200bob': ['bob', 'Bob'], 'ann': ['\\u0430nn'], '\\u0430nn': ['ann']}
"""

from __future__ import annotations

import unicodedata

# Letters of other scripts drawn like Latin ones (Cyrillic, Greek), lower case.
_LOOK_LATIN = str.maketrans("аеорсухіјѕԁӏкмнтвαεορτυνικχ", "aeopcyxijsdlkmhtbaeoptuvikx")


def skeleton(name: str) -> str:
    """What ``name`` looks like: NFKC, no invisible (format) characters, no spaces at the ends,
    case folded, look-alike letters as Latin."""
    visible = "".join(c for c in unicodedata.normalize("NFKC", name) if unicodedata.category(c) != "Cf")
    return visible.strip().casefold().translate(_LOOK_LATIN)


def look_alikes(names: list[str]) -> dict[str, list[str]]:
    """Each name that looks like another of ``names`` -> the names it looks like."""
    groups: dict[str, list[str]] = {}
    for name in names:
        groups.setdefault(skeleton(name), []).append(name)
    return {name: [other for other in group if other != name]
            for group in groups.values() if len(group) > 1 for name in group}
