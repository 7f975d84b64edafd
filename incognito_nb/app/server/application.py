"""The classroom server: standalone Voilà, with the doors, the kernel budget and preheated kernels.

``incognito-nb classroom`` runs ``python -m incognito_nb.app.server <classroom folder>``.
:class:`ClassroomServer` is Voilà's own application (``voila.app.Voila``) with these
changes, each made through one of Voilà's extension points:

- **Preheated kernels** (Voilà's ``preheat_kernel``): the teacher and student notebooks
  run up to :func:`~incognito_nb.app.server.preheat.wait_for_request` in kernels started ahead
  of their pages, and the pool of each notebook is sized by the
  :class:`~incognito_nb.app.server.budget.KernelBudget` (the :class:`~incognito_nb.app.server.desk.FrontDesk`
  applies it): warm for the students of a table just created, empty when nobody is expected.
- **Doors** (:mod:`incognito_nb.app.server.doors`) in place of Voilà's render handler: a kernel
  only for a valid seat link or the teacher's own browser; the join and new-table forms
  and every refusal are plain pages, as is a class's report (:mod:`.class_doors`).
  The folder listing, the contents API and the file handler are not served.
- **Sockets** (:mod:`incognito_nb.app.server.sockets`): kernel sockets speak v1 only, with checked
  frames (Voilà's ``kernel_websocket_connection_class``), and the preheated kernels' query
  socket opens only to this server's kernels, which prove it with a per-server secret
  that the server puts in their environment when it starts.
- **Lean kernels** (Voilà's ``kernel_spec_manager_class``): Python kernels start without
  ipykernel's debugger (:data:`LEAN_KERNEL`).

- **Kernel routes** (:mod:`incognito_nb.app.server.owners`): ``/api/kernels/<id>``, its socket
  and ``/voila/api/shutdown/<id>`` answer only the page the kernel serves (or the laptop);
  there is no login, logout or restart route, and an odd template path answers 404.
- **A bounded log** (:mod:`incognito_nb.app.server.bounded_log`): repeated lines counted, not
  written; ``log_file`` rotates.

Options (``--ClassroomServer.<name>=…``, set by ``incognito-nb classroom``): ``max_kernels``,
``max_pages_per_device``, ``max_warm``, ``trust_this_machine``, ``alone_grace``, ``first_grace``,
``expect_minutes``, ``log_file``, ``behind_proxy``, ``servers``, ``hub`` (a JupyterHub service: :mod:`.hub`); the store is ``$INCOGNITO_NB_STORE``, an extra deck
``$INCOGNITO_NB_DECK``, the classroom passphrase ``$INCOGNITO_NB_PASSPHRASE`` (a new one if unset).
"""

from __future__ import annotations

import logging
import os
import secrets
import sys
from functools import partial

from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.ioloop import IOLoop, PeriodicCallback
from traitlets import Bool, Float, Integer, Unicode
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from ...engine import Deck, DeckError, load_deck
from ...store import open_store
from ...ui.i18n import first_language, language
from ..loading import TEMPLATE, loading_resources, voila_environment
from ..serving import unix_sockets_fit
from .bounded_log import REQUEST_LOGGERS, RepeatsCounted, install, log_to_file
from .budget import KernelBudget
from .class_doors import ClassDeleteDoor, ClassFileDoor, ClassReportDoor
from .desk import FrontDesk, QuietDrops
from .devices import DEVICES_SETTING
from .doors import DESK_SETTING, THEME_SETTING, ClassroomPage, Home, JoinDoor, NewTableDoor, PassphraseDoor, Status
from .forwarded import HUB, NGINX, NO_PROXY, PROXY_SETTING, SCHEME_HEADER
from .gzip import FrontEndGzip
from .owners import OWNERS_SETTING, PageGoodbye, PageKernel
from .hub import HUB_SETTING, HubClassroomPage, HubIdentity, HubJoinDoor, HubLogin, callback_handler, hub_auth
from .passphrase import new_passphrase
from .preheat import QUERY_URL, SERVER_SECRET, TEACHER_KEY_HEADER
from .sockets import BUDGET_SETTING, KernelSocket, KernelSocketDoor, QuerySocket
from .templates_once import compile_pages_once

