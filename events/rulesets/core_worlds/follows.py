"""What follows on its own in each phase, once its decisions are in or for a seat that has
no choice: draws, the Galactic refill, turns, forced passes, the end of rounds. The table of
phases (`phases.py`) names each; they read as the rulebook's Draw, Energy, Galactic, Action,
Discard and End phases."""

from collections.abc import Callable

from events.kit.zones import shuffled
from events.rulesets.core_worlds.batch import Batch
from events.rulesets.core_worlds.cardset import ROUNDS, SECTORS
from events.rulesets.core_worlds.draw import draw
from events.rulesets.core_worlds.energy import declarer, has_options
from events.rulesets.core_worlds.game_setup import central_size
from events.rulesets.core_worlds.happenings import (
    CardsReturned,
    DeckShuffled,
    EnergyDeclared,
    EnergyProduced,
    GalacticDrawn,
    Kept,
    Passed,
    PhaseBegan,
    ReshuffleChosen,
    RoundEnded,
    Sector0Ended,
    TokensPlaced,
    TurnBegan,
)
from events.rulesets.core_worlds.scoring import final_scores
from events.rulesets.core_worlds.sector0 import picker
from events.rulesets.core_worlds.state import Phase, world_energy
from events.rulesets.core_worlds.turns import must_pass, next_seat

SECTOR_V_ROUND = 2 * SECTORS - 1


def sector0_over(batch: Batch) -> None:
    game = batch.game
    if picker(game) is not None:
        return
    for seat, player in enumerate(game.players):  # CW-V4
        order = shuffled(batch.chance, player.draw + player.picks)
        batch.emit(DeckShuffled(seat=seat, order=order))
    batch.emit(Sector0Ended(unpicked=game.central))


def draw_phase(batch: Batch) -> None:
    game = batch.game
    size = game.cards.sector(game.round).hand_size
    for seat in game.order():  # CW-D1: the kept card counts
        draw(batch, seat, size - len(batch.game.players[seat].hand))
    batch.emit(PhaseBegan(phase=Phase.ENERGY))
    amounts = tuple(world_energy(batch.game, seat) for seat in range(game.seats))
    batch.emit(EnergyProduced(amounts=amounts))  # CW-E1


def energy_phase(batch: Batch) -> None:
    while (seat := declarer(batch.game)) is not None:
        if has_options(batch.game, seat):
            return
        batch.emit(EnergyDeclared(seat=seat))
    batch.emit(PhaseBegan(phase=Phase.GALACTIC))


def galactic_phase(batch: Batch) -> None:
    game = batch.game  # in Round 1 nothing holds a token and the Central Zone is still empty
    if game.tokened:
        batch.emit(CardsReturned(cards=game.tokened))  # CW-G1
    if batch.game.central:
        batch.emit(TokensPlaced(cards=batch.game.central))  # CW-G2
    _refill(batch)
    batch.emit(PhaseBegan(phase=Phase.ACTION), TurnBegan(seat=batch.game.destiny))


def _refill(batch: Batch) -> None:
    game = batch.game
    sector = (game.round + 1) // 2
    deck = game.galactic[sector]
    if game.round == ROUNDS:
        taken = len(deck)  # CW-G5
    else:
        cards, seats = game.cards.cards, game.seats
        zone = [cards[c].is_world for c in game.central]
        taken = 0

        def take_while(short: Callable[[], bool]) -> None:
            nonlocal taken
            while short() and taken < len(deck):
                zone.append(cards[deck[taken]].is_world)
                taken += 1

        take_while(lambda: len(zone) < central_size(seats))  # CW-G3
        take_while(lambda: sum(zone) < seats)  # CW-G4
        take_while(lambda: len(zone) - sum(zone) < seats)
    if taken:
        batch.emit(GalacticDrawn(deck=sector, cards=deck[:taken]))


def action_phase(batch: Batch) -> None:
    game = batch.game
    if game.turn_done:
        seat = next_seat(game)
        batch.emit(TurnBegan(seat=seat) if seat is not None else PhaseBegan(phase=Phase.DISCARD))
    elif must_pass(game, game.turn):  # CW-A5
        batch.emit(Passed(seat=game.turn, forced=True))


def discard_phase(batch: Batch) -> None:
    game = batch.game
    for seat, player in enumerate(game.players):
        if not player.done and not player.hand:
            batch.emit(Kept(seat=seat, card=None))  # nothing to keep
    if all(p.done for p in batch.game.players):
        if game.round == ROUNDS:
            batch.emit(final_scores(batch.game))  # CW-F1
        else:
            sector = game.cards.sector(game.round + 1)
            batch.emit(
                RoundEnded(
                    round=game.round + 1,  # CW-N1
                    destiny=(game.destiny + 1) % game.seats,  # CW-N3
                    action_points=sector.action_points,  # CW-N2
                )
            )


def end_phase(batch: Batch) -> None:
    entering_sector_v = batch.game.round == SECTOR_V_ROUND  # CW-N4
    batch.emit(PhaseBegan(phase=Phase.RESHUFFLE if entering_sector_v else Phase.DRAW))


def sector_v_reshuffle(batch: Batch) -> None:
    for seat, player in enumerate(batch.game.players):
        if not player.done and not player.discard:
            batch.emit(ReshuffleChosen(seat=seat, shuffle=False))  # nothing to shuffle
    if all(p.done for p in batch.game.players):
        batch.emit(PhaseBegan(phase=Phase.DRAW))
