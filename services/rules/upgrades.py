"""A running match moved to another version of its game, judged (platform rules 4, SL-26,
`events.upgrades`): the organiser alone, to a version this install keeps, as re-judged up to
the match's latest entry; set back to before the first decision that version judges otherwise,
then judged by it from the `Upgraded` entry on."""

from contextlib import suppress

import msgspec

from events import platform_rules as rules
from events.corrections import SetAside
from events.envelope import Decision
from events.match import MatchRecord
from events.ruleset import Accepted, Rejection, Ruleset, UnknownRuleset, get_ruleset
from events.upgrades import Upgrade, Upgraded
from services.rules.corrections import unreachable
from services.rules.deadlines import EntryWriter

_upgrade = msgspec.json.Decoder(Upgrade)
_TAG = b'"match.upgrade"'


def judged(writer: EntryWriter, record: MatchRecord, ruleset: Ruleset, decision: Decision) -> bool:
    """Judge `decision` if it moves the match to another version; False for any other."""
    raw = bytes(decision.body)
    if record.platform_rules < rules.UPGRADES or _TAG not in raw:
        return False  # an older match's judge knew no moves: the game's judge refuses it
    body = None
    with suppress(msgspec.DecodeError):  # malformed: the judge's to refuse
        body = _upgrade.decode(raw)
    if body is None:
        return False
    verdict = _verdict(record, ruleset, decision, body)
    writer.ruling(ruleset, decision.body, verdict, public=True)
    if isinstance(verdict, Accepted):
        for event in verdict.events:
            record = writer.write(event, ruleset)
        moved = get_ruleset(record.ruleset, body.version)
        record = writer.write(
            Upgraded(body.version, ruleset.version, moved.content_digest(record.options)), moved
        )
        writer.settle(moved, record)
    return True


def _verdict(
    record: MatchRecord, ruleset: Ruleset, decision: Decision, body: Upgrade
) -> Accepted | Rejection:
    if decision.sender != rules.ORGANISER or decision.seat is not None:
        return Rejection(rules.UPGRADE, "only the organiser moves a match to another version")
    try:
        get_ruleset(record.ruleset, body.version)
    except UnknownRuleset as error:
        return Rejection(rules.UPGRADE, str(error))
    if body.version == ruleset.version:
        return Rejection(rules.UPGRADE, f"the match is judged by version {body.version} already")
    if body.checked != record.seq:
        why = (
            f"it was re-judged under version {body.version} up to entry {body.checked}; the"
            f" match is at entry {record.seq}: re-judge it again"
        )
        return Rejection(rules.UPGRADE, why)
    if body.first is None:
        return Accepted(rules.UPGRADE, [])
    if record.undo is None or not 1 <= body.first <= record.seq:
        return Rejection(rules.UPGRADE, f"entry {body.first} cannot be set aside in this match")
    if (refused := unreachable(ruleset, record.undo, body.first, rules.UPGRADE)) is not None:
        return refused
    shown = record.undo.shown_since(body.first)
    return Accepted(rules.UPGRADE, [SetAside(body.first, record.seq, "upgrade", shown)])