#: How the classroom's kernels start: as ``python -m ipykernel_launcher`` does, with debugpy
#: hidden first.  ipykernel imports debugpy and its pydevd bundle in every kernel for
#: JupyterLab's debugger (measured 53.1 MB for a kernel that has imported ipywidgets,
#: 45.4 MB without); standalone Voilà refuses ``debug_request`` from the browser, and a
#: class holds thirty kernels.  With ``import debugpy`` failing, ipykernel runs as where
#: debugpy is not installed, a case it supports.  Nothing of this package is imported
#: before ipykernel: a module imported ahead of the kernel that imports ipywidgets would
#: register the widgets' comm targets with no kernel, and no widget would ever show.
LEAN_KERNEL = """import sys
sys.modules["debugpy"] = None
if sys.path and sys.path[0] == "":
    del sys.path[0]  # as ipykernel_launcher does: the working folder does not shadow the kernel's modules
from ipykernel import kernelapp
kernelapp.launch_new_instance()
"""


class LeanKernels(KernelSpecManager):
    """Voilà's kernel specs, with the Python kernel started as :data:`LEAN_KERNEL` says
    (an ipykernel without its debugger: ~8 MB less per kernel)."""

    def get_kernel_spec(self, kernel_name: str, *args, **kwargs):
        spec = super().get_kernel_spec(kernel_name, *args, **kwargs)
        if spec.argv[1:3] == ["-m", "ipykernel_launcher"]:
            spec.argv = [spec.argv[0], "-c", LEAN_KERNEL, *spec.argv[3:]]
        return spec


#: Seconds a page's rendering waits for its cell's last output (nbclient's default is 4).
IOPUB_TIMEOUT = 60
#: Voilà's handlers the classroom does not serve: a folder listing, its contents API and files.
NOT_SERVED = (TornadoVoilaTreeHandler, VoilaContentsHandler, AllowListFileHandler)
#: Where ``incognito-nb classroom`` hands the server the passphrase it printed (read, then removed
#: from the environment, so that no kernel inherits it).
PASSPHRASE_ENV = "INCOGNITO_NB_PASSPHRASE"
#: How often the bounded log says how many lines it left out, in seconds.
LOG_SUMMARY_SECONDS = 60


class TemplateFiles(TemplateStaticFileHandler):
    """Voilà's template files (``/voila/templates/<template>/static/<file>``), with a path of
    another shape (``../../etc/passwd``) answered 404, where Voilà's own handler fails an
    ``assert`` and answers 500."""

    def parse_url_path(self, path: str) -> str:
        parts = path.split("/", 2)
        if len(parts) < 3 or parts[1] != "static" or ".." in path.split("/"):
            raise web.HTTPError(404)
        return super().parse_url_path(path)

    @classmethod
    def get_absolute_path(cls, root: str, path: str) -> str:
        parts = os.path.normpath(path).split(os.path.sep, 2)
        if len(parts) < 3 or parts[1] != "static":
            raise web.HTTPError(404)
        return super().get_absolute_path(root, path)


#: Voilà's handlers that the classroom serves in its own way (a kernel's routes answer only
#: its own page: :mod:`.owners`); and those it does not serve (a login, a logout: there is no account).
REPLACED = {KernelHandler: PageKernel, VoilaShutdownKernelHandler: PageGoodbye, TemplateStaticFileHandler: TemplateFiles,
            VoilaKernelWebsocketHandler: KernelSocketDoor}
NO_ACCOUNTS = ("/login", "/logout")


