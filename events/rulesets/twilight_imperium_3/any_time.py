"""Action cards played "any time" (data §5.1 ANY, TI-Q68 to TI-Q70): by message, any moment the
game asks the player something, beside the prompt's own answer as gifts ride (TI-R10); the
card is played face up, waits its Sabotage window, resolves, and the prompt asks again. Not in
the sealed windows, whose answers the Sabotage window would share."""

import msgspec

from events.kit.phases import Ask, Prompt
from events.ruleset import Rejection
from events.rulesets.twilight_imperium_3 import card_windows
from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt

ANY = "ANY"
SEALED = (WindowPrompt.SABOTAGE, WindowPrompt.CARD)


def _any_time(d: PlayCard) -> bool:
    found = load().action_cards.get(d.copied or d.card)  # Touch of Genius as it copies (TI-Q75)
    return found is not None and found.timing == ANY


def _refusal(game: Game, seat: int, d: PlayCard) -> Rejection | None:
    return card_windows.play_refusal(game, seat, d, ANY)


ANY_TIME = Ask(
    PlayCard,
    "TI-Q2",
    'play an action card played "any time"',
    "play <card>",
    _refusal,
    card_windows.play_now,
)


def _beside(ask: Ask) -> Ask:
    """The prompt's own card play, or the "any time" one for a card of that timing."""
    judge, carry_out = ask.judge, ask.carry_out
    assert carry_out is not None
    return msgspec.structs.replace(
        ask,
        judge=lambda g, s, d: _refusal(g, s, d) if _any_time(d) else judge(g, s, d),
        carry_out=lambda b, s, d: (card_windows.play_now if _any_time(d) else carry_out)(b, s, d),
    )


def _with(asks: tuple[Ask, ...]) -> tuple[Ask, ...]:
    if any(a.decision is PlayCard for a in asks):
        return tuple(_beside(a) if a.decision is PlayCard else a for a in asks)
    return (*asks, ANY_TIME)


def with_any_time(prompt: Prompt) -> Prompt:
    """The prompt, its seats asked also free to play a card of "any time"."""
    if prompt.name in SEALED:
        return prompt
    asking = prompt.asking
    return msgspec.structs.replace(
        prompt,
        asks=_with(prompt.asks),
        asking=None if asking is None else lambda game, seat: _with(asking(game, seat)),
    )
