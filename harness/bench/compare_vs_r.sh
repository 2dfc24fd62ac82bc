#!/usr/bin/env bash
# fpbench compare against Rscript compare.R on a generated sample file of
# 1,000 benchmarks x 30 runs x 2 binaries (60,000 rows): the two outputs must
# be byte-identical; then the median times side by side (hyperfine), their
# ratio, the peak memory of each (GNU time's maximum resident set), the
# start-up time on a three-line CSV and the CSV parsing throughput.
#
#   harness/bench/compare_vs_r.sh PATH/TO/node/benchmark/compare.R [BUILD_DIR] [OTHER_FPBENCH]
#
# OTHER_FPBENCH, an fpbench built from another commit, is measured in the
# same hyperfine runs (before and after side by side). RUNS sets the runs
# per command (default 30; 10 for R). Needs hyperfine, Rscript with the
# ggplot2 and plyr packages that compare.R loads (Debian: hyperfine
# r-base-core r-cran-ggplot2 r-cran-plyr), python3 and /usr/bin/time.
#
# Throughput is measured without the start-up: the difference in median
# time between a 60,000-row and a 600,000-row input, over the difference
# in their sizes (both have 1,000 benchmarks, so the statistics cost the
# same and the difference is reading and parsing).
set -euo pipefail
compare_r=${1:?usage: compare_vs_r.sh PATH/TO/compare.R [BUILD_DIR] [OTHER_FPBENCH]}
build_dir=${2:-build}
other=${3:-}
runs=${RUNS:-30}
here=$(cd "$(dirname "$0")" && pwd)
fpbench=$(cd "$build_dir" && pwd)/harness/fpbench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() {  # median of a hyperfine --export-json, in seconds
  python3 -c 'import json,statistics,sys; print(statistics.median(json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]["times"]))' "$1" "$2"
}

python3 "$here/gen_samples.py" --benchmarks 1000 --runs 30 > "$work/samples.csv"
python3 "$here/gen_samples.py" --benchmarks 1000 --runs 300 > "$work/samples10.csv"
printf '"binary","filename","configuration","rate","time"\n"old","a","x=1",5,1\n"new","a","x=1",6,1\n' \
  > "$work/tiny.csv"
echo "input: $(wc -l < "$work/samples.csv") lines, $(stat -c %s "$work/samples.csv") bytes"

# The two must agree before their speed means anything.
LC_ALL=C.UTF-8 Rscript "$compare_r" < "$work/samples.csv" > "$work/r.txt"
"$fpbench" compare "$work/samples.csv" > "$work/fpbench.txt"
if cmp -s "$work/r.txt" "$work/fpbench.txt"; then
  echo "output: byte-identical"
else
  echo "output: DIFFERENT"; diff "$work/r.txt" "$work/fpbench.txt" | head -20; exit 1
fi

hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/fp.json" \
  -n "fpbench compare" "$fpbench compare $work/samples.csv" \
  ${other:+-n "other fpbench compare" "$other compare $work/samples.csv"}
hyperfine --warmup 1 --runs "$(( runs < 10 ? runs : 10 ))" --export-json "$work/r.json" \
  -n "Rscript compare.R" "LC_ALL=C.UTF-8 Rscript $compare_r < $work/samples.csv"
fp=$(median "$work/fp.json" 0)
r=$(median "$work/r.json" 0)
python3 -c "import sys; f,r=map(float,sys.argv[1:]); print(f'median: fpbench {f*1e3:.1f} ms, Rscript {r*1e3:.0f} ms: {r/f:.0f}x')" "$fp" "$r"
if [[ -n "$other" ]]; then
  python3 -c "import sys; print(f'median: other fpbench {float(sys.argv[1])*1e3:.1f} ms')" \
    "$(median "$work/fp.json" 1)"
fi

echo "start-up on a three-line CSV:"
hyperfine -N --warmup 50 --runs 1000 --export-json "$work/tiny.json" \
  -n "fpbench compare tiny.csv" "$fpbench compare $work/tiny.csv" \
  ${other:+-n "other fpbench compare tiny.csv" "$other compare $work/tiny.csv"} > /dev/null
python3 -c "import sys; print(f'median: fpbench {float(sys.argv[1])*1e3:.2f} ms')" "$(median "$work/tiny.json" 0)"
if [[ -n "$other" ]]; then
  python3 -c "import sys; print(f'median: other fpbench {float(sys.argv[1])*1e3:.2f} ms')" \
    "$(median "$work/tiny.json" 1)"
fi

echo "parsing throughput (600,000 minus 60,000 rows):"
for bin in "$fpbench" ${other:+"$other"}; do
  hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/big.json" \
    "$bin compare $work/samples.csv" "$bin compare $work/samples10.csv" > /dev/null
  python3 -c "import sys; a,b,sa,sb=map(float,sys.argv[1:5]); print(f'{sys.argv[5]}: {(sb-sa)/(b-a)/1e6:.0f} MB/s')" \
    "$(median "$work/big.json" 0)" "$(median "$work/big.json" 1)" \
    "$(stat -c %s "$work/samples.csv")" "$(stat -c %s "$work/samples10.csv")" "$bin"
done

for bin in "$fpbench" ${other:+"$other"}; do
  /usr/bin/time -v "$bin" compare "$work/samples.csv" 2>&1 >/dev/null |
    awk -v b="$bin" '/Maximum resident/ {print $6 " KiB peak RSS: " b " compare"}'
done
LC_ALL=C.UTF-8 /usr/bin/time -v Rscript "$compare_r" < "$work/samples.csv" 2>&1 >/dev/null |
  awk '/Maximum resident/ {print $6 " KiB peak RSS: Rscript compare.R"}'
