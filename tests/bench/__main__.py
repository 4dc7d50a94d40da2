"""`make bench`: every benchmark, one after another, each printing its figures (those that
start a broker: on Kafka and on Tansu side by side, `scratch.on_each_broker`)."""

import os

os.environ.setdefault("STARLEDGER_RULESETS", "tests.tiny_ruleset")

from tests.bench import (
    bench_clock,
    bench_core_worlds,
    bench_flood,
    bench_floor,
    bench_gateway,
    bench_memory,
    bench_projections,
    bench_race_for_the_galaxy,
    bench_reads,
    bench_rules,
    bench_stack_cpu,
    bench_standing_orders,
    bench_star_realms,
    bench_stats,
    bench_status,
    bench_transactions,
    bench_twilight_imperium_3,
    bench_web,
)

if __name__ == "__main__":  # not in the floor's spawned processes, which import this module
    for bench in (
        bench_rules,
        bench_transactions,
        bench_projections,
        bench_reads,
        bench_status,
        bench_floor,
        bench_gateway,
        bench_stack_cpu,
        bench_core_worlds,
        bench_star_realms,
        bench_race_for_the_galaxy,
        bench_twilight_imperium_3,
        bench_standing_orders,
        bench_clock,
        bench_stats,
        bench_web,
        bench_flood,
        bench_memory,
    ):
        print(f"== {bench.__name__.rpartition('.')[2]}", flush=True)
        bench.main()
        print(flush=True)
