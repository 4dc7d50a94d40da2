"""A response window's moment in words (the Ruling on windows in RULES.md), for the notice and
the reminder of a seat it asks: what the card window comes before or after, whose card a
Sabotage would answer, where the fire or the retreat is. Public things only: the window is
the table's, what the seat may answer is worked out by the kit from its own hand."""

from events.rulesets.twilight_imperium_3.action_cards import name as action_card_name
from events.rulesets.twilight_imperium_3.card_windows import timings_of
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Game, WindowPrompt
from events.rulesets.twilight_imperium_3.strategy_cards import name as strategy_card_name

# The timing points of data §5.1 in a player's words (ACT and COPY open no window).
TIMING_WORDS = {
    "SP": "in the strategy phase",
    "SP.start": "at the start of the strategy phase",
    "SP.afterPick": "after a strategy card is picked",
    "SP.end": "after all strategy cards are picked, before bonus counters",
    "STATUS": "in the status phase",
    "ANY": "at any time",
    "STRAT.primaryDone": "after a strategy card's primary, before its secondaries",
    "POL.primaryDone": "after the Political primary",
    "POL.beforeDraw": "before a political card is drawn",
    "POL.afterRead": "after an agenda is read, before the first vote",
    "POL.ownVote": "before your vote",
    "POL.afterVote": "after a vote",
    "TECH.beforeBuy": "before a technology is bought",
    "TECH.primaryDone": "after the Technology primary",
    "TRADE.secondaryDone": "after the Trade secondary",
    "TAC.activated": "after the system is activated",
    "TAC.enemyMovedIn": "after ships moved into the active system",
    "TAC.enemyEnters": "as an enemy fleet enters",
    "TAC.beforeLanding": "before the planetary landing",
    "SB.before": "before the space battle",
    "SB.beforeRound": "before a round of the space battle",
    "SB.afterEnemyRoll": "after the combat dice, before casualties",
    "SB.afterDamaged": "after a ship is damaged",
    "CR.before": "before a combat round",
    "ROLL.after": "after a die is rolled",
    "IC.before": "before the invasion combat",
    "BOMB.before": "before the bombardment",
    "INV.neutralWon": "after a neutral planet is taken",
    "LOST.planet": "after a planet is lost",
    "AC.played": "after an action card is played",
}


def _race(game: Game, seat: int) -> str:
    return load().races[game.players[seat].race].name


def moment(game: Game) -> str:
    """The moment of the window on top of the stack, "" for one that needs none."""
    window = game.stack[-1]
    tactic = game.tactic
    where = f" at {tactic.focus or tactic.system}" if tactic is not None else ""
    match window.prompt:
        case WindowPrompt.CARD:
            timings = [TIMING_WORDS[t] for t in timings_of(window) if t in TIMING_WORDS]
            active = f", in {_race(game, tactic.seat)}'s action" if tactic is not None else ""
            return f"{timings[0]}{where}{active}" if timings else ""
        case WindowPrompt.SABOTAGE if game.pending:
            played = game.pending[0]
            return f"against {_race(game, played.seat)}'s {action_card_name(played.card)}"
        case WindowPrompt.SECONDARY:
            return f"of {strategy_card_name(window.about)}"
        case WindowPrompt.SPACE_CANNON | WindowPrompt.RETREAT:
            return where.strip()
    return ""
