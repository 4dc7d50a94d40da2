"""Trade's faces (TI-R): its text commands read and written (`offer agreement to Sol with card
2`, `accept Sol [with card 1]`, `reject Sol`, `withdraw offer`, `approve Sol-Mentak`, `veto
Sol-Mentak`, `done trading`, `close talks`, `give 2 tg to Mentak`, `break agreement with
Mentak[, Sol]`, `keep agreements`), a line for each of its events, the seat page's trade
section and the trade cards' lookup entries."""

import re
from collections.abc import Callable
from typing import Any

from events.kit.words import listing
from events.ruleset import CardInfo, Field, Section, Table
from events.rulesets.twilight_imperium_3 import trade_events as t
from events.rulesets.twilight_imperium_3.agreements import CARDS
from events.rulesets.twilight_imperium_3.loader import load
from events.rulesets.twilight_imperium_3.state import Game
from events.rulesets.twilight_imperium_3.text_words import by_name
from events.rulesets.twilight_imperium_3.trade import value

VERBS = ("offer", "accept", "reject", "withdraw", "approve", "veto", "done", "close", "give")
VERBS += ("break", "keep")
OFFER = re.compile(r"agreement to (.+) with card (\d)")
GIVE = re.compile(r"(\d{1,2}) tg to (.+)")
PAIR = re.compile(r"\s*(?:-|\u2013|\u2014| and )\s*")  # a hyphen, en or em dash, "and"


def race(game: Game, seat: int) -> str:
    """A seat as commands name it: its race."""
    return game.players[seat].race.replace("_", " ")


def _seat(game: Game, said: str) -> int:
    races = {str(s): p.race for s, p in enumerate(game.players)}
    return int(by_name(said, races, "race"))


def _pair(game: Game, said: str) -> tuple[int, int]:
    """`sol-mentak`, `sol and mentak`: the first split whose two sides are races."""
    for split in PAIR.finditer(said):
        try:
            return _seat(game, said[: split.start()]), _seat(game, said[split.end() :])
        except ValueError:
            continue
    raise ValueError("name the two players as '<race>-<race>'")


def _card(said: str) -> int:
    if said not in ("1", "2"):
        raise ValueError("a trade card is card 1 or card 2")
    return int(said)


def read(game: Game, seat: int, said: str) -> Any:
    verb, _, rest = said.partition(" ")
    if said == "withdraw offer":
        return t.WithdrawOffer()
    if said == "done trading":
        return t.DoneTrading()
    if said in ("close talks", "close trading"):
        return t.CloseTalks()
    if said == "keep agreements":
        return t.BreakAgreements()
    if verb == "offer" and (match := OFFER.fullmatch(rest)):
        return t.OfferAgreement(to=_seat(game, match.group(1)), card=_card(match.group(2)))
    if verb == "accept":
        offerer, _, card = rest.partition(" with card ")
        home = game.trade.home(seat)
        return t.AcceptOffer(_seat(game, offerer), _card(card) if card else (home or CARDS)[0])
    if verb == "reject":
        return t.RejectOffer(_seat(game, rest))
    if verb in ("approve", "veto"):
        pair = _pair(game, rest)
        return t.ApproveAgreement(*pair) if verb == "approve" else t.VetoAgreement(*pair)
    if verb == "give" and (match := GIVE.fullmatch(rest)):
        return t.Give(to=_seat(game, match.group(2)), trade_goods=int(match.group(1)))
    if verb == "break" and rest.startswith(("agreement with ", "agreements with ")):
        named = rest.partition(" with ")[2].replace(" and ", ",").split(",")
        return t.BreakAgreements(tuple(_seat(game, n) for n in named if n.strip()))
    raise ValueError(
        "write 'offer agreement to <race> with card <1|2>', 'accept <race> [with card <1|2>]', "
        "'reject <race>', 'withdraw offer', 'approve <race>-<race>', 'veto <race>-<race>', "
        "'done trading', 'close talks', 'give <n> tg to <race>', "
        "'break agreement with <race>' or 'keep agreements'"
    )


def render(game: Game, decision: Any) -> str:
    """The command for a trade decision; "" for another kind."""
    match decision:
        case t.OfferAgreement(to=to, card=card):
            return f"offer agreement to {race(game, to)} with card {card}"
        case t.AcceptOffer(offerer=offerer, card=card):
            return f"accept {race(game, offerer)} with card {card}"
        case t.RejectOffer(offerer=offerer):
            return f"reject {race(game, offerer)}"
        case t.WithdrawOffer():
            return "withdraw offer"
        case t.ApproveAgreement(offerer=a, receiver=b):
            return f"approve {race(game, a)}-{race(game, b)}"
        case t.VetoAgreement(offerer=a, receiver=b):
            return f"veto {race(game, a)}-{race(game, b)}"
        case t.DoneTrading():
            return "done trading"
        case t.CloseTalks():
            return "close talks"
        case t.Give(to=to, trade_goods=n):
            return f"give {n} tg to {race(game, to)}"
        case t.BreakAgreements(partners=partners) if partners:
            return "break agreement with " + ", ".join(race(game, p) for p in partners)
        case t.BreakAgreements():
            return "keep agreements"
    return ""


