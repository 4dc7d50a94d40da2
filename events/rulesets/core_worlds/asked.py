"""A decision as its seat asked it, in words: `invade Zeus with Raptor and Snub Fighter`."""

from typing import Any

from events.rulesets.core_worlds.decisions import (
    Declare,
    Deploy,
    Draft,
    Invade,
    Keep,
    Pick,
    Reshuffle,
    UseAction,
)
from events.rulesets.core_worlds.phases import TABLE
from events.rulesets.core_worlds.words import Words


def asked(words: Words, decision: Any) -> str:
    """As its ask says it, where it declares how."""
    ask = TABLE.ask_for(decision)
    if ask is not None and ask.said is not None:
        return ask.said(words, decision)
    match decision:
        case Pick(card=card):
            return f"pick {words.name(card)} in the Sector 0 draft"
        case Declare(surges=(), exchanges=()):
            return "declare no energy boost"
        case Declare(surges=surges, exchanges=exchanges):
            parts = [f"play {words.names(surges)}"] if surges else []
            for exchange in exchanges:
                discarding = f", discarding {words.names(exchange.discards)}"
                parts.append(f"use {words.name(exchange.source)}{discarding}")
            return "; ".join(parts)
        case Draft(card=card):
            return f"draft {words.name(card)}"
        case Deploy(units=units):
            return f"deploy {words.names(units)}"
        case Invade():
            return _invade(words, decision)
        case UseAction(card=card, discards=discards):
            discarding = f", discarding {words.names(discards)}" if discards else ""
            return f'use the "as an Action" ability of {words.name(card)}{discarding}'
        case Keep(card=None):
            return "keep nothing and discard the whole hand"
        case Keep(card=card):
            return f"keep {words.name(card)} and discard the rest of the hand"
        case Reshuffle(shuffle=True):
            return "shuffle the discard pile into the draw pile"
        case Reshuffle(shuffle=False):
            return "leave the discard pile as it is"
    raise TypeError(f"Core Worlds has no decision {type(decision).__name__}")


def _invade(words: Words, decision: Invade) -> str:
    units = words.names(decision.units) if decision.units else "no Units"
    parts = [f"invade {words.name(decision.world)} with {units}"]
    if decision.tactics:
        parts.append(f"playing {words.names(decision.tactics)}")
    for use in decision.uses:
        how = f" for {use.choice}" if use.choice else ""
        how += f" {use.times} times" if use.times != 1 else ""
        how += f", discarding {words.names(use.discards)}" if use.discards else ""
        parts.append(f"using {words.name(use.card)}{how}")
    if decision.colonist is not None:
        parts.append(f"colonising with {words.name(decision.colonist)}")
    return ", ".join(parts)
