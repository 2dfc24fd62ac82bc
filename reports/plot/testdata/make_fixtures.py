#!/usr/bin/env python3
"""Regenerate the plot test fixtures in this folder.

The compare fixtures are what `fpbench compare --format json` prints for
seeded synthetic samples, so they have exactly the shape the plot script is
fed; the history fixture is written directly in the shape `fpbench history
plot` writes.

    python3 make_fixtures.py path/to/fpbench
"""

import csv
import io
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def samples_csv(benchmarks, seed):
    """benchmarks: (filename, configuration, old_rate, speedup, n_old, n_new)."""
    rnd = random.Random(seed)
    out = io.StringIO()
    w = csv.writer(out, quoting=csv.QUOTE_NONNUMERIC, lineterminator="\n")
    w.writerow(["binary", "filename", "configuration", "rate", "time"])
    for filename, config, rate, speedup, n_old, n_new in benchmarks:
        for binary, mean, n in (("old", rate, n_old), ("new", rate * speedup, n_new)):
            for _ in range(n):
                r = max(mean * 0.05, rnd.gauss(mean, mean * 0.03))
                if rnd.random() < 0.04:  # an occasional slow outlier
                    r *= 0.85
                w.writerow([binary, filename, config, r, 1.0])
    return out.getvalue()


def compare_json(fpbench, benchmarks, seed, name):
    text = samples_csv(benchmarks, seed)
    done = subprocess.run([fpbench, "compare", "--format", "json", "-"],
                          input=text, capture_output=True, text=True, check=True)
    with open(os.path.join(HERE, name), "w") as f:
        f.write(done.stdout)


def fifty():
    rnd = random.Random(50)
    files = ["fs/read-file-sync", "fs/write-file-sync", "fs/readdir",
             "fs/stat-sync", "fs/copy-file", "fs/bench-\"quoted\" $name"]
    out = []
    for i in range(50):
        f = files[i % len(files)]
        config = (f"encoding='utf8' size={2 ** (i % 20)} "
                  f"path='/tmp/fpbench fixtures/dir {i}/file with spaces.txt'")
        if i % 7 == 3:
            config += " flag='O_RDWR|O_CREAT|O_TRUNC' mode=0o644 useFd='true'"
        rate = 10 ** rnd.uniform(1, 7.5)
        speedup = rnd.choice([1.0, 1.0, 1.02, 0.97, 1.3, 0.7, 2.5, 1.05])
        n_old, n_new = 10, 10
        if i == 11:
            n_new = 1   # no test: one sample on a side
        if i == 23:
            n_new = 0   # no new side at all
        out.append((f, config, rate, speedup, n_old, n_new))
    return out


def readme_nine():
    """The nine rows of the README's first table: fast readFileSync against
    the baseline, from +12% to +5,012%."""
    out = []
    speedups = {("latin1", 1024): 1.226, ("latin1", 102400): 6.4878,
                ("latin1", 1048576): 1.5214, ("undefined", 1024): 1.2198,
                ("undefined", 102400): 6.1778, ("undefined", 1048576): 1.1239,
                ("utf8", 1024): 3.6362, ("utf8", 102400): 51.1233,
                ("utf8", 1048576): 41.4527}
    for (encoding, size), speedup in speedups.items():
        rate = 3.0e8 / (size + 1000)
        out.append(("fs/read-file-sync", f"path='existing' encoding='{encoding}' "
                    f"useFd='false' size={size}", rate, speedup, 30, 30))
    return out


