#!/usr/bin/env bash
# fpbench compare against Rscript compare.R on a generated sample file of
# 1,000 benchmarks x 30 runs x 2 binaries (60,000 rows), side by side with
# hyperfine, plus the peak memory of each (GNU time's maximum resident set).
#
#   harness/bench/compare_vs_r.sh PATH/TO/node/benchmark/compare.R [BUILD_DIR]
#
# Needs hyperfine, Rscript with the ggplot2 and plyr packages that compare.R
# loads (Debian: hyperfine r-base-core r-cran-ggplot2 r-cran-plyr), and
# /usr/bin/time.
set -euo pipefail
compare_r=${1:?usage: compare_vs_r.sh PATH/TO/compare.R [BUILD_DIR]}
build_dir=${2:-build}
here=$(cd "$(dirname "$0")" && pwd)
fpbench=$(cd "$build_dir" && pwd)/harness/fpbench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$here/gen_samples.py" --benchmarks 1000 --runs 30 > "$work/samples.csv"
echo "input: $(wc -l < "$work/samples.csv") lines, $(du -h "$work/samples.csv" | cut -f1)"

# The two must agree before their speed means anything.
LC_ALL=C.UTF-8 Rscript "$compare_r" < "$work/samples.csv" > "$work/r.txt"
"$fpbench" compare "$work/samples.csv" > "$work/fpbench.txt"
if cmp -s "$work/r.txt" "$work/fpbench.txt"; then
  echo "output: byte-identical"
else
  echo "output: DIFFERENT"; diff "$work/r.txt" "$work/fpbench.txt" | head -20; exit 1
fi

hyperfine --warmup 2 --runs "${RUNS:-10}" \
  -n "fpbench compare" "$fpbench compare $work/samples.csv" \
  -n "Rscript compare.R" "LC_ALL=C.UTF-8 Rscript $compare_r < $work/samples.csv"

/usr/bin/time -f "%M KiB peak RSS: fpbench compare" "$fpbench" compare "$work/samples.csv" > /dev/null
/usr/bin/time -f "%M KiB peak RSS: Rscript compare.R" \
  env LC_ALL=C.UTF-8 Rscript "$compare_r" < "$work/samples.csv" > /dev/null
