"""Bibliography labels in the form the text cites them: "Järvelin and Kekäläinen, 2002".

The chapters cite author–year (``bibtex_reference_style: author_year``), but the
default "alpha" style labels the bibliography entries [JK02], which a reader
cannot match with the citation. This registers a pybtex formatting style,
"authoryear", that is "alpha" with author–year labels; ``_config.yml`` selects it
(``bibtex_default_style``).
"""

from __future__ import annotations

from collections import Counter

from pybtex.plugin import register_plugin
from pybtex.style.formatting.alpha import Style as AlphaStyle
from pybtex.style.labels import BaseLabelStyle


def _surname(person) -> str:
    return " ".join(str(part) for part in person.rich_prelast_names + person.rich_last_names)


def author_year(entry) -> str:
    people = entry.persons.get("author") or entry.persons.get("editor") or []
    names = [_surname(person) for person in people]
    if len(names) > 2:
        who = f"{names[0]} et al."
    else:
        who = " and ".join(names) or entry.fields.get("title", "Anonymous")
    return f"{who}, {entry.fields.get('year', 'n.d.')}"


class AuthorYearLabels(BaseLabelStyle):
    def format_labels(self, sorted_entries):
        labels = [author_year(entry) for entry in sorted_entries]
        counts, seen = Counter(labels), Counter()
        for label in labels:  # two works with one label: 2005a, 2005b
            if counts[label] > 1:
                seen[label] += 1
                label += "abcdefghijklmnopqrstuvwxyz"[seen[label] - 1]
            yield label


class AuthorYearStyle(AlphaStyle):
    default_label_style = AuthorYearLabels


def setup(app):
    register_plugin("pybtex.style.formatting", "authoryear", AuthorYearStyle)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
