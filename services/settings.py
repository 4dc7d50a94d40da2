"""The one settings object, read from the environment."""

import os

import msgspec

from services import run_folder


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    kafka_bootstrap: str = "127.0.0.1:9092"
    database_url: str = "postgresql://root@127.0.0.1:5432/test"
    partitions: int = 12
    # Copies of each topic the project creates: 1 on the local stack's one broker, 3 on a
    # cluster (`deploy/`), where a write then counts once two of them hold it.
    replication_factor: int = 1
    namespace: str = ""  # prefixes topics and consumer groups, so stacks can share a broker
    snapshot_every: int = 10_000  # entries written on a partition between snapshots
    session_timeout_ms: int = 10_000  # how long a silent rules instance keeps its partitions
    heartbeat_ms: int = 1_000
    # How long a fetch with nothing new waits. Tansu notices new records during the wait only
    # now and then, so it sets a hop's latency there (about a quarter of it on average), while
    # a shorter wait costs the broker and consumers CPU in idle fetches. 50 ms against 10: the
    # idle stack uses 40 % less CPU, 1,000 decisions/s 10-20 % less with a lower p99, at
    # 15 ms more p50 at 100/s (`make bench`). Apache Kafka answers at once whatever the wait.
    fetch_wait_ms: int = 50
    log_format: str = "auto"  # json, console, or auto (console on a terminal)
    # Producers ask the broker to drop their own retried duplicates; Tansu cannot, so its
    # stack turns this off and readers skip such copies by seq (`PartitionMatches.admits`).
    idempotent_producer: bool = True
    clock_tick_ms: int = 1_000  # how often the clock service sweeps for due deadlines
    # A clock service that finds its last sweep older than this was down: what fell due
    # meanwhile is extended by the outage's length, not timed out.
    clock_outage_ms: int = 60_000
    # Mail: the relay notices and answers go through ("host:port"; empty: `up` writes them to a
    # maildir in the run folder), where the inbound server listens for orders, the domain of
    # reply addresses (play+<token>@domain), and the file holding the secret tokens derive from.
    smtp_relay: str = ""
    maildir: str = ""  # where mail goes when no relay is set; empty: the run folder's `mail/`
    mail_listen: str = "127.0.0.1:2525"
    # LMTP, for a mail server that hands the orders on ("host:port", or the path of a Unix
    # socket); empty: none.
    mail_lmtp_listen: str = ""
    mail_domain: str = "starledger.localhost"
    mail_secret_file: str = ""  # empty: the run folder's `mail-secret`
    mail_tick_ms: int = 1_000  # how often the outbox is read for deliveries due
    # The gateway's address as mail readers reach it (e.g. https://play.example.org): mails
    # then offer one-click unsubscribe (RFC 8058) there; empty: by mail alone.
    public_url: str = ""
    # Webhook targets resolving to private, loopback or link-local addresses are refused
    # unless this allows them (a local receiver, tests).
    webhook_allow_private: bool = False
    # A webhook delivery's whole exchange (lookup, connect, send, answer) ends by this deadline,
    # and at most this many are under way at once, apart from mail.
    webhook_deadline_ms: int = 10_000
    webhook_deliveries: int = 8
    answer_wait_ms: int = 120_000  # an answer waits this long for its decisions' rulings
    player_token_days: int = 365  # a player token's life; a player makes a new one after it
    # A seat token lives while its match runs (a deadline is no time for one to lapse), and
    # this many days after the match ended, for its replays and audits.
    seat_token_days_after_end: int = 30
    invite_days: int = 7  # an invite code's life unless its organiser says otherwise
    # Debug: the gateway and the mail worker count the folds they run (`services.fold_watch`).
    watch_folds: bool = False

    @property
    def decisions_topic(self) -> str:
        return f"{self.namespace}decisions"

    @property
    def match_log_topic(self) -> str:
        return f"{self.namespace}match-log"

    @property
    def dead_letter_topic(self) -> str:
        return f"{self.namespace}decisions-dead"

    @property
    def leagues_topic(self) -> str:
        return f"{self.namespace}leagues"

    def group(self, name: str) -> str:
        return f"{self.namespace}{name}"


_ENV = {
    "kafka_bootstrap": "KAFKA_BOOTSTRAP",
    "database_url": "DATABASE_URL",
    "partitions": "STARLEDGER_PARTITIONS",
    "replication_factor": "STARLEDGER_REPLICATION_FACTOR",
    "namespace": "STARLEDGER_NAMESPACE",
    "snapshot_every": "STARLEDGER_SNAPSHOT_EVERY",
    "session_timeout_ms": "STARLEDGER_SESSION_TIMEOUT_MS",
    "fetch_wait_ms": "STARLEDGER_FETCH_WAIT_MS",
    "log_format": "STARLEDGER_LOG_FORMAT",
    "idempotent_producer": "STARLEDGER_IDEMPOTENT_PRODUCER",
    "clock_tick_ms": "STARLEDGER_CLOCK_TICK_MS",
    "clock_outage_ms": "STARLEDGER_CLOCK_OUTAGE_MS",
    "smtp_relay": "STARLEDGER_SMTP_RELAY",
    "maildir": "STARLEDGER_MAILDIR",
    "mail_listen": "STARLEDGER_MAIL_LISTEN",
    "mail_lmtp_listen": "STARLEDGER_MAIL_LMTP_LISTEN",
    "mail_domain": "STARLEDGER_MAIL_DOMAIN",
    "mail_secret_file": "STARLEDGER_MAIL_SECRET_FILE",
    "mail_tick_ms": "STARLEDGER_MAIL_TICK_MS",
    "public_url": "STARLEDGER_PUBLIC_URL",
    "webhook_allow_private": "STARLEDGER_WEBHOOK_ALLOW_PRIVATE",
    "webhook_deadline_ms": "STARLEDGER_WEBHOOK_DEADLINE_MS",
    "webhook_deliveries": "STARLEDGER_WEBHOOK_DELIVERIES",
    "player_token_days": "STARLEDGER_PLAYER_TOKEN_DAYS",
    "seat_token_days_after_end": "STARLEDGER_SEAT_TOKEN_DAYS_AFTER_END",
    "invite_days": "STARLEDGER_INVITE_DAYS",
    "watch_folds": "STARLEDGER_WATCH_FOLDS",
}


def as_environment(settings: Settings) -> dict[str, str]:
    """Every setting as the variable `load_settings` reads it: a child process's environment."""
    found = {}
    for field, var in _ENV.items():
        value = getattr(settings, field)
        found[var] = str(value).lower() if isinstance(value, bool) else str(value)
    return found


def load_settings(**overrides: object) -> Settings:
    values: dict[str, object] = {
        field: os.environ[var] for field, var in _ENV.items() if var in os.environ
    }
    if "DATABASE_URL" not in os.environ and run_folder.DATABASE_URL.is_file():
        values["database_url"] = run_folder.DATABASE_URL.read_text().strip()
    values.update(overrides)
    return msgspec.convert(values, Settings, strict=False)
