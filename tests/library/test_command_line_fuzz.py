"""The command line against the real trec_eval 10.0 and 9.0.8 on seeded random command lines.

``command_line_fuzz.py`` draws each command from a seed: measures with parameters of
every shape (inf, nan, huge, negative, empty, junk after a number), nicknames, options
clustered, abbreviated and combined, on collections with odd grades. Each runs both
ways (``command_line_compare.py``): standard output byte for byte and the exit code
must be equal, and where trec_eval crashes the command line must refuse. 2,000
commands per release, in groups of 250 (one group per pytest worker at a time); every
command is bounded by a timeout of 120 s a side, and takes milliseconds. Run with
``-rA`` to see the figures.
"""

from __future__ import annotations

import pytest

from tests.library.command_line_compare import compare, report
from tests.library.command_line_fuzz import fuzz_commands, write_fuzz_files
from tests.library.trec_eval_programs import RELEASES, trec_eval_binary

pytestmark = pytest.mark.reference

GROUPS = 8
PER_GROUP = 250  # 2,000 commands per release


@pytest.fixture(scope="module")
def fuzz_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    return folder, write_fuzz_files(folder)


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("group", range(GROUPS))
def test_seeded_command_lines_print_what_trec_eval_prints(release, group, fuzz_files):
    binary = trec_eval_binary(release)
    folder, files = fuzz_files
    lines, differences = 0, []
    for args in fuzz_commands(group, PER_GROUP, release, files):
        compared, different = compare(binary, release, args, folder)
        lines += compared
        differences += different
    report(f"trec_eval {release}, fuzz group {group}, {PER_GROUP} commands", lines, differences)
