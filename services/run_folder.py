"""Where the local stack keeps what it runs on, and where the command line finds it from any
folder: $STARLEDGER_HOME, else `.run/` in the project's folder."""

import os
from pathlib import Path

RUN = Path(os.environ.get("STARLEDGER_HOME") or Path(__file__).resolve().parents[1] / ".run")
LOGS = RUN / "logs"
PGDATA = RUN / "pgdata"
KAFKA_DATA = RUN / "kafka"
PID_FILE = RUN / "stack.pid"
ORGANISER_TOKEN = RUN / "organiser-token"
SEAT_TOKENS = RUN / "tokens"
PLAYER_TOKEN = RUN / "player-token"
DATABASE_URL = RUN / "database-url"  # the running stack's, for the commands that read it
MAIL_SECRET = RUN / "mail-secret"  # what reply addresses' tokens are derived from
MAILDIR = RUN / "mail"  # where `up` delivers mail when no SMTP relay is set


def write_private(path: Path, text: str) -> Path:
    """A file only its owner reads (a token's): made so, not narrowed after it was written."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as file:
        file.write(text)
    os.chmod(path, 0o600)  # a file left by an older release keeps its mode through O_TRUNC
    return path
