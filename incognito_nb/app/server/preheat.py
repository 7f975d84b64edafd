"""The kernel's side of a preheated page: wait for the request the page was made for.

``incognito-nb classroom`` keeps kernels warm for the pages a class is about to open
(Voilà's ``preheat_kernel``): each one runs its notebook up to :func:`wait_for_request`
before anybody asks for it, with every import done.  When a page is requested, the
server hands a warm kernel the request's details — its query string (the seat link's
``code`` and ``token``), the address it was served from and, for the teacher's page,
the teacher key that the server found in the teacher's cookie — and the kernel builds
the page for that request.

Voilà ships such a helper (``voila.utils.wait_for_request``), but importing
``voila.utils`` loads jupyter_server and jupyterlab_server into the kernel: measured
+42 MB on a 58 MB student kernel, which a class of thirty would pay thirty times.  This
one speaks the same protocol (one JSON message on ``/voila/query/<kernel id>``) with
the small ``websockets`` client alone, and proves itself to the server with the
per-server secret it finds in its environment, which no browser ever sees.

Outside the classroom server (plain Voilà, JupyterLab, nbval) the kernel is not
preheated and the request is already in the environment: :func:`wait_for_request`
returns at once.
"""

from __future__ import annotations

import ctypes
import gc
import json
import os

#: Set by Voilà in a kernel started for a pool (``"True"``).
PREHEAT = "VOILA_PREHEAT"
#: Set by Voilà in every kernel it renders a page with.
KERNEL_ID = "VOILA_KERNEL_ID"
#: The server's query socket, ``ws://host:port/base/voila/query`` (set by the classroom server).
QUERY_URL = "INCOGNITO_NB_QUERY_URL"
#: The per-server secret that opens the query socket (set by the classroom server).
SERVER_SECRET = "INCOGNITO_NB_SERVER_SECRET"
#: The largest request description accepted from the server, in bytes.
MAX_REQUEST_BYTES = 1 << 16
#: The request header in which the server (never a browser: it removes any a browser sends)
#: hands a teacher page's kernel the key it found in the teacher's cookie; Voilà puts
#: configured headers into the kernel's environment as ``HTTP_…``.
TEACHER_KEY_HEADER = "X-Incognito-Teacher-Key"
TEACHER_KEY_ENV = "HTTP_X_INCOGNITO_TEACHER_KEY"


def under_classroom_server(environ: dict | None = None) -> bool:
    """Checks if this kernel was started by ``incognito-nb classroom`` (which keeps the
    teacher key in the teacher's browser, never in a link)."""
    environ = os.environ if environ is None else environ
    return bool(environ.get(SERVER_SECRET))


def is_preheated(environ: dict | None = None) -> bool:
    """Checks if this kernel was started ahead of its page, for a pool."""
    environ = os.environ if environ is None else environ
    return environ.get(PREHEAT) == "True"


def release_memory() -> None:
    """Hands the memory that Python freed back to the system (glibc's ``malloc_trim``), after a
    full garbage collection: a kernel that has imported its page's modules, or built its page,
    keeps less resident.  Does nothing where the C library has no ``malloc_trim``."""
    gc.collect()
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass


def wait_for_request() -> None:
    """Waits, in a preheated kernel, until the server hands it a page's request, then
    puts the request's details (``QUERY_STRING``, ``SCRIPT_NAME``, ``SERVER_NAME``,
    ``SERVER_PORT``, ``HTTP_…``) into ``os.environ``; returns at once elsewhere.

    :raises RuntimeError: in a preheated kernel that was not told where to ask.
    """
    if not is_preheated():
        return
    url, secret, kernel_id = (os.environ.get(name) for name in (QUERY_URL, SERVER_SECRET, KERNEL_ID))
    if not (url and secret and kernel_id):
        raise RuntimeError("This kernel was preheated by a server that did not say where its page's "
                           f"request comes from ({QUERY_URL}, {SERVER_SECRET}, {KERNEL_ID}).")
    from websockets.sync.client import connect

    release_memory()  # the imports are done: a warm kernel may wait long
    with connect(f"{url}/{kernel_id}", additional_headers={"Authorization": f"Bearer {secret}"},
                 max_size=MAX_REQUEST_BYTES, compression=None, open_timeout=60) as socket:
        request = json.loads(socket.recv())
    os.environ.update({str(name): str(value) for name, value in request.items()})
