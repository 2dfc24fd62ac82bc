#!/usr/bin/env bash
# Fills a history store with synthetic nights, one `fpbench history record`
# (one transaction) per night, for sizing the store:
#
#   bash ci/bench/build_history_db.sh DB FIRST LAST [FPBENCH]
#
# Night i is commit sha1("night-i"), dated 2025-01-01 + i days, machine
# "bench-1"; gen_history.py's defaults: 1000 benchmarks x 30 samples per side.
set -euo pipefail
db=$1 first=$2 last=$3
fpbench=${4:-build/harness/fpbench}
here=$(dirname "$0")
for ((i = first; i <= last; i++)); do
  commit=$(printf 'night-%d' "$i" | sha1sum | cut -c1-40)
  date=$(date -u -d "2025-01-01 + $i days" +%Y-%m-%dT02:00:00Z)
  python3 "$here/gen_history.py" --night "$i" |
    "$fpbench" history record - --db "$db" --commit "$commit" --date "$date" --machine bench-1
done
