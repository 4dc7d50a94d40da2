"""Take-backs and disputes from the command line: `takeback MATCH` (or `--accept`/`--refuse`
another's, as its seat or, with `--organiser`, as the organiser; `takeback MATCH --organiser
--seat N` takes back seat N's last decision where the match lets the organiser), `dispute
MATCH SEQ REASON`, and the organiser's `resolve MATCH SEQ --uphold|--roll-back`."""

import argparse
from typing import Any

from services.client import tokens
from services.client.http import ClientError, Gateway, guarded, segment, verdict
from services.gateway import api


def _sent(token: str, match_id: str, path: str, body: Any, what: str) -> int:
    """Send the decision, wait for its ruling, and say how it went."""
    with Gateway(token) as gateway:
        submitted = gateway.post(f"/matches/{segment(match_id)}/{path}", body, api.Submitted)
        ruling = gateway.ruling(match_id, submitted.decision_id)
    if ruling.status != "accepted":
        raise ClientError(f"{what}: {verdict(ruling)}")
    print(f"{what}: accepted")
    return 0


def _take_back(args: argparse.Namespace) -> int:
    answer = "accept" if args.accept else "refuse" if args.refuse else None
    if args.organiser:
        if answer is None and args.seat is None:
            raise ClientError(
                "the organiser takes back a seat's last decision (--seat N) or answers a"
                " take-back (--accept or --refuse)"
            )
        if answer is None:
            what = f"seat {args.seat}'s last decision in {args.match_id} taken back"
            path = f"seats/{args.seat}/take-back"
        else:
            what = f"the take-back in {args.match_id}: {answer}"
            path = f"organise/take-back/{answer}"
        return _sent(tokens.organiser_token(), args.match_id, path, {}, what)
    seat, token = tokens.seat_token(args.match_id, args.seat)
    if answer is None:
        what = f"seat {seat} takes back its last decision"
        return _sent(token, args.match_id, "take-back", {}, what)
    return _sent(token, args.match_id, f"take-back/{answer}", {}, f"seat {seat}: {answer}")


def _dispute(args: argparse.Namespace) -> int:
    seat, token = tokens.seat_token(args.match_id, args.seat)
    body = api.NewDispute(seq=args.seq, reason=args.reason)
    what = f"seat {seat} disputes the ruling at entry {args.seq}"
    return _sent(token, args.match_id, "disputes", body, what)


def _resolve(args: argparse.Namespace) -> int:
    body = api.Resolution(roll_back=args.roll_back, note=args.note)
    done = "set back to before it" if args.roll_back else "upheld"
    what = f"the ruling disputed at entry {args.seq} of {args.match_id}: {done}"
    return _sent(tokens.organiser_token(), args.match_id, f"disputes/{args.seq}", body, what)


def add_parsers(commands: Any) -> None:
    take_back = commands.add_parser(
        "takeback",
        help="take back your last decision (at once while nothing depends on it, else asked of"
        " the other players), or answer another's",
    )
    take_back.add_argument("match_id", metavar="MATCH")
    answer = take_back.add_mutually_exclusive_group()
    answer.add_argument("--accept", action="store_true", help="accept the take-back asked")
    answer.add_argument("--refuse", action="store_true", help="refuse the take-back asked")
    take_back.add_argument(
        "--organiser", action="store_true", help="as the organiser, where the match lets it"
    )
    take_back.add_argument(
        "--seat",
        type=int,
        metavar="S",
        help="which of your seats (with --organiser: whose last decision to take back)",
    )
    take_back.set_defaults(func=guarded(_take_back))
    dispute = commands.add_parser(
        "dispute", help="dispute the ruling at an entry; the organiser resolves it"
    )
    dispute.add_argument("match_id", metavar="MATCH")
    dispute.add_argument("seq", type=int, metavar="SEQ")
    dispute.add_argument("reason", metavar="REASON")
    dispute.add_argument("--seat", type=int, metavar="S", help="which of your seats")
    dispute.set_defaults(func=guarded(_dispute))
    resolve = commands.add_parser("resolve", help="resolve a dispute (organiser)")
    resolve.add_argument("match_id", metavar="MATCH")
    resolve.add_argument("seq", type=int, metavar="SEQ")
    how = resolve.add_mutually_exclusive_group(required=True)
    how.add_argument("--uphold", action="store_true", help="the ruling stands")
    how.add_argument(
        "--roll-back", action="store_true", help="set the match back to before that decision"
    )
    resolve.add_argument("--note", default="", help="why, for the log")
    resolve.set_defaults(func=guarded(_resolve))
