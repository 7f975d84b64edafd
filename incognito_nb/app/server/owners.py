"""Whose is a kernel: the page it was started for, and only that page (or the teacher's laptop).

Voilà answers ``/api/kernels/<id>`` (the kernel's model: its state, its last activity),
``/api/kernels/<id>/channels`` (its socket) and ``/voila/api/shutdown/<id>`` (the page's
goodbye) to anyone who names the kernel.  The classroom server gives the browser that a
page is rendered for a *page mark*: an HttpOnly, SameSite=Strict cookie, scoped by its path
to that kernel's two routes (so a browser sends it nowhere else), holding an HMAC of the
kernel id under the server's secret.  :meth:`PageOwners.owns` checks it in constant time;
a request without it gets 403, so a device that learnt a kernel id (a shared screen, a
guess) can neither read the kernel's state, nor open its socket, nor end it.  The server's
own machine passes while ``trust_this_machine`` is True.

A page cannot restart its kernel either: there is no ``/restart`` route, and
:mod:`.sockets` refuses a ``shutdown_request`` (with or without ``restart``) on the socket,
where the kernel would exit and come back bare, its page's widgets gone.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress

from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado import web
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

#: The tornado setting under which the server puts its :class:`PageOwners`.
OWNERS_SETTING = "incognito_nb_owners"
#: The cookies that mark a page's browser as the owner of its kernel: one for each of its
#: routes (a response sets one cookie of a name, whatever the paths).
PAGE_COOKIES = ("incognito_page", "incognito_page_end")


def from_this_machine(request) -> bool:
    """Checks if ``request`` comes from the machine the server runs on: over loopback, or
    to one of the machine's own addresses from that same address (the teacher opening the
    page by the laptop's network address, as the README asks)."""
    try:
        here = request.connection.stream.socket.getsockname()[0]
        there = request.remote_ip
        return ipaddress.ip_address(there).is_loopback or there == here
    except (AttributeError, OSError, ValueError):
        return False


class PageOwners:
    """Marks each page's browser as its kernel's owner, and checks the mark (module docstring)."""

    def __init__(self, secret: str, *, trust_this_machine: bool = True) -> None:
        self._secret = secret.encode("utf-8")
        self.trust_this_machine = trust_this_machine

    def trusted(self, request) -> bool:
        """Checks if ``request`` comes from the teacher's laptop, which owns every kernel."""
        return self.trust_this_machine and from_this_machine(request)

    def sign(self, text: str) -> str:
        """Returns the HMAC of ``text`` under the server's secret (hex)."""
        return hmac.new(self._secret, text.encode("utf-8"), hashlib.sha256).hexdigest()

    def mark(self, kernel_id: str) -> str:
        return self.sign(f"kernel:{kernel_id}")

    def routes(self, base_url: str, kernel_id: str) -> tuple[str, str]:
        """Returns the paths of ``kernel_id``'s routes that a page uses."""
        return (url_path_join(base_url, "api/kernels", kernel_id), url_path_join(base_url, "voila/api/shutdown", kernel_id))

    def give(self, handler, kernel_id: str) -> None:
        """Gives the browser of ``handler`` (a page being rendered) the mark of ``kernel_id``."""
        for name, path in zip(PAGE_COOKIES, self.routes(handler.base_url, kernel_id)):
            handler.set_cookie(name, self.mark(kernel_id), path=path, httponly=True, samesite="Strict")

    def owns(self, handler, kernel_id: str) -> bool:
        """Checks if the request of ``handler`` comes from the page of ``kernel_id`` (or the laptop)."""
        if self.trusted(handler.request):
            return True
        mark = self.mark(kernel_id)
        return any(same(handler.get_cookie(name) or "", mark) for name in PAGE_COOKIES)


def same(offered: str, expected: str) -> bool:
    """Compares a secret a browser offered with the expected one, in constant time."""
    return hmac.compare_digest(offered.encode("utf-8", "replace"), expected.encode("utf-8"))


class OwnKernelOnly:
    """A handler of a kernel's route (``kernel_id`` in its path) that answers only the
    kernel's own page, or the laptop; anybody else gets 403 before the route does anything."""

    async def prepare(self, *args, **kwargs):
        await super().prepare(*args, **kwargs)
        owners = self.settings.get(OWNERS_SETTING)
        kernel_id = self.path_kwargs.get("kernel_id") or (self.path_args[0] if self.path_args else "")
        if owners is not None and not owners.owns(self, kernel_id):
            raise web.HTTPError(403, "This kernel serves another page.")


class PageKernel(OwnKernelOnly, KernelHandler):
    """``/api/kernels/<id>``: the kernel's model for its page (and the page's own ``DELETE``)."""


class PageGoodbye(OwnKernelOnly, VoilaShutdownKernelHandler):
    """``/voila/api/shutdown/<id>``: the page's own kernel ended when the page closes."""
