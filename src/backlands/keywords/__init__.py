"""The registry of keywords: every effect, modifier, trigger and target of the card format,
each defined once, with its fields and their limits, its YAML name, its words for
``backlands cards show`` and its rule, side by side (docs/effects.md, "Adding an effect").

The converter and the loader (``backlands._converter``, ``backlands._loader``), the JSON
Schema generator (``backlands.schemas``), the words (``backlands.describe``) and the engine
(``backlands.engine``) all read this registry, so a new keyword is one definition here (or
in a third party's package, registered with :func:`effect` when it is imported).

Layering: this package sits on :mod:`backlands.terms` (the enums and selectors) and below
:mod:`backlands.model`, which re-exports all of it. It knows nothing of YAML, files or the
engine: an effect acts through the :class:`Resolution` the engine gives it.
"""

from __future__ import annotations

from . import amounts as _amounts
from . import conditions as _conditions
from . import costs as _costs
from . import effects as _effects
from . import moves as _moves
from . import statics as _statics
from .amounts import *  # noqa: F403  # every amount of amounts.py (12.2)
from .api import (
    CardRef,
    CardThen,
    Placed,
    PlayerThen,
    Resolution,
    StateView,
    WhyNot,
    ZoneWhyNot,
)
from .conditions import *  # noqa: F403  # every condition of conditions.py (12.1)
from .costs import *  # noqa: F403  # every extra cost of costs.py (12.4)
from .durations import Duration, DurationKind
from .effects import *  # noqa: F403  # every effect of effects.py: adding one is one file
from .modifiers import CardStatModifier, Immunity, PlayerStatModifier
from .moves import *  # noqa: F403  # the effects that move and show cards (12.5, 12.6)
from .registry import (
    ALL,
    AMOUNTS,
    CONDITIONS,
    COSTS,
    EFFECTS,
    FAMILIES,
    MODIFIERS,
    All,
    Amount,
    Condition,
    Defined,
    Effect,
    ExtraCost,
    FieldInfo,
    Means,
    Modifier,
    Registry,
    about,
    amount,
    condition,
    effect,
    extra_cost,
    family_of,
    field_info,
    is_number,
    modifier,
    number_of,
    yaml_key,
)
from .statics import *  # noqa: F403  # every static of statics.py
from .targets import CardTarget, CardTargetKind, OneCard, PlayerTarget, PlayerTargetKind, Who
from .triggers import TRAIT_TRIGGERS, Heard, Moment, MomentKind, Subject, Trigger, TriggerKind
from .where import (
    CHARACTER,
    GRANTED_TO_A_CARD,
    GRANTED_TO_A_PLAYER,
    Holder,
    Owner,
    grant_problems,
    modifier_problems,
    target_problem,
    trigger_problem,
)

__all__ = [
    "ALL",
    "AMOUNTS",
    "CHARACTER",
    "CONDITIONS",
    "COSTS",
    "EFFECTS",
    "FAMILIES",
    "GRANTED_TO_A_CARD",
    "GRANTED_TO_A_PLAYER",
    "MODIFIERS",
    "TRAIT_TRIGGERS",
    "All",
    "Amount",
    "CardRef",
    "CardStatModifier",
    "CardTarget",
    "CardTargetKind",
    "CardThen",
    "Condition",
    "Defined",
    "Duration",
    "DurationKind",
    "Effect",
    "ExtraCost",
    "FieldInfo",
    "Heard",
    "Holder",
    "Immunity",
    "Means",
    "Modifier",
    "Moment",
    "MomentKind",
    "OneCard",
    "Owner",
    "Placed",
    "PlayerStatModifier",
    "PlayerTarget",
    "PlayerTargetKind",
    "PlayerThen",
    "Registry",
    "Resolution",
    "StateView",
    "Subject",
    "Trigger",
    "TriggerKind",
    "Who",
    "WhyNot",
    "ZoneWhyNot",
    "about",
    "amount",
    "condition",
    "effect",
    "extra_cost",
    "family_of",
    "field_info",
    "grant_problems",
    "is_number",
    "modifier",
    "modifier_problems",
    "number_of",
    "target_problem",
    "trigger_problem",
    "yaml_key",
]
__all__ += _effects.__all__
__all__ += _moves.__all__
__all__ += _conditions.__all__
__all__ += _amounts.__all__
__all__ += _costs.__all__
__all__ += _statics.__all__
