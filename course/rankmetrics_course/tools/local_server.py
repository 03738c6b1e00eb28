"""A built book served on loopback: quietly on a free port for the browser checks,
and by ``make serve`` for a reader, with compressed responses.

Python's ``http.server`` sends every file as it is: over a slow link a chapter
(about 2 MB of HTML, scripts and styles) took twice as long as the same page
gzipped, which is what any static host sends. With ``compress``, text (HTML,
CSS, JavaScript, JSON, SVG, notebooks) goes gzipped to a browser that accepts
it, over kept-alive HTTP/1.1 connections; each file is compressed once while it
is unchanged. Only the loopback interface is served: the book is for this
machine's browser, not the network.

Usage: python -m rankmetrics_course.tools.local_server [--port PORT] [BUILT_HTML_DIR]
(``make serve``: port 8000, ``_build/html``; port 0 picks a free one).
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import threading
from pathlib import Path

LOOPBACK = "127.0.0.1"
# What gains from gzip; images other than SVG, fonts and archives are compressed already.
COMPRESSIBLE_TYPES = ("text/", "application/javascript", "application/json", "application/xml",
                      "image/svg+xml")
COMPRESSIBLE_SUFFIXES = (".ipynb", ".md", ".map", ".bib")
SMALLEST = 512  # bytes: below this, gzip's own overhead outweighs what it saves


class BookHandler(http.server.SimpleHTTPRequestHandler):
    """``SimpleHTTPRequestHandler``, kept alive, gzipping text when ``compress`` is set."""

    protocol_version = "HTTP/1.1"
    compress = False
    quiet = False
    _gzipped: dict[str, tuple[int, int, bytes]] = {}  # path -> (mtime_ns, size, gzip)
    _lock = threading.Lock()

    def log_message(self, *args):
        if not self.quiet:
            super().log_message(*args)

    def _accepts_gzip(self) -> bool:
        codings = self.headers.get("Accept-Encoding", "")
        return any(c.split(";")[0].strip().lower() == "gzip" for c in codings.split(","))

    def _compressible(self, path: str, ctype: str) -> bool:
        return ctype.startswith(COMPRESSIBLE_TYPES) or path.endswith(COMPRESSIBLE_SUFFIXES)

    def _gzip(self, path: str, stat: os.stat_result) -> bytes:
        with self._lock:
            held = self._gzipped.get(path)
        if held and held[:2] == (stat.st_mtime_ns, stat.st_size):
            return held[2]
        with open(path, "rb") as file:
            body = gzip.compress(file.read(), compresslevel=6, mtime=0)
        with self._lock:
            self._gzipped[path] = (stat.st_mtime_ns, stat.st_size, body)
        return body

    def send_head(self):
        path = self.translate_path(self.path)
        ctype = self.guess_type(path)
        if (not self.compress or not self._accepts_gzip() or os.path.isdir(path)
                or self.path.split("?")[0].split("#")[0].endswith("/")
                or not self._compressible(path, ctype)):
            return super().send_head()
        try:
            stat = os.stat(path)
        except OSError:
            return super().send_head()  # the usual 404
        if stat.st_size < SMALLEST:
            return super().send_head()
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= int(stat.st_mtime)
            except (TypeError, ValueError, IndexError, OverflowError):
                unchanged = False
            if unchanged:
                self.send_response(http.HTTPStatus.NOT_MODIFIED)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        body = self._gzip(path, stat)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", modified)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


def serve(directory: Path, *, port: int = 0, compress: bool = False, quiet: bool = True,
          base: type[BookHandler] = BookHandler) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start serving ``directory`` on loopback in a background thread; the server
    and its base URL. ``compress`` gzips text for browsers that accept it; ``base``, a
    ``BookHandler`` that does more (counts what it sends, say)."""
    handler = type("Handler", (base,), {"compress": compress, "quiet": quiet})
    server = http.server.ThreadingHTTPServer(
        (LOOPBACK, port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{LOOPBACK}:{server.server_address[1]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", type=Path, default=Path("_build/html"),
                        help="the built book (default: _build/html)")
    parser.add_argument("--port", type=int, default=8000, help="default 8000; 0 picks a free port")
    args = parser.parse_args(argv)
    if not (args.directory / "index.html").exists():
        parser.error(f"{args.directory} holds no built book (no index.html); run `make book`")
    server, url = serve(args.directory, port=args.port, compress=True, quiet=False)
    print(f"Serving the book at {url} (compressed; Ctrl-C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
