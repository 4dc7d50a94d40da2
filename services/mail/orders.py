"""Reading the orders in a mail's text, as the Diplomacy judges did: a command a line; quoted
lines (`>`) and `//` comments are ignored; reading stops at a signature line (`-- `), at
`signoff`, at a sign-off ("Regards,", "Sent from my iPhone") and at the quoted original as mail
programs write it: "-----Original Message-----", a line of underscores, a `From:` line over a
`Sent:` or `Date:` line (Outlook), our own mail's first line, and an "On … wrote:" line not
followed by `>` lines (a reply above an original quoted with `>` is read on below it). `#N` on
a line of its own names the entry the player was looking at (commands written on an older
position are refused as stale where the game says so). `help`, `unsubscribe`, `confirm` and
`not me` are the mail's own words, not the game's; so are the corrections' lines (`takeback`,
`accept`, `refuse`, `dispute SEQ reason`), each sent as its decision; a message, written between
`press to 2 3:` (or `press:`, to everyone) and `endpress` as the judges' press was, its lines
kept as written (no stop, comment or quote inside it); standing orders: `orders` lists
them, `order PROMPT [if CONDITION] [until turn|round|match]: ANSWER` leaves one and `order
withdraw N` withdraws one; and `fork SEQ [against BOT]`, a practice match forked after entry
SEQ as the seat sees it, its other seats open or played by the bot named (`fork_line`)."""

import re
from typing import Any

import msgspec

from events.corrections import AnswerTakeBack, Dispute, TakeBack
from events.envelope import Say

MAX_COMMANDS = 20
_SEEN = re.compile(r"#\s*(\d{1,9})")
# "On Mon, 1 Jan 2024 at 10:00, Ann <ann@x> wrote:", and as French and German programs say it.
_WROTE = re.compile(r"^(On|Le|Am) .+ (wrote|a écrit|schrieb)\s?:$", re.IGNORECASE)
_ORIGINAL = re.compile(
    r"^(-{2,}\s*(Original Message|Forwarded message)\s*-{2,}|_{10,}|Begin forwarded message:"
    r"|== .+ match .+ entry \d+ ==)$",
    re.IGNORECASE,
)
_FROM = re.compile(r"^\**From\**:\s", re.IGNORECASE)
_HEADER = re.compile(r"^\**(Sent|Date|To|Subject|Cc)\**:\s", re.IGNORECASE)
_SIGN_OFF = re.compile(
    r"^((many |best |kind |warm )?(thanks|regards|wishes)|thank you|best|cheers|sincerely"
    r"|all the best|yours( truly| sincerely)?)\s*[,.!]?$|^(sent from|get outlook for) .+$",
    re.IGNORECASE,
)
OWN_WORDS = ("help", "unsubscribe", "confirm", "not me")
# What `help` answers beside the game's commands: the lines this module reads itself.
MAIL_LINES = (
    "#N on a line of its own: the entry you were looking at",
    "press to 2 3: (or press: for everyone) ... endpress: a message, kept as written",
    "takeback; accept or refuse (another's take-back); dispute SEQ reason",
    "orders; order PROMPT [if CONDITION] [until turn|round|match]: ANSWER; order withdraw N",
    "fork SEQ [against BOT]: a practice match from after entry SEQ, its other seats open or"
    " played by the bot (`against bots`: the strongest)",
    "unsubscribe: no more mail for this seat; not me: never mail this address again",
)
CORRECTIONS = {
    "takeback": TakeBack(),
    "take back": TakeBack(),
    "accept": AnswerTakeBack(accept=True),
    "refuse": AnswerTakeBack(accept=False),
}
_DISPUTE = re.compile(r"dispute\s+#?(\d{1,9})\s+(\S.{0,499})", re.IGNORECASE)
_PRESS = re.compile(r"press(?:\s+to\s+(?P<to>\d{1,2}(?:[\s,]+\d{1,2})*))?\s*:(?P<rest>.*)", re.I)
_END_PRESS = "endpress"
_STANDING = re.compile(r"orders|order\s.*", re.IGNORECASE)
# a prompt's name may be of several words ("action card"): the first words before `if`,
# `until` or the colon
_ORDER = re.compile(
    r"order\s+(?P<prompt>[^\s:]+(?:\s+[^\s:]+)*?)(?:\s+if\s+(?P<condition>.+?))?"
    r"(?:\s+until\s+(?P<until>turn|round|match))?\s*:\s*(?P<answer>.+)",
    re.IGNORECASE,
)
_WITHDRAW = re.compile(r"order\s+withdraw\s+#?(?P<number>\d{1,9})", re.IGNORECASE)
_FORK_LINE = re.compile(r"fork(\s.*)?", re.IGNORECASE)
_FORK = re.compile(
    r"fork\s+#?(?P<at>\d{1,9})(?:\s+against\s+(?P<bot>[\w-]+?)(?:\s+bots?)?)?", re.IGNORECASE
)


class Press(msgspec.Struct, frozen=True):
    """A message to the seats `to` (empty: everyone), its lines as written."""

    to: tuple[int, ...]
    text: str


class LeaveOrder(msgspec.Struct, frozen=True):
    prompt: str
    answer: str
    condition: str = ""
    until: str = "match"


class WithdrawOrder(msgspec.Struct, frozen=True):
    number: int


