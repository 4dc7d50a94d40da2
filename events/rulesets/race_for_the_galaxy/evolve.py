"""Applying events: no rules here, only what the event says."""

import msgspec

from events.kit.evolve import dispatch
from events.kit.zones import with_player, without
from events.rulesets.race_for_the_galaxy.happenings import (
    ActionsRevealed,
    ChipsTaken,
    Chosen,
    Consumed,
    Discarded,
    Drew,
    Gambled,
    GameEnded,
    GoodPlaced,
    Kept,
    Placed,
    Reshuffled,
    Revealed,
    RoundBegan,
    Setup,
    Sold,
    StepBegan,
    TableauDiscarded,
    Used,
)
from events.rulesets.race_for_the_galaxy.state import Game, Phase, Player

replace = msgspec.structs.replace


def _setup(_: None, e: Setup) -> Game:
    return Game(
        card_set=e.card_set,
        players=tuple(
            Player(tableau=(start,), hand=e.hands[seat] if e.hands else ())
            for seat, start in enumerate(e.starts)
        ),
        deck=e.deck,
        pool=e.pool,
        step=Phase.SETUP,
        order=e.order,
        advanced=e.advanced,
    )


def _reshuffled(game: Game, e: Reshuffled) -> Game:
    return replace(game, deck=game.deck + e.order, discard=())


def _drew(game: Game, e: Drew) -> Game:
    game = replace(game, deck=without(game.deck, e.cards))
    player = game.players[e.seat]
    if e.explored:
        return with_player(game, e.seat, replace(player, drawn=player.drawn + e.cards))
    return with_player(game, e.seat, replace(player, hand=player.hand + e.cards))


def _good_placed(game: Game, e: GoodPlaced) -> Game:
    game = replace(game, deck=without(game.deck, (e.card,)))
    player = game.players[e.seat]
    produced = (*player.produced, e.world) if game.step == "produce" else player.produced
    goods = (*player.goods, (e.world, e.card))
    return with_player(game, e.seat, replace(player, goods=goods, produced=produced))


def _chosen(game: Game, e: Chosen) -> Game:
    return with_player(game, e.seat, replace(game.players[e.seat], choice=e.choice))


def _revealed(game: Game, e: Revealed) -> Game:
    players = tuple(replace(p, choice=None) for p in game.players)
    if game.in_turn:
        taken = (*game.taken, *(s for s, c in enumerate(e.choices) if c is not None))
        return replace(game, players=players, taken=taken)
    return replace(game, players=players)


def _actions_revealed(game: Game, e: ActionsRevealed) -> Game:
    players = tuple(replace(p, actions=a) for p, a in zip(game.players, e.actions, strict=True))
    return replace(game, players=players, phases=e.phases)


def _step_began(game: Game, e: StepBegan) -> Game:
    players = tuple(replace(p, fresh=(), used=(), produced=()) for p in game.players)
    phases = game.phases[1:] if game.phases[:1] == (e.step,) else game.phases
    return replace(
        game,
        step=Phase(e.step),
        second=e.second,
        phases=phases,
        players=players,
        in_turn=e.in_turn,
        taken=(),
    )


def _kept(game: Game, e: Kept) -> Game:
    player = game.players[e.seat]
    gone = without(player.drawn, e.kept)
    game = replace(game, discard=game.discard + gone)
    return with_player(game, e.seat, replace(player, hand=player.hand + e.kept, drawn=()))


def _discarded(game: Game, e: Discarded) -> Game:
    player = game.players[e.seat]
    game = replace(game, discard=game.discard + e.cards)
    return with_player(game, e.seat, replace(player, hand=without(player.hand, e.cards)))


def _placed(game: Game, e: Placed) -> Game:
    player = game.players[e.seat]
    game = replace(game, discard=game.discard + e.paying)
    player = replace(
        player,
        hand=without(player.hand, (e.card, *e.paying)),
        tableau=(*player.tableau, e.card),
        fresh=(*player.fresh, e.card),
    )
    return with_player(game, e.seat, player)


def _sold(game: Game, e: Sold) -> Game:
    player = game.players[e.seat]
    good = player.good_on(e.world)
    assert good is not None
    game = replace(game, discard=(*game.discard, good))
    goods = tuple(g for g in player.goods if g[0] != e.world)
    return with_player(game, e.seat, replace(player, goods=goods))


def _used(game: Game, e: Used) -> Game:
    player = game.players[e.seat]
    return with_player(game, e.seat, replace(player, used=(*player.used, (e.card, e.power))))


def _consumed(game: Game, e: Consumed) -> Game:
    player = game.players[e.seat]
    gone = tuple(g for w, g in player.goods if w in e.worlds)
    goods = tuple((w, g) for w, g in player.goods if w not in e.worlds)
    game = replace(game, discard=game.discard + gone)
    return with_player(game, e.seat, replace(player, goods=goods))


def _chips_taken(game: Game, e: ChipsTaken) -> Game:
    game = replace(game, pool=max(0, game.pool - e.vp))
    player = game.players[e.seat]
    return with_player(game, e.seat, replace(player, chips=player.chips + e.vp))


def _gambled(game: Game, e: Gambled) -> Game:
    game = replace(game, deck=without(game.deck, (e.card,)))
    if not e.won:
        return replace(game, discard=(*game.discard, e.card))
    player = game.players[e.seat]
    return with_player(game, e.seat, replace(player, hand=(*player.hand, e.card)))


def _tableau_discarded(game: Game, e: TableauDiscarded) -> Game:
    player = game.players[e.seat]
    game = replace(game, discard=game.discard + e.cards)
    return with_player(game, e.seat, replace(player, tableau=without(player.tableau, e.cards)))


def _round_began(game: Game, e: RoundBegan) -> Game:
    players = tuple(replace(p, actions=()) for p in game.players)
    return replace(game, round=e.round, step=Phase.SELECT, players=players, phases=())


def _game_ended(game: Game, e: GameEnded) -> Game:
    return replace(game, step=Phase.OVER, scores=e.scores, winners=e.winners)


evolve = dispatch(
    "race-for-the-galaxy",
    {
        Setup: _setup,
        Reshuffled: _reshuffled,
        Drew: _drew,
        GoodPlaced: _good_placed,
        Chosen: _chosen,
        Revealed: _revealed,
        ActionsRevealed: _actions_revealed,
        StepBegan: _step_began,
        Kept: _kept,
        Discarded: _discarded,
        Placed: _placed,
        Sold: _sold,
        Used: _used,
        Consumed: _consumed,
        ChipsTaken: _chips_taken,
        Gambled: _gambled,
        TableauDiscarded: _tableau_discarded,
        RoundBegan: _round_began,
        GameEnded: _game_ended,
    },
)
