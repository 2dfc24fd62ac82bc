#!/usr/bin/env python3
"""Generate compare.js-format CSV test inputs for the R compare.R oracle.

Usage: python3 gen.py OUTDIR
Deterministic: every case uses its own random.Random(seed).
"""
import os, sys, random, math
from decimal import Decimal

OUT = sys.argv[1] if len(sys.argv) > 1 else "."
HEADER = '"binary","filename","configuration","rate","time"'


def js_num(x):
    """Format a float like JavaScript's Number.prototype.toString."""
    if x == 0:
        return "0"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    sign = "-" if x < 0 else ""
    t = Decimal(repr(abs(x))).normalize().as_tuple()
    digits = "".join(map(str, t.digits))
    k = len(digits)
    n = k + t.exponent
    if k <= n <= 21:
        s = digits + "0" * (n - k)
    elif 0 < n <= 21:
        s = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        s = "0." + "0" * (-n) + digits
    else:
        e = n - 1
        s = digits[0] + ("." + digits[1:] if k > 1 else "") + "e" + ("+" if e >= 0 else "-") + str(abs(e))
    return sign + s


def q(s):
    return '"' + s.replace('"', '""') + '"'


def time_for(rate, rng):
    # compare.js prints elapsed seconds with toFixed(9); irrelevant to the table
    if rate > 0 and 1e-9 < 1e5 / rate < 1e5:
        t = 1e5 / rate
    else:
        t = rng.uniform(0.1, 5.0)
    return "%.9f" % t


def row(binary, filename, conf, rate, rng, legacy=False):
    if legacy:
        return ", ".join([q(binary), q(filename), q(conf), js_num(rate), time_for(rate, rng)])
    return ",".join([q(binary), q(filename), q(conf), js_num(rate), time_for(rate, rng)])


def samples(rng, mu, rel_sd, n):
    return [abs(rng.gauss(mu, mu * rel_sd)) for _ in range(n)]


def interleave(bench, rng):
    """bench: list of (filename, conf, old_list, new_list). Emulates compare.js
    order: runs alternate old/new, each run iterates over all benchmarks."""
    rows = []
    maxn = max(max(len(o), len(n)) for _, _, o, n in bench)
    for i in range(maxn):
        for binary, idx in (("old", 2), ("new", 3)):
            for b in bench:
                if i < len(b[idx]):
                    rows.append((binary, b[0], b[1], b[idx][i]))
    return rows


def write_case(name, rows, rng, legacy=False, eol="\n", header=HEADER, extra=None):
    lines = [header] + [row(b, f, c, r, rng, legacy) for b, f, c, r in rows]
    if extra:
        lines = extra(lines)
    data = eol.join(lines) + eol
    path = os.path.join(OUT, name + ".csv")
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(data)
    print("%-16s %6d bytes %5d rows" % (name, len(data.encode()), len(rows)))


def std_bench(rng, filename, conf, n_old=30, n_new=30, effect=None, rel_sd=None, mu=None):
    mu = mu if mu is not None else 10 ** rng.uniform(2, 6)
    rel_sd = rel_sd if rel_sd is not None else rng.uniform(0.01, 0.03)
    effect = effect if effect is not None else rng.uniform(-0.05, 0.05)
    return (filename, conf, samples(rng, mu, rel_sd, n_old), samples(rng, mu * (1 + effect), rel_sd, n_new))


