"""The one way a person's action runs on a page: whatever goes wrong is said, never lost.

ipywidgets logs an exception raised in a callback and goes on as if nothing happened:
the teacher sees a button that does nothing.  Every callback a person sets off (a click,
a stroke, a watch that moves the screen) therefore runs through a :class:`Guard`, which
says what went wrong where the person looks — the page's message line, a form's error
area, the teacher bar's status, the card panel — in words meant for them:

- a move the rules refuse (:class:`~incognito_nb.engine.errors.IllegalAction`), a store
  or a save that says what to do (every error of this project carries its sentence as a
  :class:`~incognito_nb.engine.errors.Message`), in the page's language;
- anything else as "Could not save the game: …" (or the page's own sentence), with the
  traceback in the kernel's log and never in the browser.
"""

from __future__ import annotations

import logging
import traceback
from typing import Any, Callable, Optional

from incognito_nb.engine.errors import Explained
from incognito_nb.ui.i18n import Language, language

log = logging.getLogger(__name__)


class Guard:
    """Runs actions for a widget or a page; ``say(text)`` shows what went wrong, in ``lang``.

    ``clear()`` (optional) takes away what was said before, when a person acts again;
    ``unexpected(lang, error)`` (optional) returns the sentence for a failure nobody
    foresaw, ``enter()`` (optional) runs before every action.  A page that changes its
    language sets :attr:`lang`.
    """

    def __init__(self, say: Callable[[str], Any], *, lang: Optional[Language] = None,
                 clear: Optional[Callable[[], Any]] = None,
                 unexpected: Optional[Callable[[Language, Exception], str]] = None,
                 enter: Optional[Callable[[], Any]] = None) -> None:
        self.say, self.clear, self.unexpected, self.enter = say, clear, unexpected or unexpected_failure, enter
        self.lang = lang or language()

    def __call__(self, action: Callable[..., Any], *, keeps_message: bool = False,
                 failed: Optional[str] = None) -> Callable[..., Any]:
        """Returns ``action`` wrapped: it runs through :meth:`run` whenever it is called.
        ``keeps_message`` (a watch, a retry: not a person's action) leaves what was said."""
        def run(*args: Any, **kwargs: Any) -> Any:
            return self.run(action, *args, keeps_message=keeps_message, failed=failed, **kwargs)[1]
        return run

    def run(self, action: Callable[..., Any], *args: Any, keeps_message: bool = False,
            failed: Optional[str] = None, **kwargs: Any) -> tuple[bool, Any]:
        """Runs ``action(*args, **kwargs)`` now; returns whether it went through, and its result.

        ``failed`` is the sentence said about a failure nobody foresaw, untranslated (marked
        with ``N_``) with its ``{error}``: "Could not save the game: {error}".  A whole
        sentence, as each language words it ("Impossible d'enregistrer…": French elides
        "de" before the verb, which it could not do before a verb put in its place).
        """
        if self.clear is not None and not keeps_message:
            self.clear()
        if self.enter is not None:
            self.enter()
        try:
            return True, action(*args, **kwargs)
        except Explained as refused:  # a refusal of the rules, a store or a save: it says what to do
            self.say(self.lang.error(refused))
        except Exception as error:  # the page must survive, and say what happened
            log.error("an action failed:\n%s", traceback.format_exc())
            self.say(self.lang._(failed, error=str(error)) if failed else self.unexpected(self.lang, error))
        return False, None


def unexpected_failure(lang: Language, error: Exception) -> str:
    """Returns what the table dashboard says of a failure nobody foresaw."""
    return lang._("Something went wrong: {error}. Your game is saved; try again, "
                  "or use Restart in the teacher bar.", error=str(error))
