"""Reading the orders in a mail's text, as the Diplomacy judges did: a command a line; quoted
lines (`>`), everything after a signature line (`-- `) or `signoff`, a reply's "On … wrote:"
line and `//` comments are ignored; `#N` on a line of its own names the entry the player was
looking at (commands written on an older position are refused as stale where the game says
so). `help`, `unsubscribe`, `confirm` and `not me` are the mail's own words, not the game's."""

import re

import msgspec

MAX_COMMANDS = 20
_SEEN = re.compile(r"#\s*(\d{1,9})")
_WROTE = re.compile(r"^On .+ wrote:$")
OWN_WORDS = ("help", "unsubscribe", "confirm", "not me")


class Orders(msgspec.Struct, frozen=True):
    commands: tuple[str, ...] = ()
    seen_seq: int | None = None
    asked: tuple[str, ...] = ()  # the mail's own words used (OWN_WORDS)
    dropped: int = 0  # commands past MAX_COMMANDS, not read


def read_orders(text: str) -> Orders:
    commands: list[str] = []
    asked: list[str] = []
    seen = None
    for raw in text.splitlines():
        if raw.rstrip() in ("--", "-- ") or raw.strip().lower() == "signoff":
            break
        line = raw.split("//", 1)[0].strip()
        if not line or line.startswith(">") or _WROTE.match(line):
            continue
        if (number := _SEEN.fullmatch(line)) is not None:
            seen = int(number.group(1))
        elif " ".join(line.lower().split()) in OWN_WORDS:
            asked.append(" ".join(line.lower().split()))
        else:
            commands.append(line)
    return Orders(
        tuple(commands[:MAX_COMMANDS]),
        seen,
        tuple(dict.fromkeys(asked)),
        max(0, len(commands) - MAX_COMMANDS),
    )
