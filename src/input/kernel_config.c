// SPDX-License-Identifier: MIT
/*
 * kernel_config.c - the kernel config reader (see input/kernel_config.h): each line as
 * scripts/kconfig/confdata.c's conf_read_simple() takes it, `CONFIG_NAME=VALUE` with VALUE y,
 * n, m, a number or a quoted string, `# CONFIG_NAME is not set` (the same as `=n`), other
 * comments and blank lines. As kconfig does, a later line for an option replaces an earlier one.
 * Options capsim does not model are kept to the grammar and otherwise ignored, so a real
 * `.config` of thousands of lines reads as it is.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "input/kernel_config.h"
#include "input/readfile.h"
#include "model/cpuidle.h"
#include "model/uclamp.h"

#define KCONFIG_PREFIX "CONFIG_"
#define KCONFIG_NOT_SET " is not set"
#define KCONFIG_LINE_MAX 4096 /* a line longer than this is no config line */
#define KCONFIG_HZ_MAX 10000  /* kernel.hz's bounds */

/* where the reader is: the file and line for messages */
struct kc_reader {
	const char *name;
	unsigned line;
	capsim_error *err;
	unsigned hz_line, hz_choice_line; /* CONFIG_HZ and a CONFIG_HZ_<N>=y: 0 when absent */
	unsigned hz_choice, menu_line;    /* CONFIG_CPU_IDLE_GOV_MENU off: its line */
	int menu, teo;                    /* CONFIG_CPU_IDLE_GOV_MENU, _TEO: -1 not given, 0, 1 */
	bool no_cgroup_sched;             /* CONFIG_CGROUP_SCHED off */
};

