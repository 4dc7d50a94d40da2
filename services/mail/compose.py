"""The words of a mail to a seat: what a notice or an answer says, what happened since the seat
last looked (the log told for its eyes, sealed choices as it may see them), its view and the
commands it may send, all from the game's own words through the game interface; and the
message itself (standard library `email`), threaded per match, with a reply address and a
List-Unsubscribe header."""

import hashlib
from collections.abc import Sequence
from email.message import EmailMessage
from email.utils import formatdate
from typing import Any
from urllib.parse import quote

import asyncpg
import msgspec

from events.clock_narration import handed_to_you, moment, window_open
from events.codec import game_codec
from events.narration import rule_words, seat_names, short_words
from events.platform_rules import HELD_WORDS
from events.ruleset import WindowAsk
from projections import audit, messages, seat_lines, seat_views
from services.client.render import render
from services.mail.addresses import LOCAL, reply_address, unsubscribe_key
from services.mail.orders import MAIL_LINES
from services.settings import Settings

MAX_LINES = 200  # of "since you last looked"; the earliest are left out past it
MAX_COMMANDS = 30  # listed; `help` gives the rest
ISOLATE, END_ISOLATE = "\u2068", "\u2069"  # first strong isolate, pop directional isolate
INDENT = "      "  # a message's next lines, under its first

HEADLINES = {
    "turn": "It is your turn.",
    "timeout": "A deadline of yours passed: what the clock did is told below.",
    "message": "A message for you: told below, with every message since your last mail.",
    "ended": "The match has ended.",
    "correction": "A take-back, a dispute or a setting back: told below, with what was seen.",
}


def preference(kind: str) -> str:
    """The notice kind a seat chooses to hear that covers `kind`: a window opened to it is a
    turn's kind of news, heard by every seat that hears of its turns."""
    return "turn" if kind == "window" else kind


def headline(kind: str, detail: dict[str, Any]) -> str:
    """What a notice (mail or webhook) says first; a deadline in the match clock's time zone.
    A window's notice and its reminder say the same: it may be answered or passed."""
    if kind == "reminder" and detail.get("window"):
        return f"Reminder: {_window_open(detail)}"
    if kind == "reminder":
        due = moment(detail["due_ms"], detail.get("zone", "UTC"))
        return f"Reminder: you must decide by {due}."
    if kind == "window":
        words = _window_open(detail)
        return words[0].upper() + words[1:]
    if kind == "handed":
        return handed_to_you(detail["level"], detail["reason"], detail.get("note", ""))
    return HEADLINES[kind]


def _window_open(detail: dict[str, Any]) -> str:
    """A response window asking the seat, until its deadline if it has one: a "may", in the
    words the projection kept for that seat (`projections.window_asks`)."""
    due = detail.get("due_ms")
    until = "" if due is None else f" until {moment(due, detail.get('zone', 'UTC'))}"
    asks = msgspec.convert(detail.get("asks", {}), WindowAsk)
    return window_open(asks, until, detail.get("default", ""))


class Part(msgspec.Struct, frozen=True):
    """One match's part of a mail: a seat's notice or answer, told up to `upto`."""

    match_id: str
    seat: int
    kind: str
    upto: int
    after: int  # the last entry the seat was told of before
    token: str
    detail: dict[str, Any] = {}


CONFIRM_SUBJECT = "[Starledger] confirm your address"


def confirmation(settings: Settings, part: Part) -> list[str]:
    """The one mail an address gets before its reader confirms it: our words alone (nothing a
    player wrote, not even a name), how to confirm, and how to refuse."""
    return [
        f"Someone gave this address for mail about seat {part.seat} of match {part.match_id}"
        f" on Starledger ({settings.mail_domain}).",
        "Nothing more comes here unless you confirm it.",
        "",
        "To confirm, reply to this mail with the word `confirm` on a line of its own.",
        "If this is not you, reply `not me`: nothing will be sent to this address again.",
        "Or do nothing: you will hear no more of it.",
    ]


