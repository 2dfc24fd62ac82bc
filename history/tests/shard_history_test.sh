#!/usr/bin/env bash
# A run split into 4 shards, each measured as if on its own machine and
# recorded under its own machine name into one PostgreSQL store, gives the
# same compare table as the unsharded run of the same samples; and the
# shards recorded into SQLite files and merged (twice) into PostgreSQL give
# it too. The samples come from a stand-in scenario program whose k-th
# sample of a configuration and implementation is always the same value.
#
#   bash history/tests/shard_history_test.sh BUILD_DIR
#
# Needs FPBENCH_TEST_POSTGRES_URL (eval "$(bash ci/start-test-postgres.sh)")
# and psql; without them exits 77 (skipped), except under CI (CI=true),
# where that fails.
set -euo pipefail
build=$(cd "${1:?usage: shard_history_test.sh BUILD_DIR}" && pwd)
fpbench=$build/harness/fpbench
fail() { echo "shard_history_test: $*" >&2; exit 1; }
skip_or_fail() {
  case "${CI:-}" in ''|0|false) echo "shard_history_test: $*; skipped" >&2; exit 77;; esac
  fail "$*, and CI is set"
}
[ -n "${FPBENCH_TEST_POSTGRES_URL:-}" ] ||
  skip_or_fail "FPBENCH_TEST_POSTGRES_URL is not set (eval \"\$(bash ci/start-test-postgres.sh)\")"
psql=$(command -v psql || true)
if [ -z "$psql" ]; then
  for candidate in /usr/lib/postgresql/*/bin/psql; do [ -x "$candidate" ] && psql=$candidate; done
fi
[ -n "$psql" ] || skip_or_fail "no psql"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/fpbench-shard-history.XXXXXX")
schema=fpbench_shard_$$
url="$FPBENCH_TEST_POSTGRES_URL"
sep='?'; [[ $url == *\?* ]] && sep='&'
db="$url${sep}options=-csearch_path%3D$schema"
merged_schema=${schema}_merged
merged_db="$url${sep}options=-csearch_path%3D$merged_schema"
cleanup() {
  "$psql" -q "$url" -c "DROP SCHEMA IF EXISTS $schema CASCADE; DROP SCHEMA IF EXISTS $merged_schema CASCADE" >/dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap cleanup EXIT
"$psql" -q "$url" -c "CREATE SCHEMA $schema; CREATE SCHEMA $merged_schema" >/dev/null

state=$scratch/state
program=$scratch/fake-scenarios
cat > "$program" <<FAKE
#!/bin/sh
case " \$* " in
  *' --build-info '*) printf 'optimized=yes\nsanitized=no\nassertions=no\ncompiler=GNU 12\nflags=-O2\nbuild_type=Release\ncommit=abc\n'; exit 0;;
  *' --list-configs '*) for s in read write; do for n in 1 2 3 4 5; do echo "fs/\$s size=\$n"; done; done; exit 0;;
esac
impl=; name=
for a in "\$@"; do case "\$a" in --impl=*) impl=\${a#--impl=};;
  --benchmark_filter=*) name=\${a#--benchmark_filter=^}; name=\${name%%(*};; esac; done
key=\$(printf '%s_%s' "\$impl" "\$name" | tr -c 'a-zA-Z0-9' '_')
n=\$(cat "$state/\$key" 2>/dev/null || echo 0)
echo \$((n + 1)) > "$state/\$key"
h=\$(printf %s "\$key" | cksum | cut -d' ' -f1)
rate=\$((1000 + h % 5000 + (n * 7919) % 211))
echo '{"benchmarks":[{"name":"x","run_type":"iteration","iterations":10,"real_time":1000,"time_unit":"ns","items_per_second":'\$rate'}]}'
FAKE
chmod +x "$program"
run() { "$fpbench" run --scenario-program "$program" --old-impl baseline --new-impl fast fs --runs 5 \
          --seed 11 --no-progress --no-realtime --min-time 0.001 "$@"; }
commit=5ba4d0e1c0ffee

mkdir -p "$state"
run -o "$scratch/full.csv"
"$fpbench" compare "$scratch/full.csv" > "$scratch/full.txt"
grep -q "fs/write size=5" "$scratch/full.txt" || fail "the unsharded table lacks a row"

rm -rf "$state"; mkdir -p "$state"
for k in 1 2 3 4; do
  run --shard "$k/4" --machine "runner-$k" -o "$scratch/shard-$k.csv" --json "$scratch/shard-$k.json"
  "$fpbench" history record "$scratch/shard-$k.csv" --context "$scratch/shard-$k.json" \
    --db "$db" --commit "$commit" --date 2026-03-01T02:00:00Z > "$scratch/record-$k.txt"
  grep -q "machine runner-$k" "$scratch/record-$k.txt" || fail "shard $k not recorded as runner-$k"
  "$fpbench" history record "$scratch/shard-$k.csv" --context "$scratch/shard-$k.json" \
    --db "$scratch/shard-$k.sqlite" --commit "$commit" --date 2026-03-01T02:00:00Z > /dev/null
done

"$fpbench" history samples --db "$db" --commit "${commit:0:8}" > "$scratch/stored.csv"
"$fpbench" compare "$scratch/stored.csv" > "$scratch/stored.txt"
cmp -s "$scratch/full.txt" "$scratch/stored.txt" ||
  { diff "$scratch/full.txt" "$scratch/stored.txt" >&2 || true; fail "the store's table differs from the unsharded run's"; }
cat "$scratch"/shard-*.csv | "$fpbench" compare > "$scratch/joined.txt"
cmp -s "$scratch/full.txt" "$scratch/joined.txt" || fail "the joined shards' table differs"

for pass in 1 2; do
  "$fpbench" history merge "$scratch"/shard-*.sqlite --db "$merged_db" > "$scratch/merge-$pass.txt"
  "$fpbench" history samples --db "$merged_db" --commit "$commit" | "$fpbench" compare > "$scratch/merged-$pass.txt"
  cmp -s "$scratch/full.txt" "$scratch/merged-$pass.txt" || fail "the merged store's table differs (pass $pass)"
done
[ "$(grep -c '1 runs added' "$scratch/merge-1.txt")" = 4 ] || fail "the first merge did not add 4 runs"
[ "$(grep -c '0 runs added, 0 replaced, 1 already there' "$scratch/merge-2.txt")" = 4 ] ||
  fail "merging again changed something: $(cat "$scratch/merge-2.txt")"
"$fpbench" history detect --db "$db" --metric wall > "$scratch/detect.txt"
grep -q "runs compared within one machine class only" "$scratch/detect.txt" || fail "detect does not name the classes"
echo "shard_history_test: ok"
