"""A seat's view laid out for any renderer: the table (round, step, phases to run, VP pool,
deck) and each player's tableau (worlds holding a good marked), VP as they stand (chips, cards,
cost-6 bonuses), Military and what adds to it, goods by kind, hand size and actions; the seat's
own hand, explored cards and sealed choice."""

from collections import Counter
from collections.abc import Sequence

from events.ruleset import CardFace, CardList, Description, Field, Section, Waiting
from events.rulesets.race_for_the_galaxy import card_text
from events.rulesets.race_for_the_galaxy.cardset import GOODS, Card
from events.rulesets.race_for_the_galaxy.decisions import ACTION_WORDS
from events.rulesets.race_for_the_galaxy.loader import load
from events.rulesets.race_for_the_galaxy.narrate import PHASES, count, who
from events.rulesets.race_for_the_galaxy.scoring import tally
from events.rulesets.race_for_the_galaxy.view import PlayerView, SeatView


def faces(ids: Sequence[int], goods: Sequence[int] = ()) -> tuple[CardFace, ...]:
    cards = load()

    def face(c: int) -> CardFace:
        card = cards.card(c)
        note = f"holds a {card.good} good" if c in goods else ""
        return CardFace(c, card.name, card_text.kind(card), card_text.numbers(card), note)

    return tuple(face(c) for c in ids)


def _faces(label: str, ids: Sequence[int], goods: Sequence[int] = ()) -> CardList:
    return CardList(label, faces(ids, goods))


BONUS = "cost-6 bonus"


def describe(view: SeatView, players: Sequence[str] = ()) -> Description:
    step = PHASES.get(view.step, view.step.replace("_", " ").capitalize())
    fields = [Field("Round", str(view.round)), Field("Step", step)]
    if view.phases:
        fields.append(Field("Phases to come", ", ".join(PHASES[p] for p in view.phases)))
    fields += [
        Field("VP pool", f"{view.pool} VP"),
        Field("Deck", count(view.deck_size)),
        Field("Discard pile", count(view.discard_size)),
    ]
    if view.in_turn:
        fields.append(Field("Order", "taken in turn near the game's end, from the first seat"))
    if view.advanced:
        fields.append(Field("Game", "2-player advanced: two actions a round"))
    if view.scores:
        said = ", ".join(f"{who(players, s)} {v}" for s, v in enumerate(view.scores))
        fields.append(Field("Final score", said))
    sections = [Section(title="Table", fields=tuple(fields))]
    sections += [_player(view, seat, p, players) for seat, p in enumerate(view.players)]
    must = tuple(s for s, p in enumerate(view.players) if p.to_choose)
    may = tuple(s for s, p in enumerate(view.players) if p.has_chosen)  # may change (RG-R1)
    waiting = Waiting(must=must, may=may, simultaneous=view.step != "over" and not view.in_turn)
    return Description(title="Race for the Galaxy", sections=tuple(sections), waiting=waiting)


def _player(view: SeatView, seat: int, p: PlayerView, players: Sequence[str]) -> Section:
    lists = [_faces("Tableau", p.tableau, p.goods_on)]
    if p.hand is not None:
        lists.append(_faces("Hand", p.hand))
    if p.drawn:
        lists.append(_faces("Explored: keep some, the rest are discarded", p.drawn))
    actions = " and ".join(ACTION_WORDS.get(a, a) for a in p.actions)
    tableau = [load().card(c) for c in p.tableau]
    military, military_told = _military(tableau)
    vp = tally(tableau, p.chips, military)
    fields = [
        Field("VP", f"{vp.total} = {vp.chips} chips + {vp.printed} printed + {vp.bonuses} {BONUS}"),
        Field("Military", military_told),
        Field("Goods", _goods([load().card(w) for w in p.goods_on])),
        Field("Hand", count(p.hand_size)),
        Field("Actions", actions or ("chosen, not yet revealed" if p.has_chosen else "-")),
    ]
    if p.choice is not None:
        fields.append(Field("Your sealed choice", type(p.choice).__name__))
    title = who(players, seat) + (" (you)" if seat == view.seat else "")
    return Section(title=title, fields=tuple(fields), cards=tuple(lists))


def _military(tableau: list[Card]) -> tuple[int, str]:
    """The tableau's Military (RG-W4) and what adds to it: always, against a kind of world, and
    once, by discarding a card."""
    always = [(c.name, p.n) for c in tableau for p in c.powers if p.kind == "military"]
    total = sum(n for _, n in always)
    text = f"{total:+d}" if always else "0"
    if always:
        text += " (" + ", ".join(f"{name} {n:+d}" for name, n in always) + ")"
    against = [(p.good, p.n, c.name) for c in tableau for p in c.powers if p.kind == "military_vs"]
    text += "".join(f"; {n:+d} vs {good} ({name})" for good, n, name in against)
    once = [(c.name, p.n) for c in tableau for p in c.powers if p.kind == "temporary_military"]
    text += "".join(f"; {n:+d} once by discarding {name}" for name, n in once)
    return total, text


def _goods(worlds: list[Card]) -> str:
    """How many goods, by kind, in the order the card list names the kinds."""
    kinds = Counter(w.good for w in worlds)
    if not kinds:
        return "none"
    text = ", ".join(f"{kinds[g]} {g}" for g in GOODS if kinds[g])
    return text if len(kinds) == 1 else f"{len(worlds)} ({text})"
