"""Practice: a deal whose secret objects favour a class's due words, and its probabilities.

The words that are due come from the class's Leitner schedule (``schedule.py``, where the
boxes are described).  The practice deal (:class:`Practice`) starts from the plain deal's
object pile (the same seed shuffles it the same way) and rebuilds it slot by slot.  Each
round lays out ``lineup_size`` objects and the first ``players`` of them are the secret
objects; for each secret object a coin that falls *due* with probability ``share``
(:data:`PRACTICE_SHARE`, 1/2) picks the next due word, while due words remain; every
other slot (the decoys included) takes the next word that is not due, while such words
remain.  Both kinds keep the plain shuffle's order among themselves, so the deal stays
random within the rules: no word twice, the same seed (and due words) giving the same game.

So, with ``S = rounds × players`` secret slots, ``D`` due words in the deck and ``N``
objects in it (and at least ``rounds × lineup_size`` words that are not due), the number
of due words dealt to players is ``min(K, D)`` where ``K ~ Binomial(S, share)``, and
since the due words come in a uniformly random order:

- a due word (a word the class missed last lesson among them) is dealt to a player with
  probability ``E[min(K, D)] / D`` (:func:`chance_due_word_is_dealt`): with one missed
  word, 3 players and 3 rounds, ``1 − 2⁻⁹ ≈ 0.998``; with 12 due words, ``4.5 / 12 = 0.375``;
- a word that is not due, with probability ``(S − E[min(K, D)]) / (N − D)``
  (:func:`chance_other_word_is_dealt`); in the plain deal every word has ``S / N``.

With no due word the practice deal *is* the plain deal, and a game made without a
:class:`Practice` (the teacher turned practice off) is dealt exactly as before.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb
from typing import Iterable, Sequence

from .rules import Rules

#: The chance that each secret object of a practice deal is a due word (while some remain).
PRACTICE_SHARE = 0.5


@dataclass(frozen=True)
class Practice:
    """A practice deal: secret objects favour the ``due`` words (see the module docstring)."""

    due: frozenset[str]
    share: float = PRACTICE_SHARE

    def order(self, pile: Sequence[str], *, players: int, rules: Rules, seed: str) -> list[str]:
        """Returns the object pile rebuilt from the plain deal's ``pile`` (see the module docstring)."""
        due = [w for w in pile if w in self.due]
        others = [w for w in pile if w not in self.due]
        if not due:
            return list(pile)
        coin = random.Random(f"{seed}/practice")
        rebuilt: list[str] = []
        for _ in range(rules.rounds):
            for slot in range(rules.lineup_size):
                wants_due = slot < players and coin.random() < self.share
                first, second = (due, others) if wants_due else (others, due)
                rebuilt.append((first or second).pop(0))
        return rebuilt + others + due


def _binomial(n: int, p: float) -> Iterable[tuple[int, float]]:
    return ((k, comb(n, k) * p ** k * (1 - p) ** (n - k)) for k in range(n + 1))


def expected_due_dealt(slots: int, due: int, share: float = PRACTICE_SHARE) -> float:
    """Returns ``E[min(K, due)]`` for ``K ~ Binomial(slots, share)``: how many due words a
    practice deal gives the players, on average."""
    return sum(min(k, due) * chance for k, chance in _binomial(slots, share))


def chance_due_word_is_dealt(slots: int, due: int, share: float = PRACTICE_SHARE) -> float:
    """Returns the chance that a given due word is dealt to a player, for ``slots`` secret
    objects in the game and ``due`` due words in the deck."""
    return expected_due_dealt(slots, due, share) / due


def chance_other_word_is_dealt(slots: int, due: int, objects: int, share: float = PRACTICE_SHARE) -> float:
    """Returns the chance that a given word that is not due is dealt to a player, for a deck
    of ``objects`` words of which ``due`` are due."""
    return (slots - expected_due_dealt(slots, due, share)) / (objects - due)
