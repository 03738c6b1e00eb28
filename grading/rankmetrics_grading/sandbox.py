"""A bubblewrap sandbox for one submission: what it sees, what it may use.

Inside: no network, its own PID namespace (nothing outlives it), a private
writable /tmp, read-only views of the system's /usr, the course's virtual
environment and a pristine copy of the package (no ``book/``, no solutions),
the submission itself, the answer channel, and the real data's folder (read-only, for the
chapters that read it: :mod:`rankmetrics_course.data`). Nothing else of the machine: not
the course, not the other submissions, not the grades, not the hidden inputs (they
reach the runner on its standard input, see :mod:`.notebook_runner`). Limits: address space
(memory), processes, file size, CPU time per process; the grader adds the wall time.
"""

from __future__ import annotations

import os
import resource
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

INSTALL_HINT = ("install bubblewrap (Debian/Ubuntu: sudo apt-get install bubblewrap), or pass "
                "UNSAFE=1 (--unsafe) to run the students' code unconfined")
# Where the sandbox sees what the grader hands it.
PACKAGE = "/grader/package"
SUBMISSION = "/grader/submission.ipynb"
CHANNEL = "/grader/answers"
DATA = "/grader/data"
# System files a Python kernel reads, bound read-only when present.
_SYSTEM = ["/usr", "/etc/ld.so.cache", "/etc/fonts", "/etc/localtime", "/etc/alternatives",
           "/etc/ssl/certs"]
# Inside, the submission runs as nobody, without capabilities.
NOBODY = "65534"


@dataclass(frozen=True)
class Limits:
    memory: int  # bytes of address space per process
    processes: int = 256  # processes and threads of the submission's user
    file_size: int = 256 * 2**20  # bytes per file written
    tmp_size: int = 1024 * 2**20  # bytes of the private /tmp (held in memory)
    cpu_seconds: int = 900  # CPU seconds per process (the grader sets NOTEBOOK_TIMEOUT + TIMEOUT)


def bubblewrap() -> str | None:
    """The bwrap program, or None."""
    return shutil.which("bwrap")


def command(inner: list[str], package: Path, submission: Path, channel: Path,
            limits: Limits) -> list[str]:
    """The command line that runs ``inner`` in a fresh sandbox."""
    venv, python = Path(sys.prefix), Path(sys.base_prefix)
    argv = [bubblewrap() or "bwrap", "--unshare-all", "--unshare-user", "--uid", NOBODY,
            "--gid", NOBODY, "--cap-drop", "ALL", "--die-with-parent", "--new-session",
             "--proc", "/proc", "--dev", "/dev",
             "--size", str(limits.tmp_size), "--tmpfs", "/tmp"]
    for path in _SYSTEM:
        argv += ["--ro-bind-try", path, path]
    for name in ("lib", "lib64", "bin", "sbin"):  # merged /usr: these are links into it
        if Path("/" + name).is_symlink():
            argv += ["--symlink", os.readlink("/" + name), "/" + name]
    if python != Path("/usr"):  # the interpreter the environment was made from
        argv += ["--ro-bind", str(python), str(python)]
    argv += ["--ro-bind", str(venv), str(venv),
             "--ro-bind", str(package), PACKAGE,
             "--ro-bind", str(submission), SUBMISSION,
             "--bind", str(channel), CHANNEL,
             "--chdir", "/tmp", "--clearenv"]
    data = real_data_folder()
    if data is not None:
        argv += ["--ro-bind", str(data), DATA]
    for name, value in environment().items():
        argv += ["--setenv", name, value]
    return argv + ["--", *inner]


def real_data_folder() -> Path | None:
    """The real data the grader's own chapters would read: the folder named by RANKMETRICS_DATA,
    else the grader's download cache if it holds anything; None if neither exists.

    The sandbox has no network, so a chapter that reads real data finds it only here.
    """
    from rankmetrics_course.data.store import cache_folder, configured_folder

    for folder in (configured_folder(), cache_folder()):
        if folder is not None and folder.is_dir():
            return folder.resolve()
    return None


def environment() -> dict[str, str]:
    """The variables a submission's processes see (and nothing of the grader's)."""
    venv = Path(sys.prefix)
    data = {"RANKMETRICS_DATA": DATA} if real_data_folder() is not None else {}
    return {
        **data,
        "PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp",
        "PYTHONPATH": PACKAGE, "PYTHONHASHSEED": "0", "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": "/tmp/matplotlib", "JUPYTER_RUNTIME_DIR": "/tmp/jupyter",
        "JUPYTER_PLATFORM_DIRS": "1", "IPYTHONDIR": "/tmp/ipython",
        "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
        "RANKMETRICS_ANSWER_CHANNEL": CHANNEL,
        # Grading reads the checks only: a slider's static face (a figure per
        # position) would be drawn for no one.
        "RANKMETRICS_LIVE_ONLY": "1",
    }


def apply_limits(limits: Limits, group=None):
    """A ``preexec_fn`` that sets the limits in the child before it starts."""
    def preexec() -> None:
        os.setsid()  # its own process group, so the grader can stop all of it at once
        if group is not None:
            group.enter()  # processes and memory, counted for the whole sandbox
        resource.setrlimit(resource.RLIMIT_AS, (limits.memory, limits.memory))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_size, limits.file_size))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        # CPU time, limited by the grader itself (not only the wall clock and the machine's
        # scheduling): each process of the submission gets at most this many CPU seconds.
        resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 5))
    return preexec
