// SPDX-License-Identifier: MIT
// capsim's HTML report: draws the run(s) embedded in #capsim-data with uPlot. Every time axis
// is linked (zoom with a drag, double-click to reset, the cursor follows across panels); the
// lanes (who ran where) are uPlot charts that paint their intervals. Nothing is fetched.
(function () {
  "use strict";
  const D = JSON.parse(document.getElementById("capsim-data").textContent);
  const $ = (tag, attrs, parent) => {
    const e = document.createElement(tag);
    for (const k in attrs || {}) k === "text" ? (e.textContent = attrs[k]) : e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  };
  const root = document.getElementById("capsim-report");
  const W = Math.max(600, Math.min(1400, window.innerWidth - 60));
  const palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
                   "#7f7f7f", "#bcbd22", "#17becf"];
  const color = (i) => palette[((i % palette.length) + palette.length) % palette.length];
  const charts = [];
  let range = null; // the shared x range [min, max] in s, null: the whole run
  let syncing = false;

  // The data's encodings (docs/formats.md, "HTML report"), decoded when a panel is drawn. A
  // series is exact ({dt, v}: every change, dt in ns from the one before) or gridded ({dc, lo,
  // hi, last}: per column of the run's grid that saw a change, its range and last value), drawn
  // as three steps inside its column (low, high, last), so a column's line spans its range.
  // Either becomes [[t (s)...], [v...]].
  let GRID = 0; // the run's column width, s
  const colX = (c, k) => (c + k / 3) * GRID; // one formula, so that columns align across series
  function xy(s) {
    if (!s) return null;
    if (s.xy) return s.xy;
    const t = [], v = [];
    if (s.dc) {
      let c = 0;
      for (let i = 0; i < s.dc.length; i++) {
        c += s.dc[i];
        t.push(colX(c, 0), colX(c, 1), colX(c, 2));
        v.push(s.lo[i], s.hi[i], s.last[i]);
      }
    } else {
      let ns = 0;
      for (let i = 0; i < s.dt.length; i++) { ns += s.dt[i]; t.push(ns * 1e-9); v.push(s.v[i]); }
    }
    s.xy = [t, v];
    return s.xy;
  }
  // marks: their times (s), exact or a point per column that holds any
  function M(m) {
    const t = [];
    if (m.count) m.count.forEach((n, c) => { if (n) t.push(colX(c, 1.5)); });
    else { let ns = 0; m.dt.forEach((d) => { ns += d; t.push(ns * 1e-9); }); }
    return t;
  }

  // Series [[t...], [v...]] of several signals onto one x axis (uPlot's aligned data); a step
  // signal holds its last value to the run's end.
  let END = 0;
  function join(list) {
    list = list.map((s) => (s && !Array.isArray(s) ? xy(s) : s));
    list = list.map((s) => (s && !s.point && s[0].length && s[0][s[0].length - 1] < END ?
      [s[0].concat([END]), s[1].concat([s[1][s[1].length - 1]])] : s));
    const ts = new Set();
    list.forEach((s) => s && s[0].forEach((t) => ts.add(t)));
    const xs = Float64Array.from(ts).sort();
    const out = [xs];
    list.forEach((s) => {
      const ys = new Array(xs.length).fill(null);
      if (s) {
        let j = 0;
        for (let i = 0; i < s[0].length; i++) {
          while (xs[j] < s[0][i]) j++;
          ys[j] = s[1][i];
        }
      }
      out.push(ys);
    });
    return out;
  }

  // A zoom or pan of one chart moves every other. A chart being made takes the shared range
  // itself (its own first setScale is not a user's): with a propagation per new chart, drawing
  // the panels of a 100-task page redrew every chart made before, quadratic in the charts.
  // Only the charts near the screen follow at once; the others when they come near it (a zoom
  // redrew all 200 charts of a 100-task page).
  let making = false;
  const near = new Set();
  const follow = (u) => {
    const x = u.scales.x;
    if (range && (x.min !== range[0] || x.max !== range[1])) u.setScale("x", { min: range[0], max: range[1] });
  };
  const seen = new IntersectionObserver((es) => es.forEach((e) => {
    const u = e.target.uplot;
    if (!u) return;
    if (e.isIntersecting) { near.add(u); syncing = true; follow(u); syncing = false; } else near.delete(u);
  }), { rootMargin: "200px" });
  function setRange(min, max, from) {
    if (syncing || making || (range && range[0] === min && range[1] === max)) return;
    syncing = true;
    range = [min, max];
    near.forEach((u) => { if (u !== from) follow(u); });
    syncing = false;
  }
  function made(opts, data, parent) {
    making = true;
    const u = new uPlot(opts, data, parent);
    making = false;
    follow(u);
    charts.push(u);
    u.root.uplot = u;
    seen.observe(u.root);
    return u;
  }

  // the same padding and y axis width in every chart and lane: their plots line up in time
  const PAD = [8, 24, 0, 0];
  function chart(parent, title, labels, data, opts) {
    opts = opts || {};
    const series = [{ label: "time (s)" }].concat(labels.map((l, i) => ({
      label: l, stroke: opts.colors ? opts.colors[i] : color(i), width: opts.dash && opts.dash[i] ? 2 : 1,
      dash: opts.dash && opts.dash[i] ? [6, 4] : undefined,
      paths: opts.points && opts.points[i] ? () => null : uPlot.paths.stepped({ align: 1 }),
      points: { show: !!(opts.points && opts.points[i]), size: 6 }, spanGaps: true,
    })));
    return made({
      title, width: opts.width || W, height: opts.height || 170, series,
      cursor: { sync: { key: "capsim" } },
      scales: { x: { time: false } },
      padding: PAD,
      axes: [{}, { label: opts.ylabel || "", labelSize: 20, size: 60 }],
      hooks: { setScale: [(u, key) => { if (key === "x") setRange(u.scales.x.min, u.scales.x.max, u); }] },
    }, data, parent);
  }

  // A lane: its run intervals (exact: full height), or per column the id of its longest
  // interval (colour) and how busy the column was (height). A uPlot chart of no series whose
  // draw hook paints them, so that its time axis lines up with the plots' and zooms with them.
  // @scaled: heights relative to the busiest column (a task busy 2 % of the time still shows).
  function lane(parent, title, ln, dur, names, scaled) {
    let iv = null; // [t0 (s), t1 (s), id, busy share 0..1]
    const intervals = () => {
      if (iv) return iv;
      iv = [];
      if (!ln) return iv;
      const top = ln.busy && scaled ? Math.max(1, ...ln.busy) : 100;
      if (ln.top) ln.top.forEach((id, k) => { if (id >= 0) iv.push([k * GRID, (k + 1) * GRID, id, Math.min(1, ln.busy[k] / top)]); });
      else { let ns = 0; ln.dt.forEach((d, k) => { ns += d; iv.push([ns * 1e-9, (ns + ln.dur[k]) * 1e-9, ln.id[k], 1]); }); }
      return iv;
    };
    const paint = (u) => {
      const g = u.ctx, b = u.bbox, lo = u.scales.x.min, hi = u.scales.x.max;
      if (!(hi > lo)) return;
      g.save();
      g.beginPath();
      g.rect(b.left, b.top, b.width, b.height);
      g.clip();
      for (const [t0, t1, id, busy] of intervals()) {
        if (t1 < lo || t0 > hi) continue;
        const x0 = u.valToPos(t0, "x", true), x1 = u.valToPos(t1, "x", true);
        const h = Math.max(2, busy * b.height);
        g.fillStyle = color(id);
        g.fillRect(x0, b.top + b.height - h, Math.max(1, x1 - x0), h);
      }
      g.restore();
    };
    const u = made({
      title, width: W, height: 70, legend: { show: false },
      series: [{}, { label: "", show: true, stroke: "transparent", points: { show: false } }],
      cursor: { sync: { key: "capsim" }, y: false, points: { show: false } },
      scales: { x: { time: false }, y: { range: [0, 1] } },
      padding: PAD,
      axes: [{ show: false }, { label: "", labelSize: 20, size: 60, values: (u, v) => v.map(() => ""), grid: { show: false }, ticks: { show: false } }],
      hooks: {
        draw: [paint],
        setScale: [(u, key) => { if (key === "x") setRange(u.scales.x.min, u.scales.x.max, u); }],
      },
    }, [[0, dur], [null, null]], parent);
    u.root.classList.add("lane");
    u.root.title = "colour: " + names;
  }

  function hist(parent, title, bins, neg) {
    const box = $("div", { class: "hist" }, parent);
    $("h3", { text: title }, box);
    const t = $("table", {}, box);
    const rows = [];
    if (neg) for (let k = neg.length - 1; k >= 0; k--) if (neg[k]) rows.push(["late " + (k ? "[" + 2 ** (k - 1) + ", " + 2 ** k + ")" : "< 1") + " us", neg[k]]);
    bins.forEach((n, k) => { if (n) rows.push([(k ? "[" + 2 ** (k - 1) + ", " + 2 ** k + ")" : "< 1") + " us", n]); });
    const max = Math.max(1, ...rows.map((r) => r[1]));
    rows.forEach((r) => {
      const tr = $("tr", {}, t);
      $("td", { text: r[0] }, tr);
      $("td", { text: r[1] }, tr);
      $("span", { class: "bar", style: "width:" + Math.round((150 * r[1]) / max) + "px" }, $("td", { class: "barcell" }, tr));
    });
    if (!rows.length) $("p", { class: "note", text: "none" }, box);
  }

  // A panel is drawn when it first comes near the screen: a page of 100 tasks opens at once.
  let observer = null;
  function lazy(box, height, draw) {
    box.style.minHeight = height + "px";
    box.drawPanel = () => { box.drawPanel = null; box.style.minHeight = ""; draw.call(box); };
    if (!observer) observer = new IntersectionObserver((es) => es.forEach((e) => {
      if (e.isIntersecting && e.target.drawPanel) { observer.unobserve(e.target); e.target.drawPanel(); }
    }), { rootMargin: "400px" });
    observer.observe(box);
  }

  function table(parent, head, rows) {
    const t = $("table", {}, parent), tr = $("tr", {}, t);
    head.forEach((h) => $("th", { text: h }, tr));
    rows.forEach((r) => { const x = $("tr", {}, t); r.forEach((v) => $("td", { text: v }, x)); });
  }

  // ---- the header: what ran, so the report stands alone ----
  const R0 = D.runs[0], S0 = R0.summary;
  $("h1", { text: "capsim report: " + S0.platform + (D.runs.length > 1 ? " (compare)" : "") }, root);
  table(root, ["input", "value"], [
    ["capsim version", D.version], ["command", D.inputs.command || "-"],
    ["scenario", D.inputs.scenario_name || "-"], ["platform", S0.platform],
    ["workload", R0.workload || "-"], ["models", D.runs.map((r) => r.summary.model).join(", ")],
    ["seed", S0.seed], ["HZ", S0.hz], ["governor", S0.governor], ["EAS", S0.eas],
    ["simulated", S0.duration_s + " s"],
    ["static caps", (R0.caps || []).join("; ") || "none"],
  ]);
  $("p", { class: "note", text: "Drag on any plot to zoom; double-click to reset; the time axes of all panels are linked. A series with up to 2048 changes is drawn exactly; a busier one is decimated per pixel: each of the run's 1400 columns keeps its lowest, highest and last value, so spikes stay visible." }, root);
  if (D.inputs.scenario_text) { const d = $("details", {}, root); $("summary", { text: "scenario (embedded, to repeat the run)" }, d); $("pre", { text: D.inputs.scenario_text }, d); }
  if (D.inputs.workload_text) { const d = $("details", {}, root); $("summary", { text: "workload (rt-app JSON, embedded)" }, d); $("pre", { text: D.inputs.workload_text }, d); }

  const ctl = $("div", { id: "controls" }, root);
  let sel = null;
  if (D.runs.length > 1) {
    $("span", { text: "model: " }, ctl);
    sel = $("select", { id: "model" }, ctl);
    D.runs.forEach((r, i) => $("option", { value: i, text: r.summary.model }, sel));
    $("span", { class: "note", text: "  (the capacity panels overlay every model's believed capacity)" }, ctl);
  }
  const body = $("div", {}, root);

  function render(k) {
    charts.splice(0).forEach((u) => { seen.unobserve(u.root); u.destroy(); });
    near.clear();
    if (observer) observer.disconnect();
    body.textContent = "";
    const R = D.runs[k], S = R.summary, dur = S.duration_s;
    END = dur;
    GRID = (R.grid_ns || 0) * 1e-9;
    const tnames = R.tasks.map((t, i) => i + "=" + t.name).join(", ");
    $("h2", { text: "Per CPU" }, body);
    R.cpus.forEach((c, ci) => lazy($("div", {}, body), 520, function () {
      const box = this;
      const orig = [[0, dur], [c.orig, c.orig]];
      const lab = ["original (cpu_scale)", "believed (actual capacity)", "delivered", "capacity_of", "util (cfs)"];
      const ser = [orig, c.s.actual, c.s.delivered, c.s.capacity_of, c.s.util];
      if (D.runs.length > 1) D.runs.forEach((r, j) => { if (j !== k) { lab.push("believed, " + r.summary.model); ser.push(r.cpus[ci].s.actual); } });
      // the other models' beliefs dashed over this one's lines
      chart(box, "CPU" + c.cpu + ": capacity (0..1024)", lab, join(ser), { ylabel: "capacity", dash: lab.map((l, i) => i >= 5) });
      // MHz on the page (the data and the CSV hold kHz): 7-digit kHz ticks do not fit the axis
      const mhz = (s) => { const a = xy(s); return a && [a[0], a[1].map((v) => v / 1000)]; };
      chart(box, "CPU" + c.cpu + ": frequency (MHz) and policy limits", ["delivered", "requested (policy->cur)", "min limit", "max limit"],
            join([c.s.freq, c.s.freq_req, c.s.freq_min, c.s.freq_max].map(mhz)), { ylabel: "MHz", height: 140 });
      const pr = [c.s.hw_pressure, c.s.cpufreq_pressure];
      if (pr.some((s) => xy(s)[1].some((v) => v))) chart(box, "CPU" + c.cpu + ": pressure (capacity units)", ["HW pressure", "cpufreq pressure (from the max limit)"],
            join(pr), { ylabel: "pressure", height: 120 });
      else $("p", { class: "note", text: "CPU" + c.cpu + ": no HW or cpufreq pressure (0 throughout the run)." }, box);
      lane(box, "CPU" + c.cpu + ": who ran (colour: task, height: busy share)", c.lane, dur, tnames);
    }));
    $("h2", { text: "Per task" }, body);
    $("p", { class: "note", text: S.wakeup_latency_includes ? "Wake-up latency: " + S.wakeup_latency_includes + "." : "" }, body);
    R.tasks.forEach((t) => lazy($("div", {}, body), 330, function () {
      const box = this;
      const mt = M(t.misses), miss = mt.length ? [mt, mt.map(() => 1024)] : null;
      if (miss) miss.point = true;
      if (xy(t.s.util)[0].length || xy(t.s.util_est)[0].length || miss)
        chart(box, t.name + ": util_avg and util_est" + (t.misses_total ? " (deadline misses: " + t.misses_total + ", marked)" : ""),
              ["util_avg", "util_est", "deadline miss"], join([t.s.util, t.s.util_est, miss]),
              { ylabel: "util", height: 140, points: [false, false, true], colors: ["#1f77b4", "#ff7f0e", "#d62728"] });
      else $("h3", { text: t.name + ": no util_avg or util_est (not a fair-class task: no PELT entity of its own)" }, box);
      lane(box, t.name + ": where it ran (colour: CPU" + (t.lane.top ? "; height: busy share, the busiest column full)" : ")"), t.lane, dur, "CPU number", true);
      hist(box, "wake-up latency", t.lat_hist);
      hist(box, "timer slack", t.slack_hist, t.late_hist);
    }));
    if (R.zones.length || R.cdevs.length) {
      $("h2", { text: "Thermal" }, body);
      const trips = M(R.trips);
      if (R.zones.length) chart(body, "temperature (m°C)" + (trips.length ? ", trips marked" : ""),
        R.zones.map((z) => z.name).concat(trips.length ? ["trip crossed"] : []),
        join(R.zones.map((z) => z.s).concat(trips.length ? [Object.assign([trips, trips.map(() => 0)], { point: true })] : [])),
        { ylabel: "m°C", points: R.zones.map(() => false).concat([true]) });
      if (R.cdevs.length) chart(body, "cooling device state", R.cdevs.map((z) => z.name), join(R.cdevs.map((z) => z.s)), { ylabel: "state", height: 120 });
    }
    $("h2", { text: "Energy" }, body);
    const emax = Math.max(1e-12, ...S.cpus.map((c) => c.energy_j));
    const erows = S.cpus.map((c) => ["CPU" + c.cpu, c.energy_j.toFixed(4), ""]);
    table(body, ["CPU", "energy (J)", ""], erows);
    body.lastChild.querySelectorAll("tr").forEach((tr, i) => { if (i) { tr.lastChild.className = "barcell"; $("span", { class: "bar", style: "width:" + Math.round((200 * S.cpus[i - 1].energy_j) / emax) + "px" }, tr.lastChild); } });
    table(body, ["cluster (policy)", "CPUs", "energy (J)"], (R.policies || []).map((p) => [
      "policy" + p.cpu, p.cpus.join(","), p.cpus.reduce((a, c) => a + (S.cpus[c] ? S.cpus[c].energy_j : 0), 0).toFixed(4)]));
    $("p", { class: "note", text: "total " + S.energy_j.toFixed(4) + " J (energy model power at the delivered OPP over busy time)" +
      (S.idle_energy_j === undefined ? "; idle power not given (a device tree has none): not counted"
        : "; idle states, apart: " + S.idle_energy_j.toFixed(4) + " J (the platform JSON's idle_power_uw x residency)") }, body);
    $("h2", { text: "Summary" }, body);
    table(body, ["task", "wake-ups", "rt-app loops", "deadline misses", "slack mean (us)", "slack min (us)", "runtime (s)", "wake-up latency p50 (us)", "p99 (us)", "migrations", "util_avg at end"],
      S.tasks.map((t) => [t.name, t.wakeups, t.loops, t.deadline_misses, t.slack_us.mean, t.slack_us.min, t.runtime_s, t.wakeup_latency_us.p50, t.wakeup_latency_us.p99, t.migrations, t.util_avg_end]));
    $("p", { class: "note", text: "wake-ups count every wake-up, the first (the task's start) included; rt-app loops count completed loops of a phase (one rt-app log row each); misses are timer events found already late." }, body);
    table(body, ["CPU", "busy (%)", "mean frequency (kHz)", "mean actual capacity", "energy (J)"],
      S.cpus.map((c) => [c.cpu, c.busy_pct, c.mean_freq_khz, c.mean_actual_capacity, c.energy_j]));
    if (S.pressure) table(body, ["pressure metric", "value"], [["mean |believed - delivered| capacity", S.pressure.mean_abs_capacity_error],
      ["placements", S.pressure.placements], ["misfit placements", S.pressure.misfit_placements], ["uclamp_min violations", S.pressure.uclamp_min_violations]]);
  }
  if (sel) sel.addEventListener("change", () => render(+sel.value));
  render(0);
  performance.mark("capsim-rendered"); // bench/report_load.js times the page by it
  document.body.setAttribute("data-rendered", "1");
})();
