"""Schemathesis against the gateway's own OpenAPI document: no request gets a 5xx."""

import subprocess
import sys
from pathlib import Path

from tests.stack import Stack


def test_no_generated_request_makes_the_gateway_fail(stack: Stack, tmp_path: Path) -> None:
    run = subprocess.run(
        [
            Path(sys.executable).parent / "schemathesis",
            "run",
            f"{stack.gateway}/schema/openapi.json",
            "--checks",
            "not_a_server_error",
            "--max-examples",
            "25",
            "--seed",
            "7",
            "--header",
            f"Authorization: Bearer {stack.organiser_token}",
            "--exclude-path",
            "/matches/{match_id}/stream",  # an endless stream by design
            "--request-timeout",
            "10",
            "--phases",
            "examples,coverage,fuzzing",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
