// SPDX-License-Identifier: MIT
// Opens an HTML report in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core from the build's npm install): fails on a console error, a page error or any
// request that is not the page itself, or a blank screenshot (luminance variance < 100), once
// every panel is drawn (scrolled through); writes the screenshot of the first screen and prints
// the time to load (a figure to read, not a limit: bench/report_load.js measures speed).
// Usage: node render.js PAGE.html SHOT.png
const { chromium } = require("playwright-core");
const path = require("path");
const fs = require("fs");
(async () => {
  const [page_file, shot] = process.argv.slice(2);
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
  // every panel drawn (they are drawn when scrolled to), so that an error in any shows
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    window.scrollTo(0, 0);
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  });
  const charts = await page.$$eval(".uplot", (e) => e.length);
  const png = await page.screenshot({ path: shot });
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
  console.log(JSON.stringify({ load_ms: ms, charts, variance: Math.round(variance), errors, requests }));
  process.exit(errors.length || requests.length || !charts || variance < 100 ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(2); });
