"""Reply addresses: each seat's carries a token, an HMAC of its match, seat and player under a
secret kept in the run folder, and of a nonce, so the token alone says who writes (a From header
says nothing), no one can make another seat's, or another match's, from their own, and a seat's
next player (or its player setting mail anew) gets a token the old one is not."""

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from services import run_folder
from services.settings import Settings

LOCAL = "play"  # reply addresses are play+<token>@<mail_domain>
NONCE_CHARS = 8  # 40 random bits, then the HMAC
TOKEN_CHARS = 24


def secret(settings: Settings) -> bytes:
    """The secret tokens derive from: made on first use, a file only its owner reads."""
    path = Path(settings.mail_secret_file or run_folder.MAIL_SECRET)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return bytes.fromhex(path.read_text().strip())
    with os.fdopen(fd, "w") as file:
        file.write(secrets.token_hex(32))
    return bytes.fromhex(path.read_text().strip())


def token(key: bytes, match_id: str, seat: int, player: str, nonce: str | None = None) -> str:
    """A fresh token for the seat's player (a new nonce each time, so a later player of the
    same name, or the same player after stopping mail, never gets an old one back)."""
    nonce = nonce or base64.b32encode(secrets.token_bytes(5)).decode().lower()
    signed = f"{match_id}\0{seat}\0{player}\0{nonce}".encode()
    mac = hmac.new(key, signed, hashlib.sha256).digest()
    return nonce + base64.b32encode(mac).decode().lower()[:TOKEN_CHARS]


def genuine(key: bytes, found: str, match_id: str, seat: int, player: str) -> bool:
    nonce = found[:NONCE_CHARS]
    return hmac.compare_digest(found, token(key, match_id, seat, player, nonce))


def reply_address(settings: Settings, seat_token: str) -> str:
    return f"{LOCAL}+{seat_token}@{settings.mail_domain}"


def token_of(address: str) -> str | None:
    """The token in a recipient address `play+<token>@…`, or None."""
    local, at, _ = address.strip().strip("<>").rpartition("@")
    name, plus, found = local.partition("+")
    if not at or not plus or name.lower() != LOCAL or not found:
        return None
    return found.lower()


UNSUBSCRIBE = "starledger-unsubscribe:"  # migration 0126 indexes the same digest


def unsubscribe_key(seat_token: str) -> str:
    """What a one-click unsubscribe address carries: a digest of the reply token, which stops
    the seat's notices but cannot play for it."""
    return hashlib.sha256(f"{UNSUBSCRIBE}{seat_token}".encode()).hexdigest()[:40]
