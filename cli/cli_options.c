// SPDX-License-Identifier: MIT
/*
 * cli_options.c - the command line read, explained and completed from each command's option
 * table (struct cli_option, cli.h): one place says what a command accepts. Values are checked
 * by the library's parsers (capsim_units.h and the scenario's cap calls), never by grammar of
 * its own, so `--duration 2` means the same on every command and in every scenario file.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The longest option name compared for "did you mean", with its NUL. */
#define NAME_MAX_LEN 32
/* The size of a "(did you mean 'X'?)" hint. */
#define HINT_MAX 96

static const char *const grammar_names[] = {
	[CLI_FLAG] = "flag",         [CLI_TEXT] = "text",         [CLI_FILE] = "file",
	[CLI_PLATFORM] = "platform", [CLI_U64] = "u64",           [CLI_DURATION] = "duration",
	[CLI_RUN_PERIOD] = "run/period", [CLI_CPULIST] = "cpulist", [CLI_CHOICE] = "choice",
	[CLI_MODEL] = "model",       [CLI_MODELS] = "models",     [CLI_MAX_FREQ] = "max-freq",
	[CLI_HW_CAP_EPISODE] = "hw-cap-episode", [CLI_PLATFORM_CAP] = "platform-cap",
};

static int is_operand(const struct cli_option *o)
{
	return o->name[0] != '-';
}

static struct cli_value *value_of(const struct cli_option *o, void *opts)
{
	return (struct cli_value *)((char *)opts + o->offset);
}

static const char *hint(char buf[HINT_MAX], const char *near)
{
	if (!near)
		return "";
	snprintf(buf, HINT_MAX, " (did you mean '%s'?)", near);
	return buf;
}

/* The @i-th space-separated word of @list into @buf; false past the last. */
static int word_at(const char *list, unsigned i, char *buf, size_t size)
{
	const char *p = list;

	for (;;) {
		size_t n;

		p += strspn(p, " ");
		n = strcspn(p, " ");
		if (!n)
			return 0;
		if (!i--) {
			snprintf(buf, size, "%.*s", (int)n, p);
			return 1;
		}
		p += n;
	}
}

/* "a, b or c": the words of @list as a message names them. */
static void words_or(const char *list, char *buf, size_t size)
{
	char w[64];
	unsigned n = 0;

	while (word_at(list, n, w, sizeof(w)))
		n++;
	buf[0] = '\0';
	for (unsigned i = 0; i < n; i++) {
		word_at(list, i, w, sizeof(w));
		snprintf(buf + strlen(buf), size - strlen(buf), "%s%s",
			 !i ? "" : i + 1 == n ? " or " : ", ", w);
	}
}

/* The model names, space-separated, in the library's order (its one list of them). */
static const char *model_names(void)
{
	static char buf[128];

	if (!buf[0])
		for (unsigned m = 0; m < CAPSIM_MODEL_COUNT; m++)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s", m ? " " : "",
				 capsim_model_name((enum capsim_model)m));
	return buf;
}

/*
 * What an option's value completes to: its words, "@file", "@platform", "@none" (a value
 * nothing lists), or NULL (a flag: no value).
 */
static const char *completion(const struct cli_option *o)
{
	switch (o->grammar) {
	case CLI_FLAG: return NULL;
	case CLI_FILE: return "@file";
	case CLI_PLATFORM: return "@platform";
	case CLI_MODEL:
	case CLI_MODELS: return model_names();
	default: return o->values ? o->values : "@none";
	}
}

static int bad_value(const struct cli_command *cmd, const struct cli_option *o, const char *arg,
		     const char *near, const char *expect)
{
	char h[HINT_MAX];

	return cli_usage_error(cmd->name, "%s '%s'%s: expected %s", o->name, arg, hint(h, near),
			       o->expect ? o->expect : expect);
}

