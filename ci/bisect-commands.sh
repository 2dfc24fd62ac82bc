#!/usr/bin/env bash
# Prints, for each regression change point among the selected runs of a
# `fpbench history detect --format json` document, the `fpbench bisect`
# command that finds its commit between the last good night and that one.
#
#   bisect-commands.sh DETECT_JSON DB METRIC [BUILD_DIR]
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 DETECT_JSON DB METRIC [BUILD_DIR]" >&2; exit 2; }
detect=$1 db=$2 metric=$3 build_dir=${4:-build}
python3 - "$detect" "$db" "$metric" "$build_dir" <<'PY'
import json, shlex, sys
detect, db, metric, build_dir = sys.argv[1:]
with open(detect) as f:
    doc = json.load(f)
build = (f"cmake -S . -B {build_dir} -DCMAKE_BUILD_TYPE=Release "
         f"-DFPBENCH_BUILD_TESTS=OFF >/dev/null && cmake --build {build_dir} "
         f"--target fpbench-scenarios")
for s in doc.get("series", []):
    for c in s.get("change_points", []):
        if not (c.get("regression") and c.get("selected")):
            continue
        if not c.get("last_good_commit"):
            continue
        name = s["benchmark"].rstrip(" ")
        print(f"nightly: {name} ({metric}) changed between "
              f"{c['last_good_commit'][:12]} and {c['commit'][:12]}; "
              f"to find the commit:")
        print("  fpbench bisect --from-history " + shlex.quote(db) +
              " --benchmark " + shlex.quote(name) + " --metric " +
              shlex.quote(metric) + " --build " + shlex.quote(build) +
              " --scenario-program " + shlex.quote(f"{build_dir}/scenarios/fpbench-scenarios"))
PY
