// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the options engine (common/opts: parsing, --help, a command's usage errors) and the CPU-list grammar (common/cpulist). */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/cpulist.h"
#include "common/duration.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "tests/unit/opts_cases.h"

static const char *const colours[] = { "red", "green", "blue", NULL };

/* A value no type can say: an even number. */
static int parse_even(void *dest, const char *v, const char **why)
{
	char *end;
	long x = strtol(v, &end, 10);

	*why = "is not an even number";
	if (!*v || *end || x % 2)
		return -EINVAL;
	*(long *)dest = x;
	return 0;
}

struct fixture {
	int verbose, quiet, help, colour, colour_given, limit_given;
	int64_t count;
	uint64_t limit, period_ns;
	cpu_set_t cpus;
	const char *name;
	long even;
	const char *operands[3];
	int n_operands;
	int level;
	char label[8];
	struct sb_field tab[13];
	struct sb_cli cli;
};

static const struct sb_field f_rows[] = {
	{ .key = "verbose",
	  .short_name = 'v',
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct fixture, verbose),
	  .doc = "say more" },
	{ .key = "quiet",
	  .short_name = 'q',
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct fixture, quiet),
	  .doc = "say less" },
	{ .key = "count",
	  .short_name = 'n',
	  .type = SB_F_INT64,
	  .offset = offsetof(struct fixture, count),
	  .metavar = "N",
	  .doc = "how many",
	  .min = -5,
	  .max = 100 },
	{ .key = "limit",
	  .type = SB_F_U64,
	  .offset = offsetof(struct fixture, limit),
	  .given = SB_GIVEN(struct fixture, limit_given),
	  .metavar = "BYTES",
	  .doc = "upper bound" },
	{ .key = "period",
	  .short_name = 'p',
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct fixture, period_ns),
	  .metavar = "D",
	  .doc = "wakeup period",
	  .min = 1000,
	  .max = 1000000000 },
	{ .key = "cpus",
	  .short_name = 'c',
	  .type = SB_F_CPUSET,
	  .offset = offsetof(struct fixture, cpus),
	  .metavar = "LIST",
	  .doc = "run on these CPUs" },
	{ .key = "colour",
	  .type = SB_F_ENUM,
	  .offset = offsetof(struct fixture, colour),
	  .given = SB_GIVEN(struct fixture, colour_given),
	  .choices = colours,
	  .metavar = "C",
	  .doc = "red, green or blue" },
	{ .key = "name",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct fixture, name),
	  .metavar = "S",
	  .doc = "a name" },
	{ .key = "even",
	  .type = SB_F_CALL,
	  .offset = offsetof(struct fixture, even),
	  .parse_arg = parse_even,
	  .metavar = "E",
	  .doc = "an even number" },
	{ .key = "level",
	  .type = SB_F_INT,
	  .offset = offsetof(struct fixture, level),
	  .metavar = "L",
	  .doc = "an int level",
	  .min = -3,
	  .max = 3 },
	{ .key = "label",
	  .type = SB_F_STRING,
	  .offset = offsetof(struct fixture, label),
	  .size = sizeof(((struct fixture *)0)->label),
	  .metavar = "S",
	  .doc = "a copied label" },
	SB_F_HELP_ROW(struct fixture, help),
	{ 0 },
};

static struct fixture *fixture_new(void)
{
	struct fixture *f = calloc(1, sizeof(*f));

	memcpy(f->tab, f_rows, sizeof(f_rows));
	f->count = 7;
	f->period_ns = 1000000;
	f->name = "x";
	f->colour = 2;
	CPU_ZERO(&f->cpus);
	CPU_SET(0, &f->cpus);
	CPU_SET(1, &f->cpus);
	f->cli = (struct sb_cli){ .usage = "usage: t [options] [A [B]]",
				  .epilogue = "exit: 0 ok\n",
				  .tables = { { f->tab, f } },
				  .operands = f->operands,
				  .max_operands = 2,
				  .n_operands = &f->n_operands };
	return f;
}

/* An int row and a char[] row: range, width, and the copy. */
static void test_int_and_string(void **state)
{
	struct fixture *f = fixture_new();
	char err[256];

	(void)state;
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--level", "-3",
				    "--label", "1234567", (char *)NULL),
			 5);
	assert_int_equal(f->level, -3);
	assert_string_equal(f->label, "1234567");
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--level", "4",
				    (char *)NULL),
			 -EINVAL);
	assert_string_equal(err, "--level: \"4\" is out of range [-3, 3]");
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--level",
				    "4294967296", (char *)NULL),
			 -EINVAL);
	assert_string_equal(err, "--level: \"4294967296\" is not an integer");
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--label",
				    "12345678", (char *)NULL),
			 -EINVAL);
	assert_string_equal(err,
			    "--label: \"12345678\" is longer than 7 bytes");
	assert_string_equal(f->label, "1234567");
	free(f);
}

