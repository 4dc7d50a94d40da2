"""Play-by-message commands: the text of each decision kind, read against the seat's zones."""

from events.rulesets.core_worlds.decisions import (
    Declare,
    Deploy,
    Draft,
    Exchange,
    Invade,
    Keep,
    Pass,
    Pick,
    Reshuffle,
    Use,
    UseAction,
    UseSurgeToken,
)
from events.rulesets.core_worlds.state import Phase
from events.rulesets.core_worlds.text import TextError, help_text, parse, render

from .scenario import CARDS, arrange, cid, in_action, start

GRUNTS = tuple(cid("Galactic Grunts", i) for i in range(3))
SNUBS = tuple(cid("Snub Fighter", i) for i in range(3))
SURGES = (cid("Energy Surge", 0), cid("Energy Surge", 1))


def _turn(central=(), warzone=(), hand=(), energy=5, **player):
    """My turn in the Action phase with these zones (my Home World first in the Warzone)."""
    game = in_action(2, "text")
    me = game.turn
    game = arrange(game, central=central) if central else game
    home = game.players[me].home
    game = arrange(game, me, warzone=(home, *warzone), hand=hand, energy=energy, **player)
    return game, me


def _declaring(hand=(), warzone=()):
    game = start(2, "text")
    me = game.order()[0]
    home = game.players[me].home
    return arrange(game, me, hand=hand, warzone=(home, *warzone)), me


def _error(game, seat, text) -> str:
    said = parse(game, seat, text)
    assert isinstance(said, TextError), said
    return said.message


def test_draft_names_a_card_in_the_central_zone_as_a_human_would():
    bomber, hawk = cid("Hercules Bomber"), cid("Stealth Hawk")
    game, me = _turn(central=(cid("Mireth"), bomber, hawk))
    for text in (
        "draft Hercules Bomber",
        "DRAFT hercules bomber",
        "draft Hércules Bömber",
        "draft herc",
    ):
        assert parse(game, me, text) == Draft(card=bomber)
    assert parse(game, me, "draft 3") == Draft(card=hawk)
    assert _error(game, me, "draft Hercules Bomer") == (
        "no 'Hercules Bomer' in the Central Zone; did you mean Hercules Bomber?"
    )
    assert _error(game, me, "draft 9") == "there is no card 9 in the Central Zone: it holds 3"
    assert "did you mean" not in _error(game, me, "draft Zeus")
    assert "Central Zone holds Hercules Bomber, Stealth Hawk and Mireth" in _error(
        game, me, "draft Zeus"
    )


def test_draft_prefers_the_copy_carrying_an_energy_token_and_positions_reach_the_other():
    plain, tokened = cid("Hercules Bomber", 0), cid("Hercules Bomber", 1)
    game, me = _turn(central=(plain, tokened))
    game = arrange(game, tokened=(tokened,))
    assert parse(game, me, "draft Hercules Bomber") == Draft(card=tokened)
    assert parse(game, me, "draft 1") == Draft(card=plain)
    assert render(game, me, Draft(card=plain)) == "draft 1"


def test_an_exact_name_beats_a_prefix_and_an_ambiguous_prefix_lists_the_candidates():
    marines, lancer = cid("Orbital Marines"), cid("Lancer Squadron")
    bombardment = cid("Orbital Bombardment")
    game, me = _turn(central=(marines, bombardment, lancer))
    assert _error(game, me, "draft orbital") == (
        "'orbital' could be Orbital Marines or Orbital Bombardment in the Central Zone; "
        "say more of the name"
    )
    assert parse(game, me, "draft orbital b") == Draft(card=bombardment)
    senate, arch = cid("Galactic Senate Seat"), cid("Triumphal Arch")
    game, me = _turn(central=(senate, arch), hand=(GRUNTS[0],))
    assert parse(game, me, "keep galactic") == Keep(card=GRUNTS[0])


def test_pick_takes_a_sector_0_card_in_the_pre_game_draft():
    game = start(3, "text", sector0_draft=True)
    seat, first = game.order()[0], game.central[0]
    name = CARDS.cards[first].name
    assert parse(game, seat, f"pick {name}") == Pick(card=first)
    assert parse(game, seat, f"draft {name.lower()}") == Pick(card=first)
    assert "among the Sector 0 cards" in _error(game, seat, "pick Zeus")


