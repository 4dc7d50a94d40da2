"""The stack's own Kafka-protocol broker on this machine: Apache Kafka with its log on disk
where Java 17+ runs, else Tansu in memory."""

from pathlib import Path

from services.broker.jars import kafka_runs_here
from services.broker.kafka import KafkaBroker
from services.broker.process import BrokerProcess, free_port
from services.broker.tansu import TansuBroker

__all__ = ["BrokerProcess", "KafkaBroker", "TansuBroker", "free_port", "local_broker"]


def local_broker(
    data_dir: Path, *, port: int | None = None, log_path: Path | None = None
) -> BrokerProcess:
    """Apache Kafka keeping its log in `data_dir` if it can run here, else Tansu."""
    if kafka_runs_here():
        return KafkaBroker(data_dir, port=port, log_path=log_path)
    return TansuBroker(port=port, log_path=log_path)
