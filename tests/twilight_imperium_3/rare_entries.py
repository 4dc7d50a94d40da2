"""Events and decisions random play seldom reaches (a transfer, a bombardment, invasion combat,
ground forces raised by a technology, fighters joining an invasion, a neighbour's last space
dock taken, Transit Diodes' move, Fleet Logistics' second action and the turn ended without
it, every life of a trade offer, agreements cancelled and broken, income, gifts, action cards
sabotaged, taken, discarded down to the limit and played at a timing point's window, the
strategy phase's cards (Synchronicity's card taken from the deck), a strategic action's and
one played "any time", Into the Breach, Morale Boost in invasion combat, Recheck, a retreat,
a PDS firing into the active system),
each with the state it came on: the narration
test's examples of them."""

from typing import Any

import msgspec

from events.ruleset import Accepted
from events.rulesets.twilight_imperium_3.agreements import Agreement, Trade
from events.rulesets.twilight_imperium_3.card_decisions import NoCard, NoSabotage, Sabotage
from events.rulesets.twilight_imperium_3.card_windows import open_card_window
from events.rulesets.twilight_imperium_3.decisions import Activate, Follow, Pass, Play
from events.rulesets.twilight_imperium_3.fleets import with_fleet
from events.rulesets.twilight_imperium_3.forces import Fleet, Holding
from events.rulesets.twilight_imperium_3.orders import Lose
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.steps import _batch
from tests.twilight_imperium_3.arena import AT, JOL_NAR, MENTAK, SOL, Loaded, arena, said
from tests.twilight_imperium_3.cards import holding_cards
from tests.twilight_imperium_3.play import CHANCE, GAME, stationed, with_player

Seen = tuple[Game, Any]  # the state, and the decision or event that came on it


def examples() -> list[Seen]:
    seen: list[Seen] = []
    _landing_and_bombardment(seen)
    _bacterial_weapon(seen)
    _integrated_economy(seen)
    _invasion_combat(seen)
    _animated_invasion(seen)
    _fighters_invading(seen)
    _transfer(seen)
    _transit_diodes(seen)
    _fleet_logistics(seen)
    _trade_talks(seen)
    _trade_approval(seen)
    _trade_broken(seen)
    _action_cards(seen)
    _battle_cards(seen)
    _breach(seen)
    _boosted_invasion(seen)
    _recheck(seen)
    _movement_cards(seen)
    _strategy_cards(seen)
    _synchronicity(seen)
    _retreat(seen)
    _strategic_cards(seen)
    _any_time_cards(seen)
    _space_cannon(seen)
    return seen


def _landing_and_bombardment(seen: list[Seen]) -> None:
    fleets = {("102", SOL): {"dreadnought": 1, "carrier": 1, "ground_force": 3}}
    planets = {
        "Abyz": Holding(MENTAK, units={"ground_force": 1, "space_dock": 1}),
        "Moll Primus": Holding(MENTAK),
    }
    state = _act(seen, arena(fleets, planets), Activate(system=AT))
    state = _act(seen, state, said(state, SOL, "move 1 dreadnought 1 carrier 3 gf from 102"))
    state = _act(seen, state, said(state, SOL, "land 3 gf on abyz"))
    _act(seen, state, said(state, SOL, "bombard abyz with 1 dreadnought"), 5)


def _bacterial_weapon(seen: list[Seen]) -> None:
    """X-89 Bacterial Weapon before bombarding: Mentak's ground forces die, Sol's hand goes."""
    fleets = {("102", SOL): {"dreadnought": 1, "carrier": 1, "ground_force": 2}}
    state = arena(fleets, {"Abyz": Holding(MENTAK, units={"ground_force": 2})})
    state = holding_cards(state, SOL, "good_year")
    state = with_player(state, SOL, technologies=("x89_bacterial_weapon",))
    state = _act(seen, state, Activate(system=AT))
    state = _act(seen, state, said(state, SOL, "move 1 dreadnought 1 carrier 2 gf from 102"))
    state = _act(seen, state, said(state, SOL, "land 2 gf on abyz"))
    _act(seen, state, said(state, SOL, "bombard abyz with 1 dreadnought using x-89"))


