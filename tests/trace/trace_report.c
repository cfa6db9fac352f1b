// SPDX-License-Identifier: MIT
/*
 * trace_report.c - writes the trace of a scenario run in one text format through the public API
 * (capsim_sim_trace_open_format()), for tests/cli/trace_report_parse.sh to read with a parser
 * written to trappy's and LISA's rules. Usage: trace_report SCENARIO SECONDS ftrace|report FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <capsim/capsim_events.h>
#include <capsim/capsim_sim.h>

int main(int argc, char **argv)
{
	capsim_scenario *sc = NULL;
	capsim_sim *sim = NULL;
	capsim_error err = { 0 };
	FILE *fp;
	int ret;

	if (argc != 5)
		return 2;
	fp = fopen(argv[4], "w");
	if (!fp)
		return 2;
	ret = capsim_scenario_load(argv[1], &sc, &err);
	if (!ret)
		ret = capsim_scenario_set_duration(sc, strtoull(argv[2], NULL, 10) * 1000000000ull, &err);
	if (!ret)
		ret = capsim_sim_create(sc, &sim, &err);
	if (!ret)
		ret = capsim_sim_trace_open_format(sim, fp, strcmp(argv[3], "report") ?
							    CAPSIM_TRACE_FTRACE : CAPSIM_TRACE_REPORT);
	if (!ret)
		ret = capsim_sim_run(sim, &err);
	if (!ret)
		ret = capsim_sim_trace_close(sim);
	if (ret)
		fprintf(stderr, "trace_report: %s\n", err.msg[0] ? err.msg : capsim_strerror(ret));
	capsim_sim_free(sim);
	capsim_scenario_free(sc);
	return fclose(fp) || ret ? 1 : 0;
}
