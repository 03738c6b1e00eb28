"""A built book served on a free loopback port, quietly (for the browser checks)."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start serving ``directory`` in a background thread; the server and its base URL."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
