// fpbench history html in a real browser: headless Chromium, driven over
// the DevTools protocol on a pipe (--remote-debugging-pipe: fd 3 in, fd 4
// out, NUL-separated JSON), opens the overview and a series page from
// file://. Fails on any console error or uncaught exception, on any request
// that is not a file of the site, on a chart that drew nothing, on a
// tooltip that does not name the hovered run's commit, and on a drag that
// does not zoom. Screenshots go to WORKDIR for a person to look at.
//
//   node dashboard_browser_test.mjs FPBENCH_HISTORY WORKDIR CHROMIUM

import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [historyExe, workDir, chromium] = process.argv.slice(2);
let failures = 0;
let passes = 0;
function check(ok, what, detail) {
  if (ok) passes++; else failures++;
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${!ok && detail !== undefined ? ": " + JSON.stringify(detail) : ""}`);
}

// A store of 40 nights: a -10% step at night 25 in one benchmark, a name
// that needs escaping in another.
function buildSite() {
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const db = path.join(workDir, "history.db");
  const benchmarks = [
    ["fs/read-file-sync", "encoding='utf8' size=1024", 1000, 25],
    ["fs/write-file-sync", "encoding='utf8' useFd='true'", 500, 0],
    ["misc/print", "code='</script>&\"x\"'", 200, 0],
  ];
  let seed = 7;
  const noise = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return (seed / 2147483648 - 0.5) * 0.02; };
  for (let night = 1; night <= 40; night++) {
    let csv = '"binary","filename","configuration","rate","time"\n';
    for (const [file, config, base, stepAt] of benchmarks) {
      const level = stepAt && night >= stepAt ? base * 0.9 : base;
      for (const side of ["old", "new"]) {
        for (let k = 0; k < 5; k++) {
          const rate = (side === "old" ? base : level) * (1 + noise());
          csv += `"${side}","${file}","${config.replaceAll('"', '""')}",${rate},${1 / rate}\n`;
        }
      }
    }
    const commit = createHash("sha1").update(`night-${night}`).digest("hex");
    const date = new Date(Date.UTC(2025, 0, night, 2)).toISOString();
    const r = spawnSync(historyExe, ["record", "-", "--db", db, "--commit", commit, "--date", date,
                                     "--machine", "ci-1"], { input: csv });
    if (r.status !== 0) throw new Error(`record failed: ${r.stderr}`);
  }
  const site = path.join(workDir, "site");
  const r = spawnSync(historyExe, ["html", "--db", db, site, "--commit-url",
                                   "https://example.invalid/commit/{sha}"]);
  if (r.status !== 0) throw new Error(`html failed: ${r.stderr}`);
  return site;
}

