"""Apache Kafka in KRaft combined mode (broker and controller in one JVM) on 127.0.0.1, run
from the jars Maven Central serves, with its log in a folder the caller names: a restart
finds every topic and record of the last run."""

import base64
import subprocess
import uuid
from pathlib import Path
from typing import IO

from services.broker.jars import kafka_libs, kafka_version
from services.broker.process import BrokerProcess, free_port

# A modest heap and the serial collector: one small broker on a machine of 2 cores.
JVM_OPTIONS = [
    "-Xms64m",
    "-Xmx512m",
    "-XX:+UseSerialGC",
    "-Djava.awt.headless=true",
    "-Dorg.slf4j.simpleLogger.showDateTime=true",  # slf4j-simple's lines, to the broker's log
    "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd HH:mm:ss.SSS",
]


def server_properties(port: int, controller_port: int, log_dir: Path) -> str:
    settings = {
        "process.roles": "broker,controller",
        "node.id": "1",
        "controller.quorum.voters": f"1@127.0.0.1:{controller_port}",
        "listeners": f"PLAINTEXT://127.0.0.1:{port},CONTROLLER://127.0.0.1:{controller_port}",
        "advertised.listeners": f"PLAINTEXT://127.0.0.1:{port}",
        "controller.listener.names": "CONTROLLER",
        "inter.broker.listener.name": "PLAINTEXT",
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "log.dirs": str(log_dir),
        # One node: every internal topic has one replica.
        "offsets.topic.replication.factor": "1",
        "transaction.state.log.replication.factor": "1",
        "transaction.state.log.min.isr": "1",
        "share.coordinator.state.topic.replication.factor": "1",
        "share.coordinator.state.topic.min.isr": "1",
        # Fewer partitions than the default 50: each costs files and start-up time.
        "offsets.topic.num.partitions": "4",
        "transaction.state.log.num.partitions": "4",
        "group.initial.rebalance.delay.ms": "0",
        "auto.create.topics.enable": "false",  # services/topics.py creates them
    }
    return "".join(f"{key}={value}\n" for key, value in settings.items())


def new_cluster_id() -> str:
    """A random Kafka Uuid in its base64 form; one starting with '-' would read as an option."""
    while True:
        cluster_id = base64.urlsafe_b64encode(uuid.uuid4().bytes).rstrip(b"=").decode()
        if not cluster_id.startswith("-"):
            return cluster_id


class KafkaBroker(BrokerProcess):
    keeps_log = True
    idempotent = True
    start_timeout = 90.0  # a first JVM start on a busy machine
    stop_timeout = 30.0  # a clean shutdown closes every log segment

    def __init__(self, data_dir: Path, port: int | None = None, log_path: Path | None = None):
        super().__init__(port, log_path)
        self.data_dir = data_dir
        self.log_dir = data_dir / "log"

    def describe(self) -> str:
        return f"Apache Kafka {kafka_version()} on {self.bootstrap}, log in {self.log_dir}/"

    def _command(self, log: IO[bytes] | int) -> list[str]:
        java = ["java", *JVM_OPTIONS, "-cp", f"{kafka_libs()}/*"]
        self.data_dir.mkdir(parents=True, exist_ok=True)
        config = self.data_dir / "server.properties"
        # The controller's port may change between runs: a static quorum keeps none on disk.
        config.write_text(server_properties(self.port, free_port(), self.log_dir))
        if not (self.log_dir / "meta.properties").exists():  # a new log folder
            format_storage = ["kafka.tools.StorageTool", "format", "--config", str(config)]
            subprocess.run(
                [*java, *format_storage, "--cluster-id", new_cluster_id()],
                stdout=log,
                stderr=log,
                check=True,
            )
        return [*java, "kafka.Kafka", str(config)]