# ---------------------------------------------------------------- collation
def case_collation():
    rng = random.Random(1001)
    names = [
        ("buffer/read.js", "n=1"),
        ("Buffer/read.js", "n=1"),
        ("buffer/Read.js", "n=1"),
        ("misc/print.js", "dur=1 code='process.versions'"),
        ("misc/print.js", "dur=1 code='process'"),
        ("misc/print.js", "dur=1 code='\"string\"'"),
        ("misc/print.js", "dur=1 code='1'"),
        ("misc/a10.js", ""),
        ("misc/a9.js", ""),
        ("misc/a1.js", ""),
        ("misc/_under.js", "x=1"),
        ("misc/-dash.js", "x=1"),
        ("misc/.dot.js", "x=1"),
        ("misc/x.js", "k=a b"),
        ("misc/x.js", "k=a_b"),
        ("misc/x.js", "k=a-b"),
        ("misc/x.js", "k=a.b"),
        ("misc/x.js", "k=ab"),
        ("misc/x.js", "k='ab'"),
        ("misc/x.js", "k==ab"),
        ("misc/x.js", "K=ab"),
        ("string/e.js", "s='e'"),
        ("string/e.js", "s='é'"),
        ("string/e.js", "s='f'"),
        ("string/u.js", "s='ü'"),
        ("string/u.js", "s='u'"),
        ("string/u.js", "s='v'"),
        ("util/日本.js", "n=1"),
        ("util/zlib.js", "n=1"),
        ("Zlib/zlib.js", "n=1"),
        ("0num/x.js", "n=1"),
    ]
    # 20 samples per side to stay under ~100 KB
    bench = [std_bench(rng, f, c, 20, 20, effect=rng.choice([0.0, 0.02, -0.03, 0.1])) for f, c in names]
    write_case("collation", interleave(bench, rng), rng)


# ---------------------------------------------------------------- wide
def pad_conf(prefix, total_len, filename):
    # name = filename + ' ' + conf; build conf of key=value pairs to exact length
    need = total_len - len(filename) - 1
    conf = prefix
    i = 0
    while len(conf) < need:
        conf += " k%d='%s'" % (i, "v" * 6)
        i += 1
    return conf[:need - 1] + "'" if len(conf) > need else conf


def case_wide():
    # data columns are 11+12+13+7+7 = 50 wide as long as all accuracies < 10 %
    for L in (198, 199, 200, 201, 202):
        rng = random.Random(2000 + L)
        fn = "http/bench-wide.js"
        bench = []
        for total in (L - 50, L - 50 - 13, 40):
            conf = pad_conf("n=%d" % total, total, fn)
            assert len(fn) + 1 + len(conf) == total, (L, total)
            bench.append(std_bench(rng, fn, conf, rel_sd=0.01, effect=rng.choice([0.0, 0.03])))
        write_case("wide-%d" % L, interleave(bench, rng), rng)
    for N in (260, 400):
        rng = random.Random(2000 + N)
        fn = "http/bench-wide.js"
        bench = []
        for total in (N, 120):
            conf = pad_conf("n=%d" % total, total, fn)
            assert len(fn) + 1 + len(conf) == total
            bench.append(std_bench(rng, fn, conf, rel_sd=0.01, effect=rng.choice([0.0, 0.03])))
        write_case("wide-%d" % N, interleave(bench, rng), rng)


# ---------------------------------------------------------------- unequal-n
def case_unequal():
    rng = random.Random(3001)
    sizes = [(3, 40), (2, 2), (50, 7), (40, 3), (2, 30), (7, 50), (100, 100), (2, 3), (13, 31)]
    bench = [std_bench(rng, "url/parse.js", "old=%d new=%d" % (a, b), a, b,
                       effect=rng.choice([0.0, 0.02, 0.08])) for a, b in sizes]
    # rows in compare.js-like order
    write_case("unequal-n", interleave(bench, rng), rng)