def test_deploy_names_units_from_hand_in_order_copies_one_after_another():
    rover = cid("Armoured Rover")
    game, me = _turn(hand=(GRUNTS[0], SURGES[0], rover, GRUNTS[1]))
    assert parse(game, me, "deploy Galactic Grunts, Armoured Rover and galactic grunts") == Deploy(
        units=(GRUNTS[0], rover, GRUNTS[1])
    )
    assert parse(game, me, "deploy 4 1") == Deploy(units=(GRUNTS[1], GRUNTS[0]))
    assert parse(game, me, "deploy Snub Fighter, Galactic Grunts") == TextError(
        "no 'Snub Fighter' in your hand; your hand holds Galactic Grunts, Armoured Rover "
        "and Energy Surge"
    )
    assert parse(game, me, "deploy rover, grunts") == Deploy(units=(rover, GRUNTS[0]))
    assert _error(game, me, "deploy gal, gal, gal") == (
        "Galactic Grunts is named more times than your hand holds it"
    )
    assert _error(game, me, "deploy") == "name the Units to deploy from your hand, in order"


def test_invade_names_the_world_units_by_position_and_abilities_with_their_choice():
    zeus, hawk, bomber = cid("Zeus"), cid("Stealth Hawk"), cid("Hercules Bomber")
    warzone = (GRUNTS[0], hawk, SNUBS[0], bomber, SNUBS[1], cid("Battle Cruiser"))
    game, me = _turn(central=(zeus,), warzone=warzone)
    assert parse(game, me, "invade Zeus with 3 5 7 using Stealth Hawk:fleet") == Invade(
        world=zeus,
        units=(hawk, bomber, cid("Battle Cruiser")),
        uses=(Use(card=hawk, choice="fleet"),),
    )
    assert parse(game, me, "invade zeus with stealth hawk, snub, snub use hawk:g colonise 6") == (
        Invade(
            world=zeus,
            units=(hawk, SNUBS[0], SNUBS[1]),
            uses=(Use(card=hawk, choice="ground"),),
            colonist=SNUBS[1],
        )
    )
    assert parse(game, me, "invade Zeus") == Invade(world=zeus)
    assert _error(game, me, "invade Zeus with 3 using Stealth Hawk:up") == (
        "after ':' write fleet or ground, not 'up'"
    )
    assert _error(game, me, "invade Zeuz with 3") == (
        "no 'Zeuz' in the Central Zone; did you mean Zeus?"
    )
    assert _error(game, me, "invade with 3") == "name the World to invade: 'invade Zeus with 3 5 7'"


def test_invade_plays_tactics_and_uses_up_to_n_abilities_discarding_from_hand():
    world, assault = cid("Caldera"), cid("Heavy Repeating Assault")
    measures, march = cid("Desperate Measures"), cid("Forced March")
    game, me = _turn(
        central=(world,), warzone=(assault, GRUNTS[0]), hand=(measures, SNUBS[0], march, GRUNTS[1])
    )
    text = (
        "invade Caldera with Heavy Repeating Assault, Galactic Grunts playing Desperate Measures, "
        "Forced March using Heavy Repeating Assault x2, Desperate Measures x2 discarding 2 4 "
        "colonise Galactic Grunts"
    )
    decision = Invade(
        world=world,
        units=(assault, GRUNTS[0]),
        tactics=(measures, march),
        uses=(
            Use(card=assault, times=2),
            Use(card=measures, times=2, discards=(SNUBS[0], GRUNTS[1])),
        ),
        colonist=GRUNTS[0],
    )
    assert parse(game, me, text) == decision
    assert parse(game, me, render(game, me, decision)) == decision
    assert (
        _error(game, me, "invade Caldera with 2 using 2 x0")
        == "'x0': an ability is used 1 to 99 times"
    )
    assert _error(game, me, "invade Caldera with 2 using 2#7") == (
        "Heavy Repeating Assault has no ability #7"
    )


