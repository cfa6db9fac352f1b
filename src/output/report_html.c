// SPDX-License-Identifier: MIT
/*
 * report_html.c - capsim_report_html(): one self-contained page of a run (or of a compare's
 * runs): the styles and scripts inline (uPlot and the page's own report.js, embedded at build
 * time, report_assets.h), the data as one JSON block (the recording's decimated series, lanes,
 * histograms, marks; each run's summary as `simulate --json` writes it; the inputs). The page
 * loads nothing: report.js draws it all in the browser.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "output/recording.h"
#include "output/report.h"
#include "output/report_assets.h"

/*
 * The data block is written through a buffer of its own with a small integer formatter: the
 * report of a long run is some million numbers, and fprintf()'s parsing of its format for each
 * was the writer's main cost.
 */
struct out {
	FILE *fp;
	size_t n;
	char buf[1 << 16];
};

static void flush(struct out *o)
{
	if (o->n)
		fwrite(o->buf, 1, o->n, o->fp);
	o->n = 0;
}

/* room for @len more bytes (len <= sizeof(buf)) */
static char *room(struct out *o, size_t len)
{
	if (o->n + len > sizeof(o->buf))
		flush(o);
	return o->buf + o->n;
}

static void puts_(struct out *o, const char *s)
{
	size_t len = strlen(s);

	if (len > sizeof(o->buf) / 2) {
		flush(o);
		fwrite(s, 1, len, o->fp);
		return;
	}
	memcpy(room(o, len), s, len);
	o->n += len;
}

static void putc_(struct out *o, char c)
{
	*room(o, 1) = c;
	o->n++;
}

static void put_u64(struct out *o, uint64_t v)
{
	char tmp[20], *p = room(o, 21);
	unsigned n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	o->n = (size_t)(p - o->buf);
}

static void put_i64(struct out *o, int64_t v)
{
	if (v < 0) {
		putc_(o, '-');
		put_u64(o, 0 - (uint64_t)v);
	} else {
		put_u64(o, (uint64_t)v);
	}
}

/* a JSON string that is also safe inside <script>: '<' escaped, so no "</script>" */
static void jstr(struct out *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";

	putc_(o, '"');
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			putc_(o, '\\');
			putc_(o, (char)c);
		} else if (c < 0x20 || c == '<' || c == '>' || c == '&') {
			char *p = room(o, 6);

			memcpy(p, "\\u00", 4);
			p[4] = hex[c >> 4];
			p[5] = hex[c & 15];
			o->n += 6;
		} else {
			putc_(o, (char)c);
		}
	}
	putc_(o, '"');
}

/* "key":[...] of the @n values of @expr (over i), each less the one before if @delta */
#define LIST(o, key, n, delta, expr)                                                             \
	do {                                                                                     \
		int64_t prev_ = 0;                                                               \
		puts_(o, "\"" key "\":[");                                                       \
		for (uint32_t i = 0; i < (n); i++) {                                             \
			int64_t v_ = (int64_t)(expr);                                            \
			if (i)                                                                   \
				putc_(o, ',');                                                   \
			put_i64(o, delta ? v_ - prev_ : v_);                                     \
			prev_ = v_;                                                              \
		}                                                                                \
		putc_(o, ']');                                                                   \
	} while (0)

/*
 * A series (docs/formats.md, "HTML report"): exact, {"dt":[...],"v":[...]}, every change, its
 * time in ns from the one before (the first from 0); or gridded, {"dc":[...],"lo":[...],
 * "hi":[...],"last":[...]}, the columns that saw a change, each as its index less the one
 * before (the first from 0), the range of values in it and the last.
 */
static void series(struct out *o, const struct rec_series *s)
{
	putc_(o, '{');
	if (s->grid) {
		uint32_t n = rec_ncols(s);

		LIST(o, "dc", n, 1, rec_col_at(s, i)->col);
		putc_(o, ',');
		LIST(o, "lo", n, 0, rec_col_at(s, i)->lo);
		putc_(o, ',');
		LIST(o, "hi", n, 0, rec_col_at(s, i)->hi);
		putc_(o, ',');
		LIST(o, "last", n, 0, rec_col_at(s, i)->last);
	} else {
		LIST(o, "dt", s->n, 1, s->p[i].t);
		putc_(o, ',');
		LIST(o, "v", s->n, 0, s->p[i].v);
	}
	putc_(o, '}');
}

/*
 * A lane: exact, {"dt":[...],"dur":[...],"id":[...]}, every interval, its start in ns from the
 * one before; or gridded, {"top":[...],"busy":[...]}, per column from the first, the id of its
 * longest interval (-1: none) and its busy share in % (rounded up: a busy column shows).
 */