/* "--models v6.9,v6.10": each a model, none twice, into *@packed (cli.h, CLI_MODELS). */
static int read_models(const struct cli_command *cmd, const struct cli_option *o, const char *arg,
		       uint64_t *packed)
{
	char expect[160], tok[64];
	enum capsim_model seen[CAPSIM_MODEL_COUNT];
	unsigned n = 0;

	if (o->expect)
		snprintf(expect, sizeof(expect), "%s", o->expect);
	else
		words_or(model_names(), expect, sizeof(expect));
	for (const char *p = arg;; p++) {
		size_t len = strcspn(p, ",");
		enum capsim_model m;
		char h[HINT_MAX];

		snprintf(tok, sizeof(tok), "%.*s", (int)len, p);
		if (!len)
			return cli_usage_error(cmd->name, "%s '%s': an empty model name", o->name, arg);
		if (capsim_model_from_name(tok, &m))
			return cli_usage_error(cmd->name, "%s: unknown model '%s'%s (expected %s)", o->name,
					       tok, hint(h, capsim_model_suggest(tok)), expect);
		for (unsigned k = 0; k < n; k++)
			if (seen[k] == m)
				return cli_usage_error(cmd->name, "%s: '%s' given twice", o->name, tok);
		*packed |= ((uint64_t)m + 1) << (4 * n);
		seen[n++] = m;
		p += len;
		if (!*p)
			return 0;
	}
}

/* A run's cap, checked on an empty scenario by the call that will add it. */
static int check_run_cap(const struct cli_command *cmd, const struct cli_option *o, const char *arg)
{
	capsim_error err = { 0 };
	capsim_scenario *sc;
	int ret;

	if (capsim_scenario_create(&sc, &err))
		return cli_fail(&err);
	ret = o->grammar == CLI_HW_CAP_EPISODE ? capsim_scenario_add_hw_cap(sc, arg, &err)
					       : capsim_scenario_add_max_freq(sc, arg, &err);
	capsim_scenario_free(sc);
	return ret ? cli_usage_error(cmd->name, "%s", err.msg) : 0;
}

/* Bounds of a U64 or a duration, as a bad value's message says them. */
static int out_of_bounds(const struct cli_option *o, uint64_t v)
{
	return v < o->min || (o->max && v > o->max);
}

/* @arg of @o read by its grammar's library parser into @v. Return: 0 or CLI_EXIT_USAGE. */
static int read_value(const struct cli_command *cmd, const struct cli_option *o, const char *arg,
		      struct cli_value *v)
{
	char expect[160], w[64];
	enum capsim_model model;
	uint64_t x;
	unsigned i;

	switch (o->grammar) {
	case CLI_FLAG:
	case CLI_TEXT:
	case CLI_FILE:
	case CLI_PLATFORM:
	case CLI_PLATFORM_CAP:
		x = 1;
		break;
	case CLI_U64:
		if (capsim_parse_u64(arg, &x) || out_of_bounds(o, x))
			return bad_value(cmd, o, arg, NULL, "an unsigned integer");
		break;
	case CLI_DURATION:
		if (capsim_parse_duration_ns(arg, CAPSIM_NSEC_PER_SEC, &x) || out_of_bounds(o, x))
			return bad_value(cmd, o, arg, NULL, "a duration such as 10, 10s or 500ms");
		break;
	case CLI_RUN_PERIOD: {
		size_t n = strcspn(arg, "/");

		snprintf(w, sizeof(w), "%.*s", (int)n, arg);
		if (!arg[n] || n >= sizeof(w) || capsim_parse_duration_ns(w, CAPSIM_NSEC_PER_SEC, &x) ||
		    capsim_parse_duration_ns(arg + n + 1, CAPSIM_NSEC_PER_SEC, &v->u2))
			return bad_value(cmd, o, arg, NULL, "RUN/PERIOD durations, e.g. 4ms/16ms");
		break;
	}
	case CLI_CPULIST:
		if (capsim_parse_cpulist(arg, &v->cpus) || !capsim_cpumask_weight(&v->cpus))
			return bad_value(cmd, o, arg, NULL, "a CPU list (e.g. 0-3,5)");
		x = 1;
		break;
	case CLI_CHOICE:
		for (i = 0; word_at(o->values, i, w, sizeof(w)) && strcmp(w, arg); i++)
			;
		if (!word_at(o->values, i, w, sizeof(w))) {
			words_or(o->values, expect, sizeof(expect));
			return bad_value(cmd, o, arg, NULL, expect);
		}
		x = i;
		break;
	case CLI_MODEL:
		if (capsim_model_from_name(arg, &model)) {
			words_or(model_names(), expect, sizeof(expect));
			return bad_value(cmd, o, arg, capsim_model_suggest(arg), expect);
		}
		x = (uint64_t)model;
		break;
	case CLI_MODELS:
		x = 0;
		if (read_models(cmd, o, arg, &x))
			return CLI_EXIT_USAGE;
		break;
	case CLI_MAX_FREQ:
	case CLI_HW_CAP_EPISODE:
		if (check_run_cap(cmd, o, arg))
			return CLI_EXIT_USAGE;
		x = 1;
		break;
	default:
		return cli_failf(CLI_EXIT_INTERNAL, "%s: no grammar %d", o->name, (int)o->grammar);
	}
	v->arg = arg;
	v->u = x;
	return 0;
}

