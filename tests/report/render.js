// SPDX-License-Identifier: MIT
// Opens an HTML report in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core from the build's npm install): fails on a console error, a page error or any
// request that is not the page itself, or a blank screenshot (luminance variance < 100), once
// every panel is drawn (every CPU and task row opened, scrolled through); writes the screenshot
// of the first screen (the verdict) to SHOT.png and of the biggest CPU's opened row to
// SHOT-cpu.png, and prints the time to load (a figure to read, not a limit: bench/report_load.js
// measures speed).
// With REPORT.json (the run's `compare --json` or `simulate --json`), every verdict cell (an
// element with data-metric) is read after the page's scripts ran and checked against the JSON,
// parsed here: its text starts with the JSON's number, then the unit its key names (_s: s,
// _us: us, _j: J, _pct: %); every task x model has a deadline_misses, a runtime_s and an
// energy_share_pct cell.
// With ANALYZE=1 in the environment (a `capsim analyze --report` page), the page's text once
// every panel is drawn, but for its note of what a trace cannot give (#analyze-note) and its
// placements (#placements: feec's energy estimates are the model's reasons), must name none of
// what only a simulation has (deadline, energy, seed, slack, misses, delivered, capacity_of,
// util (cfs), simulated) and must say n/a for a task's latency without wake-ups.
// Usage: node render.js PAGE.html SHOT.png [REPORT.json]
const { chromium } = require("playwright-core");
const path = require("path");
const fs = require("fs");

// what a cell should say, from the JSON alone: [number or null (n/a), unit]
function expected(J, cell) {
  const models = J.models || { [J.model]: J };
  const S = models[cell.model];
  if (!S) throw new Error("model " + cell.model + " is not in the JSON");
  const obj = cell.task === "*" ? S : S.tasks.find((t) => t.name === cell.task);
  if (!obj) throw new Error("task " + cell.task + " is not in the JSON's " + cell.model);
  const leaf = cell.metric.split(".").pop();
  const unit = /_s$/.test(leaf) ? "s" : /_us$/.test(cell.metric.split(".")[0]) ? "us" : /_j$/.test(leaf) ? "J" : /_pct$/.test(leaf) ? "%" : "";
  if ((cell.metric === "energy_j" || cell.metric === "energy_share_pct") && S.energy_model === false) return [null, unit];
  if (cell.metric === "runtime_by_cpu_s") // a cluster's: the sum over its CPUs, to the JSON's 6 decimals
    return [Number(cell.cpus.split(",").reduce((a, c) => a + (obj.runtime_by_cpu_s[c] || 0), 0).toFixed(6)), unit];
  if (cell.metric.startsWith("pressure.cpus.")) {
    const c = S.pressure.cpus.find((x) => x.cpu === +cell.cpu);
    return [c[leaf], unit];
  }
  const v = cell.metric.split(".").reduce((a, k) => (a == null ? undefined : a[k]), obj);
  if (typeof v !== "number") throw new Error("no number at " + cell.metric + " for " + cell.task);
  return [v, unit];
}

function checkVerdict(J, cells) {
  const bad = [];
  for (const cell of cells) {
    let want;
    try { want = expected(J, cell); } catch (e) { bad.push(e.message); continue; }
    const [v, unit] = want, words = cell.text.split(" ");
    if (v === null) { if (words[0] !== "n/a") bad.push(JSON.stringify(cell) + ": want n/a"); continue; }
    const got = Number(words[0]), tol = cell.metric === "runtime_by_cpu_s" ? 5e-7 : 0;
    if (!(Math.abs(got - v) <= tol) || (unit && words[1] !== unit))
      bad.push(JSON.stringify(cell) + ": want " + v + (unit ? " " + unit : ""));
  }
  const models = J.models || { [J.model]: J };
  for (const [m, S] of Object.entries(models))
    for (const t of S.tasks)
      for (const k of ["deadline_misses", "runtime_s", "energy_share_pct"])
        if (cells.filter((c) => c.model === m && c.task === t.name && c.metric === k).length !== 1)
          bad.push("no single " + k + " cell for " + t.name + " under " + m);
  return bad;
}

(async () => {
  const [page_file, shot, json_file] = process.argv.slice(2);
  const udd = fs.mkdtempSync("/tmp/capsim-chromium-");
  const ctx = await chromium.launchPersistentContext(udd, {
    executablePath: "/usr/bin/chromium", headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run"],
    viewport: { width: 1400, height: 1000 },
  });
  const errors = [], requests = [];
  const page = await ctx.newPage();
  const url = "file://" + path.resolve(page_file);
  page.on("console", (m) => { if (m.type() === "error") errors.push("console: " + m.text()); });
  page.on("pageerror", (e) => errors.push("pageerror: " + e.message));
  page.on("request", (r) => { if (r.url() !== url) requests.push(r.url()); });
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector("body[data-rendered='1']", { timeout: 20000 });
  const ms = Date.now() - t0;
  const png = await page.screenshot({ path: shot });
  const cells = await page.$$eval("[data-metric]", (es) => es.map((e) => ({
    task: e.dataset.task, model: e.dataset.model, metric: e.dataset.metric, cpu: e.dataset.cpu,
    cpus: e.dataset.cpus, text: e.textContent })));
  const verdict = json_file ? checkVerdict(JSON.parse(fs.readFileSync(json_file, "utf8")), cells) : [];
  // every panel drawn (they are drawn when opened and scrolled to), so that an error in any shows
  await page.evaluate(async () => {
    document.querySelectorAll("details").forEach((d) => { d.open = true; });
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }
  });
  const charts = await page.$$eval(".uplot", (e) => e.length);
  if (process.env.ANALYZE) {
    // but for the placements' reasons too: feec's energy estimates are the model's reasons
    const text = await page.evaluate(() => ["analyze-note", "placements"].reduce((t, id) => {
      const e = document.getElementById(id);
      return e ? t.replace(e.innerText, "") : t;
    }, document.body.innerText));
    ["deadline", "energy", "seed", "slack", "misses", "delivered", "capacity_of", "util (cfs)", "simulated"]
      .filter((w) => text.toLowerCase().includes(w)).forEach((w) => errors.push("analyze page names '" + w + "'"));
    if (!text.includes("n/a")) errors.push("analyze page: no n/a latency (the trace has no sched_wakeup)");
  }
  const row = await page.$("details.cpurow");
  if (row) {
    await row.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.querySelector("details.cpurow").scrollIntoView());
    await page.waitForTimeout(100);
    await page.screenshot({ path: shot.replace(/\.png$/, "") + "-cpu.png" });
  }
  // not blank: the variance of the screenshot's luminance, measured by a canvas in a blank page
  const probe = await ctx.newPage();
  const variance = await probe.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width; c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let s = 0, s2 = 0, n = d.length / 4;
    for (let i = 0; i < d.length; i += 4) {
      const y = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
      s += y; s2 += y * y;
    }
    return s2 / n - (s / n) * (s / n);
  }, png.toString("base64"));
  await ctx.close();
  fs.rmSync(udd, { recursive: true, force: true });
  console.log(JSON.stringify({ load_ms: ms, charts, variance: Math.round(variance), verdict_cells: cells.length,
    verdict_errors: verdict.slice(0, 20), errors, requests }));
  process.exit(errors.length || requests.length || !charts || variance < 100 || verdict.length ||
    (json_file && !cells.length) ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(2); });
