"""The Energy-phase declaration read from text: `play Energy Surge; explore discard 2 9`."""

from events.kit.commands import alone
from events.naming import Unreadable, normal
from events.rulesets.core_worlds.decisions import Declare, Exchange
from events.rulesets.core_worlds.state import Game
from events.rulesets.core_worlds.text import grammar, zones


def declare(game: Game, seat: int, text: str) -> Declare:
    """Energy Surge cards played and abilities used, all in one message (CW-E2)."""
    player, cards = game.players[seat], game.cards.cards
    surges: tuple[int, ...] = ()
    exchanges: list[Exchange] = []
    spent: set[int] = set()  # hand cards played or discarded, each once
    clauses = grammar.declarations(text)
    for clause in clauses:
        verb, _, rest = clause.partition(" ")
        verb, rest = normal(verb), rest.strip()
        before, discards = grammar.discarding(rest)
        if verb == "pass":
            alone("pass", rest or "; ".join(c for c in clauses if c is not clause))
        elif verb == "play":
            if not rest:
                raise Unreadable("name the Energy Surge cards to play: 'play Energy Surge'")
            played = zones.hand(game, seat, lambda c: c.has("surge"))
            surges += zones.cards(game, played, grammar.items(rest), spent)
        elif verb == "explore":
            if before.strip():
                raise Unreadable("explore discards cards from your hand: 'explore discard 2 9'")
            ability = zones.default_ability(cards[player.home], ("energy_exchange",))
            chosen = zones.cards(game, zones.hand(game, seat), discards, spent)
            exchanges.append(Exchange(source=player.home, ability=ability, discards=chosen))
        elif verb == "use":
            spec = grammar.spec(before)
            if not spec.ref or spec.choice or spec.times != 1:
                raise Unreadable("say which card's Energy-phase ability: 'use <card> discard 3'")
            field = zones.warzone(game, seat, lambda c: c.has("energy_exchange"))
            named = [(e.source, e.ability) for e in exchanges]
            source, ability = zones.ability(game, field, spec, named, ("energy_exchange",))
            chosen = zones.cards(game, zones.hand(game, seat), discards, spent)
            exchanges.append(Exchange(source=source, ability=ability, discards=chosen))
        else:
            raise Unreadable(
                f"'{clause}' is not an Energy-phase declaration: say 'play Energy Surge', "
                "'explore discard 2 9', 'use <card> discard <cards>' or 'pass'"
            )
    return Declare(surges=surges, exchanges=tuple(exchanges))