static const struct cli_option *find_option(const struct cli_command *cmd, const char *arg,
					    size_t len)
{
	for (size_t k = 0; k < cmd->nr_options; k++) {
		const struct cli_option *o = &cmd->options[k];

		if (is_operand(o))
			continue;
		if (strlen(o->name) == len && !strncmp(o->name, arg, len))
			return o;
		if (o->short_name && len == 2 && arg[0] == '-' && arg[1] == o->short_name)
			return o;
	}
	return NULL;
}

/* "unknown option 'ARG'", with the nearest of the table's names when one is near. */
static int unknown_option(const struct cli_command *cmd, const char *arg)
{
	const char *names[2 * 64 + 1], *near;
	char word[NAME_MAX_LEN], h[HINT_MAX], shorts[64][3];
	size_t n = 0, s = 0;

	for (size_t k = 0; k < cmd->nr_options && n + 2 < sizeof(names) / sizeof(names[0]); k++) {
		const struct cli_option *o = &cmd->options[k];

		if (is_operand(o))
			continue;
		names[n++] = o->name;
		if (o->short_name && s < 64) {
			snprintf(shorts[s], sizeof(shorts[s]), "-%c", o->short_name);
			names[n++] = shorts[s++];
		}
	}
	names[n++] = "--help";
	/* "--duraton=5s": the option is the part before '=' */
	snprintf(word, sizeof(word), "%.*s", (int)strcspn(arg, "="), arg);
	near = capsim_suggest(word, names, n);
	return cli_usage_error(cmd->name, "unknown option '%s'%s", arg, hint(h, near));
}

static int store(const struct cli_command *cmd, const struct cli_option *o, const char *arg,
		 void *opts)
{
	struct cli_value v = { 0 };
	int ret = read_value(cmd, o, arg, &v);

	if (ret)
		return ret;
	if (o->repeat) {
		struct cli_list *l = (struct cli_list *)((char *)opts + o->offset);
		unsigned max = o->max ? (unsigned)o->max : CLI_LIST_MAX;

		if (l->n >= max || l->n == CLI_LIST_MAX)
			return cli_usage_error(cmd->name, "more than %u %s values", max, o->name);
		l->item[l->n++] = (struct cli_item){ .opt = o, .arg = arg };
		return 0;
	}
	*value_of(o, opts) = v;
	return 0;
}

/* The next operand of the table after the @nth one given, or a message. */
static int operand(const struct cli_command *cmd, const char *arg, unsigned *nth, void *opts)
{
	const struct cli_option *last = NULL;
	unsigned k = 0;

	if (arg[0] == '-' && arg[1])
		return unknown_option(cmd, arg);
	for (size_t i = 0; i < cmd->nr_options; i++) {
		if (!is_operand(&cmd->options[i]))
			continue;
		last = &cmd->options[i];
		if (k++ == *nth) {
			++*nth;
			return store(cmd, last, arg, opts);
		}
	}
	if (!last)
		return cli_usage_error(cmd->name, "unexpected argument '%s'", arg);
	return cli_usage_error(cmd->name, "more than one %s ('%s', '%s')", last->metavar,
			       value_of(last, opts)->arg, arg);
}

int cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			return 0;
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return 1;
	}
	return 0;
}

/* Options not given take their default, read by the same grammar (its .arg stays NULL). */
static int defaults(const struct cli_command *cmd, void *opts)
{
	for (size_t k = 0; k < cmd->nr_options; k++) {
		const struct cli_option *o = &cmd->options[k];
		struct cli_value v;

		if (!o->def || o->repeat || value_of(o, opts)->arg)
			continue;
		if (read_value(cmd, o, o->def, &v))
			return CLI_EXIT_INTERNAL;
		v.arg = NULL;
		*value_of(o, opts) = v;
	}
	return 0;
}

