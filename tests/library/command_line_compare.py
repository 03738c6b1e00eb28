"""One command run both ways, the trec_eval program and the package's command line, and compared.

The program runs as a process; the command line in this process (``run_command``, what
``main`` runs), with ``--trec-eval-version`` for the program's release. Their standard
outputs must be equal byte for byte and their exit codes equal. Where trec_eval itself
dies on a signal (a crash), the command line must refuse instead: exit 2 or more, nothing
on standard output, a message on standard error that says trec_eval crashes there.
"""

from __future__ import annotations

import io
import subprocess
import warnings
from pathlib import Path

from rankmetrics_lite._trec_eval_cli import run_command


def trec_eval(binary: Path, args: list[str], cwd: Path) -> tuple[bytes, int]:
    done = subprocess.run([str(binary), *args], capture_output=True, cwd=cwd, timeout=120)
    return done.stdout, done.returncode


def ours(args: list[str], release: str, cwd: Path) -> tuple[bytes, int, str]:
    """Standard output, exit code and standard error (with any Python warning, which must
    not reach the user: trec_eval's arithmetic has none)."""
    out, err = io.BytesIO(), io.StringIO()
    argv = [a if a.startswith("-") or not (cwd / a).exists() else str(cwd / a) for a in args]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        code = run_command(["--trec-eval-version", release, *argv], io.BytesIO(), out, err)
    message = err.getvalue() + "".join(f"{w.category.__name__}: {w.message}\n" for w in caught)
    return out.getvalue(), code, message


def compare(binary: Path, release: str, args: list[str], cwd: Path) -> tuple[int, list[str]]:
    """(lines compared, differences) of one command."""
    theirs, their_code = trec_eval(binary, args, cwd)
    mine, my_code, message = ours(args, release, cwd)
    command = " ".join(repr(a) if not a or " " in a else a for a in args)
    if their_code < 0:  # trec_eval crashed: the command line refuses
        if my_code < 2 or mine or "trec_eval" not in message:
            return 1, [f"{command}: trec_eval {release} dies on signal {-their_code}; ours exit {my_code}, "
                       f"{len(mine)} bytes out, message {message.strip()!r} (want a refusal)"]
        return 1, []
    differences = []
    if "Warning:" in message:
        differences.append(f"{command}: a Python warning on standard error: {message.strip()[:300]}")
    if their_code != my_code:
        differences.append(f"{command}: exit {their_code} vs ours {my_code} ({message.strip()[:300]})")
    if theirs != mine:
        a, b = theirs.decode("utf-8", "replace").splitlines(), mine.decode("utf-8", "replace").splitlines()
        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        shown = (a[first] if first < len(a) else "<end>", b[first] if first < len(b) else "<end>")
        differences.append(f"{command}: {abs(len(a) - len(b)) + sum(x != y for x, y in zip(a, b))} "
                           f"lines differ; first, line {first + 1}: trec_eval {shown[0]!r}, ours {shown[1]!r}")
    return max(theirs.count(b"\n"), 1), differences


def report(what: str, lines: int, differences: list[str]) -> None:
    print(f"{what}: {lines} output lines compared byte for byte, {len(differences)} commands differ")
    assert lines > 0
    assert not differences, f"{what}:\n" + "\n".join(differences[:10])
