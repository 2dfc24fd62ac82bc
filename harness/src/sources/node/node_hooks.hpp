#pragma once

// The module fpbench loads into a Node benchmark script with --require:
// sources/node/hooks.js, compiled in at build time.
// It changes nothing a script measures: it waits for the script to load
// Node's benchmark/common.js (any module exporting createBenchmark and its
// Benchmark class) and then
//  - lists (FPBENCH_NODE_MODE=list): instead of forking one process per
//    configuration, writes each configuration of the queue common.js built
//    as one JSON line to FPBENCH_NODE_OUT: its name as compare.js writes it
//    (" KEY=" + util.inspect(VALUE) in the queue's key order), the
//    arguments common.js would fork it with, and the script's node flags;
//  - measures (otherwise; the script runs one configuration, as common.js's
//    forked child does): writes the rate and time of each report to
//    FPBENCH_NODE_OUT, and with counter groups from fpbench-counted-exec
//    (FPBENCH_COUNTER_GROUPS) the counts between bench.start() and
//    bench.end(n), read first thing in each; with FPBENCH_REALTIME=1,
//    every thread runs at SCHED_FIFO 1 from bench.start() until the
//    section's time is reported.

#include <string_view>

namespace fpbench::harness::detail {

std::string_view node_hooks_script();

}  // namespace fpbench::harness::detail
