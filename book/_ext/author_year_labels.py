"""Bibliography labels in the form the text cites them: "Järvelin and Kekäläinen, 2002".

The chapters cite author–year (``bibtex_reference_style: author_year``), but the
default "alpha" style labels the bibliography entries [JK02], which a reader
cannot match with the citation. This registers a pybtex formatting style,
"authoryear", that is "alpha" with author–year labels; ``_config.yml`` selects it
(``bibtex_default_style``).
"""

from __future__ import annotations

from pybtex.plugin import register_plugin
from pybtex.style.formatting.alpha import Style as AlphaStyle
from pybtex.style.labels import BaseLabelStyle
from rankmetrics_course.tools.jupyterlab_edition import author_year_labels


class AuthorYearLabels(BaseLabelStyle):
    def format_labels(self, sorted_entries):
        yield from author_year_labels(list(sorted_entries))


class AuthorYearStyle(AlphaStyle):
    default_label_style = AuthorYearLabels


def setup(app):
    register_plugin("pybtex.style.formatting", "authoryear", AuthorYearStyle)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
