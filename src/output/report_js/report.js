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
      // side by side, a legend of values under every narrow chart took more room than the plot
      legend: { live: !opts.width || opts.width >= W },
      cursor: { sync: { key: "capsim" } },
      // a panel that names its range (capacity 0..1024) shows that range, not an auto-scale
      scales: { x: { time: false }, y: opts.range ? { range: opts.range } : {} },
      padding: PAD,
      axes: [{}, { label: opts.ylabel || "", labelSize: 20, size: 60 }],
      hooks: { setScale: [(u, key) => { if (key === "x") setRange(u.scales.x.min, u.scales.x.max, u); }] },
    }, data, parent);
  }

  // A lane: its run intervals (exact: full height), or per column the id of its longest
  // interval (colour) and how busy the column was (height). A uPlot chart of no series whose
  // draw hook paints them, so that its time axis lines up with the plots' and zooms with them.
  // @scaled: heights relative to the busiest column (a task busy 2 % of the time still shows).
  function lane(parent, title, ln, dur, names, scaled, width) {
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
      title, width: width || W, height: 70, legend: { show: false },
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

  // ---- the verdict first: per task, its figures under every model side by side ----
  // Each metric: its JSON key (the cell's data-metric), its unit, a one-line reading, and how a
  // difference reads (lower: the lower is better; closest: nearest the true value; none: no
  // better side, only a difference). docs/formats.md, "HTML report: the verdict", says the same.
  const TASK_METRICS = [
    { key: "deadline_misses", name: "deadline misses", unit: "", better: "lower",
      reads: "timer events of the task's rt-app phases found already late (the work of one period did not finish in it) — lower is better" },
    { key: "runtime_s", name: "run time", unit: "s", better: "none",
      reads: "CPU time the task ran; the same work takes longer on a slower (capped) CPU, less if its loops were dropped — a difference says where it ran changed",
      readsAN: "CPU time the task ran in the trace: each switch-in to its next switch-out" },
    { key: "wakeup_latency_us.p99", name: "wake-up latency p99", unit: "us", better: "lower",
      reads: "99th percentile of wake-up to running: time queued behind other tasks plus the idle state's exit latency — lower is better",
      readsAN: "99th percentile of the trace's wake-up (sched_wakeup) to switch-in times; n/a: no wake-up traced" },
    { key: "runtime_by_cpu_s", name: "run time on a cluster", unit: "s", better: "none",
      reads: "CPU time the task ran on the cluster's CPUs (the policy's CPUs; share of its run time in brackets) — shows where the model placed it",
      readsAN: "CPU time the task ran on the cluster's CPUs (share of its run time in brackets): where the kernel placed it" },
    { key: "energy_share_pct", name: "energy share", unit: "%", better: "none",
      reads: "the task's part of the run's active energy, EM power at the OPP its CPU ran at over the time it ran — idle energy not included (its joules in brackets)" },
  ];
  const RUN_METRICS = [
    { key: "energy_j", name: "energy", unit: "J", better: "lower",
      reads: "energy model power at the delivered OPP over busy time, all CPUs (idle states apart) — lower is better; each cluster's share in brackets, each task's in its energy share row" },
    { key: "migrations", name: "migrations", unit: "", better: "lower",
      reads: "task moves between CPUs — lower is better",
      readsAN: "the tasks' switch-ins on another CPU than their last (cpu_changes)" },
    { key: "overutilized_pct", name: "time overutilized", unit: "%", better: "lower",
      reads: "share of the run the root domain was overutilized (EAS off) — lower is better" },
    { key: "pressure.mean_abs_capacity_error", name: "mean |believed - delivered| capacity", unit: "", better: "lower",
      reads: "how far the capacity the scheduler ranks CPUs by was from what the CPU could really run at, time-weighted over all CPUs — lower is better" },
    { key: "pressure.misfit_placements", name: "placements not fitting delivered", unit: "", better: "lower",
      reads: "wake-ups and forks placed on a CPU whose delivered capacity could not fit the task's utilization (fits_capacity()) — lower is better" },
    { key: "pressure.uclamp_min_violations", name: "uclamp_min violations", unit: "", better: "lower",
      reads: "placements of uclamp_min-boosted tasks onto CPUs delivering less than their uclamp_min — lower is better" },
    { key: "pressure.cpus.believed_pressure_pct", name: "time under believed pressure", unit: "%", better: "closest",
      reads: "share of the run the model believed the CPU below its original capacity — best: closest to the time it really was capped (in brackets)" },
  ];
  const R0 = D.runs[0], S0 = R0.summary;
  const RUNS = D.runs, NM = RUNS.length, MODEL = (R) => R.summary.model;
  /* the model and the Linux version it runs (the summary's "kernel"; null for capped and none) */
  const LABEL = (R) => MODEL(R) + (R.summary.kernel ? " (Linux " + R.summary.kernel + ")" : "");
  // `capsim analyze --report`: a real trace's figures. What only a simulation has (deadlines,
  // energy, util, capacity_of, delivered capacity, timer slack, seed) is left out, not drawn as 0
  const AN = !!D.analyze, NOPLAT = AN && !!D.analyze.left_out;
  const get = (o, key) => key.split(".").reduce((a, k) => (a == null ? undefined : a[k]), o);
  const fmtUnit = (v, unit) => String(v) + (unit ? " " + unit : "");
  // the clusters (policies), biggest CPU first: the order of every per-CPU view
  const origOf = (cpu) => R0.cpus[cpu] ? R0.cpus[cpu].orig : 0;
  const CLUSTERS = (R0.policies || []).slice().sort((a, b) => origOf(b.cpu) - origOf(a.cpu) || a.cpu - b.cpu);
  const clusterName = (p) => "policy" + p.cpu + " (CPU" + (p.cpus.length > 1 ? "s " + p.cpus[0] + "-" + p.cpus[p.cpus.length - 1] : " " + p.cpus[0]) + (NOPLAT ? ")" : ", capacity " + origOf(p.cpu) + ")");

  // A row of the verdict: one cell per model, its values compared: where they differ the best
  // is marked "best" and the worst "worst" (green, red), or all "differs" when no side is better.
  function vrow(t, m, label, vals, attrs, target, extra) {
    const tr = $("tr", {}, t);
    $("th", { text: label, title: AN && m.readsAN || m.reads, class: "metric" }, tr);
    const num = vals.map((v) => (typeof v === "number" ? v : null));
    const have = num.filter((v) => v !== null);
    // a figure with no better side differs when by more than 1 % (run times differ by noise)
    const tol = m.better === "none" ? 0.01 * Math.max(...have.map(Math.abs)) : 1e-9;
    const differ = have.length > 1 && Math.max(...have) - Math.min(...have) > tol;
    const bad = (v) => (m.better === "closest" ? Math.abs(v - target) : v);
    const lo = differ ? Math.min(...have.map(bad)) : 0, hi = differ ? Math.max(...have.map(bad)) : 0;
    vals.forEach((v, k) => {
      const td = $("td", Object.assign({ "data-model": MODEL(RUNS[k]), "data-metric": m.key }, attrs), tr);
      td.textContent = num[k] === null ? "n/a" : fmtUnit(v, m.unit) + (extra ? extra(k) : "");
      if (!differ || num[k] === null) return;
      if (m.better === "none") td.className = "differs";
      else if (bad(v) <= lo + 1e-9) td.className = "best";
      else if (bad(v) >= hi - 1e-9) td.className = "worst";
    });
    $("td", { class: "reads", text: t.said.has(m.key) ? "" : AN && m.readsAN || m.reads }, tr);
    t.said.add(m.key);
  }
  function vtable(parent, caption) {
    const t = $("table", { class: "verdict" }, parent);
    $("caption", { text: caption }, t);
    const tr = $("tr", {}, t);
    $("th", { text: "metric" }, tr);
    RUNS.forEach((R) => $("th", { text: LABEL(R) }, tr));
    $("th", { text: "how to read it" }, tr);
    t.said = new Set(); // the metrics whose reading the table gave already
    return t;
  }
  // a sentence first: which task misses deadlines under which model
  function whoSuffers() {
    const lines = [];
    R0.summary.tasks.forEach((t0, i) => {
      const m = RUNS.map((R) => R.summary.tasks[i].deadline_misses);
      if (m.some((v) => v)) lines.push(t0.name + ": " + RUNS.map((R, k) => MODEL(R) + " " + m[k]).join(", ") +
        (m.some((v) => !v) ? " (suffers under " + RUNS.filter((R, k) => m[k]).map(MODEL).join(", ") + " only)" : ""));
    });
    return lines.length ? "Deadline misses — " + lines.join("; ") + "."
      : "No task misses a deadline under " + (NM > 1 ? "any of the models" : "this model") + "; the differences below are in placement, latency and belief.";
  }

  $("h1", { text: "capsim report: " + S0.platform + (NM > 1 ? " (compare: " + RUNS.map(LABEL).join(", ") + ")" : " (" + LABEL(R0) + ")") }, root);
  if (D.inputs.scenario_name) $("p", { class: "question", text: "Scenario " + D.inputs.scenario_name }, root);
  // `capsim analyze --report`: a real trace's figures, not a run's; say what a trace cannot give
  if (D.analyze) $("p", { class: "question", id: "analyze-note", text: "Trace " + R0.workload + " (capsim analyze): times from its first event, at " +
    D.analyze.window_start_ns / 1e9 + " s, for " + S0.duration_s + " s. A trace shows no deadlines, energy, CPU util, capacity_of, delivered capacity or timer slack: left out of this page." +
    (D.analyze.left_out ? " Left out, no --platform given: " + D.analyze.left_out + "." : "") }, root);
  // the scenario's own question and what it shows, when its text is plain JSON (no comments)
  try {
    const sc = JSON.parse(D.inputs.scenario_text || "null") || {};
    const said = ["question", "description"].filter((k) => typeof sc[k] === "string");
    if (said.length) { // folded: the verdict stays on the first screen
      const d = $("details", { id: "scenario-says" }, root);
      $("summary", { text: said.length > 1 ? "the scenario's question and what it shows" : said[0] === "question" ? "the scenario's question" : "what the scenario shows" }, d);
      said.forEach((k) => $("p", { class: "note", text: k + ": " + sc[k] }, d));
    }
  } catch (e) { /* a scenario with comments: its text is in the inputs below */ }
  const V = $("section", { id: "verdict" }, root);
  $("h2", { text: AN ? "The trace's figures" : "Verdict: who suffers under which model" }, V);
  if (!AN) $("p", { class: "answer", text: whoSuffers() }, V);
  const key = $("p", { class: "note" }, V);
  if (AN) key.textContent = "Every figure is capsim analyze --json's, in its unit; per task: its run time, wake-up latency and run time per cluster" + (NOPLAT ? " (one cluster of every CPU the trace shows: no --platform)" : "") + ". Hover a metric for its reading.";
  else key.innerHTML = "Where the models differ: <span class='best'>best</span> (lowest, or closest to the truth), " +
    "<span class='worst'>worst</span>, <span class='differs'>differs</span> (by more than 1 %, no better side); no colour: all equal. " +
    "Every figure is the JSON report's (compare --json, simulate --json), in its unit. Hover a metric for its reading; the glossary is below and in docs/formats.md (\"HTML report: the verdict\").";
  const VT = vtable(V, "per task");
  R0.summary.tasks.forEach((t0, i) => {
    const t = VT, T = (R) => R.summary.tasks[i], a = { "data-task": t0.name };
    $("th", { class: "taskname", colspan: NM + 2, text: "task " + t0.name }, $("tr", {}, t));
    // a trace's task without a wake-up has no latency: n/a, not 0
    const none = (m) => AN && m.key.startsWith("wakeup_latency") && !D.analyze.wakeups[i];
    TASK_METRICS.slice(AN ? 1 : 0, 3).forEach((m) => vrow(t, m, m.name + (m.unit ? " (" + m.unit + ")" : ""), RUNS.map((R) => (none(m) ? null : get(T(R), m.key))), a));
    const e = TASK_METRICS[4]; // n/a without an energy model, as the run's energy
    if (!AN) vrow(t, e, e.name + " (" + e.unit + ")", RUNS.map((R) => (R.summary.energy_model === false ? null : T(R).energy_share_pct)), a, 0,
      (k) => " (" + T(RUNS[k]).energy_j + " J)");
    const m = TASK_METRICS[3];
    CLUSTERS.forEach((p) => {
      const on = (R) => Number(p.cpus.reduce((s, c) => s + (T(R).runtime_by_cpu_s[c] || 0), 0).toFixed(6));
      vrow(t, m, "run time on " + clusterName(p) + " (s)", RUNS.map(on), Object.assign({ "data-cluster": "policy" + p.cpu, "data-cpus": p.cpus.join(",") }, a), 0,
        (k) => { const all = T(RUNS[k]).runtime_s; return all ? " (" + (100 * on(RUNS[k]) / all).toFixed(1) + " %)" : ""; });
    });
  });
  {
    const t = vtable(V, AN ? "the whole trace" : "the whole run"), a = { "data-task": "*" };
    RUN_METRICS.forEach((m) => {
      if (AN && m.key !== "migrations") return; // a trace's: its sched_migrate_task events
      if (m.key === "energy_j") return vrow(t, m, "energy (J)", RUNS.map((R) => (R.summary.energy_model === false ? null : R.summary.energy_j)), a, 0,
        (k) => { const S = RUNS[k].summary; return S.energy_j ? " (" + CLUSTERS.map((p) => "policy" + p.cpu + " " +
          (100 * p.cpus.reduce((e, c) => e + S.cpus[c].energy_j, 0) / S.energy_j).toFixed(0) + " %").join(", ") + ")" : ""; });
      if (m.key.startsWith("pressure.") && !S0.pressure) return;
      if (m.key === "pressure.cpus.believed_pressure_pct") {
        CLUSTERS.forEach((p) => p.cpus.forEach((c) => {
          const capped = S0.pressure.cpus[c].capped_pct;
          vrow(t, m, "CPU" + c + ": time under believed pressure (%), really capped " + capped + " %",
            RUNS.map((R) => R.summary.pressure.cpus[c].believed_pressure_pct), Object.assign({ "data-cpu": c }, a), capped);
        }));
        return;
      }
      vrow(t, m, m.name + (m.unit ? " (" + m.unit + ")" : ""), RUNS.map((R) => get(R.summary, m.key)), a);
    });
  }
  {
    const g = $("details", { id: "glossary" }, V);
    $("summary", { text: "Glossary: what each metric means" }, g);
    const dl = $("dl", {}, g);
    TASK_METRICS.concat(RUN_METRICS).filter((m) => !AN || ["runtime_s", "wakeup_latency_us.p99", "runtime_by_cpu_s", "migrations"].includes(m.key)).forEach((m) => { $("dt", { text: m.name + " (" + m.key + ")" }, dl); $("dd", { text: AN && m.readsAN || m.reads }, dl); });
    if (!AN) $("dt", { text: "believed / delivered capacity" }, dl);
    if (!AN) $("dd", { text: "believed: the capacity the model ranks idle CPUs by (v6.9 arch - thermal_load_avg, 6.10+ get_actual_cpu_capacity(), none: arch); delivered: what the CPU can run at under every cap in force (arch x min(policy max, HW cap) / reference frequency)." }, dl);
  }

  // `capsim analyze --platform`: the model's CPU at each wake-up beside the trace's
  // (docs/formats.md "Trace analysis", placements)
  if (AN && D.analyze.placements) {
    const P = D.analyze.placements, box = $("section", { id: "placements" }, root);
    $("h2", { text: "Placements: the model's CPU at each wake-up beside the CPU the trace shows" }, box);
    $("p", { class: "note", text: P.wakeups + " wake-ups in the trace, " + P.placed + " placed by the model" +
      (P.placed ? ", " + P.agree + " on the CPU the trace shows (" + (100 * P.agree / P.placed).toFixed(1) + " %)" : "") +
      "; the others skipped (the JSON's placements.skipped says why)." }, box);
    if (P.tasks.length) table(box, ["task", "pid", "wake-ups placed", "on the trace's CPU", "agreement (%)"],
      P.tasks.map(([comm, pid, n, ok]) => [comm, pid, n, ok, (100 * ok / n).toFixed(1)]));
    if (P.disagreements.length) {
      $("p", { class: "note", text: "The first " + P.disagreements.length + " disagreements (all of them: --csv's placements.csv):" }, box);
      table(box, ["time (s)", "task", "prev CPU", "trace CPU", "model CPU", "path", "why the model picks it"],
        P.disagreements.map((d) => [((d.time_ns - D.analyze.window_start_ns) / 1e9).toFixed(6), d.comm + " (" + d.pid + ")",
          d.prev_cpu, d.trace_cpu, d.model_cpu, d.path, d.reason]));
    }
  }

  // ---- what ran, so the report stands alone ----
  const inp = $("details", {}, root);
  if (AN) { // a trace: no scenario, seed, governor or simulated time
    $("summary", { text: "Inputs: trace " + R0.workload + ", platform " + (NOPLAT ? "none" : S0.platform) + ", " + S0.duration_s + " s of trace" }, inp);
    table(inp, ["input", "value"], [
      ["capsim version", D.version], ["command", D.inputs.command || "-"], ["trace", R0.workload || "-"],
      ["platform", NOPLAT ? "none (--platform not given)" : S0.platform], ["model", LABEL(R0)],
      ["HZ", S0.hz], ["window", (D.analyze.window_start_ns / 1e9) + " s to " + (D.analyze.window_end_ns / 1e9) + " s"],
    ]);
  } else {
    $("summary", { text: "Inputs: platform " + S0.platform + ", workload " + (R0.workload || "-") + ", " + S0.duration_s + " s simulated, seed " + S0.seed }, inp);
    table(inp, ["input", "value"], [
      ["capsim version", D.version], ["command", D.inputs.command || "-"],
      ["scenario", D.inputs.scenario_name || "-"], ["platform", S0.platform],
      ["workload", R0.workload || "-"], ["models", RUNS.map(MODEL).join(", ")],
      ["seed", S0.seed], ["HZ", S0.hz], ["governor", S0.governor], ["EAS", S0.eas],
      ["simulated", S0.duration_s + " s"],
      ["static caps", (R0.caps || []).join("; ") || "none"],
    ]);
  }
  if (D.inputs.scenario_text) { const d = $("details", {}, inp); $("summary", { text: "scenario (embedded, to repeat the run)" }, d); $("pre", { text: D.inputs.scenario_text }, d); }
  if (D.inputs.workload_text) { const d = $("details", {}, inp); $("summary", { text: "workload (rt-app JSON, embedded)" }, d); $("pre", { text: D.inputs.workload_text }, d); }

  // ---- the overview: per CPU, by cluster, biggest first, believed vs delivered as heat strips;
  // a CPU's row opens into its panels, the models side by side ----
  const COLW = Math.max(200, Math.floor((W - 8 * (NM - 1)) / NM));
  const HEATW = Math.max(150, Math.floor((W - 110 - 8 * (NM - 1)) / NM)); // beside the CPU's label
  const dur = S0.duration_s;
  END = dur;
  const useRun = (R) => { END = R.summary.duration_s; GRID = (R.grid_ns || 0) * 1e-9; };
  // capacity 0..1024 as a colour: dark red (0) through yellow to pale green (1024)
  const heat = (v) => "hsl(" + Math.round(120 * Math.max(0, Math.min(1, v / 1024))) + ",75%," + Math.round(30 + 45 * Math.max(0, Math.min(1, v / 1024))) + "%)";
  function strip(g, s, y, h, w, held) {
    const a = xy(s);
    g.fillStyle = heat(held);
    g.fillRect(0, y, w, h);
    if (!a) return;
    for (let i = 0; i < a[0].length; i++) {
      const t1 = i + 1 < a[0].length ? a[0][i + 1] : END, x0 = (a[0][i] / END) * w;
      g.fillStyle = heat(a[1][i]);
      g.fillRect(x0, y, Math.max(1, (t1 / END) * w - x0), h);
    }
  }
  function heatRow(parent, R, ci) {
    useRun(R);
    const c = R.cpus[ci], w = HEATW, cv = $("canvas", { width: w, height: 22, class: "heat", title: MODEL(R) + ": CPU" + c.cpu + " believed (top) and delivered (bottom) capacity over the run" }, parent);
    const g = cv.getContext("2d");
    strip(g, c.s.actual, 0, AN ? 22 : 10, w, c.orig);
    if (!AN) strip(g, c.s.delivered, 12, 10, w, c.orig); // a trace shows no delivered capacity
  }
  const tnames = R0.tasks.map((t, i) => i + "=" + t.name).join(", ");
  function legend(parent, items) {
    const p = $("div", { class: "legend" }, parent);
    items.forEach(([name, col]) => { const s = $("span", {}, p); $("i", { style: "background:" + col }, s); s.appendChild(document.createTextNode(name)); });
  }
  const side = (parent) => $("div", { class: "side" }, parent);
  const column = (parent, R) => { const d = $("div", { class: "col", style: "width:" + COLW + "px" }, parent); $("h4", { text: LABEL(R) }, d); return d; };

  $("h2", { text: "Per CPU: by cluster, biggest first" }, root);
  const hl = $("div", { class: "legend" }, root);
  hl.appendChild(document.createTextNode("capacity: "));
  [0, 256, 512, 768, 1024].forEach((v) => { const s = $("span", {}, hl); $("i", { style: "background:" + heat(v) }, s); s.appendChild(document.createTextNode(String(v))); });
  $("p", { class: "note", text: NOPLAT ? "Each CPU's row opens into its panels (frequency, who ran). Capacity and pressure need --platform: not drawn." :
    AN ? "Each CPU's row: the actual capacity the model rebuilds from the trace's pressure and limits events over the trace, 0 s to " + dur + " s (what the CPU really ran at, a trace does not show). Click a row for its panels (capacity, frequency and limits, pressure, who ran)." :
    "Each CPU's row: per model, its believed capacity (top strip) and delivered capacity (bottom strip) over the run, 0 s to " + dur + " s. A believed strip greener than the delivered one: the scheduler thinks the CPU faster than it is. Click a row for its panels (capacity, frequency, HW pressure, who ran)." }, root);
  {
    const hdr = side($("div", { class: "heathead" }, root));
    RUNS.forEach((R) => $("div", { class: "col", style: "width:" + HEATW + "px", text: LABEL(R) }, hdr));
  }
  CLUSTERS.forEach((p) => {
    $("h3", { text: clusterName(p) }, root);
    p.cpus.forEach((ci) => {
      const det = $("details", { class: "cpurow", "data-cpu": ci }, root);
      const sm = $("summary", {}, det);
      $("span", { class: "cpulabel", text: "CPU" + ci + (NOPLAT ? "" : " (" + origOf(ci) + ")") }, sm);
      const row = side(sm);
      if (!NOPLAT) RUNS.forEach((R) => heatRow($("div", { class: "col", style: "width:" + HEATW + "px" }, row), R, ci));
      legend(det, R0.tasks.map((t, i) => ["who ran: " + t.name, color(i)]));
      const sd = side(det);
      RUNS.forEach((R, k) => lazy(column(sd, R), 520, function () {
        const box = this, c = R.cpus[ci];
        useRun(R);
        // a trace's: the actual capacity rebuilt (with a platform); the rest is a simulation's
        const lab = ["original (cpu_scale)", "believed (actual capacity)", "delivered", "capacity_of", "util (cfs)"].slice(0, AN ? 2 : 5);
        const ser = [[[0, dur], [c.orig, c.orig]], c.s.actual, c.s.delivered, c.s.capacity_of, c.s.util].slice(0, AN ? 2 : 5);
        const top = Math.max(1024, ...ser.map((s) => Math.max(0, ...((Array.isArray(s) ? s : xy(s) || [[], []])[1]).filter((v) => v !== null))));
        if (!NOPLAT) chart(box, "CPU" + c.cpu + ": capacity (0.." + top + ")", lab, join(ser), { ylabel: "capacity", width: COLW, range: [0, top] });
        const mhz = (s) => { const a = xy(s); return a && [a[0], a[1].map((v) => v / 1000)]; };
        // a trace's cpu_frequency is the frequency asked for (policy->cur); its limits need a platform (their policy)
        const fl = AN ? [["cpu_frequency (traced)", c.s.freq], ["min limit", c.s.freq_min], ["max limit", c.s.freq_max]].slice(0, NOPLAT ? 1 : 3)
          : [["delivered", c.s.freq], ["requested (policy->cur)", c.s.freq_req], ["min limit", c.s.freq_min], ["max limit", c.s.freq_max]];
        chart(box, "CPU" + c.cpu + ": frequency (MHz)" + (NOPLAT ? "" : " and limits"), fl.map((f) => f[0]),
              join(fl.map((f) => mhz(f[1]))), { ylabel: "MHz", height: 140, width: COLW });
        const pr = [c.s.hw_pressure, c.s.cpufreq_pressure];
        if (NOPLAT) $("p", { class: "note", text: "CPU" + c.cpu + ": pressure needs --platform (not drawn)." }, box);
        else if (pr.some((s) => xy(s)[1].some((v) => v))) chart(box, "CPU" + c.cpu + ": pressure (capacity units)", [S0.model === "v6.9" && RUNS.length === 1 ? "thermal pressure" : "HW (v6.9: thermal) pressure", "cpufreq pressure"],
              join(pr), { ylabel: "pressure", height: 120, width: COLW });
        else $("p", { class: "note", text: "CPU" + c.cpu + ": no HW or cpufreq pressure (0 throughout the " + (AN ? "trace" : "run") + ")." }, box);
        lane(box, "CPU" + c.cpu + ": who ran (colour: task, legend above; height: busy share)", c.lane, dur, tnames, false, COLW);
      }));
    });
  });

  $("h2", { text: "Per task" }, root);
  $("p", { class: "note", text: AN ? "Wake-up latency: from a task's first sched_wakeup or sched_wakeup_new since its last switch-in to its next switch-in, as the trace shows them."
    : S0.wakeup_latency_includes ? "Wake-up latency: " + S0.wakeup_latency_includes + "." : "" }, root);
  legend(root, R0.cpus.map((c) => ["where it ran: CPU" + c.cpu, color(c.cpu)]));
  R0.tasks.forEach((t0, ti) => {
    const det = $("details", { class: "taskrow" }, root);
    $("summary", { text: AN ? t0.name : t0.name + ": " + RUNS.map((R) => MODEL(R) + " " + R.tasks[ti].misses_total + " misses").join(", ") }, det);
    const sd = side(det);
    RUNS.forEach((R) => lazy(column(sd, R), 330, function () {
      const box = this, t = R.tasks[ti];
      useRun(R);
      const mt = M(t.misses), miss = mt.length ? [mt, mt.map(() => 1024)] : null;
      if (miss) miss.point = true;
      if (AN) $("p", { class: "note", text: t.name + ": util_avg is the PELT replay's, in analyze --json (pelt_replay" + (NOPLAT ? ", with --platform" : "") + "): not drawn" }, box);
      else if (xy(t.s.util)[0].length || xy(t.s.util_est)[0].length || miss)
        chart(box, t.name + ": util_avg, util_est" + (t.misses_total ? " (misses: " + t.misses_total + ", marked)" : ""),
              ["util_avg", "util_est", "deadline miss"], join([t.s.util, t.s.util_est, miss]),
              { ylabel: "util", height: 140, width: COLW, points: [false, false, true], colors: ["#1f77b4", "#ff7f0e", "#d62728"] });
      else $("h3", { text: t.name + ": no util_avg or util_est (not a fair-class task)" }, box);
      lane(box, t.name + ": where it ran (colour: CPU" + (t.lane.top ? "; height: busy share)" : ")"), t.lane, dur, "CPU number", true, COLW);
      if (!AN) hist(box, "wake-up latency", t.lat_hist); // a trace's: its quantiles, in the table above
      if (!AN) hist(box, "timer slack", t.slack_hist, t.late_hist); // rt-app's timers: a simulation's
    }));
  });

  if (R0.zones.length || R0.cdevs.length) {
    $("h2", { text: "Thermal" }, root);
    const sd = side(root);
    RUNS.forEach((R) => lazy(column(sd, R), 300, function () {
      const box = this;
      useRun(R);
      const trips = M(R.trips);
      if (R.zones.length) chart(box, "temperature (m°C)" + (trips.length ? ", trips marked" : ""),
        R.zones.map((z) => z.name).concat(trips.length ? ["trip crossed"] : []),
        join(R.zones.map((z) => z.s).concat(trips.length ? [Object.assign([trips, trips.map(() => 0)], { point: true })] : [])),
        { ylabel: "m°C", width: COLW, points: R.zones.map(() => false).concat([true]) });
      if (R.cdevs.length) chart(box, "cooling device state", R.cdevs.map((z) => z.name), join(R.cdevs.map((z) => z.s)), { ylabel: "state", height: 120, width: COLW });
    }));
  }

  $("h2", { text: AN ? "Summary" : "Energy and summary" }, root);
  if (AN) { // a trace's: no energy, loops, misses or slack
    const box = column(side(root), R0), S = S0;
    table(box, ["CPU", "busy (%)"].concat(NOPLAT ? [] : ["mean actual capacity"]),
      S.cpus.map((c) => ["CPU" + c.cpu, c.busy_pct].concat(NOPLAT ? [] : [c.mean_actual_capacity])));
    table(box, ["task", "runtime (s)", "p50 (us)", "p99 (us)", "migrations"],
      S.tasks.map((t, i) => [t.name, t.runtime_s].concat(D.analyze.wakeups[i] ? [t.wakeup_latency_us.p50, t.wakeup_latency_us.p99] : ["n/a", "n/a"], [t.migrations])));
  } else {
    const sd = side(root);
    RUNS.forEach((R) => {
      const box = column(sd, R), S = R.summary;
      table(box, ["CPU", "busy (%)", "mean kHz", "mean actual capacity", "energy (J)"],
        S.cpus.map((c) => ["CPU" + c.cpu, c.busy_pct, c.mean_freq_khz, c.mean_actual_capacity, c.energy_j.toFixed(4)]));
      table(box, ["cluster", "CPUs", "energy (J)"], CLUSTERS.map((p) => [
        "policy" + p.cpu, p.cpus.join(","), p.cpus.reduce((a, c) => a + (S.cpus[c] ? S.cpus[c].energy_j : 0), 0).toFixed(4)]));
      $("p", { class: "note", text: "total " + S.energy_j.toFixed(4) + " J (energy model power at the delivered OPP over busy time)" +
        (S.idle_energy_j === undefined ? "; idle power not given (a device tree has none): not counted"
          : "; idle states, apart: " + S.idle_energy_j.toFixed(4) + " J") }, box);
      table(box, ["task", "wake-ups", "loops", "misses", "slack mean (us)", "runtime (s)", "p50 (us)", "p99 (us)", "migrations"],
        S.tasks.map((t) => [t.name, t.wakeups, t.loops, t.deadline_misses, t.slack_us.mean, t.runtime_s, t.wakeup_latency_us.p50, t.wakeup_latency_us.p99, t.migrations]));
    });
  }
  $("p", { class: "note", text: "Drag on any plot to zoom; double-click to reset; the time axes of all panels are linked. A series with up to 2048 changes is drawn exactly; a busier one is decimated per pixel: each of the run's 1400 columns keeps its lowest, highest and last value, so spikes stay visible." +
    (AN ? "" : " Wake-ups count every wake-up, the first (the task's start) included; loops: completed rt-app loops; misses: timer events found already late.") }, root);
  performance.mark("capsim-rendered"); // bench/report_load.js times the page by it
  document.body.setAttribute("data-rendered", "1");
})();