static void lane(struct out *o, const struct rec_lane *l, uint64_t grid_ns)
{
	putc_(o, '{');
	if (l->c) {
		LIST(o, "top", l->nc, 0, l->c[i].top);
		putc_(o, ',');
		LIST(o, "busy", l->nc, 0, (l->c[i].busy_ns * 100 + grid_ns - 1) / grid_ns);
	} else {
		LIST(o, "dt", l->n, 1, l->iv[i].t0);
		putc_(o, ',');
		LIST(o, "dur", l->n, 0, l->iv[i].t1 - l->iv[i].t0);
		putc_(o, ',');
		LIST(o, "id", l->n, 0, l->iv[i].id);
	}
	putc_(o, '}');
}

/* marks: exact, {"dt":[...]}, each time in ns from the one before; or {"count":[...]} per column */
static void marks(struct out *o, const struct rec_marks *m)
{
	putc_(o, '{');
	if (m->count)
		LIST(o, "count", m->nc, 0, m->count[i]);
	else
		LIST(o, "dt", m->n, 1, m->t[i]);
	putc_(o, '}');
}

static void hist(struct out *o, const uint64_t *v)
{
	putc_(o, '[');
	for (unsigned i = 0; i < REC_HIST_BINS; i++) {
		if (i)
			putc_(o, ',');
		put_u64(o, v[i]);
	}
	putc_(o, ']');
}

static void cpu(struct out *o, const struct rec_cpu *c, unsigned n, uint64_t grid_ns)
{
	static const char *const name[REC_CPU_NR_SERIES] = {
		[REC_CPU_ACTUAL] = "actual", [REC_CPU_DELIVERED] = "delivered", [REC_CPU_UTIL] = "util",
		[REC_CPU_CAPACITY_OF] = "capacity_of", [REC_CPU_FREQ] = "freq",
		[REC_CPU_FREQ_REQ] = "freq_req", [REC_CPU_FREQ_MIN] = "freq_min",
		[REC_CPU_FREQ_MAX] = "freq_max", [REC_CPU_HW_PRESSURE] = "hw_pressure",
		[REC_CPU_CPUFREQ_PRESSURE] = "cpufreq_pressure",
	};

	puts_(o, "{\"cpu\":");
	put_u64(o, n);
	puts_(o, ",\"orig\":");
	put_u64(o, c->orig);
	puts_(o, ",\"s\":{");
	for (unsigned k = 0; k < REC_CPU_NR_SERIES; k++) {
		if (k)
			putc_(o, ',');
		jstr(o, name[k]);
		putc_(o, ':');
		series(o, &c->s[k]);
	}
	puts_(o, "},\"lane\":");
	lane(o, &c->lane, grid_ns);
	putc_(o, '}');
}

static void task(struct out *o, const struct rec_task *t, uint64_t grid_ns)
{
	puts_(o, "{\"name\":");
	jstr(o, t->name);
	puts_(o, ",\"pid\":");
	put_i64(o, t->pid);
	puts_(o, ",\"s\":{\"util\":");
	series(o, &t->s[REC_TASK_UTIL]);
	puts_(o, ",\"util_est\":");
	series(o, &t->s[REC_TASK_UTIL_EST]);
	puts_(o, "},\"lane\":");
	lane(o, &t->lane, grid_ns);
	puts_(o, ",\"lat_hist\":");
	hist(o, t->lat_hist);
	puts_(o, ",\"slack_hist\":");
	hist(o, t->slack_hist);
	puts_(o, ",\"late_hist\":");
	hist(o, t->late_hist);
	puts_(o, ",\"misses\":");
	marks(o, &t->misses);
	puts_(o, ",\"misses_total\":");
	put_u64(o, t->misses.total);
	putc_(o, '}');
}

static void named(struct out *o, const struct rec_named *v, uint32_t n)
{
	putc_(o, '[');
	for (uint32_t i = 0; i < n; i++) {
		puts_(o, i ? ",{\"name\":" : "{\"name\":");
		jstr(o, v[i].name);
		puts_(o, ",\"s\":");
		series(o, &v[i].s);
		putc_(o, '}');
	}
	putc_(o, ']');
}