def main_job():
    """The main job's 108 configurations (fpbench list fs misc), fast against
    baseline, with speed-ups from x0.8 to x80."""
    rnd = random.Random(108)
    configs = []
    for enc in ("'utf8'", "'latin1'", "'base64'"):
        for fd in ("'true'", "'false'"):
            for data in ("'ascii'", "'two-byte'"):
                for length in (1024, 102400, 1048576):
                    configs.append(("fs/write-file-sync", f"encoding={enc} useFd={fd} "
                                    f"data={data} length={length}"))
    for path in ("'existing'", "'non-existing'"):
        for enc in ("'undefined'", "'utf8'", "'latin1'"):
            for fd in ("'false'", "'true'"):
                for size in (1024, 102400, 1048576):
                    configs.append(("fs/read-file-sync", f"path={path} encoding={enc} "
                                    f"useFd={fd} size={size}"))
    for code in ("'1'", "'\"string\"'", "'process.versions'", "'process'"):
        for target in ("'file'", "'pipe'", "'null'"):
            configs.append(("misc/print", f"code={code} target={target}"))
    configs += [("misc/print-process", "code='1'"), ("misc/print-process", "code='process'")]
    for d in ("'lib'", "'test/parallel'", "'test'"):
        for mode in ("'sync'", "'callback'", "'promise'"):
            for types in ("'true'", "'false'"):
                configs.append(("fs/readdir-recursive", f"dir={d} mode={mode} "
                                f"withFileTypes={types}"))
    configs = configs[:104] + [("fs/readdir-chain", f"depth={d} files={f}")
                               for d in (2, 16) for f in (10, 150)]
    out = []
    for f, c in configs:
        speedup = rnd.choice([0.8, 0.97, 1.0, 1.03, 1.08, 1.2, 1.6, 2.5, 6.0, 14.0, 35.0, 81.0])
        out.append((f, c, 10 ** rnd.uniform(2, 6), speedup, 10, 10))
    return out


def history():
    rnd = random.Random(7)

    def points(n, levels):
        pts = []
        for i in range(n):
            level = next(v for start, v in reversed(levels) if i >= start)
            mean = rnd.gauss(level, level * 0.01)
            pts.append({"commit": f"{rnd.getrandbits(40):010x}",
                        "date": f"2026-{1 + i // 28:02d}-{1 + i % 28:02d}T03:00:00Z",
                        "n": 30, "mean": mean, "median": mean * 0.998,
                        "min": mean * 0.95, "max": mean * 1.04})
        return pts

    def change(pts, index, before, after):
        return {"index": index, "commit": pts[index]["commit"],
                "date": pts[index]["date"], "mean_before": before,
                "mean_after": after,
                "magnitude_pct": (after - before) / before * 100,
                "p_value": 1e-9, "regression": after < before}

    a = points(90, [(0, 1234.5), (57, 1172.0)])
    b = points(40, [(0, 5.1e6), (12, 6.3e6), (30, 5.6e6)])
    return {"metric": "rate_ops_per_s", "series": [
        {"benchmark": "fs/read-file-sync encoding='utf8' size=1024",
         "machine": "ci-1", "side": "new", "points": a,
         "change_points": [change(a, 57, 1234.5, 1172.0)]},
        {"benchmark": "fs/write-file-sync encoding='utf8' useFd='true' "
                      "length=65536 path='/tmp/a dir with spaces/out.bin'",
         "machine": "ci-2", "side": "new", "points": b,
         "change_points": [change(b, 12, 5.1e6, 6.3e6),
                           change(b, 30, 6.3e6, 5.6e6)]}]}


def main():
    fpbench = sys.argv[1]
    compare_json(fpbench, [("fs/read-file-sync", "encoding='utf8' size=1024",
                            152000.0, 1.12, 30, 30)], 1, "compare-1.json")
    compare_json(fpbench, [
        ("fs/read-file-sync", "encoding='utf8' size=1024", 152000.0, 1.12, 30, 30),
        ("fs/read-file-sync", "encoding='undefined' size=16777216", 210.0, 0.96, 30, 30),
        ("fs/write-file-sync", "encoding='utf8' useFd='true' length=65536 "
         "path='/tmp/a dir with spaces/out.bin'", 48000.0, 1.0, 30, 30),
        ("fs/readdir", "withFileTypes='true' entries=10000", 950.0, 2.1, 30, 30),
        ("fs/stat-sync", "path='missing'", 2.4e6, 1.3, 30, 1)], 5, "compare-5.json")
    compare_json(fpbench, fifty(), 50, "compare-50.json")
    compare_json(fpbench, readme_nine(), 9, "compare-readme-9.json")
    compare_json(fpbench, main_job(), 108, "compare-108.json")
    with open(os.path.join(HERE, "history-2.json"), "w") as f:
        json.dump(history(), f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
