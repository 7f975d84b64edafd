"""Says on the page when the class server stopped answering, so nothing looks saved that is not.

A page of the classroom talks to its kernel over one websocket.  When the teacher's
laptop sleeps, the server is stopped or the school network drops, the page stays on
screen as it was and clicks seem to do nothing: a student would go on drawing into the
void.  A :class:`ConnectionWatch` on every page hears a small beat from its kernel every
:data:`BEAT_SECONDS`; when none has come for :data:`LOST_AFTER_SECONDS`, the browser shows
a banner over the page that says what is happening and what to do, and takes it away
when the beats come back (the page reconnected to the same kernel).  The beats go from
the kernel, so waiting costs the kernel one small message every few seconds and no
answer.

A page that closes itself for good (another page took its seat) calls :meth:`ConnectionWatch.goodbye`:
the beats stop, the browser stops watching for them, and it ends the page's kernel through
the page's own goodbye route (the one Voilà's front end posts to when the tab closes), so
the older page of a seat holds no kernel on its server.
"""

from __future__ import annotations

import asyncio

import anywidget
import traitlets

from incognito_nb.ui.i18n import Language, language
from incognito_nb.ui.widgets.shared import front_end

#: How often the kernel says it is there, in seconds.
BEAT_SECONDS = 4.0
#: How long without a beat before the page says the connection is lost, in seconds.
LOST_AFTER_SECONDS = 10.0

CSS = """
.inc-connection-lost { position: fixed; top: 0; left: 0; right: 0; z-index: 1000; padding: 0.8em 1.2em;
  background: #8a3b00; color: #ffffff; font-size: 1.1em; font-weight: 600; text-align: center; }
.inc-connection-lost[hidden] { display: none; }
"""


class ConnectionWatch(anywidget.AnyWidget):
    """An invisible widget that shows a banner when the kernel's beats stop (see the module)."""

    _esm = front_end(__file__, "connection.js")
    lost_text = traitlets.Unicode("", help="What the banner says, in the page's language.").tag(sync=True)
    lost_after_ms = traitlets.Int(int(LOST_AFTER_SECONDS * 1000),
                                  help="How long without a beat before the banner shows.").tag(sync=True)

    def __init__(self, *, lang: Language | None = None, seated: bool = True, **kwargs) -> None:
        kwargs.setdefault("lost_text", self.lost_sentence(lang or language(), seated=seated))
        super().__init__(**kwargs)
        self.add_class("inc-connection-watch")
        self._task: asyncio.Task | None = None
        self.beats = 0

    @staticmethod
    def lost_sentence(lang: Language, *, seated: bool = True) -> str:
        """Returns what the banner says in ``lang`` (set it as :attr:`lost_text` when the page's
        language changes): to a student (``seated``), whose link brings back their seat, or to
        the teacher, whose page's address opens the table again."""
        if not seated:
            return lang._("The connection to the class server is lost: what you do now is not saved. Wait a "
                          "moment; if this stays, reload the page (its address opens the table again).")
        return lang._("The connection to the class server is lost: what you do now is not saved. Wait a moment; "
                      "if this stays, reload the page (your link brings you back to your seat).")

    def start(self) -> None:
        """Starts beating on the kernel's event loop (nothing without one: a test, a script)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._beat())

    def beat(self) -> None:
        """Sends one beat to the browser."""
        self.beats += 1
        self.send({"beat": self.beats})

    def goodbye(self) -> None:
        """Stops the beats and has the browser end this page's kernel, on purpose (no banner)."""
        if self._task is not None:
            self._task.cancel()
        if self.comm is not None:
            self.send({"goodbye": True})

    async def _beat(self) -> None:
        while self.comm is not None:
            self.beat()
            await asyncio.sleep(BEAT_SECONDS)

    def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        super().close()
