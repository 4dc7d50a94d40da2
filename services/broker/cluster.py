"""Several Apache Kafka nodes on 127.0.0.1 as one cluster, as `deploy/` runs three: each node
broker and controller, one quorum of them all, one cluster id, each its own ports and data
folder, so a node killed starts again where it was and catches up from the others."""

from pathlib import Path
from typing import Self

from services.broker.kafka import KafkaBroker, new_cluster_id
from services.broker.process import free_ports


class KafkaCluster:
    def __init__(self, data_dir: Path, size: int = 3, log_dir: Path | None = None) -> None:
        ports = free_ports(2 * size)
        voters = {node_id: ports[size + node_id - 1] for node_id in range(1, size + 1)}
        cluster_id = new_cluster_id()
        self.nodes = {
            node_id: KafkaBroker(
                data_dir / f"node-{node_id}",
                ports[node_id - 1],
                log_dir / f"kafka-{node_id}.log" if log_dir else None,
                node_id=node_id,
                voters=voters,
                cluster_id=cluster_id,
            )
            for node_id in voters
        }

    @property
    def bootstrap(self) -> str:
        return ",".join(node.bootstrap for node in self.nodes.values())

    def start(self) -> Self:
        for node in self.nodes.values():
            node.spawn()  # none answers before a majority of the quorum runs
        try:
            for node in self.nodes.values():
                node.until_answering()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        # All at once: a node shutting down cleanly needs a majority of the quorum still there.
        for node in self.nodes.values():
            node.ask_to_stop()
        for node in self.nodes.values():
            node.stop()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