static void test_each_type(void **state)
{
	struct fixture *f = fixture_new();
	char err[256];

	(void)state;
	assert_int_equal(
		opts_parse(&f->cli, err, sizeof(err), "--verbose", "--count",
			   "-5", "--limit", "18446744073709551615", "--period",
			   "2ms", "--cpus", "2-6:2,9", "--colour", "green",
			   "--name", "abc", "--even", "42", (char *)NULL),
		16);
	assert_true(f->verbose);
	assert_false(f->quiet);
	assert_int_equal(f->count, -5);
	assert_true(f->limit == UINT64_MAX);
	assert_true(f->limit_given);
	assert_int_equal(f->period_ns, 2000000);
	assert_int_equal(CPU_COUNT(&f->cpus), 4);
	assert_true(CPU_ISSET(2, &f->cpus) && CPU_ISSET(4, &f->cpus) &&
		    CPU_ISSET(6, &f->cpus) && CPU_ISSET(9, &f->cpus));
	assert_int_equal(f->colour, 1);
	assert_true(f->colour_given);
	assert_string_equal(f->name, "abc");
	assert_int_equal(f->even, 42);
	assert_int_equal(f->n_operands, 0);
	free(f);
}

static void test_defaults_stay_when_absent(void **state)
{
	struct fixture *f = fixture_new();
	char err[256];

	(void)state;
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), (char *)NULL),
			 1);
	assert_int_equal(f->count, 7);
	assert_int_equal(f->period_ns, 1000000);
	assert_int_equal(CPU_COUNT(&f->cpus), 2);
	assert_int_equal(f->colour, 2);
	assert_false(f->colour_given);
	assert_false(f->limit_given);
	assert_string_equal(f->name, "x");
	free(f);
}

static void test_value_spellings(void **state)
{
	struct fixture *f = fixture_new();
	char err[256];

	(void)state;
	/* --opt=value, -o value, -ovalue, clustered flags, flag then value */
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--count=12",
				    "-p", "5us", "-c3", "-vqn", "99",
				    (char *)NULL),
			 7);
	assert_int_equal(f->count, 99);
	assert_int_equal(f->period_ns, 5000);
	assert_int_equal(CPU_COUNT(&f->cpus), 1);
	assert_true(CPU_ISSET(3, &f->cpus));
	assert_true(f->verbose && f->quiet);
	/* a value may start with a dash, and "--name=" is the empty string */
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--count", "-1",
				    "--name=", (char *)NULL),
			 4);
	assert_int_equal(f->count, -1);
	assert_string_equal(f->name, "");
	/* later wins */
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "-n1", "-n2",
				    (char *)NULL),
			 3);
	assert_int_equal(f->count, 2);
	free(f);
}

static void test_ranges(void **state)
{
	struct fixture *f = fixture_new();
	char err[256];

	(void)state;
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "-n", "100",
				    "-p", "1s", (char *)NULL),
			 5);
	assert_int_equal(f->count, 100);
	assert_int_equal(f->period_ns, 1000000000);
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "-n", "101",
				    (char *)NULL),
			 -EINVAL);
	assert_string_equal(err, "--count: \"101\" is out of range [-5, 100]");
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "-n", "-6",
				    (char *)NULL),
			 -EINVAL);
	assert_string_equal(err, "--count: \"-6\" is out of range [-5, 100]");
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--period=999ns",
				    (char *)NULL),
			 -EINVAL);
	assert_string_equal(err,
			    "--period: \"999ns\" is out of range [1us, 1s]");
	assert_int_equal(f->count, 100); /* untouched by the bad values */
	free(f);
}

