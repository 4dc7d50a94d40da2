"""The faces: text commands read and written, help, narration for each seat's eyes, the view
laid out, the card lookup and the facts analytics counts."""

import random

from events.ruleset import Rejection, Waiting
from events.rulesets.race_for_the_galaxy.decisions import (
    ChooseActions,
    Consume,
    Develop,
    Settle,
    Windfall,
)
from events.rulesets.race_for_the_galaxy.happenings import Chosen, Drew, Placed, Setup
from events.rulesets.race_for_the_galaxy.text import parse
from tests.conformance.games import bot, play
from tests.race_for_the_galaxy.scenario import (
    RULES,
    arrange,
    fold,
    on,
    stock,
    table,
)
from tests.reacting import bounded


def _random_match(seats, options, seed):
    """Every state a random match passes through where a seat owes a choice."""
    rng = random.Random(seed)
    game = fold(RULES.initial(seats, options, rng))
    while True:
        react = bounded(RULES, rng)
        while derived := react(game):
            yield from ((game, e) for e in derived)
            game = fold(derived, game)
        if RULES.is_over(game):
            return
        yield game, None
        seat = RULES.waiting(game).must[0]
        decision = RULES.default_decision(game, seat, "random", rng)
        for event in RULES.decide(game, seat, decision, rng).events:
            yield game, event
            game = RULES.evolve(game, event)


def test_every_legal_decision_reads_back_from_its_text():
    for seats, options in ((3, {}), (2, {"advanced": True})):
        for game, event in _random_match(seats, options, seed=seats):
            if event is None:
                for seat in RULES.waiting(game).must:
                    for decision in RULES.legal(game, seat):
                        said = RULES.write_text(game, seat, decision)
                        assert RULES.read_text(game, seat, said) == decision, said


def test_commands_as_players_write_them():
    hand = [["investment_credits", "gem_world", "comet_zone", "rebel_outpost"]]
    tableau = ["old_earth", "gambling_world", "mining_robots", "asteroid_belt"]
    game = table([tableau, ["new_sparta"]], hands=hand)
    credits, gem, comet, outpost = game.players[0].hand
    assert parse(game, 0, "choose Explore +5") == ChooseActions(("explore_5",))
    assert parse(game, 0, "choose 2x vp") == ChooseActions(("consume_2x",))
    assert parse(game, 0, "develop invest paying gem w") == Develop(credits, (gem,))
    assert parse(game, 0, "develop 1 paying 2 and 3") == Develop(credits, (gem, comet))
    assert parse(game, 0, "settle nothing") == Settle()
    paid = Settle(outpost, (gem, comet), pay_for_military=True)
    assert parse(game, 0, "pay for rebel outpost paying gem world, comet zone") == paid
    gambling = on(game, 0, "gambling_world")
    assert parse(game, 0, "use gambling world gamble 3") == Consume(gambling, 1, number=3)
    belt, robots = on(game, 0, "asteroid_belt"), on(game, 0, "mining_robots")
    assert parse(game, 0, "produce on asteroid with mining robots") == Windfall(belt, robots)


def test_unreadable_commands_say_what_was_expected():
    game = table([["old_earth"], ["new_sparta"]], hands=[["gem_world"]])
    for text, expected in [
        ("fly away", "no command"),
        ("choose explore +6", "no action"),
        ("develop gem wrold", "did you mean Gem World"),
        ("develop 4", "no card 4 in your hand"),
        ("help", "choose <action>"),
    ]:
        read = RULES.read_text(game, 0, text)
        assert isinstance(read, Rejection) and expected in read.reason, (text, read)


def test_narration_names_secret_cards_to_their_owner_only():
    game = table([["old_earth"], ["new_sparta"]], hands=[["gem_world", "comet_zone"]])
    gem, comet = game.players[0].hand
    drew = Drew(seat=0, cards=(gem,))
    assert RULES.narrate(game, drew, 0, ["Ann", "Bo"]) == "Ann drew Gem World"
    assert RULES.narrate(game, drew, 1, ["Ann", "Bo"]) == "Ann drew 1 card"
    chosen = Chosen(seat=0, choice=ChooseActions(("develop",)))
    assert RULES.narrate(game, chosen, 1, ["Ann", "Bo"]) == "Ann has chosen"
    placed = Placed(seat=0, card=gem, paying=(comet,))
    assert RULES.narrate(game, placed, None, ["Ann", "Bo"]) == "Ann placed Gem World, paying 1 card"
    own = RULES.narrate(game, Develop(gem, (comet,)), 0, ["Ann", "Bo"])
    assert own == "develop Gem World paying Comet Zone"


def test_every_event_of_a_match_has_a_line():
    for game, event in _random_match(4, {}, seed=4):
        if event is not None and not isinstance(event, Setup):
            line = RULES.narrate(game, event, None, ["A", "B", "C", "D"])
            assert line and "cannot tell" not in line, event


