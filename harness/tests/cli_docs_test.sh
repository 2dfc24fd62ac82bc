#!/usr/bin/env bash
# The committed docs/cli.md is the one the option definitions write.
#
#   bash cli_docs_test.sh COMMITTED GENERATED
set -euo pipefail
committed=${1:?usage: cli_docs_test.sh COMMITTED GENERATED}
generated=${2:?usage: cli_docs_test.sh COMMITTED GENERATED}
if ! diff -u "$committed" "$generated"; then
  echo "cli_docs_test: $committed differs from the definitions; rewrite it with" \
    "cmake --build BUILD --target fpbench_update_cli_docs" >&2
  exit 1
fi