def _integrated_economy(seen: list[Seen]) -> None:
    """Integrated Economy: a cruiser built at Jord appears in 201, which Sol activated."""
    state = arena({}, counters={"201": (SOL,)})
    state = with_player(state, SOL, technologies=("integrated_economy",))
    state = _act(seen, state, Activate(system="301"))
    _act(seen, state, said(state, SOL, "build 1 cruiser at jord to 201 paying jord"))


def _invasion_combat(seen: list[Seen]) -> None:
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 3}}
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 2})}
    state = _act(seen, arena(fleets, planets), Activate(system=AT))
    state = _act(seen, state, said(state, SOL, "move 1 carrier 3 gf from 102"))
    _act(seen, state, said(state, SOL, "land 3 gf on abyz"), 10, 10, 10, 1, 1)


def _animated_invasion(seen: list[Seen]) -> None:
    """Won with Dacxive Animators: two killed, rolls of 6 and 5 raise one ground force."""
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 2}}
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 1})}
    state = with_player(arena(fleets, planets), SOL, technologies=("dacxive_animators",))
    state = _act(seen, state, Activate(system=AT))
    state = _act(seen, state, said(state, SOL, "move 1 carrier 2 gf from 102"))
    _act(seen, state, said(state, SOL, "land 2 gf on abyz"), 1, 1, 9, 8, 1, 6, 5)


def _fighters_invading(seen: list[Seen]) -> None:
    """Graviton Negator's fighters join the ground forces; one flies back to space."""
    fleets = {("102", SOL): {"carrier": 1, "fighter": 2, "ground_force": 2}}
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 2})}
    state = with_player(arena(fleets, planets), SOL, technologies=("graviton_negator",))
    state = _act(seen, state, Activate(system=AT))
    state = _act(seen, state, said(state, SOL, "move 1 carrier 2 fighter 2 gf from 102"))
    landing = said(state, SOL, "land 2 gf 2 fighter on abyz")
    _act(seen, state, landing, 1, 1, 9, 1, 8, 1, 8, 1, 1, 1)


def _transfer(seen: list[Seen]) -> None:
    state = arena({("201", SOL): {"cruiser": 1}, ("202", SOL): {"destroyer": 1}})
    state = _act(seen, state, said(state, SOL, "transfer 201 and 202"))
    _act(seen, state, said(state, SOL, "move 1 cruiser from 201 to 202"))


def _transit_diodes(seen: list[Seen]) -> None:
    planets = {"Jord": Holding(SOL, units={"ground_force": 3}), "Abyz": Holding(SOL)}
    state = with_player(arena({}, planets), SOL, technologies=("transit_diodes",))
    _act(seen, state, said(state, SOL, "transit 3 gf from jord to abyz"))


def _fleet_logistics(seen: list[Seen]) -> None:
    state = arena({("102", SOL): {"cruiser": 1}})
    state = with_player(state, SOL, technologies=("fleet_logistics",))
    state = _act(seen, state, Activate(system=AT))
    state = _act(seen, state, said(state, SOL, "move 1 cruiser from 102"))
    _act(seen, state, said(state, SOL, "end turn"))


def _trading(*agreements: Agreement) -> Game:
    """Seat 0 holds Trade; these agreements, formed in an earlier round."""
    state = with_player(arena({}), SOL, cards=(5,), trade_goods=3)
    return msgspec.structs.replace(state, trade=Trade(agreements=agreements))


