#!/usr/bin/env bash
# Sourced by ci/pr-gate and ci/nightly: fpbench itself built from this
# checkout, and the fpbench.toml of fpbench's own scenarios written from the
# environment those scripts document (fpbench.toml at the root is the same
# config with their defaults).

# `build_fpbench DIR`: a Release fpbench in DIR; prints its path.
build_fpbench() {
  cmake -S . -B "$1" -DCMAKE_BUILD_TYPE=Release -DFPBENCH_BUILD_TESTS=OFF >/dev/null
  cmake --build "$1" -j "$(nproc)" --target fpbench >&2
  echo "$1/harness/fpbench"
}

# A TOML basic string.
toml_string() {
  local s=${1//\\/\\\\}
  printf '"%s"' "${s//\"/\\\"}"
}

# Words as a TOML array of strings.
toml_array() {
  local out='' w
  for w in "$@"; do out+=${out:+, }$(toml_string "$w"); done
  printf '[%s]' "$out"
}

# `write_project_config pr|nightly`: the config on stdout. RUN_ARGS gives
# --set and --exclude, GATE_ARGS --max-regression and --threshold; anything
# else in them is refused, since the config has no place for it.
write_project_config() {
  local command=$1 sets=() excludes=() rules=() max_regression=5% word
  read -r -a words <<<"${RUN_ARGS:-}"
  local i=0
  while [ $i -lt ${#words[@]} ]; do
    word=${words[$i]}
    case "$word" in
      --set=*) sets+=("${word#--set=}") ;;
      --exclude=*) excludes+=("${word#--exclude=}") ;;
      --set) i=$((i + 1)); sets+=("${words[$i]:-}") ;;
      --exclude) i=$((i + 1)); excludes+=("${words[$i]:-}") ;;
      *) echo "$command: RUN_ARGS: '$word' has no place in fpbench.toml (--set and --exclude do)" >&2; return 2 ;;
    esac
    i=$((i + 1))
  done
  read -r -a words <<<"${GATE_ARGS:-}"
  i=0
  while [ $i -lt ${#words[@]} ]; do
    word=${words[$i]}
    case "$word" in
      --max-regression=*) max_regression=${word#--max-regression=} ;;
      --threshold=*) rules+=("${word#--threshold=}") ;;
      --max-regression) i=$((i + 1)); max_regression=${words[$i]:-} ;;
      --threshold) i=$((i + 1)); rules+=("${words[$i]:-}") ;;
      *) echo "$command: GATE_ARGS: '$word' has no place in fpbench.toml (--max-regression and --threshold do)" >&2; return 2 ;;
    esac
    i=$((i + 1))
  done
  local until_decided=${UNTIL_DECIDED:-1} paired=false runs
  [ "${PAIRED:-0}" = 1 ] && paired=true && until_decided=0
  if [ "$until_decided" = 1 ]; then runs=${RUNS:-10}; else runs=${RUNS:-30}; fi
  local metrics scenarios
  IFS=, read -r -a metrics <<<"${METRICS:-wall,instructions,syscalls}"
  read -r -a scenarios <<<"${SCENARIOS:-$([ "$command" = pr ] && echo fs || echo fs misc)}"

  echo "[build]"
  echo "command = $(toml_string "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DFPBENCH_BUILD_TESTS=OFF >/dev/null && cmake --build build -j $(nproc) --target fpbench-scenarios fpbench-print")"
  echo
  echo "[[benchmarks]]"
  echo "scenarios = \"build/scenarios/fpbench-scenarios\""
  echo "select = $(toml_array "${scenarios[@]}")"
  [ ${#sets[@]} -gt 0 ] && echo "set = $(toml_array "${sets[@]}")"
  [ ${#excludes[@]} -gt 0 ] && echo "exclude = $(toml_array "${excludes[@]}")"
  # The nightly's old side is the baseline implementation of the same
  # build: a control for the machine beside the product.
  if [ "$command" = nightly ]; then
    echo 'old_impl = "baseline"'
    echo 'new_impl = "fast"'
  fi
  echo "metrics = $(toml_array "${metrics[@]}")"
  echo "min_time = ${MIN_TIME:-0.05}"
  echo
  echo "[gate]"
  echo "wall = $(toml_string "$max_regression")"
  echo "runs = $runs"
  echo "look_every = ${LOOK_EVERY:-10}"
  echo "max_runs = ${MAX_RUNS:-200}"
  echo "time_budget = $(toml_string "${TIME_BUDGET:-10m}")"
  echo "counter_runs = ${COUNTER_RUNS:-3}"
  [ "$until_decided" = 1 ] && echo "until_decided = true" || echo "until_decided = false"
  echo "paired = $paired"
  local rule
  for rule in "${rules[@]}"; do
    echo
    echo "[[gate.rules]]"
    echo "match = $(toml_string "${rule%=*}")"
    echo "wall = $(toml_string "${rule##*=}")"
  done
  echo
  echo "[history]"
  echo "store = $(toml_string "${DB:-history.sqlite}")"
  echo "machine = $(toml_string "${MACHINE:-$(hostname)}")"
  echo "since = ${SINCE:-5}"
  echo "plot = $(toml_array "${PLOT_BENCHMARK:-fs/read-file-sync}")"
  [ -n "${BISECT_BUDGET:-}" ] && echo "bisect_budget = $(toml_string "$BISECT_BUDGET")"
  return 0
}
