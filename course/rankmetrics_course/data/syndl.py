"""The one derived table: nDCG@10 per topic of the TREC DL 2019-23 runs, from SynDL's outputs.

SynDL's repository publishes one trec_eval ``-q`` output per run, year and qrels
(``TREC-DLs-results/dl<year>/ndcgeval/<run>.ndcgeval`` under NIST's qrels,
``SynDL-full-results/...`` under GPT-4's). The table keeps their ``ndcg_cut_10`` lines, one
CSV row ``year,qrels,run,topic,ndcg_cut_10`` per run and topic, runs in file-name order
(``input.<run>`` copies left out), lines ending in CRLF. A data folder or mirror holds it
gzip'd (``ndcg10_per_topic.csv.gz``); without one, :func:`derived_syndl_table` builds it from
the upstream files and checks the result against :data:`TABLE_SHA256` before keeping it.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from .store import DataUnavailable, cache_folder, fetch_bytes, source

SYNDL_TABLE = "ndcg10_per_topic.csv.gz"
# SHA-256 of the table's CSV text (what the .gz holds), whichever way it was obtained.
TABLE_SHA256 = "c2addd0fbc0bccd2490b7e95934f903e059dc6aed549971f6213371374a50609"
YEARS = (2019, 2020, 2021, 2022, 2023)
_FOLDERS = (("nist", "TREC-DLs-results"), ("syndl_gpt4", "SynDL-full-results"))
_COMMIT = "78a3ffe3cb33bd80b99014ae13ba9d854ec6e055"
LISTING_URL = f"https://api.github.com/repos/rahmanidashti/SynDL/git/trees/{_COMMIT}?recursive=1"


def table_from_outputs(paths: list[str], read: Callable[[str], bytes]) -> bytes:
    """The CSV table from SynDL's trec_eval outputs: ``paths`` lists the repository's files,
    ``read(path)`` returns one file's bytes."""
    lines = ["year,qrels,run,topic,ndcg_cut_10"]
    for year in YEARS:
        for qrels, top in _FOLDERS:
            prefix = f"{top}/dl{year}/ndcgeval/"
            runs = sorted(p for p in paths if p.startswith(prefix) and p.endswith(".ndcgeval")
                          and not p[len(prefix):].startswith("input."))
            for path in runs:
                run = path[len(prefix):-len(".ndcgeval")]
                for line in read(path).decode("utf-8").splitlines():
                    fields = line.split()
                    if len(fields) == 3 and fields[0] == "ndcg_cut_10" and fields[1] != "all":
                        lines.append(f"{year},{qrels},{run},{fields[1]},{fields[2]}")
    return ("\r\n".join(lines) + "\r\n").encode("utf-8")


def derived_syndl_table(*, listing_url: str = LISTING_URL, upstream: str | None = None,
                        expected: str = TABLE_SHA256) -> Path:
    """The table's CSV in the cache, built from SynDL's upstream files on first use.

    ``listing_url`` lists the repository's files (GitHub's tree API), ``upstream`` is the address
    a file's path is appended to (default: the pinned commit), ``expected`` the table's SHA-256.
    """
    target = cache_folder() / source("syndl").folder / "ndcg10_per_topic.csv"
    what = "nDCG@10 per topic of the TREC DL runs (syndl)"
    if target.exists() and hashlib.sha256(target.read_bytes()).hexdigest() == expected:
        return target
    fix = ("download ndcg10_per_topic.csv.gz from a copy of the course's data into "
           "<folder>/llm-judges/syndl/ and set RANKMETRICS_DATA=<folder>")
    listing = json.loads(fetch_bytes(listing_url, what=what, fix=fix))
    paths = [entry["path"] for entry in listing.get("tree", []) if entry.get("type") == "blob"]
    upstream = upstream or source("syndl").upstream
    table = table_from_outputs(paths, lambda p: fetch_bytes(upstream + p, what=what, fix=fix))
    actual = hashlib.sha256(table).hexdigest()
    if actual != expected:
        raise DataUnavailable(f"{what}: the table built from {upstream} is not the published one "
                              f"(SHA-256 {actual}, expected {expected}); nothing was kept; {fix}")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{os.getpid()}.part")
    partial.write_bytes(table)
    os.replace(partial, target)
    return target
