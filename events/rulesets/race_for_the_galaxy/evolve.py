"""Applying events: no rules here, only what the event says."""

from collections.abc import Callable
from typing import Any

import msgspec

from events.rulesets.race_for_the_galaxy.happenings import (
    ActionsRevealed,
    Chosen,
    Discarded,
    Drew,
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
)
from events.rulesets.race_for_the_galaxy.state import Game, Player, with_player, without

replace = msgspec.structs.replace


def evolve(game: Game | None, event: Any) -> Game:
    try:
        apply = _APPLY[type(event)]
    except KeyError:
        raise TypeError(f"race-for-the-galaxy has no event {event!r}") from None
    return apply(game, event)


def _setup(_: None, e: Setup) -> Game:
    return Game(
        card_set=e.card_set,
        players=tuple(Player(tableau=(start,)) for start in e.starts),
        deck=e.deck,
        pool=e.pool,
        step="setup",
        order=e.order,
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
    return with_player(game, e.seat, replace(player, goods=(*player.goods, (e.world, e.card))))


def _chosen(game: Game, e: Chosen) -> Game:
    return with_player(game, e.seat, replace(game.players[e.seat], choice=e.choice))


def _revealed(game: Game, e: Revealed) -> Game:
    return replace(game, players=tuple(replace(p, choice=None) for p in game.players))


def _actions_revealed(game: Game, e: ActionsRevealed) -> Game:
    players = tuple(replace(p, actions=a) for p, a in zip(game.players, e.actions, strict=True))
    return replace(game, players=players, phases=e.phases)


def _step_began(game: Game, e: StepBegan) -> Game:
    players = tuple(replace(p, fresh=()) for p in game.players)
    return replace(game, step=e.step, phases=without(game.phases, (e.step,)), players=players)


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


def _round_began(game: Game, e: RoundBegan) -> Game:
    players = tuple(replace(p, actions=()) for p in game.players)
    return replace(game, round=e.round, step="select", players=players, phases=())


def _game_ended(game: Game, e: GameEnded) -> Game:
    return replace(game, step="over", scores=e.scores, winners=e.winners)


_APPLY: dict[type, Callable[[Any, Any], Game]] = {
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
    RoundBegan: _round_began,
    GameEnded: _game_ended,
}
