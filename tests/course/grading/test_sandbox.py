"""The sandbox a submission runs in (rankmetrics_grading.sandbox), probed from inside with real bubblewrap."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys

import pytest

from rankmetrics_grading import sandbox
from rankmetrics_grading.cgroup_limits import SandboxGroup
from tests.paths import ROOT

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(sandbox.bubblewrap() is None, reason="bubblewrap is not installed")]

PROBE = r"""
import json, os, socket, pathlib
seen = {}
try:
    socket.create_connection(("127.0.0.1", PORT), timeout=2)  # the grader's own machine
    seen["network"] = True
except OSError:
    seen["network"] = False
seen["pid"] = os.getpid()
# Only the mount point of the environment (.venv) may show under the course's path.
course = pathlib.Path(COURSE)
seen["course_visible"] = course.exists() and sorted(p.name for p in course.iterdir()) != [".venv"]
seen["tmp_writable"] = (pathlib.Path("/tmp/x").write_text("x") == 1)
try:
    pathlib.Path("/grader/package/rankmetrics_lite/evil.py").write_text("x")
    seen["package_writable"] = True
except OSError:
    seen["package_writable"] = False
try:
    bytearray(3 * 2**30)
    seen["big_allocation"] = True
except MemoryError:
    seen["big_allocation"] = False
import rankmetrics_lite
seen["package"] = rankmetrics_lite.__file__
from rankmetrics_course import data
seen["real_data"] = list(data.trec_per_topic("robust2004", "AP").scores.shape)
try:
    pathlib.Path(os.environ["RANKMETRICS_DATA"], "evil.txt").write_text("x")
    seen["data_writable"] = True
except OSError:
    seen["data_writable"] = False
import subprocess, sys
children = []
try:
    for _ in range(100):  # a fork bomb, tamed
        children.append(subprocess.Popen(["sleep", "30"]))
except OSError:
    pass
seen["children"] = len(children)
for child in children:
    child.kill()
with open(os.environ["RANKMETRICS_ANSWER_CHANNEL"], "a") as channel:
    channel.write("sent\n")
print(json.dumps(seen))
"""


def test_what_a_submission_sees_and_may_do(tmp_path):
    package = tmp_path / "package"  # both packages, as the grader hands them over
    for name, source in (("rankmetrics_lite", ROOT / "rankmetrics_lite"),
                         ("rankmetrics_course", ROOT / "course" / "rankmetrics_course")):
        shutil.copytree(source, package / name, ignore=shutil.ignore_patterns("__pycache__"))
    submission, channel = tmp_path / "submission.ipynb", tmp_path / "answers"
    submission.write_text("{}")
    channel.write_text("")
    listener = socket.create_server(("127.0.0.1", 0))  # a service on the grader's machine
    port = listener.getsockname()[1]
    limits = sandbox.Limits(memory=2 * 2**30)
    group = SandboxGroup(f"rankmetrics-test-{tmp_path.name}", 64, 3 * 2**30)
    try:
        probe = PROBE.replace("COURSE", repr(str(ROOT))).replace("PORT", str(port))
        argv = sandbox.command([sys.executable, "-c", probe],
                               package, submission, channel, limits)
        result = subprocess.run(argv, capture_output=True, text=True, timeout=120,
                                preexec_fn=sandbox.apply_limits(limits, group))
    finally:
        group.close()
        listener.close()
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    if group.limits_processes:  # 64 processes in all, the probe and its interpreter included
        assert seen["children"] < 64
    del seen["children"]
    assert seen == {"network": False, "pid": seen["pid"], "course_visible": False,
                    "tmp_writable": True, "package_writable": False, "big_allocation": False,
                    "package": "/grader/package/rankmetrics_lite/__init__.py",
                    "real_data": [249, 110], "data_writable": False}
    assert seen["pid"] < 10  # its own PID namespace
    assert channel.read_text() == "sent\n"
    assert not (package / "rankmetrics_lite" / "evil.py").exists()
