"""The classroom server as a JupyterHub service: the hub's accounts, the hub's teachers.

``deploy/jupyterhub/jupyterhub_config.py`` runs the classroom server as a *Hub-managed
service* (``/services/classroom/``, started with ``--ClassroomServer.hub=True``): the hub
starts it with its ``JUPYTERHUB_*`` environment, its proxy (configurable-http-proxy) routes
``/services/classroom/`` to it, pages and kernel sockets alike, and its kernels run beside
it, on the service's machine (a service, not the users' own servers, so that one process
keeps a class's kernels, budget and preheated pool).  With ``hub`` on:

- **Who is asking** is the hub's answer (:class:`HubIdentity`, jupyter_server's identity
  provider): a page, a form or a kernel socket without the hub's OAuth cookie for the service
  is sent to the hub's login (:class:`HubLogin`), which comes back by ``oauth_callback``
  (:class:`HubCallback`) to the page first asked for.  A user without the scope
  ``access:services!service=<name>`` is not let in.
- **The teacher** is a user who holds the custom scope :data:`TEACH_SCOPE` (the shipped
  configuration gives it to the hub group ``teachers`` through a role): that user creates
  tables; nobody else does, whatever machine they sit at (``trust_this_machine`` is off: every
  request reaches the service from the proxy's own machine).
- **A student's name** is their hub name: the join link (and its QR code),
  ``student.ipynb?code=…``, takes a seat under the student's hub name and opens the seat link,
  with no form (:class:`HubClassroomPage`); opened again in the same browser it opens the
  same seat (an HttpOnly cookie keeps the seat's token), and in another browser (or after
  clearing cookies) it gives the same seat a new token, so that the older page closes as
  when a seat link is opened twice.  A seat link opens only for the hub user whose seat it
  is, and a look-alike name is another person's, refused as at any join.  The join form (a
  student page opened without a code, or a code that opens no table) asks for the code only:
  it says "You will play as <hub name>".
"""

from __future__ import annotations

from urllib.parse import urlencode

from jupyter_server.auth.identity import IdentityProvider, User
from tornado import web

from ...engine import IllegalAction
from ...store import StoreError
from ...store.tables import Seat
from .budget import STUDENT, Claim
from .doors import HUB_NAME, HUB_TEACHER, MAX_CODE, MAX_TOKEN, ClassroomPage, JoinDoor, _code_or_nothing

#: The tornado setting under which the server keeps its ``HubOAuth``.
HUB_SETTING = "incognito_nb_hub_auth"
#: The custom hub scope that makes a user the teacher (``c.JupyterHub.custom_scopes``).
TEACH_SCOPE = "custom:incognito-nb:teach"
#: The handler attribute that holds the hub's model of the user asking.
HUB_USER = "incognito_hub_user"
#: A hub student's seat token at table CODE lives in the cookie ``incognito_seat_CODE``.
SEAT_COOKIE = "incognito_seat_"


def hub_auth():
    """Returns the service's ``HubOAuth``, configured from the ``JUPYTERHUB_*`` environment
    the hub starts the service with."""
    from jupyterhub.services.auth import HubOAuth

    return HubOAuth(cache_max_age=60)


class HubIdentity(IdentityProvider):
    """jupyter_server's identity provider, answered by the hub: the user of the hub's OAuth
    cookie (or None), allowed only with the service's access scope."""

    async def get_user(self, handler: web.RequestHandler) -> User | None:
        auth = handler.settings.get(HUB_SETTING)
        if auth is None:
            return None
        model = await auth.get_user(handler, sync=False)
        if not model or not auth.check_scopes(auth.access_scopes, model):
            return None
        setattr(handler, HUB_USER, model)
        setattr(handler, HUB_TEACHER, bool(auth.check_scopes({TEACH_SCOPE}, model)))
        setattr(handler, HUB_NAME, model["name"])
        return User(username=model["name"], name=model["name"], display_name=model["name"])

    @property
    def login_available(self) -> bool:
        return True


