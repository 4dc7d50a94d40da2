"""Bots decide on the full state the bots worker reads, yet only on what their seat may see:
dealing everything hidden from the seat differently never changes a bot's decision."""

import random

import pytest
from msgspec.structs import replace

from events.ruleset import Accepted
from events.rulesets.core_worlds.bots import BOTS
from events.rulesets.core_worlds.state import Game

from .scenario import RULES, fold, settle, start


def _dealt_otherwise(game: Game, seat: int, rng: random.Random) -> Game:
    """The game as `seat` sees it, with what it cannot see dealt anew: its own draw pile's
    order, the other seats' hands, draw and discard piles (sizes kept), the Galactic decks'
    order and the seed."""
    players = []
    for s, player in enumerate(game.players):
        if s == seat:
            players.append(replace(player, draw=tuple(rng.sample(player.draw, len(player.draw)))))
            continue
        unseen = [*player.hand, *player.draw, *player.discard]
        rng.shuffle(unseen)
        hand, draw = len(player.hand), len(player.draw)
        players.append(
            replace(
                player,
                hand=tuple(unseen[:hand]),
                draw=tuple(unseen[hand : hand + draw]),
                discard=tuple(unseen[hand + draw :]),
            )
        )
    galactic = tuple(tuple(rng.sample(deck, len(deck))) for deck in game.galactic)
    return replace(game, players=tuple(players), galactic=galactic, seed=f"not {game.seed}")


@pytest.mark.parametrize(("seats", "seed"), [(2, "blind-2"), (3, "blind-3"), (5, "blind-5")])
def test_no_bot_decision_depends_on_what_its_seat_cannot_see(seats: int, seed: str) -> None:
    game = start(seats, seed, sector0_draft=True)
    rng = random.Random(seed)
    checked = 0
    while not RULES.is_over(game):
        seat = rng.choice(RULES.to_act(game))
        other = _dealt_otherwise(game, seat, rng)
        assert RULES.view(other, seat) == RULES.view(game, seat)
        for name, bot in sorted(BOTS.items()):
            asked = bot(game, seat, random.Random(checked))
            assert bot(other, seat, random.Random(checked)) == asked, (name, game.phase)
        checked += 1
        verdict = RULES.decide(game, seat, BOTS["greedy"](game, seat, rng))
        assert isinstance(verdict, Accepted)
        game, _ = settle(fold(verdict.events, game))
    assert checked > 50
