"""The teacher's moves on the seats of a table: remove a player from the lobby, give a
student who lost their link a new one; and a seat given again to a person whom another
service has recognised (a JupyterHub user, :meth:`TeacherSeats.seat_again`).

Each is one change of the table's record (its lobby of names and seat-token digests),
made as every change is (:meth:`~incognito_nb.store.table_store.TableStore._swap`), with the
teacher's key checked inside the change; neither touches the game.
"""

from __future__ import annotations

from typing import Callable

from ..engine import IllegalAction
from ..engine.errors import N_, Quoted
from ..engine.players import clean_name, name_key
from .records import NO_GAME, TableState, Write
from .tables import Seat, check_teacher_key, digest, new_secret, normalise_code


class TeacherSeats:
    """The seat moves of a :class:`~incognito_nb.store.table_store.TableStore`."""

    def remove_player(self, code: str, teacher_key: str, name: str) -> int:
        """Removes a player from the lobby (someone who joined by mistake or left); returns the version.

        :raises NotAllowed: without the teacher's key.
        :raises IllegalAction: once the game has started (``rule="started"``) — end the
            phase instead — or for a name not in the lobby (``"unknown_player"``).
        """
        code = normalise_code(code)

        def remove(state: TableState) -> Write:
            record = state.record
            check_teacher_key(record, teacher_key)
            if record.started:
                raise IllegalAction(
                    N_("The game at table {code} has started: players cannot leave a game in play. "
                       "End the phase instead: unfinished drawings and missing cards count as they lie."),
                    rule="started", code=code,
                )
            lobby = tuple(entry for entry in record.lobby if name_key(entry[0]) != name_key(str(name)))
            if len(lobby) == len(record.lobby):
                raise IllegalAction(N_("Nobody called {name} has joined table {code}."), rule="unknown_player",
                                    name=Quoted(str(name)), code=code)
            return Write(lobby=lobby)

        return self._swap(code, remove, after=NO_GAME)[0]

    def reissue_seat(self, code: str, teacher_key: str, name: str) -> Seat:
        """Gives ``name`` a new seat token (for a lost rejoin link); the old one stops working.

        :raises NotAllowed: without the teacher's key.
        :raises IllegalAction: for a name not at the table (``rule="unknown_player"``).
        """
        code = normalise_code(code)

        def reissue(state: TableState) -> Write:
            check_teacher_key(state.record, teacher_key)
            return _new_token(state, code, lambda seated: name_key(seated) == name_key(str(name)), name)

        return self._swap(code, reissue, after=NO_GAME)[1]

    def seat_again(self, code: str, name: str) -> Seat:
        """Gives the seat called exactly ``name`` a new token, without the teacher's key, and
        returns it; the seat's older links stop working (its older page closes, as when a
        seat link is opened elsewhere).  Only for a caller that has checked that the person
        asking *is* ``name`` — the JupyterHub service, for the hub user of that name opening
        the join link in another browser — never for a name typed in a form.

        :raises IllegalAction: for no seat of exactly that name (``rule="unknown_player"``):
            a look-alike name is another person.
        """
        code = normalise_code(code)
        name = clean_name(name)

        def again(state: TableState) -> Write:
            return _new_token(state, code, lambda seated: seated == name, name)

        return self._swap(code, again, after=NO_GAME)[1]


def _new_token(state: TableState, code: str, is_them: Callable[[str], bool], name: str) -> Write:
    """Returns the write that gives the first seat ``is_them`` names a new token (its older
    links stop working), with that seat as its result.

    :raises IllegalAction: for no such seat (``rule="unknown_player"``).
    """
    lobby = list(state.record.lobby)
    for seat, (seated, _) in enumerate(lobby):
        if is_them(seated):
            token = new_secret()
            lobby[seat] = (seated, digest(token))
            return Write(lobby=tuple(lobby), result=Seat(code, seated, token))
    raise IllegalAction(N_("Nobody called {name} sits at table {code}."), rule="unknown_player",
                        name=Quoted(str(name)), code=code)
