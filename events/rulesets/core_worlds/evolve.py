"""Applying events: no rules here, only what the event says, replacing just what changes."""

import msgspec

from events.kit.evolve import dispatch
from events.kit.zones import with_player, without
from events.rulesets.core_worlds.cardset import DECKS
from events.rulesets.core_worlds.happenings import (
    ActionUsed,
    CardsReturned,
    DeckShuffled,
    Deployed,
    Drafted,
    Drew,
    EnergyDeclared,
    EnergyProduced,
    GalacticDrawn,
    GameScored,
    Invaded,
    InvasionFailed,
    Kept,
    Passed,
    PhaseBegan,
    Picked,
    ReshuffleChosen,
    RoundEnded,
    Sector0Dealt,
    Sector0Ended,
    Setup,
    SurgeTokenUsed,
    TokensPlaced,
    TurnBegan,
)
from events.rulesets.core_worlds.state import Game, Phase, Player

replace = msgspec.structs.replace


def _setup(_: None, e: Setup) -> Game:
    players = tuple(
        Player(
            home=home,
            draw=draw,
            warzone=(home,),
            action_points=e.action_points,
            surge_tokens=tokens,
        )
        for home, draw, tokens in zip(e.homes, e.draws, e.surge_tokens, strict=True)
    )
    return Game(
        card_set=e.card_set,
        seats=len(players),
        players=players,
        galactic=e.galactic,
        phase=Phase.SECTOR0 if e.sector0 else Phase.DRAW,
        destiny=e.destiny,
        turn=e.destiny,
    )


def _sector0_dealt(g: Game, e: Sector0Dealt) -> Game:
    players = tuple(replace(p, draw=without(p.draw, e.removed)) for p in g.players)
    deck0 = g.galactic[0][len(e.cards) :]
    return replace(
        g,
        players=players,
        galactic=(deck0, *g.galactic[1:]),
        central=g.central + e.cards,
        removed=g.removed + e.removed,
    )


def _taken_in_turn(g: Game, card: int) -> Game:
    """A card leaves the Central Zone, with its energy token, and the turn is used."""
    return replace(
        g,
        central=without(g.central, (card,)),
        tokened=without(g.tokened, (card,)),
        turn_done=True,
    )


def _picked(g: Game, e: Picked) -> Game:
    p = g.players[e.seat]
    g = replace(g, central=without(g.central, (e.card,)))
    return with_player(g, e.seat, replace(p, picks=(*p.picks, e.card)))


def _sector0_ended(g: Game, e: Sector0Ended) -> Game:
    return replace(g, central=(), removed=g.removed + e.unpicked, phase=Phase.DRAW)


def _deck_shuffled(g: Game, e: DeckShuffled) -> Game:
    p = replace(g.players[e.seat], draw=e.order, discard=(), picks=())
    return with_player(g, e.seat, p)


def _drew(g: Game, e: Drew) -> Game:
    p = g.players[e.seat]
    return with_player(g, e.seat, replace(p, hand=p.hand + e.cards, draw=p.draw[len(e.cards) :]))


def _phase_began(g: Game, e: PhaseBegan) -> Game:
    players = tuple(replace(p, done=False) for p in g.players)
    return replace(g, phase=e.phase, players=players, turn_done=False)


def _energy_produced(g: Game, e: EnergyProduced) -> Game:
    players = tuple(
        replace(p, energy=p.energy + amount) for p, amount in zip(g.players, e.amounts, strict=True)
    )
    return replace(g, players=players)


def _energy_declared(g: Game, e: EnergyDeclared) -> Game:
    p = g.players[e.seat]
    spent = e.surges + tuple(c for x in e.exchanges for c in x.discards)
    return with_player(
        g,
        e.seat,
        replace(
            p,
            hand=without(p.hand, spent),
            discard=p.discard + spent,
            energy=p.energy + e.gain,
            done=True,
        ),
    )


def _cards_returned(g: Game, e: CardsReturned) -> Game:
    decks = list(g.galactic)
    cards = g.cards.cards
    for card in e.cards:
        deck = DECKS.index(cards[card].deck)
        decks[deck] = (card, *decks[deck])
    return replace(
        g,
        galactic=tuple(decks),
        central=without(g.central, e.cards),
        tokened=without(g.tokened, e.cards),
    )


def _tokens_placed(g: Game, e: TokensPlaced) -> Game:
    return replace(g, tokened=e.cards)


def _galactic_drawn(g: Game, e: GalacticDrawn) -> Game:
    decks = list(g.galactic)
    decks[e.deck] = decks[e.deck][len(e.cards) :]
    return replace(g, galactic=tuple(decks), central=g.central + e.cards)


def _turn_began(g: Game, e: TurnBegan) -> Game:
    return replace(g, turn=e.seat, turn_done=False)


