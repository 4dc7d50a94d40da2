"""What both local brokers share: free ports, the wait until the broker answers a Kafka
request, a stop that lets it shut down cleanly before it is killed, and a kill that does not."""

import ctypes
import signal
import socket
import struct
import subprocess
import sys
import time
from abc import ABC, abstractmethod
from contextlib import ExitStack, nullcontext, suppress
from pathlib import Path
from typing import IO, Self

API_VERSIONS = 18  # the request every Kafka client sends first


def free_port() -> int:
    return free_ports(1)[0]


def free_ports(count: int) -> list[int]:
    """`count` distinct ports, each free now: all are held open until every one is found."""
    with ExitStack() as held:
        socks = [held.enter_context(socket.socket()) for _ in range(count)]
        for sock in socks:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in socks]


def port_taken(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def answers(port: int, timeout: float = 0.5) -> bool:
    """Whether a broker on `port` answers an ApiVersions request: an open socket is not
    enough, as Kafka accepts connections a while before it serves them."""
    client_id = b"starledger"
    request = struct.pack(">hhih", API_VERSIONS, 0, 1, len(client_id)) + client_id
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(struct.pack(">i", len(request)) + request)
            reply = sock.recv(8, socket.MSG_WAITALL)
    except OSError:
        return False
    return len(reply) == 8 and struct.unpack(">ii", reply)[1] == 1  # our correlation id


def stop_with_parent() -> None:
    """Runs in the child before exec: the kernel sends it SIGTERM when its parent dies, so a
    killed test run or stack leaves no broker holding the port and the log (nor a service
    retrying against them)."""
    pr_set_pdeathsig = 1
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


class BrokerProcess(ABC):
    """A Kafka-protocol broker run as a child process on 127.0.0.1:`port`; a context manager
    that starts it, waits until it answers, and stops it."""

    keeps_log: bool  # whether a restart finds the topics and records of the last run
    idempotent: bool  # whether producers may ask for idempotence (InitProducerId)
    start_timeout: float
    stop_timeout: float

    def __init__(self, port: int | None = None, log_path: Path | None = None) -> None:
        self.port = port or free_port()
        self.log_path = log_path
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def pid(self) -> int | None:
        """The running broker's process id (a benchmark reads its CPU time)."""
        return self._process.pid if self._process is not None else None

    @abstractmethod
    def describe(self) -> str:
        """One line for people: which broker, where, and where its log lives."""

    @abstractmethod
    def _command(self, log: IO[bytes] | int) -> list[str]:
        """The command line that runs the broker; what it prepares first writes to `log`."""

    def start(self) -> Self:
        self.spawn()
        self.until_answering()
        return self

    def spawn(self) -> None:
        """Starts the process without waiting for it to answer (a cluster's nodes answer only
        once a majority of them runs)."""
        if port_taken(self.port):
            raise RuntimeError(f"port {self.port} is taken: is a broker already running?")
        log_file = open(self.log_path, "ab") if self.log_path else None  # noqa: SIM115
        with log_file or nullcontext(subprocess.DEVNULL) as log:
            self._process = subprocess.Popen(
                self._command(log),
                stdout=log,
                stderr=log,
                start_new_session=True,  # Ctrl-C reaches the caller, which stops the broker last
                preexec_fn=stop_with_parent if sys.platform == "linux" else None,
            )

    def until_answering(self) -> None:
        assert self._process is not None, "spawn it first"
        deadline = time.monotonic() + self.start_timeout
        while not answers(self.port):
            if self._process.poll() is not None:
                code = self._process.returncode
                where = f"; see {self.log_path}" if self.log_path else ""
                raise RuntimeError(f"the broker exited with code {code}{where}")
            if time.monotonic() > deadline:
                self.stop()
                raise TimeoutError(f"the broker did not answer on {self.bootstrap}")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, as when its machine loses power; `start` runs it again."""
        if self._process is None:
            return
        self._process.kill()
        self._process.wait()
        self._process = None

    def ask_to_stop(self) -> None:
        """SIGTERM, without waiting for the clean shutdown it starts; `stop` waits."""
        if self._process is not None:
            self._process.terminate()

    def stop(self) -> None:
        if self._process is None:
            return
        self.ask_to_stop()
        with suppress(subprocess.TimeoutExpired):
            self._process.wait(timeout=self.stop_timeout)
        self.kill()  # if it has not stopped in time

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
