"""The front end's files gzipped on their way to a phone, and nothing else.

A phone's first visit asks the laptop for ~5.2 MB of Voilà's scripts, the widgets'
extensions and the template's files (Chromium 156, a student page, 3 December 2026), and a
class of thirty shares one Wi-Fi and the laptop's one radio: 157 MB at the moment the class
arrives.  Gzipped at level 1 they are ~1.8 MB a phone (2.9× smaller) for ~8 ms of the
server's CPU a megabyte; level 6 would gain a sixth more for 2.4× the CPU.  A reload
costs no more than before: the browser asks with the file's ETag and gets a 304.

Pages and answers go as they are.  A page holds a seat's token or a table's code, and
compressing a secret beside words a request chose is how BREACH reads it through TLS; they
are a few tens of kilobytes anyway.  Tornado's own ``GZipContentEncoding`` does the work
(``compress_response`` would apply it to every answer); this only says which requests it
takes.
"""

from __future__ import annotations

import re

from tornado import httputil, web

#: A request for one of the front end's files: ``…/voila/static/``, ``…/voila/labextensions/``
#: or ``…/voila/templates/<template>/static/``, under any base URL (a hub's prefix).
FRONT_END = re.compile(r"/voila/(?:static|labextensions|templates/[^/]+/static)/")


class FrontEndGzip(web.GZipContentEncoding):
    """Tornado's gzip (for a browser that accepts it) for the front end's files only."""

    GZIP_LEVEL = 1

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        super().__init__(request)
        self._gzipping = self._gzipping and FRONT_END.search(request.path) is not None
