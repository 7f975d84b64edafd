"""Where the class's devices find this computer.

A link to ``127.0.0.1`` or ``localhost`` means, on a student's phone, the phone itself: the
join link and QR code a teacher page shows must carry the laptop's address on the school's
network.  The classroom server tells its kernels the address it listens on
(``$INCOGNITO_NB_HOST``, set by ``incognito-nb classroom``); when that is every address of
the laptop (``--host 0.0.0.0``) and the teacher opened their page at ``127.0.0.1``, the
students' link takes the laptop's network address instead.  When the server listens on
``127.0.0.1`` alone, no other device can reach it, and the pages and the command say how
to let the class in.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from typing import Mapping
from urllib.parse import urlsplit, urlunsplit

#: The server's address, as ``incognito-nb classroom --host`` gave it, for its kernels.
HOST_ENV = "INCOGNITO_NB_HOST"
#: Addresses that mean "every address of this computer".
EVERY_ADDRESS = {"0.0.0.0", "::", ""}
#: Addresses in each private range, to find the route the laptop takes to its network (no
#: packet is sent: connecting a UDP socket only picks a route, and a school network with no
#: internet has no default route, only its own range's).
_PROBES = ("10.255.255.255", "172.31.255.255", "192.168.255.255")


def is_loopback(host: str | None) -> bool:
    """Checks if ``host`` names this computer to itself alone (``127.0.0.1``, ``::1``, ``localhost``)."""
    host = (host or "").strip("[]").lower()
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost" or host.endswith(".localhost")


def lan_address() -> str | None:
    """Returns this computer's IPv4 address on its network, or None when it has none."""
    for probe_address in _PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect((probe_address, 9))
                address = probe.getsockname()[0]
            except OSError:
                continue
        if not is_loopback(address) and address != "0.0.0.0":
            return address
    return None


def for_the_class(url: str, environ: Mapping[str, str] | None = None) -> str:
    """Returns ``url`` as the class's devices can open it: its host ``127.0.0.1`` or
    ``localhost`` replaced by this computer's network address, when the classroom server
    listens on every address (``$INCOGNITO_NB_HOST`` is ``0.0.0.0``); ``url`` as it is
    otherwise (another host already, or no address to give)."""
    environ = os.environ if environ is None else environ
    parts = urlsplit(url)
    if not is_loopback(parts.hostname) or environ.get(HOST_ENV) not in EVERY_ADDRESS:
        return url
    address = lan_address()
    if address is None:
        return url
    return urlunsplit(parts._replace(netloc=f"{address}:{parts.port}" if parts.port else address))


def this_computer_only(url: str, environ: Mapping[str, str] | None = None) -> bool:
    """Checks if ``url``, a page's link for the class, opens on this computer only: a loopback
    address, from a classroom server that listens on a loopback address alone."""
    environ = os.environ if environ is None else environ
    return is_loopback(urlsplit(url).hostname) and is_loopback(environ.get(HOST_ENV))
