"""Turn order in the Action phase: passing, forced passes, Energy Surge tokens (CW-A5, CW-A6)."""

from typing import Any

from events.kit.commands import alone
from events.naming import Unreadable
from events.ruleset import Accepted, Rejection
from events.rulesets.core_worlds.asking import ask, unshuffled
from events.rulesets.core_worlds.cardset import Card
from events.rulesets.core_worlds.decisions import Pass, UseSurgeToken
from events.rulesets.core_worlds.happenings import Passed, SurgeTokenUsed
from events.rulesets.core_worlds.state import Game, Phase, Player
from events.rulesets.core_worlds.words import Words

SURGE_TOKEN_ENERGY = 2  # CW-A6


def next_seat(game: Game) -> int | None:
    """The next seat clockwise that has not passed; None once every seat has."""
    for step in range(1, game.seats + 1):
        seat = (game.turn + step) % game.seats
        if not game.players[seat].done:
            return seat
    return None


def free_action(cards: tuple[Card, ...], player: Player) -> bool:
    """An "as an Action" ability usable with no energy (the CW-A5 exception)."""
    for card_id in (*player.hand, *player.warzone):
        card = cards[card_id]
        if card.is_unit and card_id in player.hand:
            continue
        free_play = not card.is_tactic or card.play == 0
        for ability in card.abilities:
            spare = len(player.hand) - (card_id in player.hand)
            if (
                ability.kind == "action"
                and ability.energy == 0
                and free_play
                and ability.discard <= spare
                and (ability.gain or ability.draw or player.tokens_on(card_id) < ability.limit)
            ):
                return True
    return False


def must_pass(game: Game, seat: int) -> bool:
    """No action points, or no energy, no token and no free ability (CW-A5)."""
    player = game.players[seat]
    if player.action_points == 0:
        return True
    return (
        player.energy == 0
        and player.surge_tokens == 0
        and not free_action(game.cards.cards, player)
    )


def not_in_turn(game: Game, seat: int) -> Rejection:
    if game.players[seat].done:
        return Rejection("CW-A5", "you have passed; you take no further turns this round")
    return Rejection("CW-A", f"it is seat {game.turn}'s turn, not yours")


def judge_pass(game: Game, seat: int, decision: Pass) -> Accepted | Rejection:
    return Accepted("CW-A5", [Passed(seat=seat)])


def judge_surge_token(game: Game, seat: int, decision: UseSurgeToken) -> Accepted | Rejection:
    if game.players[seat].surge_tokens == 0:
        return Rejection("CW-A6", "you have no Energy Surge token left")
    return Accepted("CW-A6", [SurgeTokenUsed(seat=seat, gain=SURGE_TOKEN_ENERGY)])


def _read_surge(game: Game, seat: int, rest: str) -> UseSurgeToken:
    alone("surge", rest)
    if game.phase == Phase.ENERGY:
        raise Unreadable(
            "the Energy Surge token is used on your turn in the Action phase; "
            "to play Energy Surge cards now, say 'play Energy Surge'"
        )
    return UseSurgeToken()


def _read_pass(game: Game, seat: int, rest: str) -> Pass:
    alone("pass", rest)
    return Pass()


def _low_on_energy(game: Game, seat: int) -> UseSurgeToken | None:
    """The greedy bots spend a token first when they have one and 1 energy or none."""
    player = game.players[seat]
    return UseSurgeToken() if player.surge_tokens and player.energy <= 1 else None


def _surge_token_used(w: Words, g: Game, e: SurgeTokenUsed) -> str:
    return f"{w.who(e.seat)} used an Energy Surge token: +{e.gain} energy"


def _said(words: str) -> Any:
    """A decision written, and as its seat asked it, in the same words whatever the game."""
    return lambda *given: words


SURGE_TOKEN = ask(
    UseSurgeToken,
    "CW-A6",
    "using an Energy Surge token",
    Phase.ACTION,
    "surge: your Energy Surge token, +2 energy; your turn goes on",
    unshuffled(judge_surge_token),
    offers=lambda game, seat: [UseSurgeToken()],
    verbs=("surge",),
    read=_read_surge,
    write=_said("surge"),
    said=_said("use an Energy Surge token"),
    narrates={SurgeTokenUsed: _surge_token_used},
    steady=True,
    prefer=_low_on_energy,
)
PASS = ask(
    Pass,
    "CW-A5",
    "passing",
    Phase.ACTION,
    "pass: no more turns for you this round",
    unshuffled(judge_pass),
    offers=lambda game, seat: [Pass()],
    verbs=("pass",),
    read=_read_pass,
    write=_said("pass"),
    said=_said("pass"),
    steady=True,
)
ASKS = (SURGE_TOKEN, PASS)  # the Action phase's asks of turn order, in its help's order
OFFERED_FIRST = (PASS, SURGE_TOKEN)  # listed before what else the turn could do