static int kc_fail(struct kc_reader *r, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "NAME:LINE: message" */
static int kc_fail(struct kc_reader *r, int code, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return capsim_error_set(r->err, code, "%s:%u: %s", r->name, r->line, msg);
}

static bool is_name_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* the length of the symbol name at @s (after CONFIG_), 0 if none */
static size_t name_len(const char *s)
{
	size_t n = 0;

	while (is_name_char(s[n]))
		n++;
	return n;
}

/* a number as kconfig writes an int or hex symbol: [-]decimal or 0x hex */
static bool is_number(const char *v)
{
	const char *d = v + (*v == '-');
	const char *digits = "0123456789";

	if (d[0] == '0' && (d[1] == 'x' || d[1] == 'X') && v == d) {
		d += 2;
		digits = "0123456789abcdefABCDEF";
	}
	return *d && strspn(d, digits) == strlen(d);
}

/* a string as kconfig writes it: "..." with \" and \\ escaped, nothing after */
static bool is_string(const char *v)
{
	if (*v++ != '"')
		return false;
	for (; *v && *v != '"'; v++)
		if (*v == '\\' && !*++v)
			return false;
	return *v == '"' && !v[1];
}

/* a bool option's value: 1 for y, 0 for n; -1 (failed, with the message) for anything else */
static int bool_value(struct kc_reader *r, const char *name, const char *v)
{
	if (!strcmp(v, "y"))
		return 1;
	if (!strcmp(v, "n"))
		return 0;
	kc_fail(r, CAPSIM_ERR_PARSE, "%s%s=%s: expected y or n (a bool option)", KCONFIG_PREFIX,
		name, v);
	return -1;
}

/* an int option's value within [@min, @max] into *@out; else the message */
static int int_value(struct kc_reader *r, const char *name, const char *v, uint64_t min,
		     uint64_t max, uint64_t *out)
{
	if (capsim_parse_u64(v, out))
		return kc_fail(r, CAPSIM_ERR_PARSE, "%s%s=%s: expected a decimal integer",
			       KCONFIG_PREFIX, name, v);
	if (*out < min || *out > max)
		return kc_fail(r, CAPSIM_ERR_RANGE, "%s%s=%s: expected %llu..%llu", KCONFIG_PREFIX,
			       name, v, (unsigned long long)min, (unsigned long long)max);
	return 0;
}

/* CONFIG_HZ_<N>: the HZ choice's member for N Hz (not CONFIG_HZ_PERIODIC and the like) */
static bool is_hz_choice(const char *name, unsigned *hz)
{
	const char *n = name + strlen("HZ_");
	uint64_t v;

	if (strncmp(name, "HZ_", 3) || !*n || strspn(n, "0123456789") != strlen(n) ||
	    capsim_parse_u64(n, &v) || !v || v > KCONFIG_HZ_MAX)
		return false;
	*hz = (unsigned)v;
	return true;
}

/* a bool option of @kc: CONFIG_@name with its @opt bit and field */
static int set_bool(struct kc_reader *r, struct kernel_config *kc, const char *name,
		    const char *v, enum kernel_config_opt opt, int *field)
{
	int b = bool_value(r, name, v);

	if (b < 0)
		return CAPSIM_ERR_PARSE;
	*field = b;
	kc->given |= KCONFIG_BIT(opt);
	return 0;
}

/* CONFIG_@name=@v (v "n" for "is not set"): a modelled option's value, or nothing */
static int kc_option(struct kc_reader *r, struct kernel_config *kc, const char *name,
		     const char *v)
{
	uint64_t x;
	unsigned hz;
	int b, ret;

	if (!strcmp(name, "HZ")) {
		if ((ret = int_value(r, name, v, 1, KCONFIG_HZ_MAX, &x)))
			return ret;
		kc->hz = (unsigned)x;
		r->hz_line = r->line;
	} else if (is_hz_choice(name, &hz)) {
		if ((b = bool_value(r, name, v)) < 0)
			return CAPSIM_ERR_PARSE;
		if (b) {
			r->hz_choice = hz;
			r->hz_choice_line = r->line;
		}
	} else if (!strcmp(name, "UCLAMP_TASK")) {
		return set_bool(r, kc, name, v, KCONFIG_UCLAMP_TASK, &kc->uclamp_task);
	} else if (!strcmp(name, "UCLAMP_TASK_GROUP")) {
		return set_bool(r, kc, name, v, KCONFIG_UCLAMP_TASK_GROUP, &kc->uclamp_task_group);
	} else if (!strcmp(name, "CGROUP_SCHED")) {
		if ((b = bool_value(r, name, v)) < 0)
			return CAPSIM_ERR_PARSE;
		r->no_cgroup_sched = !b;
	} else if (!strcmp(name, "UCLAMP_BUCKETS_COUNT")) {
		if ((ret = int_value(r, name, v, UCLAMP_BUCKETS_MIN, UCLAMP_BUCKETS_MAX, &x)))
			return ret;
		kc->uclamp_buckets = (uint32_t)x;
		kc->given |= KCONFIG_BIT(KCONFIG_UCLAMP_BUCKETS);
	} else if (!strcmp(name, "ENERGY_MODEL")) {
		return set_bool(r, kc, name, v, KCONFIG_ENERGY_MODEL, &kc->energy_model);
	} else if (!strcmp(name, "CPU_IDLE")) {
		return set_bool(r, kc, name, v, KCONFIG_CPU_IDLE, &kc->cpu_idle);
	} else if (!strcmp(name, "CPU_IDLE_GOV_MENU")) {
		if ((r->menu = bool_value(r, name, v)) < 0)
			return CAPSIM_ERR_PARSE;
		r->menu_line = r->menu ? 0 : r->line;
	} else if (!strcmp(name, "CPU_IDLE_GOV_TEO")) {
		if ((r->teo = bool_value(r, name, v)) < 0)
			return CAPSIM_ERR_PARSE;
	}
	return 0;
}

/* "# CONFIG_NAME is not set": @name set to the symbol; else false (a plain comment) */
static bool not_set_line(const char *s, char *name, size_t size)
{
	size_t n, tail = strlen(KCONFIG_NOT_SET);

	if (strncmp(s, "# " KCONFIG_PREFIX, 2 + strlen(KCONFIG_PREFIX)))
		return false;
	s += 2 + strlen(KCONFIG_PREFIX);
	n = name_len(s);
	if (!n || n >= size || strcmp(s + n, KCONFIG_NOT_SET) || strlen(s + n) != tail)
		return false;
	snprintf(name, size, "%.*s", (int)n, s);
	return true;
}

/* one line, its end-of-line and trailing blanks gone */
static int kc_line(struct kc_reader *r, struct kernel_config *kc, char *s)
{
	char name[KCONFIG_LINE_MAX];
	size_t n;

	if (not_set_line(s, name, sizeof(name)))
		return kc_option(r, kc, name, "n");
	if (!*s || *s == '#')
		return 0;
	if (strncmp(s, KCONFIG_PREFIX, strlen(KCONFIG_PREFIX)))
		return kc_fail(r, CAPSIM_ERR_PARSE, "expected CONFIG_NAME=VALUE, \"# CONFIG_NAME "
			       "is not set\", a comment or a blank line");
	s += strlen(KCONFIG_PREFIX);
	n = name_len(s);
	if (!n || s[n] != '=')
		return kc_fail(r, CAPSIM_ERR_PARSE, "expected CONFIG_NAME=VALUE (a name of letters, "
			       "digits and '_', then '=')");
	snprintf(name, sizeof(name), "%.*s", (int)n, s);
	s += n + 1;
	if (strcmp(s, "y") && strcmp(s, "n") && strcmp(s, "m") && !is_number(s) && !is_string(s))
		return kc_fail(r, CAPSIM_ERR_PARSE, "%s%s=%s: expected y, n, m, a number or a "
			       "quoted string", KCONFIG_PREFIX, name, s);
	return kc_option(r, kc, name, s);
}

/* what the options say together: the HZ choice against CONFIG_HZ, the cpuidle governor */
static int kc_finish(struct kc_reader *r, struct kernel_config *kc)
{
	if (r->hz_line && r->hz_choice_line && kc->hz != r->hz_choice) {
		r->line = r->hz_line > r->hz_choice_line ? r->hz_line : r->hz_choice_line;
		return kc_fail(r, CAPSIM_ERR_PARSE, "CONFIG_HZ=%u and CONFIG_HZ_%u=y disagree "
			       "(expected one HZ)", kc->hz, r->hz_choice);
	}
	if (!r->hz_line && r->hz_choice_line)
		kc->hz = r->hz_choice;
	if (r->hz_line || r->hz_choice_line)
		kc->given |= KCONFIG_BIT(KCONFIG_HZ);
	/* UCLAMP_TASK_GROUP depends on CGROUP_SCHED: a .config without it omits the option */
	if (r->no_cgroup_sched) {
		kc->uclamp_task_group = 0;
		kc->given |= KCONFIG_BIT(KCONFIG_UCLAMP_TASK_GROUP);
	}
	/*
	 * menu (rating 20) is the governor whenever it is built; teo (19) runs only without it;
	 * neither leaves ladder (a kernel with the tick, !NO_HZ_IDLE)
	 */
	if (r->menu >= 0 || r->teo >= 0) {
		kc->cpuidle_governor = r->menu != 1 && r->teo == 1 ? CPUIDLE_GOV_TEO
								  : CPUIDLE_GOV_MENU;
		kc->given |= KCONFIG_BIT(KCONFIG_CPU_IDLE_GOV);
	}
	if (r->menu_line && r->teo != 1 &&
	    !((kc->given & KCONFIG_BIT(KCONFIG_CPU_IDLE)) && !kc->cpu_idle)) {
		r->line = r->menu_line;
		return kc_fail(r, CAPSIM_ERR_UNSUPPORTED, "CONFIG_CPU_IDLE_GOV_MENU is off and "
			       "CONFIG_CPU_IDLE_GOV_TEO not on: cpuidle would run another governor "
			       "(ladder), which capsim does not model (expected "
			       "CONFIG_CPU_IDLE_GOV_MENU=y or CONFIG_CPU_IDLE_GOV_TEO=y, or "
			       "CONFIG_CPU_IDLE off)");
	}
	return 0;
}

int kernel_config_parse(const char *text, size_t len, const char *name, struct kernel_config *out,
			capsim_error *err)
{
	struct kc_reader r = { .name = name ? name : "<kernel config>", .err = err, .menu = -1,
			       .teo = -1 };
	char line[KCONFIG_LINE_MAX + 1];
	size_t at = 0;
	int ret;

	*out = (struct kernel_config){ 0 };
	if ((ret = input_check_size(r.name, len, err)))
		return ret;
	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t n = (nl ? (size_t)(nl - text) : len) - at;

		r.line++;
		if (n > KCONFIG_LINE_MAX)
			return kc_fail(&r, CAPSIM_ERR_PARSE, "a line of %zu bytes (expected at most %u)",
				       n, KCONFIG_LINE_MAX);
		if (memchr(text + at, '\0', n))
			return kc_fail(&r, CAPSIM_ERR_PARSE, "a NUL byte (expected text)");
		memcpy(line, text + at, n);
		while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
			n--;
		line[n] = '\0';
		if ((ret = kc_line(&r, out, line)))
			return ret;
		at += (nl ? (size_t)(nl - (text + at)) + 1 : len - at);
	}
	return kc_finish(&r, out);
}

