"""Finding the real data's files: a folder the reader names, or a checked download into a cache.

Where a file of a :class:`~rankmetrics_course.data.sources.Source` comes from, in order:

1. ``folder=`` given to a loader, or else the environment variable ``RANKMETRICS_DATA``: a folder
   laid out as the sources' ``folder`` fields say (``trec-per-topic/urbano-sigir2018-simulation/
   data/robust2004_ap.csv``, ...). The course's tests and its book build point it at the project's
   local mirror. A missing file there is an error: nothing is downloaded behind the reader's back.
2. Otherwise the reader's cache (``RANKMETRICS_CACHE``, else ``$XDG_CACHE_HOME/rankmetrics-course``,
   else ``~/.cache/rankmetrics-course``), filled on first use from the source's upstream address,
   or from ``RANKMETRICS_DATA_URL`` (a mirror laid out as the data folder) when it is set.

Every file is checked against its pinned SHA-256 before it is used. A download is written to a
temporary file beside its final place and renamed into place only once whole and right, so an
interrupted or tampered transfer never leaves a file in the cache.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import tempfile
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

from .sources import SOURCES, Source

FOLDER_VARIABLE = "RANKMETRICS_DATA"
MIRROR_VARIABLE = "RANKMETRICS_DATA_URL"
CACHE_VARIABLE = "RANKMETRICS_CACHE"
# No file the course reads is near this; a server that sends more is refused.
MAX_DOWNLOAD_BYTES = 64 * 1024 * 1024
TIMEOUT_SECONDS = 60
_CHUNK = 1 << 16

# Files already checked in this process, by (path, size, mtime): hashing twice buys nothing.
_checked: set[tuple[str, int, int]] = set()


class DataUnavailable(OSError):
    """A file of the course's real data could not be found, downloaded or trusted."""


def _sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _how_to_fix(source: Source, path: str) -> str:
    return (f"download {source.upstream_url(path)} by hand to "
            f"<folder>/{source.folder}/{path} and set {FOLDER_VARIABLE}=<folder> "
            f"(or pass folder=<folder>)")


def source(key: str) -> Source:
    """The :class:`Source` called ``key`` (see :data:`SOURCES`)."""
    if key not in SOURCES:
        raise KeyError(f"no data source called {key!r}; the sources are: {', '.join(SOURCES)}")
    return SOURCES[key]


def cache_folder() -> Path:
    """Where downloads are kept: ``RANKMETRICS_CACHE``, or the user's cache folder."""
    if os.environ.get(CACHE_VARIABLE):
        return Path(os.environ[CACHE_VARIABLE])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "rankmetrics-course"


def configured_folder(folder: str | os.PathLike | None = None) -> Path | None:
    """The data folder in use: ``folder`` if given, else ``RANKMETRICS_DATA``, else None."""
    chosen = folder if folder is not None else os.environ.get(FOLDER_VARIABLE) or None
    return None if chosen is None else Path(chosen)


def verify(path: Path, expected: str, *, what: str, fix: str) -> Path:
    """Return ``path`` if its SHA-256 is ``expected``; raise :class:`DataUnavailable` otherwise."""
    try:
        stat = path.stat()
    except OSError:
        raise DataUnavailable(f"{what}: {path} is missing; {fix}") from None
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    if key in _checked:
        return path
    actual = _sha256_of(path)
    if actual != expected:
        raise DataUnavailable(
            f"{what}: {path} is not the published file (SHA-256 {actual}, expected {expected}); "
            f"it may be damaged or a different version: {fix}")
    _checked.add(key)
    return path


def data_file(key: str, path: str, *, folder: str | os.PathLike | None = None) -> Path:
    """The local, checked copy of file ``path`` of source ``key``, downloading it if need be.

    Raises :class:`DataUnavailable` with the collection, the file and what to do when the file
    is missing from the named folder, cannot be downloaded, or does not match its SHA-256.
    """
    src = source(key)
    if path not in src.files:
        raise KeyError(f"source {key!r} has no file {path!r}")
    expected = src.files[path]
    what = f"{src.title} ({key}), file {path}"
    chosen = configured_folder(folder)
    if chosen is not None:
        if not chosen.is_dir():
            raise DataUnavailable(f"{what}: the data folder {chosen} does not exist; give an existing "
                                  f"folder (folder=... or {FOLDER_VARIABLE}), or unset "
                                  f"{FOLDER_VARIABLE} to download into the cache")
        return verify(chosen / src.folder / path, expected, what=what, fix=_how_to_fix(src, path))
    target = cache_folder() / src.folder / path
    if target.exists():
        try:
            return verify(target, expected, what=what, fix="")
        except DataUnavailable:
            target.unlink()  # damaged in the cache: fetch it again
    download(url_for(src, path), target, expected, what=what, fix=_how_to_fix(src, path))
    return target


def url_for(src: Source, path: str) -> str:
    """Where ``path`` of ``src`` is downloaded from: the mirror if one is set, else upstream."""
    mirror = os.environ.get(MIRROR_VARIABLE)
    if mirror:
        return f"{mirror.rstrip('/')}/{quote(src.folder)}/{quote(path)}"
    return src.upstream_url(path)


def fetch_bytes(url: str, *, what: str, fix: str, limit: int = MAX_DOWNLOAD_BYTES) -> bytes:
    """The body at ``url``, whole (a short or over-long answer is an error)."""
    return b"".join(_stream(url, what=what, fix=fix, limit=limit))


def _stream(url: str, *, what: str, fix: str, limit: int):
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_SECONDS) as answer:
            declared = answer.headers.get("Content-Length")
            received = 0
            while chunk := answer.read(_CHUNK):
                received += len(chunk)
                if received > limit:
                    raise DataUnavailable(f"{what}: {url} sent more than {limit} bytes; {fix}")
                yield chunk
            if declared is not None and received != int(declared):
                raise DataUnavailable(f"{what}: the download from {url} stopped after {received} "
                                      f"of {declared} bytes; try again, or {fix}")
    except DataUnavailable:
        raise
    except (urllib.error.URLError, http.client.HTTPException, OSError, ValueError) as error:
        reason = getattr(error, "reason", None) or error
        raise DataUnavailable(f"{what}: could not download {url} ({reason}); {fix}") from None


def download(url: str, target: Path, expected: str, *, what: str, fix: str) -> None:
    """Download ``url`` to ``target`` if its SHA-256 is ``expected``; leave nothing otherwise."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(prefix=target.name + ".", suffix=".part", dir=target.parent)
    try:
        digest = hashlib.sha256()
        with os.fdopen(handle, "wb") as stream:
            for chunk in _stream(url, what=what, fix=fix, limit=MAX_DOWNLOAD_BYTES):
                digest.update(chunk)
                stream.write(chunk)
        if digest.hexdigest() != expected:
            raise DataUnavailable(f"{what}: the file downloaded from {url} is not the published "
                                  f"one (SHA-256 {digest.hexdigest()}, expected {expected}); "
                                  f"nothing was kept; {fix}")
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
