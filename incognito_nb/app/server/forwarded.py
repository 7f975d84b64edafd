"""Where the browser is: the scheme and host of the address it used, read from a trusted proxy.

A page's join link, its seat links and their QR codes are absolute (a student's phone opens
them), made from the scheme and host of the request that opened the page.  Behind a proxy
the server sees the proxy's request, not the browser's: a TLS proxy (``https://…``) talks
plain HTTP to the server, and a proxy may replace ``Host`` with the server's own address.
The proxy says what the browser used in ``X-Forwarded-Proto`` and ``X-Forwarded-Host``;
those headers are read only from a proxy the server was told it sits behind, and only
where that proxy writes them itself:

- :data:`NO_PROXY` (the default: a laptop reached directly): neither is read; a browser that
  sends them changes nothing.
- :data:`NGINX` (``--ClassroomServer.behind_proxy=True``, ``deploy/nginx``): the shipped
  configuration *sets* both (``$scheme``, ``$http_host``), replacing whatever the browser
  sent; the last value of each is read.
- :data:`HUB` (``--ClassroomServer.hub=True``): configurable-http-proxy *appends* its own
  scheme to ``X-Forwarded-Proto`` (the last value is its own) but passes on a browser's
  ``X-Forwarded-Host``: only the scheme is read, and the host is ``Host``, which it keeps
  as the browser sent it.

The server hands the page's kernel the scheme in :data:`SCHEME_HEADER` (Voilà's
``http_header_envs``; any browser's copy is removed first) and the host as Voilà's
``SERVER_NAME`` and ``SERVER_PORT``.
"""

from __future__ import annotations

import re
from typing import Mapping

NO_PROXY, NGINX, HUB = "", "nginx", "hub"
#: The tornado setting that says which proxy the server sits behind (one of the above).
PROXY_SETTING = "incognito_nb_proxy"
#: The request header in which the server (never a browser) hands the page's kernel the scheme.
SCHEME_HEADER = "X-Incognito-Scheme"
SCHEME_ENV = "HTTP_X_INCOGNITO_SCHEME"
#: A host as a link may hold it: a name or an IPv4 address, or an IPv6 one in brackets, and a port.
_HOST = re.compile(r"(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?")


def _last(value: str | None) -> str:
    return (value or "").split(",")[-1].strip()


def browser_origin(headers: Mapping[str, str], scheme: str, host: str, proxy: str) -> tuple[str, str]:
    """Returns the scheme and host the browser used, for a request the server received as
    ``scheme`` and ``host`` with ``headers``, behind ``proxy`` (see the module's docstring).
    A forwarded value of another shape (a scheme not http or https, a host with a path or
    a space) is not used."""
    if proxy not in (NGINX, HUB):
        return scheme, host
    forwarded = _last(headers.get("X-Forwarded-Proto")).lower()
    scheme = forwarded if forwarded in ("http", "https") else "http"  # the server itself speaks HTTP
    if proxy == NGINX:
        forwarded_host = _last(headers.get("X-Forwarded-Host"))
        if _HOST.fullmatch(forwarded_host):
            host = forwarded_host
    return scheme, host


def link_scheme(environ: Mapping[str, str]) -> str:
    """Returns the scheme of a page's absolute links, from what the server handed its kernel."""
    return "https" if environ.get(SCHEME_ENV) == "https" else "http"
