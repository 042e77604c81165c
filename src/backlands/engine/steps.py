"""The agenda: the turn flow as data.

The game keeps a stack of *steps* (the top runs next). A step is a plain tuple whose first
item says what kind of work it is, the second whose it is; the rest are its arguments.
Tuples keep the flow plain data, so ``Game.copy()`` copies a list and never a generator
frame, and they cost next to nothing to make. ``flow.py`` runs them.

=================  ==========================================================  ===============
kind               tuple                                                       runs
=================  ==========================================================  ===============
``TURN_START``     ``(TURN_START, player)``                                    start phase 3.1
``MAIN``           ``(MAIN, player)``                                          main phase 3.2
``ATTACK_PHASE``   ``(ATTACK_PHASE, player)``                                  an attack, 3.3
``END_PHASE``      ``(END_PHASE, player)``                                     end phase 3.4
``UPKEEP``         ``(UPKEEP, player)``                                        its rest
``RESPOND``        ``(RESPOND, player, repeat)``                               window 8.1, 8.2
``TAKE_DAMAGE``    ``(TAKE_DAMAGE, player, amount, source, by, defendable, declared)``  5.3
``DEFEND``         ``(DEFEND, player, amount, source, by)``                    a defence 6.1
``CHOOSE``         ``(CHOOSE, player, options, then, source, effect)``         a choice 11.4
``RUN``            ``(RUN, player, work)``                                     an effect
``PHASE``          ``(PHASE, player, phase)``                                  a phase starts
``RESOLVED``       ``(RESOLVED, -1, reaction)``                                it resolved
``SETTLED``        ``(SETTLED, -1)``                                           an effect's end
=================  ==========================================================  ===============

``source`` is the card damage comes from and ``by`` the player dealing it (None for poison);
``declared`` is, for an attack, the version of the stats when it was declared (else None);
``work.run(table)`` runs a ``RUN`` step.

Steps of a player who is out are dropped unrun (9.2); ``RESOLVED`` and ``SETTLED`` belong
to no player (their kinds come last). ``SETTLED`` ends an effect that deals damage to several
players, one defence at a time: the out check (9.2) waits for it (11.6).
"""

from __future__ import annotations

from typing import Any, TypeAlias

from ..model import ValueEnum

__all__ = [
    "ATTACK_PHASE",
    "CHOOSE",
    "DEFEND",
    "END_PHASE",
    "MAIN",
    "PHASE",
    "RESOLVED",
    "RESPOND",
    "RUN",
    "SETTLED",
    "TAKE_DAMAGE",
    "TURN_START",
    "UPKEEP",
    "StartPhase",
    "Step",
]

TURN_START = 0
MAIN = 1
ATTACK_PHASE = 2
END_PHASE = 3
UPKEEP = 4
RESPOND = 5
TAKE_DAMAGE = 6
DEFEND = 7
CHOOSE = 8
RUN = 9
PHASE = 10
RESOLVED = 11  # the kinds from here on belong to no player
SETTLED = 12

Step: TypeAlias = tuple[Any, ...]

# 9.2: when the active player goes out, the rest of their turn is skipped; damage already
# dealt is still defended (the attack target's window before it still opens), and abilities
# already triggered still resolve
SURVIVE_ACTIVE_OUT = frozenset({TAKE_DAMAGE, DEFEND, CHOOSE, RUN, RESOLVED, SETTLED})


class StartPhase(ValueEnum):
    """Where a game started from a position begins: the active player's main or attack phase."""

    MAIN = "main"
    ATTACK = "attack"
