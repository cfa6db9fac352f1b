// SPDX-License-Identifier: MIT
// How long an HTML report takes to open in headless Chromium (Debian's /usr/bin/chromium, driven
// by playwright-core from the build's npm install), issue 18's "opens in Chromium in under 5 s".
// Each of RUNS runs opens the page in a fresh browser and measures, from the navigation's start
// (the page's own clock, performance.now()): the load event (the page and its inline scripts
// parsed), the page's script done (data parsed, header, tables and the first panels laid out:
// body[data-rendered]), the first screen's plots drawn; then the time to draw every panel by
// scrolling through the page (panels are drawn when they come near the screen), and that of a
// zoom (a drag over the first plot) once they all are. Prints each
// run and the median. Speed figures, so a benchmark (bench/run.sh), never a timed test; the
// correctness of a page (no console error, no request, not blank) is tests/report/render.js's.
// Usage: node report_load.js PAGE.html [RUNS]
const { chromium } = require("playwright-core");
const path = require("path");
const fs = require("fs");

async function once(url) {
  const udd = fs.mkdtempSync("/tmp/capsim-chromium-");
  const ctx = await chromium.launchPersistentContext(udd, {
    executablePath: "/usr/bin/chromium", headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run"],
    viewport: { width: 1400, height: 1000 },
  });
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(url, { waitUntil: "load", timeout: 120000 });
  await page.waitForSelector("body[data-rendered='1']", { timeout: 120000 });
  // the first screen: the first CPU's capacity, frequency and lane charts
  await page.waitForFunction(() => document.querySelectorAll(".uplot").length >= 3, null, { timeout: 120000 });
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const mark = performance.getEntriesByName("capsim-rendered")[0];
    return { load: nav.loadEventEnd, rendered: mark ? mark.startTime : NaN, plots: performance.now() };
  });
  const t0 = Date.now();
  const all = await page.evaluate(async () => {
    const start = performance.now();
    const H = () => document.body.scrollHeight;
    for (let y = 0; y < H(); y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    return { ms: performance.now() - start, charts: document.querySelectorAll(".uplot").length };
  });
  // a zoom (a drag over the first chart, every panel drawn): until the next frame after it
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator(".u-over").first().boundingBox();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 4 });
  const z0 = await page.evaluate(() => performance.now());
  await page.mouse.up();
  const zoom = await page.evaluate((z0) => new Promise((r) => requestAnimationFrame(() => r(performance.now() - z0))), z0);
  await ctx.close();
  fs.rmSync(udd, { recursive: true, force: true });
  return { zoom_ms: Math.round(zoom), load_ms: Math.round(t.load), script_ms: Math.round(t.rendered), first_plots_ms: Math.round(t.plots), all_panels_ms: Math.round(all.ms),
           charts: all.charts, wall_scroll_ms: Date.now() - t0, errors };
}

(async () => {
  const [page_file, runs_arg] = process.argv.slice(2);
  const runs = +(runs_arg || 5);
  const url = "file://" + path.resolve(page_file);
  const size = fs.statSync(page_file).size;
  const res = [];
  for (let i = 0; i < runs; i++) {
    const r = await once(url);
    res.push(r);
    console.log(`    run ${i + 1}: load ${r.load_ms} ms, script done ${r.script_ms} ms, first plots ${r.first_plots_ms} ms, ` +
                `every panel drawn (${r.charts} charts) ${r.all_panels_ms} ms more, a zoom ${r.zoom_ms} ms` +
                (r.errors.length ? `, errors: ${r.errors.join("; ")}` : ""));
  }
  const med = (k) => res.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(res.length / 2)];
  console.log(`report_load: ${path.basename(page_file)} (${(size / 1e6).toFixed(2)} MB), median of ${runs}: ` +
              `load event ${med("load_ms")} ms, script done ${med("script_ms")} ms, first screen's plots ${med("first_plots_ms")} ms ` +
              `(target < 5000), every panel drawn ${med("all_panels_ms")} ms more, a zoom ${med("zoom_ms")} ms`);
  process.exit(res.some((r) => r.errors.length) ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(2); });
