"""Per-submission limits on processes and memory through cgroups, where the grader may make them.

A resource limit (``ulimit``) on processes counts every process of a user, and
root ignores it; a cgroup counts exactly the processes of one sandbox, all its
threads and the memory of its private /tmp too. Needs a writable cgroup v1
hierarchy (``/sys/fs/cgroup/pids``, ``/sys/fs/cgroup/memory``), usually root's;
elsewhere the sandbox keeps its per-process memory and file-size limits only.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

BASE = Path("/sys/fs/cgroup")


class SandboxGroup:
    """The cgroups of one sandbox: ``enter`` moves the calling process in (before exec)."""

    def __init__(self, name: str, processes: int, memory: int):
        self.folders: list[Path] = []
        for controller, settings in (("pids", {"pids.max": processes}),
                                     ("memory", {"memory.limit_in_bytes": memory})):
            folder = BASE / controller / name
            try:
                folder.mkdir()
                for key, value in settings.items():
                    (folder / key).write_text(str(value))
            except OSError:
                _remove(folder)
                continue
            self.folders.append(folder)

    @property
    def limits_processes(self) -> bool:
        return any(folder.parent.name == "pids" for folder in self.folders)

    def enter(self) -> None:
        """Move this process into the groups (its children follow)."""
        for folder in self.folders:
            (folder / "cgroup.procs").write_text(str(os.getpid()))

    def close(self) -> None:
        """Kill whatever is still in the groups, then remove them (once the dying have left)."""
        for folder in self.folders:
            for _ in range(200):
                for pid in _pids(folder):
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                if _remove(folder):
                    break
                time.sleep(0.05)


def _pids(folder: Path) -> list[int]:
    try:
        return [int(line) for line in (folder / "cgroup.procs").read_text().split()]
    except OSError:
        return []


def _remove(folder: Path) -> bool:
    try:
        folder.rmdir()
    except FileNotFoundError:
        return True
    except OSError:  # still busy: a killed process has not left yet
        return False
    return True