static void test_errors_name_option_and_value(void **state)
{
	static const struct opts_bad_case cases[] = {
		{ { "--count", "1x" }, "--count: \"1x\" is not an integer" },
		{ { "--limit", "-1" },
		  "--limit: \"-1\" is not a whole number" },
		{ { "--limit", "" }, "--limit: \"\" is not a whole number" },
		{ { "--period", "5xs" },
		  "--period: \"5xs\" is not a duration (units: " SB_DURATION_UNITS
		  ")" },
		{ { "--cpus", "3-1" }, "--cpus: \"3-1\" is not a CPU list" },
		{ { "--colour", "pink" },
		  "--colour: \"pink\" is not one of red, green, blue" },
		{ { "--even", "3" }, "--even: \"3\" is not an even number" },
		{ { "--bogus" }, "unknown option \"--bogus\"" },
		{ { "--bogus=1" }, "unknown option \"--bogus=1\"" },
		{ { "--verb" }, "unknown option \"--verb\"" }, /* no prefixes */
		{ { "-Z" }, "unknown option \"-Z\"" },
		{ { "-vZ" }, "unknown option \"-Z\"" },
		{ { "--count" }, "--count: missing value" },
		{ { "-n" }, "-n: missing value" },
		{ { "-vn" }, "-n: missing value" },
		{ { "--verbose=1" }, "--verbose: takes no value" },
	};

	struct fixture *f = fixture_new();

	(void)state;
	opts_check_bad_cases(cases, sizeof(cases) / sizeof(cases[0]), &f->cli);
	free(f);
}

static void test_operands(void **state)
{
	struct fixture *f = fixture_new();
	char err[256];

	(void)state;
	/* between options, "-" is an operand, "--" ends the options */
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "a", "-v", "-",
				    "-n", "3", (char *)NULL),
			 6);
	assert_int_equal(f->n_operands, 2);
	assert_string_equal(f->operands[0], "a");
	assert_string_equal(f->operands[1], "-");
	assert_int_equal(f->count, 3);
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--", "--count",
				    "b", "c", (char *)NULL),
			 -EINVAL);
	assert_string_equal(err, "unexpected argument \"c\"");
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--", "--count",
				    (char *)NULL),
			 3);
	assert_int_equal(f->n_operands, 1); /* counted afresh by each parse */
	assert_string_equal(f->operands[0], "--count");
	assert_int_equal(f->count, 3);
	/* stop_at_nonopt: the index of the command, options after it its own */
	f->cli.stop_at_nonopt = 1;
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "-v", "cmd",
				    "-n", "9", (char *)NULL),
			 2);
	assert_int_equal(f->count, 3);
	free(f);
}

static void test_help_lists_options_defaults_and_epilogue(void **state)
{
	struct fixture *f = fixture_new();
	char *buf = opts_help(&f->cli);

	(void)state;
	assert_non_null(
		strstr(buf, "usage: t [options] [A [B]]\n\noptions:\n"));
	/* short names first, long-only options aligned under the long names */
	assert_non_null(strstr(buf, "\n  -v, --verbose      say more\n"));
	assert_non_null(
		strstr(buf, "\n  -n, --count N      how many (default: 7)\n"));
	assert_non_null(strstr(buf, "\n      --name S       a name "
				    "(default: x)\n"));
	assert_non_null(strstr(buf, "\n  -p, --period D     wakeup period "
				    "(default: 1ms)\n"));
	assert_non_null(strstr(buf, "\n  -c, --cpus LIST    run on these CPUs "
				    "(default: 0-1)\n"));
	/* an option whose absence is its default shows none */
	assert_non_null(strstr(buf, "\n      --limit BYTES  upper bound\n"));
	assert_non_null(
		strstr(buf, "\n      --colour C     red, green or blue\n"));
	assert_non_null(strstr(buf, "\n      --even E       an even number\n"));
	assert_non_null(
		strstr(buf, "\n  -h, --help         show this help and exit\n"
			    "\nexit: 0 ok\n"));
	free(buf);
	free(f);
}

static void test_help_shows_enum_and_u64_defaults(void **state)
{
	struct fixture *f = fixture_new();
	char *buf;

	(void)state;
	f->tab[3].given = 0;
	f->tab[6].given = 0;
	f->limit = 4096;
	buf = opts_help(&f->cli);
	assert_non_null(strstr(buf, "upper bound (default: 4096)"));
	assert_non_null(strstr(buf, "red, green or blue (default: blue)"));
	free(buf);
	free(f);
}

/* What a command printed: stdout and stderr, each NUL-terminated. */
struct printed {
	char out[4096], err[4096];
};

