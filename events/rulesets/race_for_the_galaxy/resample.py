"""A state the seat cannot tell from the real one: every card it may not see dealt anew (the
others' hands and explored cards, the deck, the discard pile, the goods), the others' sealed
choices forgotten: a seat that has chosen holds a stand-in (its first legal decision in the
state dealt), so that whom the judge waits for stays as it is (RG-H3)."""

import random

import msgspec

from events.kit.zones import with_player
from events.rulesets.race_for_the_galaxy.decide import legal
from events.rulesets.race_for_the_galaxy.state import Game

replace = msgspec.structs.replace


def resample(game: Game, seat: int, rng: random.Random) -> Game:
    others = [s for s in range(len(game.players)) if s != seat]
    unseen = list(game.deck) + list(game.discard)
    for s, p in enumerate(game.players):
        unseen += [g for _, g in p.goods]
        if s != seat:
            unseen += [*p.hand, *p.drawn]
    rng.shuffle(unseen)

    def deal(count: int) -> tuple[int, ...]:
        taken = tuple(unseen[:count])
        del unseen[:count]
        return taken

    players = list(game.players)
    for s, p in enumerate(players):
        goods = tuple((w, deal(1)[0]) for w, _ in p.goods)
        if s in others:
            p = replace(p, hand=deal(len(p.hand)), drawn=deal(len(p.drawn)), choice=None)
        players[s] = replace(p, goods=goods)
    discard = deal(len(game.discard))
    dealt = replace(game, players=tuple(players), discard=discard, deck=deal(len(game.deck)))
    for s in others:
        if game.players[s].choice is not None:
            stand_in = replace(dealt.players[s], choice=legal(dealt, s)[0])
            dealt = with_player(dealt, s, stand_in)
    return dealt
