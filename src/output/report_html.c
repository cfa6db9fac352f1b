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

#include "output/recording.h"
#include "output/report.h"
#include "output/report_assets.h"

/* a JSON string that is also safe inside <script>: '<' escaped, so no "</script>" */
static void jstr(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c == '<' || c == '>' || c == '&')
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* [[t (s)...], [v...]] */
static void series(FILE *f, const struct rec_series *s)
{
	fputs("[[", f);
	for (uint32_t i = 0; i < s->n; i++)
		fprintf(f, "%s%.6f", i ? "," : "", (double)s->p[i].t * 1e-9);
	fputs("],[", f);
	for (uint32_t i = 0; i < s->n; i++)
		fprintf(f, "%s%" PRId64, i ? "," : "", s->p[i].v);
	fputs("]]", f);
}

static void lane(FILE *f, const struct rec_lane *l)
{
	fprintf(f, "{\"width\":%.9f,\"top\":[", (double)l->width * 1e-9);
	for (uint32_t i = 0; i < l->n; i++)
		fprintf(f, "%s%d", i ? "," : "", l->c[i].top);
	fputs("],\"busy\":[", f);
	for (uint32_t i = 0; i < l->n; i++)
		fprintf(f, "%s%.9f", i ? "," : "", (double)l->c[i].busy_ns * 1e-9);
	fputs("]}", f);
}

static void u64s(FILE *f, const uint64_t *v, unsigned n, double scale)
{
	fputc('[', f);
	for (unsigned i = 0; i < n; i++)
		if (scale)
			fprintf(f, "%s%.6f", i ? "," : "", (double)v[i] * scale);
		else
			fprintf(f, "%s%" PRIu64, i ? "," : "", v[i]);
	fputc(']', f);
}

static void cpu(FILE *f, const struct rec_cpu *c, unsigned n)
{
	static const char *const name[REC_CPU_NR_SERIES] = {
		[REC_CPU_ACTUAL] = "actual", [REC_CPU_DELIVERED] = "delivered", [REC_CPU_UTIL] = "util",
		[REC_CPU_CAPACITY_OF] = "capacity_of", [REC_CPU_FREQ] = "freq",
		[REC_CPU_FREQ_REQ] = "freq_req", [REC_CPU_FREQ_MIN] = "freq_min",
		[REC_CPU_FREQ_MAX] = "freq_max", [REC_CPU_HW_PRESSURE] = "hw_pressure",
		[REC_CPU_CPUFREQ_PRESSURE] = "cpufreq_pressure",
	};

	fprintf(f, "{\"cpu\":%u,\"orig\":%" PRIu64 ",\"s\":{", n, c->orig);
	for (unsigned k = 0; k < REC_CPU_NR_SERIES; k++) {
		fprintf(f, "%s\"%s\":", k ? "," : "", name[k]);
		series(f, &c->s[k]);
	}
	fputs("},\"lane\":", f);
	lane(f, &c->lane);
	fputc('}', f);
}

static void task(FILE *f, const struct rec_task *t)
{
	fputs("{\"name\":", f);
	jstr(f, t->name);
	fprintf(f, ",\"pid\":%d,\"s\":{\"util\":", t->pid);
	series(f, &t->s[REC_TASK_UTIL]);
	fputs(",\"util_est\":", f);
	series(f, &t->s[REC_TASK_UTIL_EST]);
	fputs("},\"lane\":", f);
	lane(f, &t->lane);
	fputs(",\"lat_hist\":", f);
	u64s(f, t->lat_hist, REC_HIST_BINS, 0);
	fputs(",\"slack_hist\":", f);
	u64s(f, t->slack_hist, REC_HIST_BINS, 0);
	fputs(",\"late_hist\":", f);
	u64s(f, t->late_hist, REC_HIST_BINS, 0);
	fputs(",\"misses\":", f);
	u64s(f, t->misses.t, t->misses.n, 1e-9);
	fprintf(f, ",\"misses_total\":%" PRIu64 "}", t->misses.total);
}