static void read_back(FILE *f, char *buf, size_t len)
{
	size_t n;

	rewind(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/* sb_cli_parse_command() of the words after "t"; what it printed into @p. */
static int command(struct fixture *f, struct printed *p, ...)
{
	char *argv[OPTS_MAX_WORDS + 1];
	FILE *out = tmpfile(), *err = tmpfile();
	int argc, r, fd_out, fd_err;
	va_list ap;

	assert_non_null(out);
	assert_non_null(err);
	va_start(ap, p);
	argc = opts_argv(argv, ap);
	va_end(ap);
	fflush(stdout);
	fflush(stderr);
	fd_out = dup(STDOUT_FILENO);
	fd_err = dup(STDERR_FILENO);
	dup2(fileno(out), STDOUT_FILENO);
	dup2(fileno(err), STDERR_FILENO);
	r = sb_cli_parse_command(&f->cli, argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(fd_out, STDOUT_FILENO);
	dup2(fd_err, STDERR_FILENO);
	close(fd_out);
	close(fd_err);
	read_back(out, p->out, sizeof(p->out));
	read_back(err, p->err, sizeof(p->err));
	return r;
}

/* sb_cli_help() of @f into @buf. */
static void help_text(struct fixture *f, char *buf, size_t len)
{
	char *help = opts_help(&f->cli);

	snprintf(buf, len, "%s", help);
	free(help);
}

static void test_command_operand_bounds(void **state)
{
	struct fixture *f = fixture_new();
	struct printed p;

	(void)state;
	f->cli.prog = "t";
	f->cli.min_operands = 1;
	f->cli.too_few = "needs A";
	assert_int_equal(command(f, &p, "-n", "3", (char *)NULL),
			 SB_EXIT_USAGE);
	assert_string_equal(p.err, "t: needs A\n");
	assert_string_equal(p.out, "");
	assert_int_equal(command(f, &p, "a", (char *)NULL), SB_CLI_CONTINUE);
	assert_int_equal(f->n_operands, 1);
	assert_string_equal(p.err, "");
	assert_int_equal(command(f, &p, "a", "-v", "b", (char *)NULL),
			 SB_CLI_CONTINUE);
	assert_int_equal(f->n_operands, 2);
	assert_string_equal(f->operands[1], "b");
	assert_int_equal(command(f, &p, "a", "b", "c", (char *)NULL),
			 SB_EXIT_USAGE);
	assert_string_equal(p.err, "t: unexpected argument \"c\"\n");
	/* without a too_few message, a generic one */
	f->cli.too_few = NULL;
	f->cli.min_operands = 2;
	assert_int_equal(command(f, &p, "a", (char *)NULL), SB_EXIT_USAGE);
	assert_string_equal(p.err, "t: too few arguments\n");
	/* operands after a stop: the words left, bounded the same way */
	f->cli.stop_at_nonopt = 1;
	assert_int_equal(command(f, &p, "-v", "cmd", "-n", "9", (char *)NULL),
			 SB_CLI_CONTINUE);
	assert_int_equal(f->n_operands, 3);
	assert_int_equal(f->count, 3); /* "-n 9" belongs to cmd */
	assert_int_equal(command(f, &p, "-v", "--", "cmd", (char *)NULL),
			 SB_EXIT_USAGE);
	assert_int_equal(f->n_operands, 1);
	free(f);
}

static void test_command_help(void **state)
{
	struct fixture *f = fixture_new();
	struct printed p;
	char help[4096], want[4200];

	(void)state;
	f->cli.prog = "t";
	f->cli.min_operands = 1;
	f->cli.on_error = SB_CLI_ERR_HELP;
	help_text(f, help, sizeof(help));
	/* --help (or -h) answers before the operands are counted */
	assert_int_equal(command(f, &p, "--help", (char *)NULL), SB_EXIT_OK);
	assert_string_equal(p.out, help);
	assert_string_equal(p.err, "");
	f->help = 0;
	assert_int_equal(command(f, &p, "-vh", "a", (char *)NULL), SB_EXIT_OK);
	assert_string_equal(p.out, help);
	/* but a bad option anywhere wins over it */
	f->help = 0;
	assert_int_equal(command(f, &p, "--help", "--bogus", (char *)NULL),
			 SB_EXIT_USAGE);
	assert_string_equal(p.out, "");
	snprintf(want, sizeof(want), "t: unknown option \"--bogus\"\n%s", help);
	assert_string_equal(p.err, want);
	free(f);
}

static void test_command_error_report(void **state)
{
	struct fixture *f = fixture_new();
	struct printed p;
	char help[4096], want[4200];

	(void)state;
	f->cli.prog = "slicebench t";
	help_text(f, help, sizeof(help));
	/* the line alone, the usage after it, or the whole help */
	assert_int_equal(command(f, &p, "--count", "x", (char *)NULL),
			 SB_EXIT_USAGE);
	assert_string_equal(p.err,
			    "slicebench t: --count: \"x\" is not an integer\n");
	f->cli.on_error = SB_CLI_ERR_USAGE;
	assert_int_equal(command(f, &p, "-Z", (char *)NULL), SB_EXIT_USAGE);
	assert_string_equal(p.err, "slicebench t: unknown option \"-Z\"\n"
				   "usage: t [options] [A [B]]\n");
	f->cli.on_error = SB_CLI_ERR_HELP;
	assert_int_equal(command(f, &p, "--period", (char *)NULL),
			 SB_EXIT_USAGE);
	snprintf(want, sizeof(want),
		 "slicebench t: --period: missing value\n%s", help);
	assert_string_equal(p.err, want);
	assert_string_equal(p.out, "");
	free(f);
}

static void print_tail(FILE *f)
{
	fputs("tail: computed\n", f);
}

static void test_help_tail_follows_epilogue(void **state)
{
	struct fixture *f = fixture_new();
	char help[4096];

	(void)state;
	f->cli.help_tail = print_tail;
	help_text(f, help, sizeof(help));
	assert_non_null(strstr(help, "\nexit: 0 ok\ntail: computed\n"));
	free(f);
}

/* A help that says its default in words gets no second one from the value. */
static void test_help_one_default(void **state)
{
	struct fixture *f = fixture_new();
	char help[4096];

	(void)state;
	f->tab[2].doc = "how many (default: the scenario's)";
	help_text(f, help, sizeof(help));
	assert_non_null(strstr(help, "how many (default: the scenario's)\n"));
	assert_null(strstr(help, "(default: 7)"));
	/* the others keep theirs */
	assert_non_null(strstr(help, "wakeup period (default: 1ms)\n"));
	free(f);
}

/* The front end's global options end every command's help, after its tail. */
static void test_help_ends_with_global_options(void **state)
{
	struct fixture *f = fixture_new();
	char help[4096];

	(void)state;
	f->cli.help_tail = print_tail;
	sb_cli_set_global_help("global options:\n  -q  quiet\n");
	help_text(f, help, sizeof(help));
	sb_cli_set_global_help(NULL);
	assert_non_null(strstr(help, "tail: computed\n\nglobal options:\n"
				     "  -q  quiet\n"));
	help_text(f, help, sizeof(help));
	assert_null(strstr(help, "global options"));
	free(f);
}

static void test_cpulist_grammar(void **state)
{
	static const char *const bad[] = { "",	   "a",	    "1,",    "-1",
					   "3-1",  "1-",    "1-3:0", "1 2",
					   "0x1",  "99999", "1,,2",  "1:2",
					   "0-3:", ",1",    "1-2-3", "5-4:1" };
	static const char *const good[] = { "0",   "0-3,6", "8-15:2",
					    "1,0", "2-2",   "0-1023" };
	cpu_set_t s;
	char out[64];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(sb_cpulist_parse(bad[i], &s), -EINVAL);
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		assert_int_equal(sb_cpulist_parse(good[i], &s), 0);
	assert_int_equal(CPU_COUNT(&s), 1024);
	assert_int_equal(sb_cpulist_parse("8-15:2,0-2,4", &s), 0);
	sb_cpulist_format(&s, out, sizeof(out));
	assert_string_equal(out, "0-2,4,8,10,12,14");
	/* a step counts from its range's start; a bad list leaves the set */
	assert_int_equal(sb_cpulist_parse("0-3,6,8-14:3", &s), 0);
	assert_int_equal(sb_cpulist_parse("1,,2", &s), -EINVAL);
	sb_cpulist_format(&s, out, sizeof(out));
	assert_string_equal(out, "0-3,6,8,11,14");
	CPU_ZERO(&s);
	sb_cpulist_format(&s, out, sizeof(out));
	assert_string_equal(out, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_type),
		cmocka_unit_test(test_int_and_string),
		cmocka_unit_test(test_defaults_stay_when_absent),
		cmocka_unit_test(test_value_spellings),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_errors_name_option_and_value),
		cmocka_unit_test(test_operands),
		cmocka_unit_test(test_help_lists_options_defaults_and_epilogue),
		cmocka_unit_test(test_help_shows_enum_and_u64_defaults),
		cmocka_unit_test(test_command_operand_bounds),
		cmocka_unit_test(test_command_help),
		cmocka_unit_test(test_command_error_report),
		cmocka_unit_test(test_help_tail_follows_epilogue),
		cmocka_unit_test(test_help_one_default),
		cmocka_unit_test(test_help_ends_with_global_options),
		cmocka_unit_test(test_cpulist_grammar),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