class ClassroomServer(Voila):
    """Standalone Voilà serving the classroom folder for a class (see the module's docstring)."""

    name = "incognito-nb-classroom"
    description = "Serves Incognito's teacher and student pages for a class."
    # Each line of the server's log says when: a school reading the log after a lesson, or a
    # failed test's report, needs to know what happened in which order and how long it took.
    log_format = Unicode("[%(name)s %(asctime)s.%(msecs)03d]%(highlevel)s %(message)s", config=True,
                         help="The server's log lines (Python logging's format).")
    log_datefmt = Unicode("%H:%M:%S", config=True, help="The time in the log lines (strftime's format).")

    max_kernels = Integer(48, config=True, help=(
        "The most kernels the server runs at once, pages and warm ones; a page beyond it is "
        "refused with a message. Each kernel takes about 60 MB."))
    max_pages_per_device = Integer(4, config=True, help=(
        "The most pages one client address may hold open (0: no limit). The server's own "
        "machine is not counted unless trust_this_machine is False."))
    trust_this_machine = Bool(True, config=True, help=(
        "Whether pages opened on the server's own machine (the teacher's laptop) skip the "
        "per-device limits."))
    alone_grace = Float(20.0, config=True, help=(
        "Seconds a page's kernel lives after its browser disconnected (a closed tab)."))
    first_grace = Float(120.0, config=True, help=(
        "Seconds a page's kernel waits for its browser to connect at all."))
    expect_minutes = Float(20.0, config=True, help=(
        "Minutes the server keeps kernels warm for the students of a table just created."))
    max_warm = Integer(30, config=True, help=(
        "The most kernels kept warm at once for pages about to be opened (all tables together)."))
    student_nice = Integer(5, config=True, help=(
        "The nice value (0-19) of a student page's kernel: how much less CPU it claims than the "
        "teacher's pages when the laptop is busy, so that the projector leads a phase change and "
        "the phones follow it (0: the same priority)."))
    gzip_front_end = Bool(True, config=True, help=(
        "Whether the front end's files (Voilà's scripts, the widgets' extensions: ~5.2 MB on a phone's first "
        "visit) go gzipped to browsers that accept it (~1.7 MB), at ~8 ms of CPU a megabyte; pages and answers "
        "are never compressed. Off where a proxy in front compresses them."))
    log_file = Unicode("", config=True, help=(
        "A file the server also writes its log to, rotated at 5 MB with two old files kept ('': none)."))

    behind_proxy = Bool(False, config=True, help=(
        "Whether the server sits behind a proxy on its own machine (deploy/nginx): the client's "
        "address is then read from the proxy's X-Real-IP or X-Forwarded-For header, so that every "
        "student is not taken for this machine and each device keeps its own budget, and the join and "
        "seat links use the scheme and host the browser used (X-Forwarded-Proto, X-Forwarded-Host). Listen on "
        "127.0.0.1 only then: anyone who reaches the port directly can name any address."))

    servers = Integer(1, config=True, help=(
        "How many classroom servers share the store behind one proxy (deploy/nginx). With more than "
        "one, each keeps kernels warm for its share of every new table's students (the table's seats "
        "divided by servers), the tables created on the other servers too, learnt from the store."))

    hub = Bool(False, config=True, help=(
        "Whether the server runs as a JupyterHub service (deploy/jupyterhub): users log in with the "
        "hub's accounts, the teacher is a user with the hub scope custom:incognito-nb:teach, and a "
        "student's seat is named by their hub name. Set --Voila.base_url to the service's prefix."))

    aliases = {
        **Voila.aliases,
        "max-kernels": "ClassroomServer.max_kernels",
        "max-pages-per-device": "ClassroomServer.max_pages_per_device",
    }

    desk: FrontDesk | None = None

    def setup_template_dirs(self):
        """Serves the pages with the project's loading screen (:mod:`incognito_nb.app.loading`),
        unless another template was asked for, in the server's language (``--language``)."""
        if self.voila_configuration.template == "lab":  # Voilà's own default
            self.voila_configuration.template = TEMPLATE
        os.environ.update(voila_environment(os.environ))  # Voilà reads templates off JUPYTER_PATH
        if not self.config.VoilaConfiguration.get("resources"):
            self.config.VoilaConfiguration.resources = loading_resources(os.environ.get("INCOGNITO_NB_LANGUAGE"))
        super().setup_template_dirs()

    def init_settings(self):
        configuration = self.voila_configuration
        configuration.preheat_kernel = True
        configuration.default_pool_size = 0  # the desk sizes each pool
        configuration.http_header_envs = [TEACHER_KEY_HEADER, SCHEME_HEADER]
        configuration.kernel_spec_manager_class = LeanKernels
        self.kernel_websocket_connection_class = KernelSocket
        compile_pages_once()  # the page template, compiled for the first page and kept (templates_once.py)
        # nbclient waits 4 s for a cell's last output after its reply, then sends the page
        # without it: a blank page for good when a class arrives at once on a busy laptop.
        if "iopub_timeout" not in self.config.VoilaExecutor:
            self.config.VoilaExecutor.iopub_timeout = IOPUB_TIMEOUT
        # Kernels reach the server by Unix sockets where they fit, as the launcher asks too
        # (:func:`~incognito_nb.app.serving.unix_sockets_fit` says why), whoever starts it.
        if "transport" not in self.config.KernelManager and unix_sockets_fit(self.connection_dir):
            self.config.KernelManager.transport = "ipc"
        if self.hub:
            self._serve_the_hub()
        self.secret = secrets.token_urlsafe(32)
        os.environ[SERVER_SECRET] = self.secret  # inherited by every kernel, seen by no browser
        self._bound_the_log()
        settings = super().init_settings()
        self.kernel_manager.allow_tracebacks = False
        budget = KernelBudget(max_kernels=self.max_kernels, max_per_device=self.max_pages_per_device,
                              max_warm=self.max_warm, alone_grace=self.alone_grace, first_grace=self.first_grace,
                              expect_for=60 * self.expect_minutes)
        self.passphrase = os.environ.pop(PASSPHRASE_ENV, "").strip() or new_passphrase()
        self.desk = FrontDesk(open_store(os.environ.get("INCOGNITO_NB_STORE") or None), budget, self._decks(),
                              trust_this_machine=self.trust_this_machine, secret=secrets.token_urlsafe(32),
                              passphrase=self.passphrase, student_nice=self.student_nice, log=self.log,
                              servers=self.servers)
        self.desk.attach(self.kernel_manager)
        self.log.addFilter(QuietDrops(self.desk))
        settings[DESK_SETTING] = self.desk
        # The kernel-free doors in the pages' theme: a class in a dark room meets no white page
        # between the dark projected one and a dark phone (the join form, the new-table form).
        settings[THEME_SETTING] = "dark" if configuration.theme in ("dark", "JupyterLab Dark") else "light"
        settings[BUDGET_SETTING] = budget
        settings[DEVICES_SETTING] = self.desk.devices
        settings[OWNERS_SETTING] = self.desk.owners
        settings[PROXY_SETTING] = HUB if self.hub else NGINX if self.behind_proxy else NO_PROXY
        if self.hub:
            settings[HUB_SETTING] = hub_auth()
            settings["login_url"] = url_path_join(self.base_url, "classroom/hub-login")
        return settings

    def _serve_the_hub(self) -> None:
        """Under JupyterHub (:mod:`.hub`): the hub says who asks; no machine is trusted, since every
        request comes from the hub's proxy; the proxy's X-Forwarded-For names the device."""
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")
        if not prefix or prefix.rstrip("/") != self.base_url.rstrip("/"):
            raise SystemExit(f"--ClassroomServer.hub=True: --Voila.base_url must be the service's prefix {prefix!r} "
                             f"(not {self.base_url!r}); the hub starts the service with JUPYTERHUB_SERVICE_PREFIX.")
        self.identity_provider_class = HubIdentity
        self.trust_this_machine = False
        self.behind_proxy = True

    def _bound_the_log(self) -> None:
        """Writes each kind of repeated line once and counts the rest (:mod:`.bounded_log`), on
        the terminal and in ``log_file`` if one is given."""
        self.repeats = RepeatsCounted()
        root = logging.getLogger()
        if not root.handlers:  # what Python's last resort did (warnings and errors to stderr), bounded
            terminal = logging.StreamHandler(sys.stderr)
            terminal.setLevel(logging.WARNING)
            root.addHandler(terminal)
        loggers = [self.log, *(logging.getLogger(name) for name in REQUEST_LOGGERS)]
        install(self.repeats, loggers)
        if self.log_file:
            formatter = self.log.handlers[0].formatter if self.log.handlers else None
            log_to_file(self.log_file, self.repeats, [self.log, root], formatter, level=self.log_level)

    def _decks(self) -> dict[str, Deck]:
        decks: dict[str, Deck] = {}
        path = os.environ.get("INCOGNITO_NB_DECK")
        if path:
            try:
                decks["own:0"] = load_deck(path)
            except DeckError as error:
                self.log.warning("The deck %s is not offered: %s", path, error)
        for name in Deck.builtin_names():
            decks[name] = Deck.builtin(name)
        return decks

    def init_handlers(self):
        handlers = []
        for route in super().init_handlers():
            pattern, handler, *rest = route
            if handler in NOT_SERVED or (isinstance(pattern, str) and pattern.endswith(NO_ACCOUNTS)):
                continue
            handler = REPLACED.get(handler, handler)
            if handler is TornadoVoilaHandler:
                handler = HubClassroomPage if self.hub else ClassroomPage
            elif handler is RequestInfoSocketHandler:
                handler, rest = QuerySocket, [{"secret": self.secret, "on_waiting": self.desk.waiting}]
            handlers.append((pattern, handler, *rest))
        base = self.server_url
        hub = [(url_path_join(base, "classroom/hub-login"), HubLogin),
               (url_path_join(base, "oauth_callback"), callback_handler())] if self.hub else []
        return [
            *hub,
            (base, Home),
            (url_path_join(base, "classroom/join"), HubJoinDoor if self.hub else JoinDoor),
            (url_path_join(base, "classroom/tables"), NewTableDoor),
            (url_path_join(base, "classroom/status"), Status),
            (url_path_join(base, "classroom/passphrase"), PassphraseDoor),
            (url_path_join(base, "classroom/classes"), ClassReportDoor),
            (url_path_join(base, "classroom/classes/file"), ClassFileDoor),
            (url_path_join(base, "classroom/classes/delete"), ClassDeleteDoor),
            *handlers,
        ]

    def listen(self):
        IOLoop.current().add_callback(self._listening)
        if self.gzip_front_end:  # the scripts a class downloads as it arrives (.gzip)
            self.app.add_transform(FrontEndGzip)
        if self.behind_proxy:  # Voilà listens with ``self.app.listen(port, ip)``: tornado's xheaders
            self.app.listen = partial(self.app.listen, xheaders=True)
        super().listen()

    def _listening(self) -> None:
        """Once the port is known: where warm kernels ask for their page, and the desk's rounds."""
        host = self.ip if self.ip not in ("", "0.0.0.0", "::") else "127.0.0.1"
        host = f"[{host}]" if ":" in host else host
        os.environ[QUERY_URL] = f"ws://{host}:{self.port}{url_path_join(self.server_url, 'voila/query')}"
        self.desk.start()
        self._summaries = PeriodicCallback(lambda: self.repeats.summary(self.log), LOG_SUMMARY_SECONDS * 1000)
        self._summaries.start()
        self.log.info("Classroom server: at most %d kernels, %s pages per device.", self.max_kernels,
                      self.max_pages_per_device or "any number of")
        lang = language(first_language(os.environ.get("INCOGNITO_NB_LANGUAGE")))  # the terminal's, --language
        self.log.info("%s", lang._("Classroom passphrase, for a teacher creating tables from another device than "
                                   "this computer (at {url}): {passphrase}", passphrase=self.passphrase,
                                   url=f"http://{host}:{self.port}{url_path_join(self.server_url, 'classroom/passphrase')}"))

    def stop(self):
        if self.desk is not None:
            self.desk.stop()
        super().stop()


def main(argv: list[str] | None = None) -> None:
    """Runs the classroom server with ``argv`` (Voilà's command line, plus this server's options)."""
    ClassroomServer.launch_instance(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