# ---------------------------------------------------------------- extreme
def case_extreme():
    rng = random.Random(4001)
    b = []
    # 1e-300 / 1e300: a t-test would underflow/overflow var() (see README), so 1 vs 30 / 30 vs 1
    b.append(("extreme/tiny.js", "rate=1e-300 n=1vs30", samples(rng, 1e-300, 0.02, 1), samples(rng, 1.1e-300, 0.02, 30)))
    b.append(("extreme/huge.js", "rate=1e300 n=30vs1", samples(rng, 1e300, 0.02, 30), samples(rng, 0.9e300, 0.02, 1)))
    # ~1e150 with 30 vs 30 makes R's Welch df stderr^4 overflow -> NaN -> R error, so 1 vs 30 here
    b.append(std_bench(rng, "extreme/big.js", "rate=1e150 n=1vs30", 1, 30, mu=1e150, rel_sd=0.02, effect=0.05))
    b.append(std_bench(rng, "extreme/big.js", "rate=1e75", mu=1e75, rel_sd=0.02, effect=0.05))
    b.append(std_bench(rng, "extreme/small.js", "rate=1e-5", mu=1e-5, rel_sd=0.02, effect=-0.01))
    b.append(std_bench(rng, "extreme/small.js", "rate=1e-70", mu=1e-70, rel_sd=0.02, effect=0.01))
    b.append(("extreme/faster.js", "x=1e6", samples(rng, 10.0, 0.02, 30), samples(rng, 1e7, 0.02, 30)))
    b.append(("extreme/slower.js", "x=1e-6", samples(rng, 1e7, 0.02, 30), samples(rng, 10.0, 0.02, 30)))
    b.append(("extreme/slower.js", "x=0.9999", samples(rng, 1e5, 0.001, 30), samples(rng, 10.0, 0.001, 30)))
    # improvement rounding to -0.00
    old = samples(rng, 50000.0, 0.01, 30)
    mu_old = sum(old) / len(old)
    new = [x - mu_old * 0.00003 for x in old]
    b.append(("extreme/minus-zero.js", "x=-0.00", old, new))
    # improvement rounding to +0.00 (tiny positive)
    new2 = [x + mu_old * 0.00003 for x in old]
    b.append(("extreme/plus-zero.js", "x=+0.00", old, new2))
    # identical means (identical sample lists, shuffled copy of small integers)
    same = [float(rng.randint(900, 1100)) for _ in range(30)]
    b.append(("extreme/identical.js", "same order", same, list(same)))
    perm = list(same)
    rng.shuffle(perm)
    b.append(("extreme/identical.js", "shuffled", same, perm))
    # (No zero rates: fpbench refuses a rate of 0 as input, where R would
    # print Inf %.)
    # huge t (p ~ 0)
    b.append(("extreme/hugeT.js", "x=1", samples(rng, 1000.0, 0.0001, 30), samples(rng, 2000.0, 0.0001, 30)))
    # large relative sd (accuracy > 100 %)
    b.append(("extreme/noisy.js", "x=1", samples(rng, 100.0, 2.0, 30), samples(rng, 100.0, 2.0, 30)))
    write_case("extreme", interleave(b, rng), rng)


def case_dropped(outdir):
    """Inputs on which R's compare.R itself fails (not part of the oracle set)."""
    global OUT
    saved, OUT = OUT, outdir
    os.makedirs(outdir, exist_ok=True)
    for name, mu in (("dropped-1e300", 1e300), ("dropped-1e150", 1e150), ("dropped-1e-150", 1e-150),
                     ("dropped-1e-300", 1e-300)):
        rng = random.Random(4100)
        b = [std_bench(rng, "extreme/x.js", "rate=%g" % mu, mu=mu, rel_sd=0.02, effect=0.05)]
        write_case(name, interleave(b, rng), rng)
    rng = random.Random(4101)
    b = [std_bench(rng, "extreme/const.js", "x=1", mu=100.0, rel_sd=0.0, effect=0.0)]
    write_case("dropped-constant", interleave(b, rng), rng)
    OUT = saved


def case_df_inf():
    """stderr^4 overflows but each stderr_i^4/(n_i-1) is finite -> R's Welch df = Inf."""
    rng = random.Random(4200)
    b = [std_bench(rng, "extreme/dfinf.js", "rate=2.6e79", mu=2.6e79, rel_sd=0.02, effect=0.01)]
    b.append(std_bench(rng, "extreme/normal.js", "x=1", effect=0.01))
    write_case("extreme-df-inf", interleave(b, rng), rng)


# ---------------------------------------------------------------- one-sided
def case_one_sided():
    rng = random.Random(5001)
    spec = [("only-old", 30, 0), ("only-new", 0, 30), ("one-vs-one", 1, 1), ("one-vs-30", 1, 30),
            ("30-vs-one", 30, 1), ("zero-vs-two", 0, 2), ("two-vs-zero", 2, 0), ("two-vs-two", 2, 2),
            ("normal", 30, 30)]
    bench = [std_bench(rng, "net/one-sided.js", "case='%s'" % c, a, n, effect=0.04) for c, a, n in spec]
    write_case("one-sided", interleave(bench, rng), rng)