def _trade_talks(seen: list[Seen]) -> None:
    """Income, then offers withdrawn, vetoed, approved and lapsed, a gift and the secondary."""
    state = _trading(Agreement((SOL, MENTAK), (1, 1)), Agreement((MENTAK, JOL_NAR), (2, 2)))
    state = _act(seen, state, said(state, SOL, "give 1 tg to mentak"))
    state = _act(seen, state, Play(card=5))
    state = _act(seen, state, said(state, SOL, "offer agreement to jol nar with card 2"))
    state = _act(seen, state, said(state, SOL, "withdraw offer"))
    state = _act(
        seen, state, said(state, JOL_NAR, "offer agreement to sol with card 1"), by=JOL_NAR
    )
    state = _act(seen, state, said(state, SOL, "reject jol nar"))
    state = _act(seen, state, said(state, SOL, "done trading"))
    state = _act(seen, state, said(state, SOL, "close talks"))
    _act(seen, state, Follow(), by=MENTAK)


def _trade_approval(seen: list[Seen]) -> None:
    """Offers accepted, vetoed, then approved; one lapsed as the holder closes the talks."""
    state = _act(seen, _trading(), Play(card=5))
    for verdict in ("veto", "approve"):
        offer = said(state, MENTAK, "offer agreement to jol nar with card 1")
        state = _act(seen, state, offer, by=MENTAK)
        state = _act(seen, state, said(state, JOL_NAR, "accept mentak"), by=JOL_NAR)
        state = _act(seen, state, said(state, SOL, f"{verdict} mentak-jol nar"))
    state = _act(
        seen, state, said(state, JOL_NAR, "offer agreement to sol with card 2"), by=JOL_NAR
    )
    _act(seen, state, said(state, SOL, "close talks"))


def _trade_broken(seen: list[Seen]) -> None:
    """Agreements cancelled by Trade's option (b); broken in the status phase."""
    agreements = (Agreement((SOL, MENTAK), (1, 1)), Agreement((MENTAK, JOL_NAR), (2, 2)))
    _act(seen, _trading(*agreements), said(_trading(), SOL, "play trade cancelling agreements"))
    state = _trading(*agreements)
    state = msgspec.structs.replace(
        state, players=tuple(msgspec.structs.replace(p, played=p.cards) for p in state.players)
    )
    for seat in (SOL, JOL_NAR, MENTAK):
        state = _act(seen, state, Pass(), by=seat)
    for seat in (MENTAK, SOL, JOL_NAR):
        state = _act(seen, state, said(state, seat, "score nothing"), by=seat)
    state = _act(seen, state, said(state, MENTAK, "break agreement with sol"), by=MENTAK)
    _act(seen, state, said(state, JOL_NAR, "keep agreements"), by=JOL_NAR)


def _action_cards(seen: list[Seen]) -> None:
    """A Sabotage answering Privateers; Successful Spy taking two cards over the limit; the
    deck shuffled anew for Political; a timing point's window answered with no card."""
    state = with_player(arena({}), MENTAK, trade_goods=3)
    state = holding_cards(
        state, SOL, "privateers", "successful_spy", *["direct_hit"] * 4, "recheck", "recheck"
    )
    state = holding_cards(state, MENTAK, "sabotage", *["morale_boost"] * 4, "patrol")
    state = _act(seen, state, said(state, SOL, "play privateers naming mentak"))
    state = _act(seen, state, Sabotage(), by=MENTAK)
    state = msgspec.structs.replace(state, turn=SOL)
    state = _act(seen, state, said(state, SOL, "play successful spy naming mentak"))
    state = _act(seen, state, NoSabotage(), by=MENTAK)
    state = _act(seen, state, said(state, SOL, "discard direct hit"))
    state = msgspec.structs.replace(state, turn=SOL, deck=(), discard=(1, 2, 3, 4))
    state = with_player(state, SOL, cards=(3,))
    state = _act(seen, state, said(state, SOL, "play political"))
    batch = _batch(state, CHANCE)
    open_card_window(batch, "ACT")
    for event in batch.events:
        seen.append((state, event))
        state = GAME.evolve(state, event)
    for seat in GAME.waiting(state).must:
        state = _act(seen, state, NoCard(), by=seat)
    _card_effects(seen)