static void named(FILE *f, const struct rec_named *v, uint32_t n)
{
	fputc('[', f);
	for (uint32_t i = 0; i < n; i++) {
		fputs(i ? ",{\"name\":" : "{\"name\":", f);
		jstr(f, v[i].name);
		fputs(",\"s\":", f);
		series(f, &v[i].s);
		fputc('}', f);
	}
	fputc(']', f);
}

static void run(FILE *f, const struct capsim_recording *r, const capsim_summary *sum)
{
	fputs("{\"summary\":", f);
	report_summary_json(f, sum);
	fputs(",\"workload\":", f);
	jstr(f, sum->workload);
	fputs(",\"caps\":[", f);
	for (unsigned i = 0; i < sum->nr_caps; i++)
		fprintf(f, "%s\"policy%u %s %u kHz\"", i ? "," : "", sum->caps[i].policy_cpu,
			sum->caps[i].max ? "max" : "min", sum->caps[i].khz);
	fputs("],\"policies\":[", f);
	for (unsigned p = 0; p < sum->nr_policies; p++) {
		int first = 1;

		fprintf(f, "%s{\"cpu\":%u,\"cpus\":[", p ? "," : "", sum->policies[p].cpu);
		for (unsigned c = 0; c < sum->nr_cpus; c++)
			if (capsim_cpumask_test(&sum->policies[p].cpus, c)) {
				fprintf(f, "%s%u", first ? "" : ",", c);
				first = 0;
			}
		fputs("]}", f);
	}
	fputs("],\"cpus\":[", f);
	for (unsigned c = 0; c < r->nr_cpus; c++) {
		if (c)
			fputc(',', f);
		cpu(f, &r->cpus[c], c);
	}
	fputs("],\"tasks\":[", f);
	for (uint32_t i = 0; i < r->nr_tasks; i++) {
		if (i)
			fputc(',', f);
		task(f, &r->tasks[i]);
	}
	fputs("],\"zones\":", f);
	named(f, r->zones, r->nr_zones);
	fputs(",\"cdevs\":", f);
	named(f, r->cdevs, r->nr_cdevs);
	fputs(",\"trips\":", f);
	u64s(f, r->trips.t, r->trips.n, 1e-9);
	fputs(",\"overutilized\":", f);
	series(f, &r->overutilized);
	fputc('}', f);
}

int capsim_report_html(const capsim_recording *const *recs, const capsim_summary *const *sums,
		       unsigned n, const struct capsim_report_inputs *in, FILE *fp)
{
	static const struct capsim_report_inputs none;

	if (!recs || !sums || !fp || !n || n > CAPSIM_MODEL_COUNT)
		return CAPSIM_ERR_INVALID;
	for (unsigned k = 0; k < n; k++)
		if (!recs[k] || !sums[k])
			return CAPSIM_ERR_INVALID;
	if (!in)
		in = &none;
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
	      "<script id=\"capsim-data\" type=\"application/json\">{\"version\":", fp);
	jstr(fp, capsim_version());
	fputs(",\"inputs\":{\"command\":", fp);
	jstr(fp, in->command);
	fputs(",\"scenario_name\":", fp);
	jstr(fp, in->scenario_name);
	fputs(",\"scenario_text\":", fp);
	jstr(fp, in->scenario_text);
	fputs(",\"workload_text\":", fp);
	jstr(fp, in->workload_text);
	fputs("},\"runs\":[", fp);
	for (unsigned k = 0; k < n; k++) {
		if (k)
			fputs(",\n", fp);
		run(fp, recs[k], sums[k]);
	}
	fputs("]}</script>\n<script>\n", fp);
	fwrite(report_page_js, 1, report_page_js_len, fp);
	fputs("\n</script>\n</body></html>\n", fp);
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}
