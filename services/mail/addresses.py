"""Reply addresses: each seat's carries a token, an HMAC of its match, seat and player under a
secret kept in the run folder, so the token alone says who writes (a From header says nothing)
and no one can make another seat's, or another match's, from their own."""

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from services import run_folder
from services.settings import Settings

LOCAL = "play"  # reply addresses are play+<token>@<mail_domain>
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


def token(key: bytes, match_id: str, seat: int, player: str) -> str:
    mac = hmac.new(key, f"{match_id}\0{seat}\0{player}".encode(), hashlib.sha256).digest()
    return base64.b32encode(mac).decode().lower()[:TOKEN_CHARS]


def genuine(key: bytes, found: str, match_id: str, seat: int, player: str) -> bool:
    return hmac.compare_digest(found, token(key, match_id, seat, player))


def reply_address(settings: Settings, seat_token: str) -> str:
    return f"{LOCAL}+{seat_token}@{settings.mail_domain}"


def token_of(address: str) -> str | None:
    """The token in a recipient address `play+<token>@…`, or None."""
    local, at, _ = address.strip().strip("<>").rpartition("@")
    name, plus, found = local.partition("+")
    if not at or not plus or name.lower() != LOCAL or not found:
        return None
    return found.lower()
