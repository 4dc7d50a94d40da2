"""Standing orders on the card windows (TI-Q2): the conditions an order on the Sabotage window
or a timing point's card window may carry, judged on what the seat may see. The bots worker
answers with an order once the window asks its seat, as the seat would by hand, so a window
waits only for the seats that have not ruled it out."""

from events.rulesets.twilight_imperium_3.card_decisions import PlayCard
from events.rulesets.twilight_imperium_3.card_windows import timings_of
from events.rulesets.twilight_imperium_3.planets import holding
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt

NOT_NAMING_ME = "the card does not name me"
BEFORE_A_SPACE_BATTLE = "before a space battle"
SPACE_BATTLE_TIMINGS = ("SB.before", "SB.beforeRound")  # data §5.1

CONDITIONS = {
    WindowPrompt.SABOTAGE.value: (NOT_NAMING_ME,),
    WindowPrompt.CARD.value: (BEFORE_A_SPACE_BATTLE,),
}


def aimed_at(game: Game, seat: int, play: PlayCard) -> bool:
    """Whether a card played names the seat, a planet of his or a system holding his units."""
    planet = holding(game.forces, play.planet).controller == seat if play.planet else False
    system = bool(play.system) and bool(game.forces.fleet(play.system, seat).units)
    return play.seat == seat or planet or system


def holds(game: Game, seat: int, condition: str) -> bool:
    """Whether the order's condition holds at the window asking the seat now."""
    window = game.stack[-1] if game.stack else None
    if condition == NOT_NAMING_ME and window and window.prompt == WindowPrompt.SABOTAGE:
        return not aimed_at(game, seat, game.pending[0].play)
    if condition == BEFORE_A_SPACE_BATTLE and window and window.prompt == WindowPrompt.CARD:
        return bool(set(timings_of(window)) & set(SPACE_BATTLE_TIMINGS))
    return False
