#!/usr/bin/env python3
"""Tests of fpbench_plot.py: every plot renders from the fixtures in
testdata/ to a valid PNG whose size follows the number of rows, and bad input
ends with exit status 2 and a message naming the file, never a traceback.

Run with a Python that has matplotlib: /usr/bin/python3 test_fpbench_plot.py
"""

import json
import os
import struct
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "fpbench_plot.py")
DATA = os.path.join(HERE, "testdata")

sys.path.insert(0, HERE)
import plot_box  # noqa: E402
import plot_common  # noqa: E402
import plot_history  # noqa: E402
import plot_improvement  # noqa: E402
import plot_pages  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path):
    """(width, height) from the IHDR chunk; fails the test if not a PNG."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        raise AssertionError(f"{path} is not a PNG")
    return struct.unpack(">II", head[16:24])


def fixture(name):
    return os.path.join(DATA, name)


class PlotTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="fpbench-plot-")
        self.env = dict(os.environ, MPLCONFIGDIR=self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.tmp.name, name)

    def run_script(self, *args):
        return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True,
                              text=True, env=self.env, timeout=300)

    def render(self, kind, source, *extra):
        out = self.path(f"{kind}-{os.path.basename(source)}.png")
        done = self.run_script(kind, source, out, *extra)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertNotIn("Traceback", done.stderr)
        width, height = png_size(out)
        self.assertGreater(os.path.getsize(out), 5000)
        self.assertTrue(600 <= width <= 3000, width)
        self.assertTrue(200 <= height <= 12000, height)
        return width, height

    def write_json(self, name, doc):
        p = self.path(name)
        with open(p, "w") as f:
            json.dump(doc, f)
        return p

    def expect_bad_input(self, kind, source, *fragments):
        done = self.run_script(kind, source, self.path("never.png"))
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn(source, done.stderr)
        for fragment in fragments:
            self.assertIn(fragment, done.stderr)
        self.assertNotIn("Traceback", done.stderr)
        self.assertFalse(os.path.exists(self.path("never.png")))


class BoxAndImprovement(PlotTest):
    def test_fixtures_hold_rows_without_a_test_and_without_data(self):
        with open(fixture("compare-50.json")) as f:
            rows = json.load(f)["rows"]
        self.assertEqual(len(rows), 50)
        self.assertTrue(any(r["stars"] is None and r["improvement_pct"] is not None
                            for r in rows))
        self.assertTrue(any(r["improvement_pct"] is None for r in rows))
        self.assertTrue(any('"' in r["name"] and "$" in r["name"] for r in rows))

    def test_every_count_renders_and_grows_with_the_rows(self):
        heights = [self.render("box", fixture(f"compare-{n}.json"))[1]
                   for n in (1, 5, 50)]
        self.assertLess(heights[0], heights[1])
        self.assertLess(heights[1], heights[2])
        # 50 rows are grouped in two columns: at least 40 px a row each.
        self.assertGreater(heights[2], 25 * 40)
        heights = [self.render("improvement", fixture(f"compare-{n}.json"))[1]
                   for n in (1, 5, "readme-9")]
        self.assertLess(heights[0], heights[1])
        self.assertLess(heights[1], heights[2])

    def test_improvement_takes_a_title(self):
        self.render("improvement", fixture("compare-5.json"), "--title",
                    "writeFileSync: 'utf8' is $faster\" (v2.1)")

    def test_ratios_over_a_decade_use_a_log_axis(self):
        with open(fixture("compare-5.json")) as f:
            doc = json.load(f)
        doc["rows"][0]["new"]["samples"] = [
            v * 40 for v in doc["rows"][0]["new"]["samples"]]
        self.render("box", self.write_json("wide.json", doc))

    def test_a_benchmark_without_old_samples_is_scaled_by_its_new_mean(self):
        with open(fixture("compare-1.json")) as f:
            doc = json.load(f)
        doc["rows"][0]["old"] = {"n": 0, "mean": None, "samples": []}
        doc["rows"][0]["stars"] = doc["rows"][0]["improvement_pct"] = None
        self.render("box", self.write_json("no-old.json", doc))
        self.render("improvement", self.write_json("no-old.json", doc))

    def test_improvement_needs_no_samples_but_box_does(self):
        with open(fixture("compare-5.json")) as f:
            doc = json.load(f)
        for row in doc["rows"]:
            del row["old"]["samples"], row["new"]["samples"]
        p = self.write_json("old-format.json", doc)
        self.render("improvement", p)
        self.expect_bad_input("box", p, "rows[0].old", "'samples'")


class Improvement(PlotTest):
    def rows(self, name):
        return plot_common.read_compare(fixture(name), need_samples=False)

    def kind(self, rows):
        return plot_improvement.grouped_kind(rows, plot_improvement.axis_limits(rows))

    def test_the_nine_row_table_is_one_panel_on_a_log_axis(self):
        width, height = self.render("improvement", fixture("compare-readme-9.json"))
        self.assertLess(height, 900)
        self.assertFalse(os.path.exists(self.path("improvement-compare-readme-9.json-2.png")))
        rows = self.rows("compare-readme-9.json")
        low, high = plot_improvement.axis_limits(rows)
        # +11% and +5,104% on one axis: x0.5 .. x51 and a little room.
        self.assertLess(low, 0.5)
        self.assertGreater(high, 1 + max(r["improvement_pct"] for r in rows) / 100)
        ticks = plot_improvement.axis_ticks((low, high), 8.0)
        self.assertIn(1, ticks)
        self.assertIn(50, ticks)
        self.assertIn(0.5, ticks)

    def test_an_interval_below_minus_100_percent_is_drawn_to_the_edge(self):
        self.assertIsNone(plot_improvement.factor(-100))
        self.assertAlmostEqual(plot_improvement.factor(-50), 0.5)
        self.assertAlmostEqual(plot_improvement.factor(8000), 81)
        with open(fixture("compare-5.json")) as f:
            doc = json.load(f)
        doc["rows"][0]["confidence_intervals"][0]["half_width_pct"] = 180.0
        self.render("improvement", self.write_json("wide-interval.json", doc))

    def test_the_main_jobs_108_benchmarks_are_grouped_on_one_page(self):
        width, height = self.render("improvement", fixture("compare-108.json"))
        self.assertLessEqual(height, 2500)
        self.assertGreater(width, 1500)  # two columns
        self.assertFalse(os.path.exists(self.path("improvement-compare-108.json-2.png")))
        rows = self.rows("compare-108.json")
        chunks = plot_pages.scenario_chunks(rows, self.kind(rows))
        self.assertEqual(len(chunks), 6)  # one panel per scenario
        self.assertEqual(sum(len(rows) for _, rows in chunks), 108)

    def test_more_than_a_page_goes_on_further_pages(self):
        with open(fixture("compare-108.json")) as f:
            doc = json.load(f)
        rows = []
        for k in range(4):
            for r in doc["rows"]:
                rows.append(dict(r, filename=f"{r['filename']}-{k}",
                                 name=f"{r['filename']}-{k} {r['configuration']}"))
        doc["rows"] = rows
        out = self.path("many.png")
        done = self.run_script("improvement", self.write_json("432.json", doc), out)
        self.assertEqual(done.returncode, 0, done.stderr)
        pages = [out] + [self.path(f"many-{k}.png") for k in range(2, 10)]
        pages = [p for p in pages if os.path.exists(p)]
        self.assertGreaterEqual(len(pages), 2)
        for p in pages:
            width, height = png_size(p)
            self.assertLessEqual(height, 2500, p)
            self.assertLessEqual(width, 3000, p)

    def test_a_scenario_taller_than_a_column_is_split(self):
        row = self.rows("compare-108.json")[0]
        rows = [dict(row, configuration=f"n={i}") for i in range(200)]
        kind = self.kind(rows)
        chunks = plot_pages.scenario_chunks(rows, kind)
        self.assertGreater(len(chunks), 1)
        self.assertEqual(sum(len(c) for _, c in chunks), 200)
        self.assertTrue(chunks[0][0].endswith(f"(1/{len(chunks)})"))
        for chunk in chunks:
            self.assertLessEqual(plot_pages.panel_height(chunk, kind),
                                 plot_pages.COLUMN_MAX_IN)


class Box(PlotTest):
    def pages(self, out):
        stem = out[:-len(".png")]
        found = [out] + [f"{stem}-{k}.png" for k in range(2, 20)]
        return [p for p in found if os.path.exists(p)]

    def test_the_main_jobs_108_benchmarks_are_grouped_and_paged(self):
        out = self.path("box-108.png")
        done = self.run_script("box", fixture("compare-108.json"), out)
        self.assertEqual(done.returncode, 0, done.stderr)
        pages = self.pages(out)
        self.assertGreaterEqual(len(pages), 2)
        for p in pages:
            width, height = png_size(p)
            self.assertLessEqual(height, 2200, p)  # about 2,000 px a page
            self.assertGreater(width, 1500, p)  # two columns
        rows = plot_common.read_compare(fixture("compare-108.json"), need_samples=True)
        kind = plot_box.grouped_kind(rows)
        chunks = plot_pages.scenario_chunks(rows, kind)
        self.assertEqual(sum(len(c) for _, c in chunks), 108)
        self.assertEqual(len(plot_pages.pages_of(chunks, kind)), len(pages))

    def test_up_to_forty_benchmarks_stay_one_panel(self):
        self.render("box", fixture("compare-5.json"))
        self.assertFalse(os.path.exists(self.path("box-compare-5.json-2.png")))

    def test_a_scenario_without_old_samples_says_so_when_grouped(self):
        rows = plot_common.read_compare(fixture("compare-108.json"), need_samples=True)
        rows[0]["old"] = []
        self.assertIn(plot_box.NO_OLD_NOTE, plot_box.grouped_label(rows[0]))
        self.assertNotIn(plot_box.NO_OLD_NOTE, plot_box.grouped_label(rows[1]))


class History(PlotTest):
    def test_two_series_with_change_points(self):
        width, height = self.render("history", fixture("history-2.json"))
        self.assertGreater(height, 2 * 200)

    def test_more_series_than_the_cap_are_left_out(self):
        with open(fixture("history-2.json")) as f:
            doc = json.load(f)
        doc["series"] = doc["series"] * 8
        _, capped = self.render("history", self.write_json("h16.json", doc))
        doc["series"] = doc["series"][:12]
        _, twelve = self.render("history", self.write_json("h12.json", doc))
        self.assertEqual(capped, twelve)

    def test_null_statistics_and_missing_dates_draw(self):
        with open(fixture("history-2.json")) as f:
            doc = json.load(f)
        points = doc["series"][0]["points"]
        points[3].update(mean=None, min=None, max=None)
        del points[4]["date"]
        doc["series"][1]["change_points"][0]["magnitude_pct"] = None
        doc["series"].append({"benchmark": "one point", "machine": "m", "side": "old",
                              "points": points[:1], "change_points": []})
        doc["series"].append({"benchmark": "no points", "machine": "m", "side": "old",
                              "points": []})
        self.render("history", self.write_json("holes.json", doc))


class BadInput(PlotTest):
    def test_missing_file(self):
        self.expect_bad_input("box", self.path("missing.json"), "cannot read")

    def test_not_json(self):
        p = self.path("broken.json")
        with open(p, "w") as f:
            f.write('{"rows": [\n')
        for kind in ("box", "improvement", "history"):
            self.expect_bad_input(kind, p, "not valid JSON")

    def test_wrong_shapes(self):
        cases = [
            ("box", [], "top level: expected an object"),
            ("box", {"rows": {}}, "rows: expected an array"),
            ("box", {"rows": []}, "no benchmark"),
            ("improvement", {"rows": [{"name": "a"}]}, "rows[0]: missing key 'old'"),
            ("box", {"rows": [{"name": "a", "old": {"samples": [1, "2"]},
                               "new": {"samples": []}}]},
             "rows[0].old.samples[1]: expected a number"),
            ("improvement", {"rows": [{"name": "a", "old": {}, "new": {},
                                       "stars": 5}]}, "rows[0].stars"),
            ("improvement", {"rows": [{"name": "a", "old": {}, "new": {},
                                       "stars": 1.0}]}, "rows[0].stars"),
            ("improvement", {"rows": [{"name": "a", "old": {"mean": 10 ** 400},
                                       "new": {}}]}, "rows[0].old.mean"),
            ("history", {"series": []}, "no series"),
            ("history", {"series": [{"benchmark": "b", "machine": "m", "side": "new",
                                     "points": [{"commit": "c", "mean": 1}] * 3,
                                     "change_points": [{"index": 3}]}]},
             "series[0].change_points[0].index"),
            ("history", {"series": [{"benchmark": "b", "machine": "m", "side": "new",
                                     "points": [{"commit": "c", "mean": "fast"}]}]},
             "series[0].points[0].mean"),
        ]
        for i, (kind, doc, fragment) in enumerate(cases):
            with self.subTest(case=i):
                self.expect_bad_input(kind, self.write_json(f"shape{i}.json", doc),
                                      fragment)

    def test_unwritable_output_is_a_failure_naming_it(self):
        out = self.path("no/such/dir/out.png")
        done = self.run_script("box", fixture("compare-1.json"), out)
        self.assertEqual(done.returncode, 3)
        self.assertIn(out, done.stderr)
        self.assertNotIn("Traceback", done.stderr)

    def test_the_picture_is_written_at_exactly_the_path_given(self):
        for name in ("noext", "picture.data"):
            with self.subTest(name=name):
                out = self.path(name)
                done = self.run_script("box", fixture("compare-1.json"), out)
                self.assertEqual(done.returncode, 0, done.stderr)
                png_size(out)
                self.assertFalse(os.path.exists(out + ".png"))

    def test_a_directory_is_refused_and_nothing_is_written_beside_it(self):
        out = self.path("folder")
        os.mkdir(out)
        done = self.run_script("box", fixture("compare-1.json"), out)
        self.assertEqual(done.returncode, 3)
        self.assertIn(f"{out}: cannot write: is a directory", done.stderr)
        self.assertFalse(os.path.exists(out + ".png"))
        self.assertEqual(os.listdir(out), [])


class Layout(unittest.TestCase):
    def test_wrapped_names_keep_every_character(self):
        config = "encoding='utf8' path='/tmp/a dir/" + "x" * 70 + "' n=1"
        label = plot_common.wrap_name("fs/read-file-sync", config, width=30)
        self.assertTrue(all(len(line) <= 30 for line in label.split("\n")))
        self.assertEqual(label.replace("\n", "").replace(" ", ""),
                         ("fs/read-file-sync" + config).replace(" ", ""))

    def test_dollars_are_not_mathtext(self):
        self.assertEqual(plot_common.wrap_name("a$b", ""), r"a\$b")

    def test_sparse_ticks_keep_the_ends(self):
        self.assertEqual(plot_history.sparse_ticks(3, 7), [0, 1, 2])
        ticks = plot_history.sparse_ticks(90, 7)
        self.assertEqual((ticks[0], ticks[-1], len(ticks)), (0, 89, 7))


if __name__ == "__main__":
    unittest.main()
