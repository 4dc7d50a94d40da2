"""The rules service judges a batch while the broker acks the one before: what it does when
those acks fail, where no broker can be made to refuse on cue."""

from aiokafka import TopicPartition

from events.match import PartitionMatches
from services.rules.service import RulesService, _Partition, _Sending
from services.settings import Settings


class _Refused:
    """An outbox whose batch the broker refused."""

    last: dict[int, tuple[int, bytes]] = {}

    async def deliver(self) -> None:
        raise RuntimeError("the broker refused the batch")


async def test_a_batch_refused_while_partitions_are_revoked_stops_the_service() -> None:
    """Its folds are ahead of the log, so the partitions it keeps must not be judged on."""
    service = RulesService(Settings(), instance="test")
    service.owned = {p: _Partition(PartitionMatches("w"), "w") for p in (0, 1)}
    service._sending = _Sending(_Refused(), [], {TopicPartition("decisions", 0): 7})  # type: ignore[arg-type]
    await service.on_partitions_revoked([TopicPartition("decisions", 0)])
    assert service.owned == {} and service._stopping.is_set()
    assert isinstance(service._fatal, RuntimeError)
