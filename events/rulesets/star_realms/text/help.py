"""`help`: the commands a seat may give now, each with examples from the game in front of it."""

from events.kit.phases import help_lines
from events.rulesets.star_realms.card_text import effect_text
from events.rulesets.star_realms.decisions import (
    AttackBase,
    AttackPlayer,
    Buy,
    BuyExplorer,
    Choose,
    EndTurn,
    Play,
    PlayAll,
    Select,
    Use,
)
from events.rulesets.star_realms.legal import legal
from events.rulesets.star_realms.state import Game
from events.rulesets.star_realms.text.render import render
from events.rulesets.star_realms.words import name

FORMS: list[tuple[type, str]] = [
    (Play, "play <card in your hand>"),
    (PlayAll, "play all: your whole hand, in order"),
    (Use, "use <base> | use <card> ally | scrap <card in play>: an ability"),
    (Buy, "buy <Trade Row card>{top}"),
    (BuyExplorer, "buy explorer{top}: 2 Trade"),
    (AttackBase, "attack base <base>"),
    (AttackPlayer, "attack player [amount]: all your Combat unless you say"),
    (Choose, "choose <effect>"),
    (Select, "<verb> <cards>[ from hand|from discard], or none where it says up to"),
    (EndTurn, "end: discard, draw 5, the other player's turn"),
]
NAMING = (
    "Name cards as printed, in any case, or by a unique beginning ('blob f'), or by position, "
    "counting from 1 in the zone your view lists."
)


def help_text(game: Game, seat: int) -> str:
    if game.over:
        return "The game is over."
    if seat != game.active:
        return "Nothing for you to decide now: it is your opponent's turn."
    turn = game.turn
    head = f"Your turn: {turn.trade} Trade, {turn.combat} Combat"
    if turn.pending is not None:
        effect = turn.pending.effects[0]
        source = name(game.cards, turn.pending.card) if turn.pending.card >= 0 else "Owed discards"
        head = f"{source} asks: {effect_text(effect)}"
    top = " [to top]" if turn.next_ship_to_top else ""  # SR-E7
    forms = [(kind, form.format(top=top)) for kind, form in FORMS]
    lines = help_lines(forms, legal(game, seat), lambda d: render(game, seat, d))
    return "\n".join([f"{head}. You may say:", *lines, NAMING])