int cli_parse(const struct cli_command *cmd, int argc, char **argv, void *opts)
{
	unsigned nth = 0;
	int only_operands = 0, ret = 0;

	if (cli_wants_help(argc, argv)) {
		cli_help(cmd, stdout);
		return CLI_HELP_SHOWN;
	}
	for (int i = 1; i < argc && !ret; i++) {
		const char *a = argv[i], *eq;
		const struct cli_option *o;
		size_t len;

		if (only_operands || a[0] != '-' || !a[1]) {
			ret = operand(cmd, a, &nth, opts);
			continue;
		}
		if (!strcmp(a, "--")) {
			only_operands = 1;
			continue;
		}
		eq = a[1] == '-' ? strchr(a, '=') : NULL;
		len = eq ? (size_t)(eq - a) : strlen(a);
		o = find_option(cmd, a, len);
		if (!o)
			return unknown_option(cmd, a);
		if (o->grammar == CLI_FLAG) {
			if (eq)
				return cli_usage_error(cmd->name, "option '%.*s' takes no value", (int)len, a);
			ret = store(cmd, o, "", opts);
		} else if (eq) {
			ret = store(cmd, o, eq + 1, opts);
		} else if (i + 1 < argc) {
			ret = store(cmd, o, argv[++i], opts);
		} else {
			return cli_usage_error(cmd->name, "option '%s' needs a value", a);
		}
	}
	return ret ? ret : defaults(cmd, opts);
}

/* "-o, --output F" / "--duration S" / "SCENARIO.json": an option's term in the list. */
static void term(const struct cli_option *o, char *buf, size_t size)
{
	const char *sp = o->metavar && !is_operand(o) ? " " : "";
	const char *mv = *sp ? o->metavar : "";

	if (o->short_name)
		snprintf(buf, size, "-%c, %s%s%s", o->short_name, o->name, sp, mv);
	else
		snprintf(buf, size, "%s%s%s", o->name, sp, mv);
}

void cli_help(const struct cli_command *cmd, FILE *fp)
{
	fputs(cmd->head, fp);
	for (size_t k = 0; k < cmd->nr_options; k++) {
		const struct cli_option *o = &cmd->options[k];
		const char *h = o->help;
		char t[96];
		int col;

		if (!h)
			continue;
		term(o, t, sizeof(t));
		/* the description at the column, or two spaces after a longer term */
		col = fprintf(fp, "  %s", t);
		fprintf(fp, "%*s", col < cmd->column ? cmd->column - col : 2, "");
		for (;;) {
			size_t n = strcspn(h, "\n");

			fprintf(fp, "%.*s\n", (int)n, h);
			if (!h[n])
				break;
			h += n + 1;
			fprintf(fp, "%*s", cmd->column, "");
		}
	}
	fputs(cmd->tail, fp);
}

/* A second line of an option's help (sweep's "--emit slurm"): the option is its first line. */
static int repeated(const struct cli_command *cmd, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (!strcmp(cmd->options[i].name, cmd->options[k].name))
			return 1;
	return 0;
}

int cli_complete(const struct cli_command *cmd, const char *option, FILE *fp)
{
	for (size_t k = 0; k < cmd->nr_options; k++) {
		const struct cli_option *o = &cmd->options[k];
		const char *c = completion(o);
		char w[64];

		if (is_operand(o) || repeated(cmd, k))
			continue;
		if (!option) {
			fprintf(fp, "%s\n", o->name);
			continue;
		}
		if (strcmp(option, o->name) && !(o->short_name && option[0] == '-' &&
						  option[1] == o->short_name && !option[2]))
			continue;
		for (unsigned i = 0; c && word_at(c, i, w, sizeof(w)); i++)
			fprintf(fp, "%s\n", w);
		return 0;
	}
	if (!option)
		fputs("--help\n", fp);
	return option ? CLI_EXIT_USAGE : 0;
}

void cli_describe(const struct cli_command *cmd, FILE *fp)
{
	for (size_t k = 0; k < cmd->nr_options; k++) {
		const struct cli_option *o = &cmd->options[k];
		const char *c = completion(o);

		if (repeated(cmd, k))
			continue;
		fprintf(fp, "%s\t%c\t%s\t%s\t%s\t%s\t%s\n", o->name, o->short_name ? o->short_name : '-',
			o->metavar ? o->metavar : "-", grammar_names[o->grammar], o->def ? o->def : "-",
			c ? c : "-", o->help ? "listed" : "unlisted");
	}
}

unsigned cli_list_args(const struct cli_list *list, const char *name, const char **out,
		       unsigned max)
{
	unsigned n = 0;

	for (unsigned k = 0; k < list->n && n < max; k++)
		if (!strcmp(list->item[k].opt->name, name))
			out[n++] = list->item[k].arg;
	return n;
}
