"""The Energy phase declarations: Energy Surge cards and Energy-phase abilities (CW-E2..E5)."""

from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.checks import ability_of, from_hand, label
from events.rulesets.core_worlds.decisions import Declare
from events.rulesets.core_worlds.happenings import EnergyDeclared
from events.rulesets.core_worlds.state import Game, world_energy


def declarer(game: Game) -> int | None:
    """Declarations go in turn order from the Destiny holder (CW-E2)."""
    for seat in game.order():
        if not game.players[seat].done:
            return seat
    return None


def behind(game: Game, seat: int) -> bool:
    """Whether some opponent's Worlds produce more energy than the seat's own (CW-E3)."""
    own = world_energy(game, seat)
    return any(world_energy(game, s) > own for s in range(game.seats) if s != seat)


def has_options(game: Game, seat: int) -> bool:
    """Whether the seat has anything to declare; if not, the declaration is made for it."""
    player, cards = game.players[seat], game.cards.cards
    if any(cards[c].has("surge") for c in player.hand):
        return True
    return any(
        a.kind == "energy_exchange" and a.discard <= len(player.hand)
        for c in player.warzone
        for a in cards[c].abilities
    )


def not_declaring(game: Game, seat: int) -> Rejection:
    if game.players[seat].done:
        return Rejection("CW-E2", "you have declared already; a declaration is final")
    return Rejection(
        "CW-E2", f"seat {declarer(game)} declares before you (turn order from Destiny)"
    )


def judge_declare(game: Game, seat: int, decision: Declare) -> Accepted | Rejection:
    player, cards = game.players[seat], game.cards.cards
    spent: set[int] = set()
    if (bad := from_hand(game, player, decision.surges, spent, "CW-E3")) is not None:
        return bad
    gain = 0
    for card in decision.surges:
        surge = next((a for a in cards[card].abilities if a.kind == "surge"), None)
        if surge is None:
            return Rejection("CW-E3", f"{cards[card].name} is not an Energy Surge")
        gain += surge.behind if behind(game, seat) else surge.gain  # CW-E3
    cost = sum(cards[card].play for card in decision.surges)  # CW-E3: paid before they give
    if cost > player.energy:
        return Rejection("CW-E3", f"playing them costs {cost} energy; you have {player.energy}")
    gain -= cost
    used: set[tuple[int, int]] = set()
    for exchange in decision.exchanges:
        rule = "CW-E4" if exchange.source == player.home else "CW-E5"
        if exchange.source not in player.warzone:
            return Rejection(rule, f"{label(game, exchange.source)} is not in your Warzone")
        card = cards[exchange.source]
        ability = ability_of(card, exchange.ability, ("energy_exchange",))
        if ability is None:
            return Rejection(rule, f"{card.name} has no Energy-phase ability #{exchange.ability}")
        if (exchange.source, exchange.ability) in used:
            return Rejection(rule, f"{card.name}'s ability is used at most once per Energy phase")
        used.add((exchange.source, exchange.ability))
        if len(exchange.discards) != ability.discard:
            return Rejection(
                rule,
                f"{card.name} takes {ability.discard} cards from your hand, "
                f"not {len(exchange.discards)}",
            )
        if (bad := from_hand(game, player, exchange.discards, spent, rule)) is not None:
            return bad
        gain += ability.gain
    return Accepted(
        "CW-E2",
        [
            EnergyDeclared(
                seat=seat, surges=decision.surges, exchanges=decision.exchanges, gain=gain
            )
        ],
    )