def _drafted(g: Game, e: Drafted) -> Game:
    p = g.players[e.seat]
    energy = p.energy - e.cost + e.token
    if g.cards.cards[e.card].kind == "prestige":
        p = replace(
            p, warzone=(*p.warzone, e.card), energy=energy, action_points=p.action_points - 1
        )
    else:
        p = replace(
            p, discard=(*p.discard, e.card), energy=energy, action_points=p.action_points - 1
        )
    return with_player(_taken_in_turn(g, e.card), e.seat, p)


def _deployed(g: Game, e: Deployed) -> Game:
    p = g.players[e.seat]
    p = replace(
        p,
        hand=without(p.hand, e.units),
        warzone=p.warzone + e.units,
        energy=p.energy - sum(e.costs),
        action_points=p.action_points - len(e.units),
    )
    return with_player(replace(g, turn_done=True), e.seat, p)


def _invaded(g: Game, e: Invaded) -> Game:
    p = g.players[e.seat]
    colonist = () if e.colonist is None else (e.colonist,)
    leaving = without(e.units, e.survivors)
    discarded = without(leaving, colonist) + e.tactics + e.discards
    p = replace(
        p,
        hand=without(p.hand, e.tactics + e.discards),
        warzone=(*without(p.warzone, leaving), e.world),
        discard=p.discard + discarded,
        colonists=p.colonists + colonist,
        counters=tuple(c for c in p.counters if c[0] not in leaving),
        energy=p.energy - e.energy + e.token,
        action_points=p.action_points - 1,
    )
    return with_player(_taken_in_turn(g, e.world), e.seat, p)


def _invasion_failed(g: Game, e: InvasionFailed) -> Game:
    p = g.players[e.seat]
    spent = e.tactics + e.discards
    p = replace(
        p,
        hand=without(p.hand, spent),
        discard=p.discard + spent,
        energy=p.energy - e.energy,
        action_points=p.action_points - 1,
    )
    return with_player(replace(g, turn_done=True), e.seat, p)


def _action_used(g: Game, e: ActionUsed) -> Game:
    p = g.players[e.seat]
    spent = e.discards + ((e.card,) if e.card in p.hand else ())
    counters = p.counters
    if e.counter:
        tokens = p.tokens_on(e.card) + e.counter
        counters = (*tuple(c for c in counters if c[0] != e.card), (e.card, tokens))
    p = replace(
        p,
        hand=without(p.hand, spent),
        discard=p.discard + spent,
        counters=counters,
        energy=p.energy - e.energy + e.gain,
        action_points=p.action_points - 1,
    )
    return with_player(replace(g, turn_done=True), e.seat, p)


def _surge_token_used(g: Game, e: SurgeTokenUsed) -> Game:
    p = g.players[e.seat]
    p = replace(p, surge_tokens=p.surge_tokens - 1, energy=p.energy + e.gain)
    return with_player(g, e.seat, p)


def _passed(g: Game, e: Passed) -> Game:
    p = replace(g.players[e.seat], action_points=0, done=True)
    return with_player(replace(g, turn_done=True), e.seat, p)


def _kept(g: Game, e: Kept) -> Game:
    p = g.players[e.seat]
    kept = () if e.card is None else (e.card,)
    p = replace(p, hand=kept, discard=p.discard + without(p.hand, kept), energy=0, done=True)
    return with_player(g, e.seat, p)


def _round_ended(g: Game, e: RoundEnded) -> Game:
    players = tuple(replace(p, action_points=e.action_points, done=False) for p in g.players)
    return replace(g, round=e.round, destiny=e.destiny, players=players, phase=Phase.END)


def _reshuffle_chosen(g: Game, e: ReshuffleChosen) -> Game:
    return with_player(g, e.seat, replace(g.players[e.seat], done=True))


def _game_scored(g: Game, e: GameScored) -> Game:
    return replace(g, scores=e.scores, winners=e.winners, phase=Phase.OVER)


evolve = dispatch(
    "core-worlds",
    {
        Setup: _setup,
        Sector0Dealt: _sector0_dealt,
        Picked: _picked,
        Sector0Ended: _sector0_ended,
        DeckShuffled: _deck_shuffled,
        Drew: _drew,
        PhaseBegan: _phase_began,
        EnergyProduced: _energy_produced,
        EnergyDeclared: _energy_declared,
        CardsReturned: _cards_returned,
        TokensPlaced: _tokens_placed,
        GalacticDrawn: _galactic_drawn,
        TurnBegan: _turn_began,
        Drafted: _drafted,
        Deployed: _deployed,
        Invaded: _invaded,
        InvasionFailed: _invasion_failed,
        ActionUsed: _action_used,
        SurgeTokenUsed: _surge_token_used,
        Passed: _passed,
        Kept: _kept,
        RoundEnded: _round_ended,
        ReshuffleChosen: _reshuffle_chosen,
        GameScored: _game_scored,
    },
)
