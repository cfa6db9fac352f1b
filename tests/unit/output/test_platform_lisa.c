// SPDX-License-Identifier: MIT
/*
 * test_platform_lisa.c - tests src/output/platform_lisa.c, capsim_platform_write_lisa(): the
 * hikey960 board written as LISA's PlatformInfo YAML, parsed with libyaml (the C parser of the
 * format) and walked as lisa.platforms.platinfo.PlatformInfo reads its `platform-info: conf:`
 * (docs/formats.md, "LISA PlatformInfo YAML"): cpus-count, cpu-capacities: orig per CPU,
 * freq-domains (each policy's CPUs), freqs (each CPU's OPPs in kHz), name, nrg-model (a node per
 * CPU with an EM: frequency -> [capacity, power in mW]), each against the platform's own
 * figures through the public getters. Then the file is read back by capsim's LISA reader and
 * must give the same platform.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <cmocka.h>
#include <yaml.h>

#include "capsim/capsim.h"
#include "sink_fixture.h"

static yaml_document_t doc;

static yaml_node_t *node(int id)
{
	yaml_node_t *n = yaml_document_get_node(&doc, id);

	assert_non_null(n);
	return n;
}

static const char *scalar(yaml_node_t *n)
{
	assert_int_equal(n->type, YAML_SCALAR_NODE);
	return (const char *)n->data.scalar.value;
}

static yaml_node_t *get(yaml_node_t *map, const char *key)
{
	assert_int_equal(map->type, YAML_MAPPING_NODE);
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++)
		if (!strcmp(scalar(node(p->key)), key))
			return node(p->value);
	fail_msg("no key %s", key);
	return NULL;
}

static unsigned seq_len(yaml_node_t *s)
{
	assert_int_equal(s->type, YAML_SEQUENCE_NODE);
	return (unsigned)(s->data.sequence.items.top - s->data.sequence.items.start);
}

static yaml_node_t *item(yaml_node_t *s, unsigned i)
{
	assert_true(i < seq_len(s));
	return node(s->data.sequence.items.start[i]);
}

static unsigned long long u(yaml_node_t *n)
{
	char *end;
	unsigned long long v = strtoull(scalar(n), &end, 10);

	assert_int_equal(*end, '\0');
	return v;
}

static char *written(const capsim_platform *p, size_t *size)
{
	FILE *fp = tmpfile();
	char *text;

	assert_non_null(fp);
	assert_int_equal(capsim_platform_write_lisa(p, fp), 0);
	text = fx_slurp(fp, size);
	fclose(fp);
	assert_non_null(text);
	return text;
}

static void test_platform_info(void **state)
{
	struct capsim_platform_info pi = CAPSIM_SIZED(struct capsim_platform_info);
	capsim_platform *p;
	capsim_error err;
	yaml_parser_t parser;
	yaml_node_t *conf, *caps, *doms, *freqs, *nodes;
	size_t size = 0;
	char *text;
	unsigned em_cpus = 0;

	assert_int_equal(capsim_platform_load("hikey960", NULL, 0, &p, &err), 0);
	capsim_platform_get_info(p, &pi);
	text = written(p, &size);
	assert_true(yaml_parser_initialize(&parser));
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, size);
	assert_true(yaml_parser_load(&parser, &doc));
	conf = get(get(yaml_document_get_root_node(&doc), "platform-info"), "conf");
	assert_string_equal(scalar(get(conf, "abi")), "arm64");
	assert_string_equal(scalar(get(conf, "name")), pi.name);
	assert_int_equal(u(get(conf, "cpus-count")), pi.nr_cpus);
	caps = get(get(conf, "cpu-capacities"), "orig");
	freqs = get(conf, "freqs");
	for (unsigned cpu = 0; cpu < pi.nr_cpus; cpu++) {
		struct capsim_cpu_info ci = CAPSIM_SIZED(struct capsim_cpu_info);
		struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
		char key[16];

		assert_int_equal(capsim_platform_get_cpu(p, cpu, &ci), 0);
		snprintf(key, sizeof(key), "%u", cpu);
		assert_int_equal(u(get(caps, key)), ci.capacity_orig);
		capsim_platform_get_policy(p, (unsigned)ci.policy_index, &pol);
		assert_int_equal(seq_len(get(freqs, key)), pol.nr_opps);
		for (unsigned i = 0; i < pol.nr_opps; i++) {
			struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);

			capsim_platform_get_opp(p, (unsigned)ci.policy_index, i, &o);
			assert_int_equal(u(item(get(freqs, key), i)), o.khz);
		}
	}
	doms = get(conf, "freq-domains");
	assert_int_equal(seq_len(doms), pi.nr_policies);
	for (unsigned i = 0; i < pi.nr_policies; i++) {
		struct capsim_policy_info pol = CAPSIM_SIZED(struct capsim_policy_info);
		unsigned k = 0;

		capsim_platform_get_policy(p, i, &pol);
		for (unsigned cpu = 0; cpu < pi.nr_cpus; cpu++)
			if (capsim_cpumask_test(&pol.cpus, cpu))
				assert_int_equal(u(item(item(doms, i), k++)), cpu);
		assert_int_equal(seq_len(item(doms, i)), k);
		em_cpus += pol.energy_model ? k : 0;
	}
	/* hikey960's DT has an EM on both clusters: a node per CPU, its states as the EM's */
	assert_true(em_cpus > 0);
	nodes = get(get(conf, "nrg-model"), "cpu_nodes");
	assert_int_equal(seq_len(nodes), em_cpus);
	{
		yaml_node_t *n0 = item(nodes, 0), *states = get(n0, "active_states"), *st;
		struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);
		char mw[32];

		assert_string_equal(scalar(get(n0, "name")), "cpu0");
		capsim_platform_get_opp(p, 0, 0, &o);
		/* omap: [{khz: [capacity, mW]}] */
		st = get(item(states, 0), scalar(node(item(states, 0)->data.mapping.pairs.start->key)));
		assert_int_equal(strtoull(scalar(node(item(states, 0)->data.mapping.pairs.start->key)), NULL, 10), o.khz);
		assert_int_equal(u(item(st, 0)), o.em_perf);
		snprintf(mw, sizeof(mw), "%.3f", (double)o.em_power_uw / 1000.0);
		assert_string_equal(scalar(item(st, 1)), mw);
	}
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	free(text);
	capsim_platform_free(p);
}

