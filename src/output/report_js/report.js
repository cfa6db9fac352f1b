// SPDX-License-Identifier: MIT
// capsim's HTML report: draws the run(s) embedded in #capsim-data with uPlot. Every time axis
// is linked (zoom with a drag, double-click to reset, the cursor follows across panels); the
// lanes (who ran where) are canvases redrawn for the visible range. Nothing is fetched.
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
  const charts = [], lanes = [];
  let range = null; // the shared x range [min, max] in s, null: the whole run
  let syncing = false;

  // Series [[t...], [v...]] of several signals onto one x axis (uPlot's aligned data); a step
  // signal holds its last value to the run's end.
  let END = 0;
  function join(list) {
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

  function setRange(min, max, from) {
    if (syncing) return;
    syncing = true;
    range = [min, max];
    charts.forEach((u) => { if (u !== from) u.setScale("x", { min, max }); });
    lanes.forEach((l) => l.draw());
    syncing = false;
  }

  function chart(parent, title, labels, data, opts) {
    opts = opts || {};
    const series = [{ label: "time (s)" }].concat(labels.map((l, i) => ({
      label: l, stroke: opts.colors ? opts.colors[i] : color(i), width: 1,
      paths: opts.points && opts.points[i] ? () => null : uPlot.paths.stepped({ align: 1 }),
      points: { show: !!(opts.points && opts.points[i]), size: 6 }, spanGaps: true,
    })));
    const u = new uPlot({
      title, width: opts.width || W, height: opts.height || 170, series,
      cursor: { sync: { key: "capsim" } },
      scales: { x: { time: false } },
      axes: [{}, { label: opts.ylabel || "", size: 60 }],
      hooks: { setScale: [(u, key) => { if (key === "x") setRange(u.scales.x.min, u.scales.x.max, u); }] },
    }, data, parent);
    charts.push(u);
    return u;
  }

  // A lane: per bucket the id that used it most (coloured) and how busy it was (height).
  function lane(parent, title, ln, dur, names) {
    $("h3", { text: title }, parent);
    const c = $("canvas", { class: "lane", width: W, height: 18 }, parent);
    const l = {
      draw() {
        const g = c.getContext("2d"), lo = range ? range[0] : 0, hi = range ? range[1] : dur;
        g.clearRect(0, 0, c.width, c.height);
        if (!ln || !(hi > lo)) return;
        for (let i = 0; i < ln.top.length; i++) {
          const t0 = i * ln.width, t1 = t0 + ln.width;
          if (t1 < lo || t0 > hi || ln.top[i] < 0) continue;
          const x0 = ((t0 - lo) / (hi - lo)) * c.width, x1 = ((t1 - lo) / (hi - lo)) * c.width;
          const h = Math.max(2, Math.min(1, ln.busy[i] / ln.width) * c.height);
          g.fillStyle = color(ln.top[i]);
          g.fillRect(x0, c.height - h, Math.max(1, x1 - x0), h);
        }
      },
    };
    c.title = "colour: " + names;
    l.draw();
    lanes.push(l);
  }

  function hist(parent, title, bins, neg) {
    const box = $("div", { class: "hist" }, parent);
    $("h3", { text: title }, box);
    const t = $("table", {}, box);
    const rows = [];
    if (neg) for (let k = neg.length - 1; k >= 0; k--) if (neg[k]) rows.push([(k ? "-" + 2 ** (k - 1) + ".." : "-0..") + " us (late)", neg[k]]);
    bins.forEach((n, k) => { if (n) rows.push([(k ? "[" + 2 ** (k - 1) + ", " + 2 ** k + ")" : "< 1") + " us", n]); });
    const max = Math.max(1, ...rows.map((r) => r[1]));
    rows.forEach((r) => {
      const tr = $("tr", {}, t);
      $("td", { text: r[0] }, tr);
      $("td", { text: r[1] }, tr);
      $("span", { class: "bar", style: "width:" + Math.round((150 * r[1]) / max) + "px" }, $("td", {}, tr));
    });
    if (!rows.length) $("p", { class: "note", text: "none" }, box);
  }

  // A panel is drawn when it first comes near the screen: a page of 100 tasks opens at once.
  let observer = null;
  function lazy(box, height, draw) {
    box.style.minHeight = height + "px";
    box.drawPanel = () => { box.drawPanel = null; box.style.minHeight = ""; draw.call(box); if (range) setRange(range[0], range[1], null); };
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
  $("p", { class: "note", text: "Drag on any plot to zoom; double-click to reset; the time axes of all panels are linked. Series are decimated per pixel column with each column's first, lowest, highest and last values kept." }, root);
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
    charts.splice(0).forEach((u) => u.destroy());
    if (observer) observer.disconnect();
    lanes.splice(0);
    body.textContent = "";
    const R = D.runs[k], S = R.summary, dur = S.duration_s;
    END = dur;
    const tnames = R.tasks.map((t, i) => i + "=" + t.name).join(", ");
    $("h2", { text: "Per CPU" }, body);
    R.cpus.forEach((c, ci) => lazy($("div", {}, body), 520, function () {
      const box = this;
      const orig = [[0, dur], [c.orig, c.orig]];
      const lab = ["original (cpu_scale)", "believed (actual capacity)", "delivered", "capacity_of", "util (cfs)"];
      const ser = [orig, c.s.actual, c.s.delivered, c.s.capacity_of, c.s.util];
      if (D.runs.length > 1) D.runs.forEach((r, j) => { if (j !== k) { lab.push("believed, " + r.summary.model); ser.push(r.cpus[ci].s.actual); } });
      chart(box, "CPU" + c.cpu + ": capacity (0..1024)", lab, join(ser), { ylabel: "capacity" });
      chart(box, "CPU" + c.cpu + ": frequency (kHz) and policy limits", ["delivered", "requested (policy->cur)", "min limit", "max limit"],
            join([c.s.freq, c.s.freq_req, c.s.freq_min, c.s.freq_max]), { ylabel: "kHz", height: 140 });
      chart(box, "CPU" + c.cpu + ": pressure (capacity units)", ["HW pressure", "cpufreq pressure (from the max limit)"],
            join([c.s.hw_pressure, c.s.cpufreq_pressure]), { ylabel: "pressure", height: 120 });
      lane(box, "CPU" + c.cpu + ": who ran (colour: task, height: busy share)", c.lane, dur, tnames);
    }));
    $("h2", { text: "Per task" }, body);
    $("p", { class: "note", text: S.wakeup_latency_includes ? "Wake-up latency: " + S.wakeup_latency_includes + "." : "" }, body);
    R.tasks.forEach((t) => lazy($("div", {}, body), 330, function () {
      const box = this;
      const miss = t.misses.length ? [t.misses, t.misses.map(() => 1024)] : null;
      if (miss) miss.point = true;
      chart(box, t.name + ": util_avg and util_est" + (t.misses_total ? " (deadline misses: " + t.misses_total + ", marked)" : ""),
            ["util_avg", "util_est", "deadline miss"], join([t.s.util, t.s.util_est, miss]),
            { ylabel: "util", height: 140, points: [false, false, true], colors: ["#1f77b4", "#ff7f0e", "#d62728"] });
      lane(box, t.name + ": where it ran (colour: CPU)", t.lane, dur, "CPU number");
      hist(box, "wake-up latency", t.lat_hist);
      hist(box, "timer slack", t.slack_hist, t.late_hist);
    }));
    if (R.zones.length || R.cdevs.length) {
      $("h2", { text: "Thermal" }, body);
      if (R.zones.length) chart(body, "temperature (m°C)" + (R.trips.length ? ", trips marked" : ""),
        R.zones.map((z) => z.name).concat(R.trips.length ? ["trip crossed"] : []),
        join(R.zones.map((z) => z.s).concat(R.trips.length ? [Object.assign([R.trips, R.trips.map(() => 0)], { point: true })] : [])),
        { ylabel: "m°C", points: R.zones.map(() => false).concat([true]) });
      if (R.cdevs.length) chart(body, "cooling device state", R.cdevs.map((z) => z.name), join(R.cdevs.map((z) => z.s)), { ylabel: "state", height: 120 });
    }
    $("h2", { text: "Energy" }, body);
    const emax = Math.max(1e-12, ...S.cpus.map((c) => c.energy_j));
    const erows = S.cpus.map((c) => ["CPU" + c.cpu, c.energy_j.toFixed(4), ""]);
    table(body, ["CPU", "energy (J)", ""], erows);
    body.lastChild.querySelectorAll("tr").forEach((tr, i) => { if (i) $("span", { class: "bar", style: "width:" + Math.round((200 * S.cpus[i - 1].energy_j) / emax) + "px" }, tr.lastChild); });
    table(body, ["cluster (policy)", "CPUs", "energy (J)"], (R.policies || []).map((p) => [
      "policy" + p.cpu, p.cpus.join(","), p.cpus.reduce((a, c) => a + (S.cpus[c] ? S.cpus[c].energy_j : 0), 0).toFixed(4)]));
    $("p", { class: "note", text: "total " + S.energy_j.toFixed(4) + " J (energy model power at the delivered OPP over busy time; idle power 0)" }, body);
    $("h2", { text: "Summary" }, body);
    table(body, ["task", "wake-ups", "rt-app loops", "deadline misses", "slack mean (us)", "slack min (us)", "runtime (s)", "wake-up latency p50 (us)", "p99 (us)", "migrations", "util_avg at end"],
      S.tasks.map((t) => [t.name, t.wakeups, t.loops, t.deadline_misses, t.slack_us.mean, t.slack_us.min, t.runtime_s, t.wakeup_latency_us.p50, t.wakeup_latency_us.p99, t.migrations, t.util_avg_end]));
    $("p", { class: "note", text: "wake-ups count every wake-up, the first (the task's start) included; rt-app loops count completed loops of a phase (one rt-app log row each); misses are timer events found already late." }, body);
    table(body, ["CPU", "busy (%)", "mean frequency (kHz)", "mean actual capacity", "energy (J)"],
      S.cpus.map((c) => [c.cpu, c.busy_pct, c.mean_freq_khz, c.mean_actual_capacity, c.energy_j]));
    if (S.pressure) table(body, ["pressure metric", "value"], [["mean |believed - delivered| capacity", S.pressure.mean_abs_capacity_error],
      ["placements", S.pressure.placements], ["misfit placements", S.pressure.misfit_placements], ["uclamp_min violations", S.pressure.uclamp_min_violations]]);
    if (range) setRange(range[0], range[1], null);
  }
  if (sel) sel.addEventListener("change", () => render(+sel.value));
  render(0);
  document.body.setAttribute("data-rendered", "1");
})();
