"""Spending Combat: on the opponent's bases, outposts first, or on their Authority (SR-C).
Each attack is an ask of the turn, declared beside its judge: its offers, its command, the
line its event is told in, and the bots' hit."""

from collections.abc import Sequence

from events.kit.named import card_in_zone
from events.kit.phases import Ask
from events.kit.words import who
from events.naming import Unreadable, normal
from events.ruleset import Rejection
from events.rulesets.star_realms.batch import Batch
from events.rulesets.star_realms.decisions import AttackBase, AttackPlayer
from events.rulesets.star_realms.effects import targets
from events.rulesets.star_realms.happenings import Attacked, BaseDestroyed
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.words import reference


def shielded(game: Game, owner: int) -> bool:
    """An outpost shields its owner's Authority (SR-C3)."""
    return any(game.cards.card(b).is_outpost for b in game.players[owner].bases)


def attack_base_refusal(game: Game, seat: int, decision: AttackBase) -> Rejection | None:
    other = 1 - seat
    base = decision.base
    if base not in game.players[other].bases:
        return Rejection("SR-C2", "that card is not a base of your opponent's in play")
    card = game.cards.card(base)
    if base not in targets(game, other):
        return Rejection("SR-C3", f"an outpost shields {card.name}: attack the outposts first")
    if card.defense > game.turn.combat:
        return Rejection(
            "SR-C2", f"{card.name} has Defense {card.defense}; you have {game.turn.combat} Combat"
        )
    return None


def attack_base(batch: Batch, seat: int, decision: AttackBase) -> None:
    defense = batch.game.cards.card(decision.base).defense
    batch.emit(BaseDestroyed(seat=1 - seat, base=decision.base, combat=defense))


def attack_player_refusal(game: Game, seat: int, decision: AttackPlayer) -> Rejection | None:
    if shielded(game, 1 - seat):
        return Rejection("SR-C3", "an outpost shields your opponent: destroy it first")
    if not 1 <= decision.amount <= game.turn.combat:
        return Rejection("SR-C4", f"deal 1 to {game.turn.combat} Combat, not {decision.amount}")
    return None


def attack_player(batch: Batch, seat: int, decision: AttackPlayer) -> None:
    batch.emit(Attacked(seat=1 - seat, amount=decision.amount))


def _bases_in_reach(game: Game, seat: int) -> list[AttackBase]:
    combat = game.turn.combat
    bases = targets(game, 1 - seat)
    return [AttackBase(base=b) for b in bases if game.cards.card(b).defense <= combat]


def _whole_combat(game: Game, seat: int) -> list[AttackPlayer]:
    """All the Combat at the opponent's Authority (any part of it is legal too)."""
    combat = game.turn.combat
    return [AttackPlayer(amount=combat)] if combat > 0 and not shielded(game, 1 - seat) else []


def _hit(game: Game, seat: int) -> AttackPlayer | None:
    """The bots' hit, once they attack: all their Combat, where no outpost shields it."""
    return next(iter(_whole_combat(game, seat)), None)


def _read_attack(game: Game, seat: int, rest: str) -> AttackBase | AttackPlayer:
    words = rest.split()
    target = normal(words[0]) if words else ""
    if target in ("player", "opponent", "authority"):
        words = words[1:]
    elif target == "base":
        return AttackBase(base=_base(game, seat, " ".join(words[1:])))
    elif words and not words[-1].isdigit():
        return AttackBase(base=_base(game, seat, rest))
    if len(words) > 1 or (words and not words[0].isdigit()):
        raise Unreadable(
            "say 'attack player 5', 'attack player' (all your Combat) or 'attack base <name>'"
        )
    amount = int(words[0]) if words else game.turn.combat
    return AttackPlayer(amount=amount)


def _base(game: Game, seat: int, ref: str) -> int:
    if not ref:
        raise Unreadable("name a base of your opponent's: 'attack base Blob Wheel'")
    bases = game.players[1 - seat].bases
    return card_in_zone(game.cards, bases, "among your opponent's bases", ref)


def _write_attack_base(game: Game, seat: int, decision: AttackBase) -> str:
    named = reference(game.cards, game.players[1 - seat].bases, decision.base, set())
    return f"attack base {named}"


def _write_attack_player(game: Game, seat: int, decision: AttackPlayer) -> str:
    return f"attack player {decision.amount}"


def _attacked(g: Game, e: Attacked, seat: int | None, players: Sequence[str]) -> str:
    left = g.players[e.seat].authority - e.amount
    return f"{who(players, e.seat)} took {e.amount} damage; Authority now {left}"


ATTACK_BASE = Ask(
    AttackBase,
    "SR-C2",
    "attack a base",
    "attack base <base>",
    attack_base_refusal,
    attack_base,
    offers=_bases_in_reach,
    verbs=("attack",),
    read=_read_attack,
    write=_write_attack_base,
)
ATTACK_PLAYER = Ask(
    AttackPlayer,
    "SR-C4",
    "attack your opponent",
    "attack player [amount]: all your Combat unless you say",
    attack_player_refusal,
    attack_player,
    offers=_whole_combat,
    verbs=("attack",),
    read=_read_attack,
    write=_write_attack_player,
    narrates={Attacked: _attacked},
    prefer=_hit,
)
ASKS = (ATTACK_BASE, ATTACK_PLAYER)  # the turn's attacks, in its help's and offers' order