static void run(struct out *o, const struct capsim_recording *r, const capsim_summary *sum)
{
	char buf[96];

	puts_(o, "{\"summary\":");
	flush(o);
	report_run_json(o->fp, sum);
	puts_(o, ",\"workload\":");
	jstr(o, sum->workload);
	puts_(o, ",\"caps\":[");
	for (unsigned i = 0; i < sum->nr_caps; i++) {
		snprintf(buf, sizeof(buf), "%s\"policy%u %s %u kHz\"", i ? "," : "",
			 sum->caps[i].policy_cpu, sum->caps[i].max ? "max" : "min", sum->caps[i].khz);
		puts_(o, buf);
	}
	puts_(o, "],\"policies\":[");
	for (unsigned p = 0; p < sum->nr_policies; p++) {
		int first = 1;

		puts_(o, p ? ",{\"cpu\":" : "{\"cpu\":");
		put_u64(o, sum->policies[p].cpu);
		puts_(o, ",\"cpus\":[");
		for (unsigned c = 0; c < sum->nr_cpus; c++)
			if (capsim_cpumask_test(&sum->policies[p].cpus, c)) {
				if (!first)
					putc_(o, ',');
				put_u64(o, c);
				first = 0;
			}
		puts_(o, "]}");
	}
	/* the grid of the gridded series, lanes and marks: column k is [k, k + 1) * grid_ns */
	puts_(o, "],\"grid_ns\":");
	put_u64(o, r->grid_ns);
	puts_(o, ",\"columns\":");
	put_u64(o, REC_COLUMNS);
	puts_(o, ",\"cpus\":[");
	for (unsigned c = 0; c < r->nr_cpus; c++) {
		if (c)
			putc_(o, ',');
		cpu(o, &r->cpus[c], c, r->grid_ns);
	}
	puts_(o, "],\"tasks\":[");
	for (uint32_t i = 0; i < r->nr_tasks; i++) {
		if (i)
			putc_(o, ',');
		task(o, &r->tasks[i], r->grid_ns);
	}
	puts_(o, "],\"zones\":");
	named(o, r->zones, r->nr_zones);
	puts_(o, ",\"cdevs\":");
	named(o, r->cdevs, r->nr_cdevs);
	puts_(o, ",\"trips\":");
	marks(o, &r->trips);
	puts_(o, ",\"overutilized\":");
	series(o, &r->overutilized);
	putc_(o, '}');
}

int report_html_write(const capsim_recording *const *recs, const capsim_summary *const *sums,
		      unsigned n, const struct capsim_report_inputs *given, const char *extra_json,
		      FILE *fp)
{
	struct capsim_report_inputs inputs = { 0 };
	const struct capsim_report_inputs *in = &inputs;
	struct out *o;

	if (!recs || !sums || !fp || !n || n > CAPSIM_MODEL_COUNT)
		return CAPSIM_ERR_INVALID;
	for (unsigned k = 0; k < n; k++)
		if (!recs[k] || !sums[k] || recs[k]->columns_only)
			return CAPSIM_ERR_INVALID;
	/* NULL: no inputs to show */
	if (given && abi_read(&inputs, sizeof(inputs), given, ABI_V1_REPORT_INPUTS))
		return CAPSIM_ERR_INVALID;
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>capsim report: ",
	      fp);
	for (const char *p = sums[0]->platform; *p; p++) /* a platform name is plain text */
		fputc(*p == '<' || *p == '&' ? '_' : *p, fp);
	fputs("</title>\n<style>\n", fp);
	fwrite(report_page_css, 1, report_page_css_len, fp);
	fwrite(report_uplot_css, 1, report_uplot_css_len, fp);
	fputs("</style>\n<script>\n", fp);
	fwrite(report_uplot_js, 1, report_uplot_js_len, fp);
	fputs("\n</script>\n</head><body><div id=\"capsim-report\"></div>\n"
	      "<script id=\"capsim-data\" type=\"application/json\">", fp);
	o = malloc(sizeof(*o));
	if (!o)
		return CAPSIM_ERR_NOMEM;
	o->fp = fp;
	o->n = 0;
	puts_(o, "{\"version\":");
	jstr(o, capsim_version());
	puts_(o, ",\"inputs\":{\"command\":");
	jstr(o, in->command);
	puts_(o, ",\"scenario_name\":");
	jstr(o, in->scenario_name);
	puts_(o, ",\"scenario_text\":");
	jstr(o, in->scenario_text);
	puts_(o, ",\"workload_text\":");
	jstr(o, in->workload_text);
	puts_(o, "},");
	if (extra_json) {
		puts_(o, "\"analyze\":");
		puts_(o, extra_json);
		putc_(o, ',');
	}
	puts_(o, "\"runs\":[");
	for (unsigned k = 0; k < n; k++) {
		if (k)
			puts_(o, ",\n");
		run(o, recs[k], sums[k]);
	}
	puts_(o, "]}</script>\n<script>\n");
	flush(o);
	free(o);
	fwrite(report_page_js, 1, report_page_js_len, fp);
	fputs("\n</script>\n</body></html>\n", fp);
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}

int capsim_report_html(const capsim_recording *const *recs, const capsim_summary *const *sums,
		       unsigned n, const struct capsim_report_inputs *given, FILE *fp)
{
	return report_html_write(recs, sums, n, given, NULL, fp);
}
