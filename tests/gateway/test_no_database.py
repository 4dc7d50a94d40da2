"""A gateway whose PostgreSQL does not answer says so plainly, naming where it looked (and
not the password), instead of failing on something it never started."""

import subprocess
import sys

from services.broker import free_port
from services.settings import Settings
from tests.support import ROOT, service_env


def test_a_gateway_without_its_database_says_postgresql_does_not_answer() -> None:
    port = free_port()  # nothing listens there
    missing = Settings(
        database_url=f"postgresql://starledger:hush@127.0.0.1:{port}/starledger",
        kafka_bootstrap=f"127.0.0.1:{free_port()}",
    )
    run = subprocess.run(
        [sys.executable, "-m", "services", "gateway", "--port", str(free_port())],
        env=service_env(missing),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    said = run.stdout + run.stderr
    assert run.returncode != 0
    plainly = f"PostgreSQL at postgresql://starledger@127.0.0.1:{port}/starledger does not answer"
    assert plainly in said.splitlines()[0]
    assert "hush" not in said and "AttributeError" not in said
