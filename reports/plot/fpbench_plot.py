#!/usr/bin/env python3
"""Draw fpbench's comparison and history JSON as PNG pictures.

Reads only fpbench's own JSON and needs nothing beyond the standard library
and matplotlib (drawn off-screen with the Agg backend).

Subcommands:

  box COMPARE.json OUT.png
      Box plots of the old and new samples of every benchmark, one row per
      benchmark, the picture Node's `benchmark/compare.R --plot` draws with
      ggplot (rate by binary per benchmark) turned on its side so that long
      names stay readable. Rates are normalised per benchmark: every sample is
      divided by the benchmark's old mean, so 1.0 is "as fast as old" and the
      axis reads "rate relative to old mean". One shared axis of absolute
      rates would flatten every benchmark but the fastest when rates differ
      by decades; a ratio axis keeps every row comparable. The axis turns
      logarithmic when the ratios span more than a factor of 10. A benchmark
      without old samples is scaled by its new mean instead (its label says
      so); one without any samples says "no samples". `fpbench compare
      --format json` carries the samples as rows[i].old.samples.

  improvement COMPARE.json OUT.png [--title TEXT]
      The improvement of every benchmark, in the JSON's order, with its
      95%, 99% and 99.9% confidence intervals as nested bars (thickest is
      95%), and the stars and the number (in %) beside each row. The axis
      is the speed-up new / old on a log scale (x1 no change, x2 = +100%,
      x0.5 = -50%), so +3% and +8,000% are both readable. Up to 40
      benchmarks share one panel; more are grouped by scenario (filename),
      one panel each in two columns, and what does not fit one picture of
      about 2,000 pixels goes on further pages OUT-2.png, OUT-3.png, ...
      Significant improvements are green, significant regressions red, the
      rest grey. A row without a test (stars null: fewer than two samples on
      a side) is a point labelled "no test"; one without an improvement (a
      side is empty) is labelled "no data".

  history HISTORY.json OUT.png [--title TEXT] [--max-series N]
      One panel per series (benchmark, machine, side): the mean of every
      point in commit order with its min-max band, sparse commit and date
      tick labels, the segment means between change points as steps, and a
      vertical marker at each change point annotated with its magnitude
      (regressions red, improvements green). At most --max-series panels
      (12 by default) are drawn, in input order; the title says how many
      were left out. A change point's index is the position in `points` of
      the first point after the change; without a "regression" flag a
      negative magnitude counts as a regression.

Exit status: 0 on success, 2 for bad usage or bad input (a missing file,
JSON that does not parse or has the wrong shape: the message on stderr names
the file and the offending key), 3 when the PNG cannot be written, 1 when
this Python has no matplotlib.
"""

# The plots are in the modules beside this script (plot_common.py,
# plot_box.py, plot_improvement.py, plot_history.py); a copy of the script
# needs them next to it.

import argparse
import sys

from plot_common import FONT_SIZE, InputError, plt, read_compare
from plot_box import plot_box
from plot_history import plot_history, read_history
from plot_improvement import plot_improvement

PROG = "fpbench_plot.py"
# fpbench's exit codes (docs/reference.md), which fpbench reads
# back as the kind of the error: 2 bad input, 3 an output that failed.
EXIT_BAD_INPUT = 2
EXIT_FAILURE = 3
MAX_SERIES = 12


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog=PROG, description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="kind", required=True)
    compare = "compare JSON (fpbench compare --format json)"
    for kind, what, source in (
            ("box", "old and new samples per benchmark as box plots", compare),
            ("improvement", "improvement per benchmark with confidence intervals",
             compare),
            ("history", "trend of each series with its change points",
             "history JSON (fpbench history plot)")):
        p = sub.add_parser(kind, help=what, description=f"Draw the {what}.")
        p.add_argument("json", help=source)
        p.add_argument("png", help="PNG file to write")
        p.add_argument("--title", default="", help="title of the picture")
        if kind == "history":
            p.add_argument("--max-series", type=int, default=MAX_SERIES,
                           help=f"most series drawn (default {MAX_SERIES})")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)  # exits 2 itself on bad usage
    plt.rcParams["font.size"] = FONT_SIZE
    try:
        if args.kind == "box":
            plot_box(read_compare(args.json, need_samples=True), args.png, args.title)
        elif args.kind == "improvement":
            plot_improvement(read_compare(args.json, need_samples=False), args.png,
                             args.title)
        else:
            if args.max_series < 1:
                raise InputError("--max-series must be at least 1")
            metric, series = read_history(args.json)
            plot_history(metric, series, args.png, args.title, args.max_series)
    except InputError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return EXIT_FAILURE
    return 0


if __name__ == "__main__":
    sys.exit(main())