class Browser {
  constructor(exe, profile) {
    this.proc = spawn(exe, [
      "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
      `--user-data-dir=${profile}`, "--no-first-run", "--no-default-browser-check",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-extensions", "--hide-scrollbars", "about:blank",
    ], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
    this.stderr = "";
    this.proc.stderr.on("data", (d) => { this.stderr += d; });
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    let buffer = "";
    this.proc.stdio[4].on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end;
      while ((end = buffer.indexOf("\0")) >= 0) {
        const msg = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        if (msg.id && this.pending.has(msg.id)) {
          const { resolve, reject, method } = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.error) reject(new Error(`${method}: ${msg.error.message}`)); else resolve(msg.result);
        } else if (msg.method) {
          this.listeners.forEach((l) => l(msg));
        }
      }
    });
  }
  send(method, params = {}, sessionId = undefined) {
    const id = this.next++;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    this.proc.stdio[3].write(JSON.stringify(msg) + "\0");
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      setTimeout(() => reject(new Error(`${method}: no answer in 30 s`)), 30000).unref();
    });
  }
  on(listener) { this.listeners.push(listener); }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const site = buildSite();
  const profile = path.join(workDir, "profile");
  const browser = new Browser(chromium, profile);
  const { targetId } = await browser.send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await browser.send("Target.attachToTarget", { targetId, flatten: true });
  const page = (method, params) => browser.send(method, params, sessionId);
  const errors = [];
  const requests = [];
  let loaded = 0;
  browser.on((msg) => {
    if (msg.sessionId !== sessionId) return;
    const p = msg.params;
    if (msg.method === "Runtime.consoleAPICalled" && (p.type === "error" || p.type === "assert")) {
      errors.push(p.args.map((a) => a.value ?? a.description).join(" "));
    }
    if (msg.method === "Runtime.exceptionThrown") errors.push(p.exceptionDetails.exception?.description ?? p.exceptionDetails.text);
    if (msg.method === "Log.entryAdded" && p.entry.level === "error") errors.push(p.entry.text + " " + (p.entry.url ?? ""));
    if (msg.method === "Network.requestWillBeSent") requests.push(p.request.url);
    if (msg.method === "Network.loadingFailed") errors.push(`failed to load: ${p.errorText}`);
    if (msg.method === "Page.loadEventFired") loaded++;
  });
  for (const domain of ["Runtime", "Log", "Network", "Page"]) await page(`${domain}.enable`);
  await page("Emulation.setDeviceMetricsOverride", { width: 1300, height: 900, deviceScaleFactor: 1, mobile: false });
  const evaluate = async (expression) => {
    const r = await page("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception?.description}`);
    return r.result.value;
  };
  const open = async (file) => {
    const before = loaded;
    await page("Page.navigate", { url: pathToFileURL(file).href });
    for (let i = 0; i < 200 && (loaded === before || !(await evaluate("window.fpbenchReady === true"))); i++) await sleep(50);
    check(await evaluate("window.fpbenchReady === true"), `${path.relative(site, file)} loaded and ran its script`);
  };
  const screenshot = async (name) => {
    const { data } = await page("Page.captureScreenshot", { format: "png" });
    fs.writeFileSync(path.join(workDir, name), Buffer.from(data, "base64"));
    console.log(`screenshot: ${path.join(workDir, name)}`);
  };

  // The overview.
  await open(path.join(site, "index.html"));
  const overview = await evaluate(`({
    rows: document.querySelectorAll("#series tbody tr").length,
    sparks: document.querySelectorAll("#series svg.spark polyline").length,
    first: document.querySelector("#series tbody tr td").textContent,
    firstChange: document.querySelector("#series tbody tr td.bad")?.textContent ?? "",
    link: document.querySelector("#series tbody tr a").getAttribute("href"),
  })`);
  check(overview.rows === 3, "the overview lists the three series", overview);
  check(overview.sparks === 3, "each row has a sparkline", overview);
  check(overview.first.startsWith("fs/read-file-sync"), "the regression comes first", overview);
  check(/-\d+\.\d\d%/.test(overview.firstChange), "its last change is shown as a regression", overview);
  await evaluate(`(() => { const f = document.getElementById("filter"); f.value = "print";
                          f.dispatchEvent(new Event("input")); })()`);
  const visible = await evaluate(`[...document.querySelectorAll("#series tbody tr")].filter(r => !r.hidden).length`);
  check(visible === 1, "the filter keeps the matching row only", visible);
  await evaluate(`(() => { const f = document.getElementById("filter"); f.value = "";
                          f.dispatchEvent(new Event("input")); })()`);
  await screenshot("overview.png");

  // The regressed series' page.
  await open(path.join(site, overview.link));
  const drawn = await evaluate(`(() => {
    const u = window.fpbenchChart, c = u.ctx.canvas;
    const d = u.ctx.getImageData(0, 0, c.width, c.height).data;
    let line = 0, any = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 0) any++;
      if (d[i + 3] > 200 && d[i] < 80 && d[i + 2] > 160) line++;  // the series' blue
    }
    return { line, any, area: c.width * c.height, points: u.data[0].length,
             marks: u.over.querySelectorAll("a.cp-mark").length };
  })()`);
  check(drawn.points === 40, "the chart holds every run", drawn);
  check(drawn.line > 500 && drawn.any > 0.01 * drawn.area, "the chart drew its series", drawn);
  check(drawn.marks === 1, "the change point is marked with a link", drawn);
  const markHref = await evaluate(`window.fpbenchChart.over.querySelector("a.cp-mark").href`);
  const expected = await evaluate(`"https://example.invalid/commit/" + FPB_SERIES.changes[0].commit`);
  check(markHref === expected, "the mark links to the change point's commit", { markHref, expected });
  await screenshot("series.png");

  const target = await evaluate(`(() => {
    const u = window.fpbenchChart, s = window.FPB_SERIES, i = 30, r = u.over.getBoundingClientRect();
    return { x: r.left + u.valToPos(i, "x"), y: r.top + u.valToPos(s.mean[i], "y"),
             commit: FPB_RUNS[String(s.runs[i])][0], date: FPB_RUNS[String(s.runs[i])][1] };
  })()`);
  await page("Input.dispatchMouseEvent", { type: "mouseMoved", x: target.x, y: target.y });
  let tip = "";
  for (let i = 0; i < 40 && !tip; i++) {
    await sleep(50);
    tip = await evaluate(`document.getElementById("tip").hidden ? "" : document.getElementById("tip").textContent`);
  }
  check(tip.includes(target.commit.slice(0, 12)) && tip.includes(target.date) && tip.includes("95% interval"),
        "hovering run 31 shows its commit, date, value and interval", { tip, target });
  await screenshot("series-hover.png");

  const box = await evaluate(`(() => { const r = window.fpbenchChart.over.getBoundingClientRect();
                                      return { left: r.left, width: r.width, y: r.top + r.height / 2 }; })()`);
  await page("Input.dispatchMouseEvent", { type: "mousePressed", x: box.left + box.width * 0.5, y: box.y, button: "left", clickCount: 1 });
  await page("Input.dispatchMouseEvent", { type: "mouseMoved", x: box.left + box.width * 0.8, y: box.y, button: "left", buttons: 1 });
  await page("Input.dispatchMouseEvent", { type: "mouseReleased", x: box.left + box.width * 0.8, y: box.y, button: "left", clickCount: 1 });
  await sleep(200);
  const span = await evaluate(`window.fpbenchChart.scales.x.max - window.fpbenchChart.scales.x.min`);
  check(span > 0 && span < 20, "dragging across the chart zooms in", span);

  check(errors.length === 0, "no console error or exception", errors);
  const outside = requests.filter((u) => !u.startsWith(pathToFileURL(site).href + "/") && !u.startsWith("data:"));
  check(requests.length >= 5 && outside.length === 0, "every request is a file of the site", { outside, count: requests.length });
  await browser.send("Browser.close").catch(() => {});
  browser.proc.kill();
}

try {
  await main();
} catch (e) {
  failures++;
  console.log(`FAIL ${e.stack ?? e}`);
}
console.log(`${passes} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