async def body(pool: asyncpg.Pool, settings: Settings, part: Part) -> list[str]:
    """A part's words from rows the projection worker wrote (issue 43: no match is folded
    here): the lobby's names and scores, the seat's lines up to `upto`, and its view and
    commands as the seat saw them at the end of the batch that projected `upto` (a batch
    holding later entries shows those too)."""
    if part.kind == "confirm":
        return confirmation(settings, part)
    match = await pool.fetchrow(
        "SELECT l.game, l.players, l.scores, l.winners, r.over AND r.revealed_seq <= $2 AS over"
        " FROM lobby AS l JOIN replay_matches AS r USING (match_id) WHERE match_id = $1",
        part.match_id,
        part.upto,
    )
    seen = await seat_views.as_of(pool, part.match_id, part.seat, part.upto)
    if match is None or seen is None:
        return [f"Match {part.match_id} has not started yet."]
    codec = game_codec(match["game"])
    names = seat_names(match["players"])
    lines = [
        f"== {codec.ruleset.name} match {part.match_id}, seat {part.seat} ({names[part.seat]}),"
        f" entry {part.upto} ==",
        "",
    ]
    if part.kind == "answer":
        lines += await _rulings(pool, codec.ruleset, part, seen.help)
        lines += _forks(settings.public_url, part.detail.get("forks", []))
    else:
        lines.append(headline(part.kind, part.detail))
    if part.kind == "ended" or match["over"]:  # the end reached as of `upto`: the lobby's last
        scores = ", ".join(f"{n} {s}" for n, s in zip(names, match["scores"] or [], strict=False))
        winners = ", ".join(names[w] for w in match["winners"] or [])
        lines.append(f"Scores: {scores}." + (f" Won by {winners}." if winners else ""))
    told = await seat_lines.lines_between(
        pool, part.match_id, part.seat, part.after, part.upto, part.seat
    )
    if told:
        lines += ["", f"Since you last looked (entries {told[0].seq} to {told[-1].seq}):"]
        if len(told) > MAX_LINES:
            lines.append(f"  … {len(told) - MAX_LINES} earlier entries")
        lines += [f"  #{t.seq} {t.line}" for t in told[-MAX_LINES:]]
    if part.kind == "handed":  # the seat is the bot's: nothing more to see, nor to send
        return [*lines, "", "This is the last mail you get about this seat."]
    said = await messages_since(pool, part.match_id, part.seat, part.after, part.upto, names)
    if said:
        lines += ["", "Messages since your last mail:", *said]
    view = codec.view(seen.view.encode())
    lines += ["", "Your view:", *render(codec.ruleset.describe(view, names))]
    if not match["over"]:
        lines += ["", *_commands(seen)]
    lines += ["", f"To play in this match, write to {reply_address(settings, part.token)}."]
    return lines


async def messages_since(
    pool: asyncpg.Pool, match_id: str, seat: int, after: int, upto: int, names: list[str]
) -> list[str]:
    """The messages the seat may read, written after entry `after` up to `upto`, less the
    seats it muted: a line each, every line of a text isolated (FSI … PDI, as a page's <bdi>)
    so right-to-left text turns no line of ours around."""
    muted = await messages.muted_by(pool, match_id, seat)
    found = await messages.read(pool, match_id, messages.eyes_of(seat, False), after, upto, muted)
    lines = []
    for m in found:
        to = f" to {', '.join(_name(names, s) for s in m.to)}" if m.to else ""
        said = (
            f"[{m.hidden}]"
            if m.hidden
            else f"\n{INDENT}".join(f"{ISOLATE}{line}{END_ISOLATE}" for line in m.text.split("\n"))
        )
        lines.append(f"  #{m.seq} {m.writer}{to}: {said}")
    return lines


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def _commands(seen: seat_views.SeatView) -> list[str]:
    if not seen.legal:
        return ["Nothing is asked of you now; you will hear when it is your turn."]
    texts = [choice.text for choice in seen.legal]
    shown = [f"  {t}" for t in texts[:MAX_COMMANDS] if t]
    more = [f"  … and {len(texts) - MAX_COMMANDS} more"] if len(texts) > MAX_COMMANDS else []
    return [
        "You may now send (one command a line; `help` for the commands):",
        *shown,
        *more,
        f"Reply with your commands; keep `#{seen.seq}` on a line of its own to say what you saw.",
    ]