/* read back by capsim's LISA reader: the same CPUs, capacities, policies and OPPs */
static void test_round_trip(void **state)
{
	struct capsim_platform_info a = CAPSIM_SIZED(struct capsim_platform_info);
	struct capsim_platform_info b = CAPSIM_SIZED(struct capsim_platform_info);
	capsim_platform *p, *q;
	capsim_error err;
	char dir[] = "/tmp/capsim-test-lisa-XXXXXX", path[64];
	size_t size = 0;
	char *text;
	int fd;

	assert_int_equal(capsim_platform_load("hikey960", NULL, 0, &p, &err), 0);
	text = written(p, &size);
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/p.yml", dir); /* .yml: read as LISA's YAML */
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, size), (ssize_t)size);
	close(fd);
	if (capsim_platform_load(path, NULL, 0, &q, &err))
		fail_msg("%s", err.msg);
	capsim_platform_get_info(p, &a);
	capsim_platform_get_info(q, &b);
	assert_int_equal(a.nr_cpus, b.nr_cpus);
	assert_int_equal(a.nr_policies, b.nr_policies);
	for (unsigned cpu = 0; cpu < a.nr_cpus; cpu++) {
		struct capsim_cpu_info x = CAPSIM_SIZED(struct capsim_cpu_info);
		struct capsim_cpu_info y = CAPSIM_SIZED(struct capsim_cpu_info);

		capsim_platform_get_cpu(p, cpu, &x);
		capsim_platform_get_cpu(q, cpu, &y);
		assert_int_equal(x.capacity_orig, y.capacity_orig);
		assert_int_equal(x.policy_index, y.policy_index);
	}
	for (unsigned i = 0; i < a.nr_policies; i++) {
		struct capsim_policy_info x = CAPSIM_SIZED(struct capsim_policy_info);
		struct capsim_policy_info y = CAPSIM_SIZED(struct capsim_policy_info);

		capsim_platform_get_policy(p, i, &x);
		capsim_platform_get_policy(q, i, &y);
		assert_int_equal(x.nr_opps, y.nr_opps);
		for (unsigned k = 0; k < x.nr_opps; k++) {
			struct capsim_opp_info ox = CAPSIM_SIZED(struct capsim_opp_info);
			struct capsim_opp_info oy = CAPSIM_SIZED(struct capsim_opp_info);

			capsim_platform_get_opp(p, i, k, &ox);
			capsim_platform_get_opp(q, i, k, &oy);
			assert_int_equal(ox.khz, oy.khz);
			assert_int_equal(ox.em_power_uw, oy.em_power_uw);
			assert_int_equal(ox.em_perf, oy.em_perf);
		}
	}
	unlink(path);
	rmdir(dir);
	free(text);
	capsim_platform_free(p);
	capsim_platform_free(q);
}

/* a stream that cannot be written: CAPSIM_ERR_IO */
static void test_unwritable(void **state)
{
	capsim_platform *p;
	capsim_error err;
	FILE *ro = fopen("/dev/null", "r");

	assert_int_equal(capsim_platform_load("hikey960", NULL, 0, &p, &err), 0);
	assert_int_equal(capsim_platform_write_lisa(p, ro), CAPSIM_ERR_IO);
	fclose(ro);
	capsim_platform_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_platform_info),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_unwritable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
