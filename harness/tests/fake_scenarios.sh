# shellcheck shell=bash
# Sourced by the shell tests: fake_scenarios PATH [CONFIG_PAD] writes a
# stand-in fpbench-scenarios at PATH with the benchmarks demo/a and demo/b
# (their configuration padded with CONFIG_PAD characters, to make long rows)
# that reports one Google Benchmark sample per run.
fake_scenarios() {
  local path=$1 pad_len=${2:-0} pad=
  pad=$(head -c "$pad_len" /dev/zero | tr '\0' x)
  cat > "$path" <<SCRIPT
#!/bin/sh
case " \$* " in
  *' --build-info '*) printf 'optimized=yes\nsanitized=no\nassertions=no\n'; exit 0;;
  *' --list-configs '*) echo 'demo/a n=1 pad=$pad'; echo 'demo/b n=2 pad=$pad'; exit 0;;
esac
echo '{"benchmarks":[{"name":"x","run_type":"iteration","iterations":10,"real_time":1000,"time_unit":"ns","items_per_second":1000000}]}'
SCRIPT
  chmod +x "$path"
}

# Skips the test saying why (ctest's SKIP_RETURN_CODE 77), or fails it under
# CI, where every prerequisite is there (CI set to anything but "", 0, false).
# The sourcing script sets test_name.
skip_or_fail_in_ci() {
  # shellcheck disable=SC2154
  case "${CI:-}" in
    "" | 0 | false)
      echo "$test_name: SKIPPED: $1" >&2
      exit 77 ;;
    *)
      echo "$test_name: FAILED: $1; CI is set, so this is a failure, not a skip" >&2
      exit 1 ;;
  esac
}

fail() {
  echo "$test_name: FAILED: $*" >&2
  exit 1
}