def _battle_cards(seen: list[Seen]) -> None:
    """Morale Boost before the battle, Shields Holding after the enemy's dice, Direct Hit on a
    ship just damaged; Rare Mineral once a neutral planet is taken (TI-Q25 to TI-Q28)."""
    fleets = {
        ("102", SOL): {"dreadnought": 2, "carrier": 1, "ground_force": 1},
        (AT, MENTAK): {"dreadnought": 1, "cruiser": 2},
    }
    state = holding_cards(arena(fleets), SOL, "morale_boost", "direct_hit", "rare_mineral")
    state = holding_cards(state, MENTAK, "shields_holding")
    state = _fought(seen, state, SOL, Activate(system=AT))
    move = said(state, SOL, "move 2 dreadnought 1 carrier 1 gf from 102")
    state = _fought(seen, state, SOL, move)
    state = _fought(seen, state, SOL, said(state, SOL, "play morale boost"))
    state = _fought(seen, state, MENTAK, NoCard())
    state = _fought(seen, state, MENTAK, NoSabotage(), 9, 9, 1, 1, 1, 1)
    state = _fought(seen, state, MENTAK, said(state, MENTAK, "play shields holding"))
    state = _fought(seen, state, SOL, NoCard())
    state = _fought(seen, state, SOL, NoSabotage(), 9, 1, 1, 1, 1, 1)
    state = _fought(seen, state, MENTAK, Lose(damaged={"dreadnought": 1}))
    hit = said(state, SOL, "play direct hit naming mentak hitting dreadnought")
    state = _fought(seen, state, SOL, hit, 9, 9, 1, 1, 1)
    state = _fought(seen, state, SOL, said(state, SOL, "land 1 gf on abyz"))
    _fought(seen, state, SOL, said(state, SOL, "play rare mineral"))


def _breach(seen: list[Seen]) -> None:
    """Into the Breach: Sol's ships roll 1 better, his dreadnought takes the first 2 hits
    (TI-Q32)."""
    fleets = {("102", SOL): {"dreadnought": 2, "cruiser": 1}, (AT, MENTAK): {"cruiser": 2}}
    state = holding_cards(arena(fleets), SOL, "into_the_breach")
    state = _fought(seen, state, SOL, Activate(system=AT))
    state = _fought(seen, state, SOL, said(state, SOL, "move 2 dreadnought 1 cruiser from 102"))
    _fought(seen, state, SOL, said(state, SOL, "play into the breach"), 4, 4, 1, 7, 7)


def _boosted_invasion(seen: list[Seen]) -> None:
    """Morale Boost before a round of invasion combat (TI-Q25)."""
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 2}}
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 1})}
    state = holding_cards(arena(fleets, planets), SOL, "morale_boost")
    state = _fought(seen, state, SOL, Activate(system=AT))
    state = _fought(seen, state, SOL, said(state, SOL, "move 1 carrier 2 gf from 102"))
    state = _fought(seen, state, SOL, said(state, SOL, "land 2 gf on abyz"))
    _fought(seen, state, SOL, said(state, SOL, "play morale boost"), 7, 7, 1)


def _recheck(seen: list[Seen]) -> None:
    """Recheck: Sol's hit rolled again after round 1's dice misses (TI-Q77)."""
    fleets = {("102", SOL): {"dreadnought": 1}, (AT, MENTAK): {"cruiser": 1}}
    state = holding_cards(arena(fleets), MENTAK, "recheck")
    state = _fought(seen, state, SOL, Activate(system=AT))
    state = _fought(seen, state, SOL, said(state, SOL, "move 1 dreadnought from 102"), 5, 1)
    _fought(seen, state, MENTAK, said(state, MENTAK, "play recheck naming sol die 1"), 2, 9, 1)


def _retreat(seen: list[Seen]) -> None:
    """The attacker announces a retreat and leaves once the round's dice miss (TI-C7, TI-C8)."""
    fleets = {("201", SOL): {"cruiser": 1}, (AT, MENTAK): {"cruiser": 1}}
    state = _fought(seen, arena(fleets, counters={"102": (SOL,)}), SOL, Activate(system=AT))
    state = _fought(seen, state, SOL, said(state, SOL, "move 1 cruiser from 201"))
    _fought(seen, state, SOL, said(state, SOL, "retreat to 102"), 1, 1)