def test_use_an_as_an_action_ability_of_a_warzone_unit_or_a_tactic_in_hand():
    prophet, cache = cid("Prophet Amun-Tal"), cid("Supply Cache")
    game, me = _turn(warzone=(prophet,), hand=(cache, SNUBS[0]))
    assert parse(game, me, "use Supply Cache") == UseAction(card=cache)
    assert parse(game, me, "use prophet amun tal discard snub") == UseAction(
        card=prophet, discards=(SNUBS[0],)
    )
    assert parse(game, me, "use 2 discard 2") == UseAction(card=prophet, discards=(SNUBS[0],))
    assert _error(game, me, "use") == 'name the card whose "as an Action" ability you use'


def test_surge_uses_the_energy_surge_token_and_pass_ends_the_turns():
    game, me = _turn(surge_tokens=1)
    assert parse(game, me, "surge") == UseSurgeToken()
    assert parse(game, me, "Pass.") == Pass()
    assert _error(game, me, "pass now") == "'pass' takes nothing after it, not 'now'"


def test_energy_phase_declarations_combine_surges_exploration_and_abilities():
    drone = cid("Salvage Drone")
    hand = (SURGES[0], GRUNTS[0], SNUBS[0], SURGES[1], GRUNTS[1], SNUBS[1])
    game, me = _declaring(hand=hand, warzone=(drone,))
    home = game.players[me].home
    assert parse(game, me, "explore discard 2 3") == Declare(
        exchanges=(Exchange(source=home, discards=(GRUNTS[0], SNUBS[0])),)
    )
    assert parse(
        game, me, "play Energy Surge, energy surge; explore discard 2 3 and use drone discard 5"
    ) == (
        Declare(
            surges=SURGES,
            exchanges=(
                Exchange(source=home, discards=(GRUNTS[0], SNUBS[0])),
                Exchange(source=drone, discards=(GRUNTS[1],)),
            ),
        )
    )
    assert parse(game, me, "pass") == Declare()
    assert _error(game, me, "surge").startswith("the Energy Surge token is used on your turn")
    assert _error(game, me, "play energy surge; draft Zeus").startswith(
        "'draft Zeus' is not an Energy-phase declaration"
    )
    assert _error(game, me, "explore discard Snub Fighter, Snub Fighter, Snub Fighter") == (
        "Snub Fighter is named more times than your hand holds it"
    )


def test_keep_one_card_or_nothing_at_the_discard_phase():
    game, me = _turn(hand=(SURGES[0], GRUNTS[0]))
    game = arrange(game, phase=Phase.DISCARD)
    assert parse(game, me, "keep Energy Surge") == Keep(card=SURGES[0])
    assert parse(game, me, "keep nothing") == Keep()
    assert _error(game, me, "keep") == (
        "keep which card? name one from your hand, or say 'keep nothing'"
    )


def test_shuffle_or_not_on_entering_sector_v():
    game, me = _turn()
    game = arrange(game, phase=Phase.RESHUFFLE)
    assert parse(game, me, "shuffle") == Reshuffle(shuffle=True)
    assert parse(game, me, "Don't shuffle") == Reshuffle(shuffle=False)
    assert _error(game, me, "shuffle maybe").startswith("say 'shuffle' to shuffle")


def test_unknown_commands_suggest_the_nearest_and_help_lists_what_is_legal_now():
    game, me = _turn(central=(cid("Hercules Bomber"),), hand=(GRUNTS[0],))
    assert _error(game, me, "drfat Hercules Bomber") == (
        "'drfat' is not a command; did you mean draft? 'help' lists the commands you may give now"
    )
    assert _error(game, me, "   ").startswith("say a command")
    shown = help_text(game, me)
    assert "'draft Hercules Bomber'" in shown and "'deploy Galactic Grunts'" in shown
    assert "pass" in shown and "invade <World>" not in shown
    assert _error(game, me, "help") == shown
    assert help_text(game, 1 - me).startswith("Nothing for you to decide now")
    assert parse(game, 7, "pass") == TextError("there is no seat 7 in this 2-player game")
