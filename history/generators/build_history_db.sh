#!/usr/bin/env bash
# Fills a history store with synthetic nights, one `fpbench history record`
# (one transaction) per night, for sizing the store:
#
#   bash history/generators/build_history_db.sh DB FIRST LAST [FPBENCH]
#
# Night i is commit sha1("night-i"), dated 2025-01-01 + i days, machine
# "bench-1"; gen_history.py's defaults (1000 benchmarks x 30 samples per side,
# a -5% step at night 200 in every 50th benchmark) unless GEN_ARGS says
# otherwise, e.g. GEN_ARGS="--benchmarks 20 --step-night 57 --step-every 10".
set -euo pipefail
db=$1 first=$2 last=$3
fpbench=${4:-build/harness/fpbench}
here=$(dirname "$0")
for ((i = first; i <= last; i++)); do
  commit=$(printf 'night-%d' "$i" | sha1sum | cut -c1-40)
  date=$(date -u -d "2025-01-01 + $i days" +%Y-%m-%dT02:00:00Z)
  # shellcheck disable=SC2086
  python3 "$here/gen_history.py" --night "$i" ${GEN_ARGS:-} |
    "$fpbench" history record - --db "$db" --commit "$commit" --date "$date" --machine bench-1
done