def _strategic_cards(seen: list[Seen]) -> None:
    """Policy Paralysis after Technology's primary, the action waiting under its window
    (TI-Q62)."""
    state = with_player(arena({}), SOL, cards=(7,))
    state = holding_cards(state, MENTAK, "policy_paralysis")
    state = _act(seen, state, Play(card=7, technology="hylar_v_assault_laser"))
    _act(seen, state, said(state, MENTAK, "play policy paralysis naming jol-nar"), by=MENTAK)


def _any_time_cards(seen: list[Seen]) -> None:
    """Emergency Repairs and Disclosure on Sol's turn, not as his action (TI-Q68, TI-Q69)."""
    hurt = Fleet(SOL, {"dreadnought": 1}, {"dreadnought": 1})
    state = holding_cards(arena({("102", SOL): {"dreadnought": 1}}), SOL, "emergency_repairs")
    state = msgspec.structs.replace(state, forces=with_fleet(state.forces, "102", hurt))
    state = holding_cards(
        _act(seen, state, said(state, SOL, "play emergency repairs at 102")), SOL, "disclosure"
    )
    state = holding_cards(state, MENTAK, "direct_hit")
    state = _act(seen, state, said(state, SOL, "play disclosure naming mentak"))
    state = _act(seen, state, NoSabotage(), by=MENTAK)
    _act(seen, state, said(state, SOL, "discard direct hit"))


def _space_cannon(seen: list[Seen]) -> None:
    """Mentak's PDS on Abyz fires at Sol's carrier moving in and hits (TI-C1)."""
    fleets = {("102", SOL): {"carrier": 1, "ground_force": 1}}
    state = arena(fleets, {"Abyz": Holding(MENTAK, units={"pds": 1})})
    state = _act(seen, state, Activate(system=AT))
    state = _act(seen, state, said(state, SOL, "move 1 carrier 1 gf from 102"))
    _act(seen, state, said(state, MENTAK, "fire pds"), 6, by=MENTAK)


def _movement_cards(seen: list[Seen]) -> None:
    """Flank Speed and In the Silence of Space once the system is activated, Fighter Prototype
    before the battle, Minelayers on a fleet entering (TI-Q29 to TI-Q37)."""
    fleets = {("103", SOL): {"cruiser": 1}, ("102", JOL_NAR): {"destroyer": 1}}
    for card, play in (("flank_speed", ""), ("in_the_silence_of_space", " at 103")):
        state = _fought(seen, holding_cards(arena(fleets), SOL, card), SOL, Activate(system=AT))
        _fought(seen, state, SOL, said(state, SOL, f"play {card.replace('_', ' ')}{play}"))
    fleets = {("102", SOL): {"carrier": 1, "fighter": 2}, (AT, MENTAK): {"cruiser": 1}}
    state = _fought(
        seen, holding_cards(arena(fleets), SOL, "fighter_prototype"), SOL, Activate(system=AT)
    )
    state = _fought(seen, state, SOL, said(state, SOL, "move 1 carrier 2 fighter from 102"))
    _fought(seen, state, SOL, said(state, SOL, "play fighter prototype"), 1, 7, 7, 1)
    fleets = {("102", SOL): {"destroyer": 3}, (AT, MENTAK): {"cruiser": 2}}
    state = _fought(
        seen, holding_cards(arena(fleets), MENTAK, "minelayers"), SOL, Activate(system=AT)
    )
    state = _fought(seen, state, SOL, said(state, SOL, "move 3 destroyer from 102"))
    _fought(seen, state, MENTAK, said(state, MENTAK, "play minelayers"), 1, 9, 9)


def _fought(seen: list[Seen], state: Game, seat: int, decision: Any, *rolls: int) -> Game:
    """A seat's decision and what follows, every die of both from these rolls, each seen."""
    seen.append((state, decision))
    chance = Loaded(*rolls)
    judged = GAME.decide(state, seat, decision, chance)
    assert isinstance(judged, Accepted), judged
    events = judged.events
    while events:
        for event in events:
            seen.append((state, event))
            state = GAME.evolve(state, event)
        events = GAME.react(state, chance)
    return state