def tell(before: Game | None, event: Any, name: Callable[[int], str]) -> str | None:
    """The line for a trade event; None for an event of another kind."""

    def card(seat: int, number: int) -> str:
        worth = f" (worth {value(before, seat, number)})" if before is not None else ""
        return f"card {number}{worth}"

    match event:
        case t.TalksOpened(holder=holder, seats=seats):
            offering = f"{listing(map(name, seats))} may offer trade agreements"
            return f"{name(holder)} opens the trade talks: {offering}"
        case t.AgreementOffered(offerer=a, receiver=b, card=n):
            return f"{name(a)} offers {name(b)} a trade agreement, giving {card(a, n)}"
        case t.OfferAccepted(offerer=a, receiver=b, card=n):
            return f"{name(b)} accepts the offer of {name(a)}, giving {card(b, n)} in return"
        case t.OfferRejected(offerer=a, receiver=b):
            return f"{name(b)} rejects the offer of {name(a)}"
        case t.OfferWithdrawn(offerer=a, receiver=b):
            return f"{name(a)} withdraws the offer to {name(b)}"
        case t.AgreementVetoed(offerer=a, receiver=b):
            return f"the agreement of {name(a)} with {name(b)} is vetoed by the Trade card's holder"
        case t.OfferLapsed(offerer=a, receiver=b):
            return f"the offer of {name(a)} to {name(b)} lapses as the talks close"
        case t.AgreementFormed(seats=(a, b)):
            return f"{name(a)} and {name(b)} exchange trade cards: a trade agreement is formed"
        case t.TradingDone(seat=s):
            return f"{name(s)} makes no more offers"
        case t.TalksClosed(by=by):
            return f"{name(by)} closes the trade talks" if by >= 0 else "the trade talks are over"
        case t.AgreementBroken(seats=(a, b), war=True):
            return f"war breaks the trade agreement between {name(a)} and {name(b)}"
        case t.AgreementBroken(seats=(a, b)):
            return f"{name(a)} breaks the trade agreement with {name(b)}; the cards go home"
        case t.AgreementsCancelled(seat=s):
            return f"{name(s)} cancels every trade agreement in play: all trade cards go home"
        case t.IncomeCollected(seat=s, trade_goods=n, technology=k):
            micro = f" ({k} for Micro Technology)" if k else ""
            return f"{name(s)} collects {n} tg from trade agreements{micro}"
        case t.BreakingOpened(seats=seats):
            return f"{listing(map(name, seats))} may break trade agreements, in order of play"
        case t.BreakingAnswered(seat=s, kept=kept):
            with_whom = f"with {listing(map(name, kept))}" if kept else "none"
            return f"{name(s)} keeps trade agreements: {with_whom}"
        case t.BreakingClosed():
            return "the trade agreements stand as they are"
        case t.Given(seat=s, to=to, trade_goods=n):
            return f"{name(s)} gives {n} tg to {name(to)}"
    return None


def section(view: Game, name: Callable[[int], str]) -> Section:
    """Each seat's trade cards, at home or held by its partner; the agreements in force; the
    offers of open talks (TI-R)."""

    def cards(seat: int) -> str:
        held = {a.given(seat): a.partner(seat) for a in view.trade.of(seat)}
        return "; ".join(
            f"card {c}: {value(view, seat, c)}" + (f", with {name(held[c])}" if c in held else "")
            for c in CARDS
        )

    rows = tuple((name(s), cards(s)) for s in range(view.seats))
    fields = [
        Field(
            "Agreement",
            f"{name(a.seats[0])} and {name(a.seats[1])}"
            + (" (formed this round: no income yet)" if a.round == view.round else ""),
        )
        for a in view.trade.agreements
    ]
    for o in view.trade.offers:
        state = "accepted, awaiting approval" if o.answer else "awaiting an answer"
        fields.append(
            Field("Offer", f"{name(o.offerer)} to {name(o.receiver)} with card {o.card}: {state}")
        )
    table = Table("Trade cards", ("Player", "Trade cards: value, and who holds one given"), rows)
    return Section("Trade", tuple(fields), tables=(table,))


def card_infos() -> list[CardInfo]:
    races = load().races
    return [
        CardInfo(
            name=f"Trade cards of the {races[cards.id].name}",
            kind="Trade card",
            copies=len(cards.values),
            numbers={f"card {n}": v for n, v in enumerate(cards.values, 1)},
            abilities=(
                "given to a partner to form a trade agreement; its holder collects its value "
                "in trade goods with the Trade card",
            ),
            deck=f"the {races[cards.id].name}",
        )
        for cards in load().trade_cards.values()
    ]
