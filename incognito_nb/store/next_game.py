"""Play again with the same class: a new game at the same table, the same seats.

A class that has just seen the podium wants another game, and thirty students should
not have to type a code and their names again.  So the next game is dealt at the same
table: the same join code, the same players in the same seats with the same seat tokens
(every seat link keeps working, every seat's lease stays with its page), a new seed (a
new deal) and the deck the teacher chooses (the same one by default).  The rules (the
number of rounds) stay the table's.

It is one change of the table like any other: the new game is written as the table's
snapshot at the next version, with an empty log (the finished game's snapshot and log
are replaced), so every page that watches the table reads the new game at once and
shows its first hide phase; no page is told anything else.

*What is kept of the finished game.*  The table holds one game at a time: once Play
again is pressed, the finished game is no longer in the store.  Its results are made
from it while its podium is shown (the teacher page offers the poster, results,
vocabulary report and drawings then), and a page that already holds the finished game
keeps it until it reads the table again.  Play again is refused while a game is still
in play, so that no game in progress is ever replaced.
"""

from __future__ import annotations

import secrets
from typing import Any

from ..engine import Deck, Game, IllegalAction, Phase
from ..engine.errors import N_
from .records import TableState, Write
from .tables import check_teacher_key, normalise_code


class PlayAgain:
    """The play-again call of a :class:`~incognito_nb.store.table_store.TableStore`."""

    def play_again(self, code: str, teacher_key: str, deck: Deck | None = None, *,
                   seed: int | str | None = None) -> int:
        """Deals a new game to the same players in the same seats, once the game at table
        ``code`` is over; returns the new version.  ``deck`` is the new game's (None: the
        table's deck again); ``seed`` its deal (None: a new random one).  Seat tokens and
        the table's rules and language stay as they were.

        :raises NotAllowed: without the teacher's key (a seat token is refused too).
        :raises IllegalAction: before the game has started (``rule="not_started"``) or
            while it is still in play (``rule="not_over"``).
        :raises DeckError: if ``deck`` cannot deal a game to these players and rounds
            (the engine's check); nothing is written.
        """
        code = normalise_code(code)
        if deck is not None and not isinstance(deck, Deck):
            raise TypeError(f"deck must be a Deck, not {type(deck).__name__}")
        if seed is None:
            seed = secrets.token_hex(8)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)) or str(seed) == "":
            raise TypeError(f"a seed is an int or a non-empty str, not {seed!r}")

        def deal(state: TableState) -> Write:
            record = state.record
            check_teacher_key(record, teacher_key)
            if not record.started:
                raise IllegalAction(N_("The game at table {code} has not started yet."), rule="not_started",
                                    code=code)
            held = self._bring_up(state)
            if held.game.phase is not Phase.OVER:
                raise IllegalAction(N_("The game at table {code} is still in play: a new game can be dealt once "
                                       "this one is over."), rule="not_over", code=code)
            chosen, rules = deck if deck is not None else record.make_deck(), record.make_rules()
            # The engine checks the deck against these players and rounds, as at the first deal;
            # here first, as the rounds stay the table's, so its advice is another deck.
            chosen.check_fits(len(record.names), rules.rounds, rules.lineup_size, rounds_chosen=False)
            game = Game.new(record.names, chosen, seed=seed, rules=rules)
            stored = {"name": chosen.name, "language": chosen.language,
                      "objects": list(chosen.objects), "locations": list(chosen.locations)}
            return Write(snapshot=game.to_json(), log_floor=record.version + 1, deck=stored, seed=str(seed))

        return self._swap_game(code, deal)[0]

    # Provided by TableStore.
    def _bring_up(self, state: TableState) -> Any:  # pragma: no cover - TableStore's
        raise NotImplementedError

    def _swap_game(self, code: str, change) -> tuple[int, Any]:  # pragma: no cover - TableStore's
        raise NotImplementedError