# ---------------------------------------------------------------- legacy-format
def case_legacy():
    rng = random.Random(6001)
    names = [("fs/readfile.js", "n=1 x='y'"), ("fs/readfile.js", "n=10 x='y'"),
             ("fs/readfile.js", ""), ("buffers/buffer-compare.js", "size=16 n=5000000")]
    bench = [std_bench(rng, f, c, effect=rng.choice([0.0, 0.05])) for f, c in names]
    write_case("legacy-format", interleave(bench, rng), rng, legacy=True,
               header='"binary", "filename", "configuration", "rate", "time"')


# ---------------------------------------------------------------- quoting
def case_quoting():
    rng = random.Random(7001)
    names = [
        ("misc/print.js", 'code=\'"string"\''),
        ("misc/print.js", 'code="" empty=""'),
        ("misc/print.js", "a=1, b=2"),
        ("misc/print.js", "list=[1,2,3]"),
        ("misc/print.js", "multi=line1\nline2"),
        ("misc/print.js", "multi=crlf1\r\ncrlf2"),
        ("misc/print.js", "multi=cr1\rcr2"),
        ("misc/print.js", "quote=\"\"\"\""),
        ("misc/print,comma.js", "x=1"),
        ("misc/print.js", "  leading and trailing  "),
    ]
    bench = [std_bench(rng, f, c, effect=rng.choice([0.0, 0.03])) for f, c in names]
    rows = interleave(bench, rng)
    rng.shuffle(rows)

    def blank_lines(lines):
        out = [lines[0]]
        for i, l in enumerate(lines[1:]):
            out.append(l)
            if i % 7 == 3:
                out.append("")
            if i % 11 == 5:
                out.extend(["", ""])
        return out
    write_case("quoting", rows, rng, eol="\r\n", extra=blank_lines)


# ---------------------------------------------------------------- escapes
def case_escapes():
    rng = random.Random(8001)
    names = [("esc/tab.js", "x=a\tb"), ("esc/backslash.js", "path='C:\\dir\\file'"),
             ("esc/accent.js", "s='é'"), ("esc/cjk.js", "s='日本'"), ("esc/ctrl.js", "c='\x01'"),
             ("esc/plain.js", "c='abc'"), ("日本/cjk-file.js", "n=1")]
    bench = [std_bench(rng, f, c, effect=rng.choice([0.0, 0.03])) for f, c in names]
    write_case("escapes", interleave(bench, rng), rng)
    rng = random.Random(8002)
    names = [("esc/del.js", "c='\x7f'"), ("esc/c1.js", "c='\u0085'"), ("esc/esc.js", "c='\x1b[0m'"),
             ("esc/emoji.js", "c='\U0001F600'"), ("esc/combining.js", "c='e\u0301'"),
             ("esc/zwsp.js", "c='\u200b'"), ("esc/nbsp.js", "c='\u00a0'"), ("esc/fullwidth.js", "c='ＡＢ'"),
             ("esc/hangul.js", "c='한국'"), ("esc/quote.js", "c=\"x\""), ("esc/plain.js", "c='abc'")]
    bench = [std_bench(rng, f, c, effect=rng.choice([0.0, 0.03])) for f, c in names]
    write_case("escapes-extra", interleave(bench, rng), rng)


# ---------------------------------------------------------------- many
def case_many():
    rng = random.Random(9001)
    bench = []
    targets = [0.0, 0.5, 1.0, 1.8, 2.2, 2.6, 3.0, 3.4, 3.9, 5.0, 8.0, 20.0]
    groups = ["buffers", "fs", "http", "net", "url", "util"]
    n = 10  # 10 samples per side to stay under ~100 KB
    for i in range(60):
        rel_sd = rng.uniform(0.01, 0.04)
        t = targets[i % len(targets)] * rng.choice([1, -1])
        effect = t * rel_sd * math.sqrt(2 / n)
        f = "%s/b%02d.js" % (groups[i % len(groups)], i)
        c = "n=%d t='%s'" % (10 ** (i % 4 + 2), rng.choice(["fast", "slow", "mid"]))
        bench.append(std_bench(rng, f, c, n, n, effect=effect, rel_sd=rel_sd))
    write_case("many", interleave(bench, rng), rng)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    case_collation()
    case_wide()
    case_unequal()
    case_extreme()
    case_df_inf()
    if len(sys.argv) > 2:
        case_dropped(sys.argv[2])
    case_one_sided()
    case_legacy()
    case_quoting()
    case_escapes()
    case_many()