int kernel_config_load(const char *path, struct kernel_config *out, capsim_error *err)
{
	char *text = NULL;
	size_t len = 0;
	int ret = input_read_file(path, &text, &len, err);

	if (!ret)
		ret = kernel_config_parse(text, len, path, out, err);
	free(text);
	return ret;
}

void kernel_config_apply(const struct kernel_config *kc, unsigned keep, struct sim_options *o)
{
	unsigned take = kc->given & ~keep;

	if (take & KCONFIG_BIT(KCONFIG_HZ))
		o->hz = kc->hz;
	if (take & KCONFIG_BIT(KCONFIG_UCLAMP_TASK))
		o->uclamp = kc->uclamp_task;
	if (take & KCONFIG_BIT(KCONFIG_UCLAMP_TASK_GROUP))
		o->uclamp_task_group = kc->uclamp_task_group;
	if (take & KCONFIG_BIT(KCONFIG_UCLAMP_BUCKETS))
		o->uclamp_buckets = kc->uclamp_buckets;
	if (take & KCONFIG_BIT(KCONFIG_ENERGY_MODEL)) /* sched_energy_aware needs it */
		o->eas = kc->energy_model;
	if (take & KCONFIG_BIT(KCONFIG_CPU_IDLE))
		o->cpuidle_off = !kc->cpu_idle;
	if (take & KCONFIG_BIT(KCONFIG_CPU_IDLE_GOV))
		o->cpuidle_governor = kc->cpuidle_governor;
}