async def _rulings(pool: asyncpg.Pool, ruleset: Any, part: Part, help_now: str) -> list[str]:
    """The mail's commands and what became of each; with `help` asked, the game's help as the
    seat stands after them (`help_now`, from the view this mail shows)."""
    detail = part.detail
    lines = ["Your mail was read as follows."]
    if detail.get("seen_seq") is not None:
        lines.append(f"  #{detail['seen_seq']}: you were looking at entry {detail['seen_seq']}")
    for sent in detail.get("sent", []):
        ids = (part.match_id, sent["decision_id"])
        found = await audit.by_decision(pool, *ids, part.seat, part.seat)
        found = found or await audit.by_decision(pool, *ids, None, part.seat)  # a private one
        lines.append(f"  {sent['text']}: {_verdict(ruleset, found)}")
    lines += [f"  {refused}" for refused in detail.get("refused", [])]
    lines += [f"  {told}" for told in detail.get("orders", [])]
    if detail.get("dropped"):
        lines.append(f"  ({detail['dropped']} more commands were not read: 20 a mail at most)")
    lines += [f"  {note}" for note in detail.get("notes", [])]
    if detail.get("help"):
        asked = help_now or "Nothing is asked of you now; you will hear when it is your turn."
        lines += ["", "Commands:", *(f"  {h}" for h in asked.splitlines())]
        lines += ["", "Lines the mail reads itself:", *(f"  {h}" for h in MAIL_LINES)]
    return lines


def _forks(public_url: str, forks: list[dict[str, Any]]) -> list[str]:
    """What became of each `fork` line: the practice match asked and how to join it (on
    the web where the mail knows the server's address), or why none was."""
    lines = []
    web = public_url.rstrip("/")
    for fork in forks:
        if "refused" in fork:
            lines.append(f"  {fork['line']}: {fork['refused']}")
            continue
        made = fork["match_id"]
        view = "whole" if fork["seat"] is None else "as your seat saw it, the rest dealt anew"
        seats = "its seats are open"
        if "against" in fork:
            seats = f"seat {fork['open']} is open for you, {fork['against']} plays the others"
        lines.append(
            f"  {fork['line']}: forked into {made}, a practice match from after entry"
            f" {fork['at']} ({view}), never rated; {seats}"
        )
        if web:
            path = f"{web}/web/matches/{quote(made, safe='')}"
            lines.append(f"    see it at {path}/watch and join a seat at {web}/web/?q={made}")
        lines.append(f"    or: starledger match join {made} --seat S --player NAME")
    return lines


def _verdict(ruleset: Any, found: dict[str, Any] | None) -> str:
    if found is None:
        return "not judged yet; a later mail will tell you"
    rule = found["rule"]
    words = short_words(rule_words(ruleset, rule))
    cited = f"{rule}, {words}" if words else rule
    said = f"accepted ({cited})" if found["accepted"] else f"rejected ({cited}): {found['reason']}"
    return f"{said}; {HELD_WORDS}" if found.get("held") else said


def answer_subject(part: Part) -> str:
    """Ours, never the sender's: a subject is the one line a stranger would read first."""
    return f"[Starledger] {part.match_id}: your mail answered (entry {part.upto})"


def thread_id(settings: Settings, match_id: str, seat: int) -> str:
    digest = hashlib.sha256(f"{match_id}\0{seat}".encode()).hexdigest()[:24]
    return f"<match.{digest}@{settings.mail_domain}>"


def message(
    settings: Settings,
    to: str,
    subject: str,
    text: str,
    parts: Sequence[Part],
    delivery_ids: Sequence[str],
    in_reply_to: str | None = None,
) -> EmailMessage:
    first = parts[0]
    reply = reply_address(settings, first.token)
    mail = EmailMessage()
    mail["From"] = f"Starledger <{LOCAL}@{settings.mail_domain}>"
    mail["To"] = to
    mail["Reply-To"] = reply
    mail["Subject"] = subject
    mail["Date"] = formatdate(usegmt=True)
    digest = hashlib.sha256("\0".join(delivery_ids).encode()).hexdigest()[:32]
    mail["Message-ID"] = f"<{digest}@{settings.mail_domain}>"
    thread = thread_id(settings, first.match_id, first.seat)
    mail["In-Reply-To"] = in_reply_to or thread
    mail["References"] = f"{thread} {in_reply_to}" if in_reply_to else thread
    by_mail = f"<mailto:{reply}?subject=unsubscribe>"
    if settings.public_url:
        one_click = f"{settings.public_url.rstrip('/')}/web/unsubscribe/"
        mail["List-Unsubscribe"] = f"<{one_click}{unsubscribe_key(first.token)}>, {by_mail}"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    else:
        mail["List-Unsubscribe"] = by_mail
    mail["Auto-Submitted"] = "auto-replied" if in_reply_to else "auto-generated"
    mail.set_content(text)
    return mail