class Orders(msgspec.Struct, frozen=True):
    commands: tuple[str, ...] = ()
    seen_seq: int | None = None
    asked: tuple[str, ...] = ()  # the mail's own words used (OWN_WORDS)
    dropped: int = 0  # commands past MAX_COMMANDS, not read
    press: tuple[Press, ...] = ()
    unended: bool = False  # a press with no `endpress`: not sent, it may have been cut short
    standing: tuple[str, ...] = ()  # `orders` and `order ...` lines, as `standing_order` reads
    forks: tuple[str, ...] = ()  # `fork ...` lines, as `fork_line` reads


def read_orders(text: str) -> Orders:
    commands: list[str] = []
    asked: list[str] = []
    press: list[Press] = []
    standing: list[str] = []
    forks: list[str] = []
    seen = None
    writing: tuple[tuple[int, ...], list[str]] | None = None  # a press under way
    for raw in _mine(text.splitlines()):
        if writing is not None:
            if raw.strip().lower() == _END_PRESS:
                press.append(Press(writing[0], "\n".join(writing[1]).strip("\n")))
                writing = None
            else:
                writing[1].append(raw.rstrip("\r"))
            continue
        line = raw.split("//", 1)[0].strip()
        if not line or line.startswith(">"):
            continue
        if (opened := _PRESS.fullmatch(line)) is not None:
            to = tuple(sorted({int(s) for s in re.findall(r"\d+", opened["to"] or "")}))
            rest = raw.strip()[opened.start("rest") :].strip()  # a comment's // is its text
            writing = (to, [rest] if rest else [])
        elif (number := _SEEN.fullmatch(line)) is not None:
            seen = int(number.group(1))
        elif " ".join(line.lower().split()) in OWN_WORDS:
            asked.append(" ".join(line.lower().split()))
        elif _STANDING.fullmatch(line):
            standing.append(line)
        elif _FORK_LINE.fullmatch(line):
            forks.append(line)
        else:
            commands.append(line)
    return Orders(
        tuple(commands[:MAX_COMMANDS]),
        seen,
        tuple(dict.fromkeys(asked)),
        max(0, len(commands) - MAX_COMMANDS),
        tuple(press),
        writing is not None,
        tuple(standing[:MAX_COMMANDS]),
        tuple(forks[:MAX_COMMANDS]),
    )


def decision(command: str) -> Any:
    """What a command line sends: a take-back, its answer or a dispute, else the game's text
    command. ValueError: a `dispute` line the mail cannot read, and why."""
    words = " ".join(command.lower().split())
    if words in CORRECTIONS:
        return CORRECTIONS[words]
    if words.split(" ", 1)[0] != "dispute":
        return Say(command)
    found = _DISPUTE.fullmatch(command.strip())
    if found is None:
        raise ValueError(
            "write `dispute SEQ reason`: the entry whose ruling you dispute, then why"
            " (500 characters at most)"
        )
    return Dispute(int(found.group(1)), found.group(2))


class ForkLine(msgspec.Struct, frozen=True):
    """A `fork SEQ [against BOT]` line read: the entry to fork after, and the bot to play every
    seat but the writer's ("bots": the game's strongest), or None to leave them open."""

    at: int
    against: str | None = None


def fork_line(line: str) -> ForkLine:
    """A `fork` line read. ValueError: a line the mail cannot read, and how to write one."""
    found = _FORK.fullmatch(line.strip())
    if found is None:
        raise ValueError(
            "write `fork SEQ` (the entry after which the practice match starts), or"
            " `fork SEQ against BOT` for that bot in every other seat"
        )
    bot = found["bot"]
    return ForkLine(int(found["at"]), bot.lower() if bot else None)


def standing_order(line: str) -> LeaveOrder | WithdrawOrder | None:
    """An `order ...` line read (None: `orders`, the list, or a line not of the form)."""
    if (withdrawn := _WITHDRAW.fullmatch(line)) is not None:
        return WithdrawOrder(int(withdrawn["number"]))
    if (left := _ORDER.fullmatch(line)) is None:
        return None
    until = (left["until"] or "match").lower()
    return LeaveOrder(left["prompt"], left["answer"].strip(), left["condition"] or "", until)


def _mine(lines: list[str]) -> list[str]:
    """The lines the writer wrote: up to a signature, a sign-off or the original they answer,
    without an "On … wrote:" line that a `>`-quoted original follows."""
    kept: list[str] = []
    pressing = False  # inside a press: its lines are the writer's, whatever they say
    for i, raw in enumerate(lines):
        line = raw.strip()
        if pressing or (not line.startswith(">") and _PRESS.fullmatch(line)):
            pressing = line.lower() != _END_PRESS
            kept.append(raw)
            continue
        if raw.rstrip() in ("--", "-- ") or line.lower() == "signoff":
            break
        if _ORIGINAL.match(line) or _SIGN_OFF.match(line):
            break
        if _FROM.match(line) and any(
            _HEADER.match(after.strip()) for after in lines[i + 1 : i + 3]
        ):
            break  # an Outlook header block: the original below it is not quoted
        wrote = _WROTE.match(line)
        if not wrote and line.startswith("On ") and i + 1 < len(lines):
            wrote = _WROTE.match(f"{line} {lines[i + 1].strip()}")  # wrapped over two lines
            if wrote:
                lines[i + 1] = ""
        if wrote:
            following = next((after.strip() for after in lines[i + 1 :] if after.strip()), ">")
            if not following.startswith(">"):
                break  # an original left unquoted below the line
            continue
        kept.append(raw)
    return kept