def test_the_view_laid_out_marks_goods_and_whom_the_step_waits_for():
    game = table([["old_earth", "gem_world"], ["new_sparta"]], hands=[["comet_zone"]])
    game = stock(game, 0, "gem_world")
    laid = RULES.describe(RULES.view(game, 0), ["Ann", "Bo"])
    ann = laid.sections[1]
    assert ann.title == "Ann (you)" and [c.label for c in ann.cards] == ["Tableau", "Hand"]
    assert [f.note for f in ann.cards[0].cards] == ["", "holds a Novelty good"]
    assert laid.waiting == Waiting(must=(0, 1), simultaneous=True)
    game = arrange(game, 0, choice=ChooseActions(("develop",)))
    # Ann sees her choice made; Bo sees both still choosing, not that she has chosen
    assert RULES.describe(RULES.view(game, 0)).waiting == Waiting((1,), (0,), simultaneous=True)
    assert RULES.describe(RULES.view(game, 1)).waiting == Waiting((0, 1), simultaneous=True)


def test_the_card_lookup_lists_every_card_with_its_powers():
    infos = {info.name: info for info in RULES.cards({})}
    assert len(infos) == 95 and sum(i.copies for i in infos.values()) == 114
    assert infos["Old Earth"].abilities == (
        "$ Trade: +1 card (any good)",
        "IV Consume: consume up to 2 any goods -> 1 VP each",
    )
    assert (
        infos["New Sparta"].numbers == {"defense": 2, "VP": 1} and infos["New Sparta"].cost is None
    )
    imperium = infos["Galactic Imperium"]
    assert "Game end: +2 per Rebel military world" in imperium.abilities
    # a 6-cost development is worth its bonus: its cost is said once, and no "VP 0"
    assert imperium.kind == "Development, Imperium, scores a bonus at game end"
    assert imperium.cost == 6 and imperium.numbers == {}


def test_rg_g3_the_card_lookup_says_where_a_bonus_development_counts_itself():
    """The card list's §7.1 marks five formulas "this card included": the lookup says so on the
    line that counts the card, and an ALIEN development says it is one."""
    infos = {info.name: info for info in RULES.cards({})}
    itself = " (this card included)"
    counted = {
        name: line.removeprefix("Game end: ").removesuffix(itself)
        for name, info in infos.items()
        for line in info.abilities
        if line.endswith(itself)
    }
    assert counted == {
        "Alien Tech Institute": "+2 per ALIEN card",
        "Galactic Federation": "+2 per 6-cost development",
        "Galactic Survey: SETI": "+1 per development with an I power",
        "New Economy": "+2 per development with an IV power",
        "Trade League": "+2 per development with a $ power",
    }
    assert infos["Alien Tech Institute"].kind == "Development, ALIEN, scores a bonus at game end"


def test_a_bonus_development_in_hand_shows_its_cost_once_and_no_vp():
    game = table([["old_earth"], ["new_sparta"]], hands=[["galactic_imperium", "gem_world"]])
    hand = RULES.describe(RULES.view(game, 0), ["Ann", "Bo"]).sections[1].cards[1].cards
    assert [(f.name, f.kind, f.numbers) for f in hand] == [
        ("Galactic Imperium", "Development, Imperium, scores a bonus at game end", {"cost": 6}),
        ("Gem World", "World, Novelty production", {"cost": 2, "VP": 1}),
    ]


def test_facts_count_start_worlds_actions_and_placed_cards():
    events = RULES.initial(2, {}, random.Random(1))
    starts = RULES.facts(fold(events), events[0])
    assert [(f.kind, f.seat) for f in starts] == [("start world", 0), ("start world", 1)]
    game = table([["old_earth"], ["new_sparta"]], hands=[["gem_world"]])
    placed = RULES.facts(game, Placed(seat=0, card=game.players[0].hand[0], paying=()))
    assert [(f.kind, f.subject) for f in placed] == [("placed", "Gem World")]


def test_each_tableau_tells_its_vp_military_and_goods_by_kind():
    """What a player decides by, in words every face shows: the VP as they stand (chips,
    printed VP, cost-6 bonuses), Military with what adds to it, goods by kind."""
    tableau = ["new_sparta", "rebel_outpost", "galactic_imperium", "new_military_tactics"]
    tableau += ["gem_world", "alien_robot_sentry"]
    game = table([["old_earth"], tableau])
    game = arrange(stock(game, 1, "gem_world", "alien_robot_sentry"), 1, chips=4)
    laid = RULES.describe(RULES.view(game, 0), ["Ann", "Bo"])
    ann, bo = _fields(laid.sections[1]), _fields(laid.sections[2])
    # printed 1 + 5 + 0 + 1 + 1 + 2; Galactic Imperium: +2 Rebel Outpost, +1 New Sparta and Sentry
    assert bo["VP"] == "18 = 4 chips + 10 printed + 4 cost-6 bonus"
    assert bo["Military"] == (
        "+3 (New Sparta +2, Rebel Outpost +1); +4 vs Rebel (Galactic Imperium);"
        " +3 once by discarding New Military Tactics"
    )
    assert bo["Goods"] == "2 (1 Novelty, 1 Alien)"
    assert (ann["VP"], ann["Military"], ann["Goods"]) == (
        "2 = 0 chips + 2 printed + 0 cost-6 bonus",
        "0",
        "none",
    )


def test_at_the_end_each_players_vp_add_up_to_the_final_score():
    for seats in (2, 4):
        game = play("race-for-the-galaxy", seats, f"vp-{seats}", bot("greedy")).end
        laid = RULES.describe(RULES.view(game, None))
        told = [_fields(s)["VP"].split()[0] for s in laid.sections[1:]]
        assert told == [str(s) for s in RULES.standing(game).scores]


def _fields(section):
    return {f.label: f.value for f in section.fields}
