"""Play by message: the issue's commands, did-you-mean, help, and every legal decision of
random matches written as text and read back as itself."""

import random

from events.ruleset import Rejection
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
from events.rulesets.star_realms.text import render
from tests.star_realms.scenario import RULES, named, play, settle, start, table


def read(game, text, seat=0):
    return RULES.read_text(game, seat, text)


def test_the_commands_a_player_writes():
    game = table(
        hand=["Blob Fighter", "Viper", "Trade Bot"],
        row=["Battle Pod", "Cutter"],
        their_bases=["Blob Wheel"],
        trade=4,
        combat=5,
    )
    hand = game.players[0].hand
    assert read(game, "play Blob Fighter") == Play(card=named(game, "Blob Fighter", hand))
    assert read(game, "play all") == PlayAll()
    assert read(game, "buy Battle Pod") == Buy(card=named(game, "Battle Pod"))
    assert read(game, "buy explorer") == BuyExplorer()
    assert read(game, "attack base Blob Wheel") == AttackBase(base=named(game, "Blob Wheel"))
    assert read(game, "attack player 5") == AttackPlayer(amount=5)
    assert read(game, "attack player") == AttackPlayer(amount=5)
    assert read(game, "end") == EndTurn()
    game, _ = play(game, Play(card=named(game, "Trade Bot")))
    viper = named(game, "Viper", game.players[0].hand)
    assert read(game, "scrap Viper from hand") == Select(cards=(viper,))
    assert read(game, "scrap nothing") == Select()
    post = table(bases=["Trading Post"])
    post, _ = play(post, Use(card=post.players[0].bases[0], slot="primary"))
    assert read(post, "choose trade") == Choose(option=1)
    assert read(post, "choose authority") == Choose(option=0)


def test_did_you_mean():
    game = table(hand=["Scout", "Blob Fighter"], row=["Battle Pod"])
    assert "did you mean play?" in read(game, "plya Scout").reason
    assert "did you mean Scout?" in read(game, "play Scot").reason
    assert "did you mean Battle Pod?" in read(game, "buy Battle Pd").reason
    wrong = read(game, "play Dreadnaught")
    assert isinstance(wrong, Rejection) and "in your hand" in wrong.reason
    assert "no ability asks you to choose" in read(game, "choose trade").reason


def test_help_lists_what_is_legal_now():
    game = table(hand=["Scout"], row=["Cutter"], trade=2)
    said = read(game, "help")
    assert isinstance(said, Rejection)
    assert "'play Scout'" in said.reason and "'buy Cutter'" in said.reason
    assert "'end'" in said.reason and "attack" not in said.reason
    assert "opponent's turn" in RULES.text_help(game, 1)


def test_sr_e7_help_offers_to_top_only_after_a_top_deck_ability():
    game = table(hand=["Freighter", "Cutter"], row=["Corvette"], trade=2)
    assert "[to top]" not in RULES.text_help(game, 0)
    game, _ = play(game, PlayAll())
    assert "[to top]" not in RULES.text_help(game, 0)
    game, _ = play(game, Use(card=named(game, "Freighter"), slot="ally"))  # the next ship on top
    said = RULES.text_help(game, 0)
    assert "buy <Trade Row card> [to top]" in said and "'buy Corvette to top'" in said
    assert "buy explorer [to top]: 2 Trade" in said


def test_every_legal_decision_reads_back_as_itself():
    for seed in ("text-1", "text-2", "text-3"):
        game, rng = start(seed), random.Random(seed)
        while not RULES.is_over(game) and game.round < 60:
            seat = game.active
            options = RULES.legal(game, seat)
            for decision in options:
                said = render(game, seat, decision)
                assert read(game, said, seat) == decision, (said, decision)
            game, _ = play(game, rng.choice(options), seat=seat)
            game, _ = settle(game)


def test_sr_e5_a_row_scrap_is_told_apart_from_a_cards_own_scrap():
    game = table(hand=["Battle Pod"], bases=["Blob Wheel"], row=["Blob Wheel", "Ram"])
    game, _ = play(game, Play(card=game.players[0].hand[0]))
    row_wheel = game.row[0]
    said = render(game, 0, Select(cards=(row_wheel,)))
    assert said == "scrap Blob Wheel from the Trade Row" and read(game, said) == Select(
        cards=(row_wheel,)
    )
    assert read(game, "scrap ram from row") == Select(cards=(named(game, "Ram"),))
    own = Use(card=game.players[0].bases[0], slot="scrap")
    assert render(game, 0, own) == "scrap Blob Wheel"
    hand = table(bases=["Machine Base"], hand=["Viper"], deck=["Scout"])
    hand, _ = play(hand, Use(card=hand.players[0].bases[0], slot="primary"))
    viper = named(hand, "Viper", hand.players[0].hand)
    assert render(hand, 0, Select(cards=(viper,))) == "scrap Viper from hand"
    assert read(hand, "scrap Viper from hand") == Select(cards=(viper,))
