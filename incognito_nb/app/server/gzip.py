"""The front end's files gzipped on their way to a phone, once each, and nothing else.

A phone's first visit asks the laptop for ~5.2 MB of Voilà's scripts, the widgets'
extensions and the template's files (Chromium 156, a student page, 3 December 2026), and a
class of thirty shares one Wi-Fi and the laptop's one radio: 157 MB at the moment the class
arrives.  Gzipped at level 1 they are ~1.8 MB a phone (2.9× smaller) for ~8 ms of the
server's CPU a megabyte; level 6 would gain a sixth more for 2.4× the CPU.  A reload
costs no more than before: the browser asks with the file's ETag and gets a 304.

The files are the same for every phone, so each is compressed once: the first answer's
gzipped bytes are kept, under the file's path and version (its ETag or date, and its
length), and every later phone gets them as they are.  Without that, gzip took ~30 % of the
server's busy samples while a seat link loaded (``py-spy``, 6 December 2026), ~40 ms of CPU
a phone (five seat links opened in turn: the server 1.2-1.4 CPU-s before, 0.9-1.3 after),
all of it at the moment the class arrives.  What is kept is the front end itself, a few
MB, never more than :data:`KEPT_LIMIT` bytes.

Pages and answers go as they are.  A page holds a seat's token or a table's code, and
compressing a secret beside words a request chose is how BREACH reads it through TLS; they
are a few tens of kilobytes anyway.  Tornado's own ``GZipContentEncoding`` does the work
(``compress_response`` would apply it to every answer); this only says which requests it
takes, and keeps what it made.
"""

from __future__ import annotations

import re

from tornado import httputil, web

#: A request for one of the front end's files: ``…/voila/static/``, ``…/voila/labextensions/``
#: or ``…/voila/templates/<template>/static/``, under any base URL (a hub's prefix).
FRONT_END = re.compile(r"/voila/(?:static|labextensions|templates/[^/]+/static)/")
#: The most gzipped bytes kept (the front end a page loads is ~1.8 MB gzipped).
KEPT_LIMIT = 64 * 1024 * 1024

#: The gzipped files kept: (path, ETag, Last-Modified, Content-Length) → the bytes sent.
_kept: dict[tuple[str, str, str, str], bytes] = {}


def kept_files() -> int:
    """Returns how many front-end files are kept gzipped."""
    return len(_kept)


class FrontEndGzip(web.GZipContentEncoding):
    """Tornado's gzip (for a browser that accepts it) for the front end's files only; a
    whole file's answer is compressed once and its bytes sent again to the next browser."""

    GZIP_LEVEL = 1

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        super().__init__(request)
        self._gzipping = self._gzipping and FRONT_END.search(request.path) is not None
        # Only a whole file is kept: a GET with no range (a 206's part is not the file).
        self._keepable = request.method == "GET" and "Range" not in request.headers
        self._path = request.path
        self._key: tuple[str, str, str, str] | None = None
        self._made: list[bytes] | None = None
        self._resent = False

    def _version(self, status_code: int, headers: httputil.HTTPHeaders) -> tuple[str, str, str, str] | None:
        """Returns the key of this answer's file, or None if it is not a whole file's answer
        that names its version."""
        tag, date = headers.get("Etag", ""), headers.get("Last-Modified", "")
        if not (self._gzipping and self._keepable and status_code == 200 and (tag or date)):
            return None
        if "Content-Encoding" in headers or "Content-Length" not in headers:
            return None
        return self._path, tag, date, headers["Content-Length"]

    def transform_first_chunk(self, status_code: int, headers: httputil.HTTPHeaders, chunk: bytes,
                              finishing: bool) -> tuple[int, httputil.HTTPHeaders, bytes]:
        key = self._version(status_code, headers)
        kept = _kept.get(key) if key is not None else None
        if kept is not None:
            # The file's bytes as gzipped before: all of them now, nothing for the rest of it.
            headers["Vary"] = f"{headers['Vary']}, Accept-Encoding" if "Vary" in headers else "Accept-Encoding"
            headers["Content-Encoding"] = "gzip"
            headers["Content-Length"] = str(len(kept))
            self._gzipping, self._resent = False, True
            return status_code, headers, kept
        status_code, headers, chunk = super().transform_first_chunk(status_code, headers, chunk, finishing)
        if key is not None and self._gzipping:
            self._key, self._made = key, [chunk]
            self._keep(finishing)
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if self._resent:
            return b""
        chunk = super().transform_chunk(chunk, finishing)
        if self._made is not None:
            self._made.append(chunk)
            self._keep(finishing)
        return chunk

    def _keep(self, finishing: bool) -> None:
        """Once the whole file went out, keeps its gzipped bytes (within :data:`KEPT_LIMIT`)."""
        if not finishing or self._made is None or self._key is None:
            return
        made = b"".join(self._made)
        self._made = None
        if sum(map(len, _kept.values())) + len(made) <= KEPT_LIMIT:
            _kept[self._key] = made