class HubLogin(web.RequestHandler):
    """``/classroom/hub-login?next=…``: sends the browser to the hub's OAuth, to come back to ``next``."""

    def get(self) -> None:
        auth = self.settings[HUB_SETTING]
        next_url = self.get_argument("next", "")
        if not next_url.startswith(auth.base_url) or "//" in next_url:  # only this service's own pages
            next_url = auth.base_url
        params = {}
        verifier = None
        if getattr(auth, "pkce_enabled", False):
            verifier, challenge, method = auth.generate_pkce_code_challenge()
            params.update(code_challenge=challenge, code_challenge_method=method)
        options = {"code_verifier": verifier} if verifier else {}
        params["state"] = auth.set_state_cookie(self, next_url=next_url, **options)
        separator = "&" if "?" in auth.login_url else "?"
        self.redirect(f"{auth.login_url}{separator}{urlencode(params)}")


def callback_handler():
    """Returns the handler of ``oauth_callback`` (JupyterHub's, with the server's ``HubOAuth``)."""
    from jupyterhub.services.auth import HubOAuthCallbackHandler

    class HubCallback(HubOAuthCallbackHandler):
        @property
        def hub_auth(self):
            return self.settings[HUB_SETTING]

    return HubCallback


class HubClassroomPage(ClassroomPage):
    """The classroom's pages under the hub: a join link seats the hub user by their hub name."""

    async def _student(self) -> Claim | None:
        user = getattr(self, HUB_USER, None)
        if user is None:
            return await super()._student()
        code, token = self._arg("code", MAX_CODE), self._arg("token", MAX_TOKEN)
        if code and not token:
            await self._seat_by_hub_name(code, user["name"])
            return None
        claim = await super()._student()
        if claim is not None and claim.notebook == STUDENT and claim.holder.casefold() != user["name"].casefold():
            lang = await self.speaking(claim.code)
            self.notice(lang, lang._("Incognito · another student's seat"),
                        lang._("This link opens another student's seat. Open the join link shown on the projector: "
                               "it seats you under your own name."), status=403,
                        links=[(lang._("Join table {code}", code=claim.code), self.page_url(STUDENT, code=claim.code))])
            return None
        return claim

    async def _seat_by_hub_name(self, code: str, name: str) -> None:
        """Takes a seat at table ``code`` named ``name`` (or finds the one this browser took),
        then opens its seat link; says what the store said if it cannot."""
        if not await self.within_budget("lookup"):
            return
        desk = self.desk
        lang = await self.speaking(_code_or_nothing(code))
        seat = None
        kept = self.get_cookie(SEAT_COOKIE + _code_or_nothing(code), "")[:MAX_TOKEN]
        if kept:
            try:
                seat = await desk.run(desk.store.rejoin, code, kept)
            except StoreError:
                seat = None
            if seat is not None and seat.name.casefold() != name.casefold():
                seat = None
        if seat is None:
            try:
                seat = await desk.run(desk.store.join, code, name)
            except (IllegalAction, StoreError) as error:
                seat = await self._own_seat_again(code, name, error)
                if seat is None:
                    return self.join_door(lang, code=code, name=name, problem=lang.error(error), status=409)
        self.set_cookie(SEAT_COOKIE + seat.code, seat.token, httponly=True, samesite="Lax", expires_days=1,
                        path=self.base_url)
        asked = self.asked_language()
        self.redirect(self.page_url(STUDENT, code=seat.code, token=seat.token, **({"lang": asked} if asked else {})),
                      status=303)


    async def _own_seat_again(self, code: str, name: str, error: Exception) -> Seat | None:
        """Returns the seat of hub user ``name`` given again (a new token: the older page
        closes) when the join was refused because that very name sits at the table — the
        same user in a second browser, or after clearing cookies; else None.  A look-alike
        name (another hub user) is not given the seat."""
        if not (isinstance(error, IllegalAction) and error.rule in ("player_names", "started")):
            return None
        try:
            return await self.desk.run(self.desk.store.seat_again, code, name)
        except (IllegalAction, StoreError):
            return None


class HubJoinDoor(JoinDoor):
    """``POST /classroom/join`` under the hub: the code typed opens the join link (the seat is
    named by the hub, whatever was typed as a name)."""

    @web.authenticated
    async def post(self) -> None:
        if getattr(self, HUB_USER, None) is None:
            return await super().post()
        code = self.get_body_argument("code", "")[:MAX_CODE].strip()
        asked = self.asked_language()
        self.redirect(self.page_url(STUDENT, **({"code": code} if code else {}), **({"lang": asked} if asked else {})),
                      status=303)


__all__ = ["HUB_SETTING", "TEACH_SCOPE", "HubIdentity", "HubLogin", "HubClassroomPage", "HubJoinDoor",
           "callback_handler", "hub_auth"]