def _card_effects(seen: list[Seen]) -> None:
    """Cards played with no one else holding one: no Sabotage window."""
    planets = {"Abyz": Holding(MENTAK, units={"ground_force": 2})}
    state = with_player(arena({}, planets, {"102": (SOL,)}), MENTAK, trade_goods=2)
    plays = (
        ("play insubordination naming mentak", ()),
        ("play unexpected action at 102", ()),
        ("play plague on abyz", (2, 3)),
        ("play rally of the people", ()),
        ("play rise of a messiah", ()),
        ("play war footing at 301", ()),
        ("play privateers naming mentak", ()),
    )
    for text, rolls in plays:
        state = holding_cards(msgspec.structs.replace(state, turn=SOL), SOL, said_card(text))
        state = _act(seen, state, said(state, SOL, text), *rolls)


def _strategy_cards(seen: list[Seen]) -> None:
    """Public Disgrace sending a pick back, Strategic Flexibility swapping at the strategy
    phase's end, Signal Jamming (seat 0 L1Z1X, 1 Jol-Nar, 2 Mentak)."""
    state = stationed(3, seed=1)
    state = holding_cards(state, 1, "public_disgrace", "signal_jamming")
    state = holding_cards(state, 0, "strategic_flexibility")
    state = _act(seen, state, said(state, 0, "pick warfare"), by=0)
    state = _act(seen, state, said(state, 1, "play public disgrace naming l1z1x"), by=1)
    state = _quiet(seen, state)
    for seat, card in ((0, "initiative"), (1, "diplomacy"), (2, "political"), (0, "logistics")):
        state = _quiet(seen, _act(seen, state, said(state, seat, f"pick {card}"), by=seat))
    state = _quiet(seen, _act(seen, state, said(state, 1, "pick trade"), by=1))
    state = _quiet(seen, _act(seen, state, said(state, 2, "pick warfare"), by=2), to_end=True)
    text = "play strategic flexibility taking imperial giving logistics"
    state = _act(seen, state, said(state, 0, text), by=0)
    state = _act(seen, state, said(state, 1, "play signal jamming naming mentak at 000"), by=1)
    _quiet(seen, state)


def _synchronicity(seen: list[Seen]) -> None:
    """Synchronicity at the strategy phase's start: Jol-Nar (seat 1) is shown the deck and takes
    its third card, then it is shuffled (TI-Q76)."""
    state = holding_cards(stationed(3, seed=1), 1, "synchronicity")
    batch = _batch(state, CHANCE)
    open_card_window(batch, "SP.start")
    for event in batch.events:
        seen.append((state, event))
        state = GAME.evolve(state, event)
    state = _act(seen, state, said(state, 1, "play synchronicity"), by=1)
    _act(seen, state, said(state, 1, "take 3"), by=1)


def _quiet(seen: list[Seen], state: Game, to_end: bool = False) -> Game:
    """Every open window answered with no card and no Sabotage (`to_end`: up to the strategy
    phase's last window, once every pick is made)."""
    while state.stack and not (to_end and not state.picks):
        seat = GAME.waiting(state).must[0]
        sabotage = state.stack[-1].prompt == "sabotage"
        state = _act(seen, state, NoSabotage() if sabotage else NoCard(), by=seat)
    return state


def said_card(text: str) -> str:
    return said(arena({}), SOL, text).card


def _act(seen: list[Seen], state: Game, decision: Any, *rolls: int, by: int = SOL) -> Game:
    """A seat's decision (seat 0's unless `by`) accepted with these dice, and what follows, each
    seen on its state."""
    seen.append((state, decision))
    judged = GAME.decide(state, by, decision, Loaded(*rolls))
    assert isinstance(judged, Accepted), judged
    events = judged.events
    while events:
        for event in events:
            seen.append((state, event))
            state = GAME.evolve(state, event)
        events = GAME.react(state, CHANCE)
    return state
