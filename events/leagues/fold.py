"""A league folded from its log: sign-ups and withdrawals judged in log order (a refusal is
kept with its rule, nothing else changes), drawn rounds and the end applied as written."""

import msgspec

from events.leagues.entries import (
    SIGN_UP,
    WITHDRAW,
    LeagueEnded,
    LeagueOpened,
    LeagueRecord,
    LeagueRules,
    RoundDrawn,
    SignUp,
    Withdraw,
)


class Member(msgspec.Struct, frozen=True):
    player_id: str
    name: str
    joined_ms: int
    withdrew_in: int | None = None  # the rounds drawn when they withdrew (0: before the start)


class Refusal(msgspec.Struct, frozen=True):
    entry_id: str
    player_id: str
    rule: str
    reason: str


class League(msgspec.Struct, frozen=True):
    league_id: str
    name: str
    rules: LeagueRules
    opened_ms: int
    seed_commitment: str
    seed: str
    members: tuple[Member, ...] = ()
    rounds: tuple[RoundDrawn, ...] = ()
    drawn_ms: tuple[int, ...] = ()  # when each round was drawn
    ended: bool = False
    refusals: tuple[Refusal, ...] = ()
    entry_ids: frozenset[str] = frozenset()

    @property
    def status(self) -> str:
        return "ended" if self.ended else "playing" if self.rounds else "signing up"

    def member(self, player_id: str) -> Member | None:
        return next((m for m in self.members if m.player_id == player_id), None)

    def active(self) -> list[Member]:
        return [m for m in self.members if m.withdrew_in is None]


def refusal(league: League, body: SignUp | Withdraw) -> tuple[str, str] | None:
    """Why the log refuses a sign-up or a withdrawal, in the order it reached the log."""
    match body:
        case SignUp(player_id=player_id):
            if league.member(player_id) is not None:
                return SIGN_UP, "already signed up"
            if league.rounds or league.ended:
                return SIGN_UP, "sign-up closed when round 1 was drawn"
            full = league.rules.players
            if full is not None and len(league.active()) >= full:
                return SIGN_UP, f"the league is full ({full} players)"
        case Withdraw(player_id=player_id):
            found = league.member(player_id)
            if found is None:
                return WITHDRAW, "not signed up"
            if found.withdrew_in is not None:
                return WITHDRAW, "already withdrawn"
            if league.ended:
                return WITHDRAW, "the league has ended"
    return None


def evolve(league: League | None, record: LeagueRecord) -> League | None:
    """The league after one record; a record before its opening, or read twice, changes
    nothing."""
    body = record.body
    if league is None:
        if not isinstance(body, LeagueOpened):
            return None
        return League(
            record.league_id,
            body.name,
            body.rules,
            record.at_ms,
            body.seed_commitment,
            body.seed,
            entry_ids=frozenset({record.entry_id}),
        )
    if record.entry_id in league.entry_ids or isinstance(body, LeagueOpened):
        return league
    league = msgspec.structs.replace(league, entry_ids=league.entry_ids | {record.entry_id})
    match body:
        case SignUp() | Withdraw() if (why := refusal(league, body)) is not None:
            refused = Refusal(record.entry_id, body.player_id, *why)
            return msgspec.structs.replace(league, refusals=(*league.refusals, refused))
        case SignUp(player_id=player_id, name=name):
            member = Member(player_id, name, record.at_ms)
            return msgspec.structs.replace(league, members=(*league.members, member))
        case Withdraw(player_id=player_id):
            gone = len(league.rounds)
            members = tuple(
                msgspec.structs.replace(m, withdrew_in=gone) if m.player_id == player_id else m
                for m in league.members
            )
            return msgspec.structs.replace(league, members=members)
        case RoundDrawn(round=number) if number == len(league.rounds) + 1 and not league.ended:
            drawn = (*league.drawn_ms, record.at_ms)
            return msgspec.structs.replace(league, rounds=(*league.rounds, body), drawn_ms=drawn)
        case LeagueEnded():
            return msgspec.structs.replace(league, ended=True)
    return league  # a round drawn twice (two workers at once): the first counts
