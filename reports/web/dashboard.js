// fpbench history html: the overview's filter and a series page's chart.
// Reads only what the page and runs.js define (FPB_SERIES, FPB_RUNS) and
// draws with uPlot; it loads nothing and sends nothing.
(function () {
  "use strict";

  function text(tag, cls, content) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  }

  function fmt(v) {
    if (v === null || v === undefined) return "n/a";
    return Number(v).toPrecision(4).replace(/\.?0+(e|$)/, "$1");
  }

  function overview() {
    var input = document.getElementById("filter");
    var shown = document.getElementById("shown");
    var rows = Array.prototype.slice.call(document.querySelectorAll("#series tbody tr"));
    function apply() {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      var count = 0;
      rows.forEach(function (row) {
        var hay = row.cells[0].textContent.toLowerCase() + " " + row.cells[1].textContent.toLowerCase();
        var ok = words.every(function (w) { return hay.indexOf(w) >= 0; });
        row.hidden = !ok;
        count += ok ? 1 : 0;
      });
      shown.textContent = count + " of " + rows.length + " shown";
    }
    input.addEventListener("input", apply);
    apply();
    window.fpbenchReady = true;
  }

  // The level between change points: the mean before the first, then each
  // change point's mean after.
  function levels(s) {
    var out = [];
    var start = 0;
    s.changes.forEach(function (c) {
      out.push([start, c.index - 1, c.before]);
      start = c.index;
    });
    if (s.changes.length) out.push([start, s.mean.length - 1, s.changes[s.changes.length - 1].after]);
    return out;
  }

  function series(s, runs) {
    var n = s.mean.length;
    var xs = [];
    for (var i = 0; i < n; i++) xs.push(i);
    var run = function (i) { return runs[String(s.runs[i])] || ["?", "?"]; };
    var box = document.getElementById("chart");
    var tip = document.getElementById("tip");
    var marks = [];

    function drawLevels(u) {
      var ctx = u.ctx;
      ctx.save();
      ctx.setLineDash([6, 4]);
      ctx.lineWidth = 1.5 * devicePixelRatio;
      ctx.strokeStyle = "#57606a";
      levels(s).forEach(function (l) {
        var y = u.valToPos(l[2], "y", true);
        ctx.beginPath();
        ctx.moveTo(u.valToPos(l[0] - 0.5, "x", true), y);
        ctx.lineTo(u.valToPos(l[1] + 0.5, "x", true), y);
        ctx.stroke();
      });
      ctx.setLineDash([]);
      s.changes.forEach(function (c) {
        var x = u.valToPos(c.index - 0.5, "x", true);
        ctx.strokeStyle = c.regression ? "#cf222e" : "#1a7f37";
        ctx.beginPath();
        ctx.moveTo(x, u.bbox.top);
        ctx.lineTo(x, u.bbox.top + u.bbox.height);
        ctx.stroke();
      });
      ctx.restore();
      // Change points as links above the plot, kept where the zoom puts them.
      marks.forEach(function (m) {
        var x = u.valToPos(m.change.index - 0.5, "x");
        var inside = m.change.index - 0.5 >= u.scales.x.min && m.change.index - 0.5 <= u.scales.x.max;
        m.el.style.left = x + "px";
        m.el.hidden = !inside;
      });
    }

    function showTip(u) {
      var i = u.cursor.idx;
      if (i === null || i === undefined || u.cursor.left < 0) { tip.hidden = true; return; }
      var r = run(i);
      tip.textContent = "";
      var lines = [
        "commit " + r[0].slice(0, 12),
        "date " + r[1],
        s.metric + " " + fmt(s.mean[i]) + " (n = " + s.n[i] + ")",
        "95% interval " + (s.lower[i] === null ? "n/a" : fmt(s.lower[i]) + " .. " + fmt(s.upper[i])),
      ];
      lines.forEach(function (l, k) {
        if (k) tip.appendChild(document.createElement("br"));
        tip.appendChild(document.createTextNode(l));
      });
      var rect = u.over.getBoundingClientRect();
      var left = rect.left + window.scrollX + u.cursor.left + 14;
      if (u.cursor.left > rect.width * 0.7) left -= 250;
      tip.style.left = left + "px";
      tip.style.top = (rect.top + window.scrollY + u.cursor.top + 14) + "px";
      tip.hidden = false;
    }

    var opts = {
      width: Math.max(400, box.clientWidth),
      height: 400,
      legend: { show: false },
      cursor: { drag: { x: true, y: false }, points: { size: 8 } },
      scales: { x: { time: false } },
      axes: [
        { space: 110,
          incrs: [1, 2, 5, 7, 10, 14, 20, 30, 50, 100, 200, 365, 500, 1000, 2000, 5000],
          values: function (u, splits) {
            return splits.map(function (v) {
              return Number.isInteger(v) && v >= 0 && v < n ? run(v)[1].slice(0, 10) : "";
            });
          } },
        { label: s.label, size: 70 },
      ],
      series: [
        {},
        { label: s.metric, stroke: "#0969da", width: 1.5, points: { show: n <= 400, size: 4 } },
        { label: "95% low", stroke: "rgba(9,105,218,0.25)", width: 0.5, points: { show: false } },
        { label: "95% high", stroke: "rgba(9,105,218,0.25)", width: 0.5, points: { show: false } },
      ],
      bands: [{ series: [3, 2], fill: "rgba(9,105,218,0.12)" }],
      hooks: { draw: [drawLevels], setCursor: [showTip] },
    };
    var u = new uPlot(opts, [xs, s.mean, s.lower, s.upper], box);
    s.changes.forEach(function (c) {
      var el = text(c.url ? "a" : "span", "cp-mark " + (c.regression ? "bad" : "good"),
                    (c.pct > 0 ? "+" : "") + c.pct.toFixed(1) + "%");
      if (c.url) el.href = c.url;
      el.title = (c.regression ? "regression" : "improvement") + " at " + c.commit + " (" + c.date + ")";
      u.over.appendChild(el);
      marks.push({ change: c, el: el });
    });
    u.redraw(false);
    u.over.addEventListener("mouseleave", function () { tip.hidden = true; });
    window.addEventListener("resize", function () {
      u.setSize({ width: Math.max(400, box.clientWidth), height: 400 });
    });
    window.fpbenchChart = u;
    window.fpbenchReady = true;
  }

  if (window.FPB_SERIES) {
    series(window.FPB_SERIES, window.FPB_RUNS || {});
  } else if (document.getElementById("series")) {
    overview();
  }
})();
