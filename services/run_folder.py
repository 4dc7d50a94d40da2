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
DATABASE_URL = RUN / "database-url"  # the running stack's, for the commands that read it
