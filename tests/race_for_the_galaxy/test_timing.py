"""The Timing procedure (RG-R7): a Settle phase near the game's end, when New Military Tactics
or Colony Ship could change whether it ends, is taken in turn from the first seat in timing
order, each seat seeing what the earlier ones did; otherwise it stays sealed and simultaneous."""

from events.ruleset import Waiting
from events.rulesets.race_for_the_galaxy.decisions import ChooseActions, Settle
from events.rulesets.race_for_the_galaxy.happenings import (
    Chosen,
    GameEnded,
    Placed,
    Revealed,
    StepBegan,
    TableauDiscarded,
)
from tests.race_for_the_galaxy.scenario import RULES, all_play, names, on, play, rejected, table

ELEVEN = [
    "old_earth",
    "pilgrimage_world",
    "refugee_world",
    "artist_colony",
    "destroyed_world",
    "expanding_colony",
    "secluded_world",
    "asteroid_belt",
    "new_vinland",
    "radioactive_world",
    "galactic_engineers",
]
HAND = ["gem_world", "space_port", "spice_world"]
TACTICS = ["new_sparta", "new_military_tactics"]


def _settle_begins(tableaus, hands=(HAND, ["comet_zone"])):
    """Given these tableaus, when both seats choose Settle: the phase's beginning."""
    game = table(tableaus, hands=hands)
    game, events = all_play(game, ChooseActions(("settle",)), ChooseActions(("settle",)))
    (began,) = [e for e in events if isinstance(e, StepBegan)]
    return game, began


def test_rg_r7_near_the_end_with_new_military_tactics_the_settle_phase_is_taken_in_turn():
    game, began = _settle_begins([ELEVEN, TACTICS])
    assert began == StepBegan(step="settle", in_turn=True)
    assert RULES.waiting(game) == Waiting(must=(0,))
    assert "taken in turn" in rejected(game, Settle(), "RG-R7", seat=1)
    gem, port, spice = game.players[0].hand
    game, events = play(game, Settle(card=gem, paying=(port, spice)))
    assert [type(e) for e in events[:3]] == [Chosen, Revealed, Placed]  # carried out at once
    assert RULES.waiting(game) == Waiting(must=(1,))
    assert len(RULES.view(game, 1).players[0].tableau) == 12  # seat 1 sees the twelfth card
    tactics = on(game, 1, "new_military_tactics")
    game, events = play(game, Settle(discarding=(tactics,)), seat=1)
    assert TableauDiscarded(seat=1, cards=(tactics,)) in events
    assert isinstance(events[-1], GameEnded) and names(game.players[1].tableau) == ["new_sparta"]


def test_rg_r7_otherwise_the_settle_phase_stays_sealed_and_simultaneous():
    ten, twelve = ELEVEN[:10], [*ELEVEN, "gem_world"]
    for tableaus, hands in [
        ([ELEVEN, ["new_sparta"]], (HAND, ["comet_zone"])),  # no card to give up
        ([ten, TACTICS], (HAND, ["comet_zone"])),  # no tableau can reach 12
        ([ELEVEN, TACTICS], ((), ["comet_zone"])),  # 11 cards and nothing in hand to place
        ([twelve, TACTICS], (HAND[1:], ["comet_zone"])),  # the game ends whatever they do
    ]:
        game, began = _settle_begins(tableaus, hands)
        assert began == StepBegan(step="settle"), tableaus
        assert RULES.waiting(game) == Waiting(must=(0, 1), simultaneous=True)
