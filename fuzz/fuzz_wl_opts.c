// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the generators' option tables (common/opts.c): a
 * command line of NUL-separated arguments, parsed against the common
 * options plus one option of each CLI type, with ranges.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_io.h"
#include "workloads/lib/opts.h"

#define MAX_ARGS 64
#define IV_MIN 10000
#define IV_MAX 10000000000LL

/* One option of each type the generators use, with its range. */
struct fz_opts {
	int64_t threads;
	uint64_t interval;
	cpu_set_t set;
	const char *name;
	char label[8];
	int level;
};

static const struct sb_field fz_rows[] = {
	{ .key = "threads",
	  .short_name = 't',
	  .type = SB_F_INT64,
	  .offset = offsetof(struct fz_opts, threads),
	  .metavar = "N",
	  .doc = "threads",
	  .min = 1,
	  .max = 4096 },
	{ .key = "interval",
	  .short_name = 'i',
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct fz_opts, interval),
	  .metavar = "D",
	  .doc = "period",
	  .min = IV_MIN,
	  .max = IV_MAX },
	{ .key = "mask",
	  .short_name = 'k',
	  .type = SB_F_CPUSET,
	  .offset = offsetof(struct fz_opts, set),
	  .metavar = "LIST",
	  .doc = "CPUs" },
	{ .key = "name",
	  .short_name = 'n',
	  .type = SB_F_ARG,
	  .offset = offsetof(struct fz_opts, name),
	  .metavar = "S",
	  .doc = "a name" },
	{ .key = "label",
	  .short_name = 'l',
	  .type = SB_F_STRING,
	  .offset = offsetof(struct fz_opts, label),
	  .size = sizeof(((struct fz_opts *)0)->label),
	  .metavar = "S",
	  .doc = "a short name, copied" },
	{ .key = "level",
	  .type = SB_F_INT,
	  .offset = offsetof(struct fz_opts, level),
	  .metavar = "N",
	  .doc = "an int",
	  .min = -5,
	  .max = 5 },
	{ 0 },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	char *buf = fz_strdup(data, len), *argv[MAX_ARGS + 2];
	struct wl_common c;
	struct fz_opts o = { .threads = 1, .interval = 1000000 };
	int argc = 1, r;
	struct sb_cli cli = { .usage = "usage: fuzz [OPTIONS]",
			      .tables = { { fz_rows, &o },
					  WL_COMMON_TABLE(&c) },
			      .stop_at_nonopt = len && data[0] & 1 };
	char err[512] = "";

	argv[0] = "fuzz";
	for (size_t i = 0; i < len && argc <= MAX_ARGS; i++)
		if (i == 0 || buf[i - 1] == '\0')
			argv[argc++] = buf + i;
	argv[argc] = NULL;
	wl_common_init(&c, 5000000000ULL);
	CPU_ZERO(&o.set);
	r = sb_cli_parse(&cli, argc, argv, err, sizeof(err));
	if (r < 0) {
		fz_check(r == -EINVAL, "bad command lines are -EINVAL");
		fz_check(*err != '\0', "a message");
		/* Values are quoted as given, so only theirs may break the line. */
		fz_check(!strchr(err, '\n') || memchr(data, '\n', len),
			 "one-line message");
	} else {
		fz_check(r >= 1 && r <= argc, "index of the first operand");
		fz_check(cli.stop_at_nonopt || r == argc, "no leftovers");
		fz_check(o.threads >= 1 && o.threads <= 4096,
			 "--threads in range");
		fz_check(o.interval >= IV_MIN && o.interval <= (uint64_t)IV_MAX,
			 "--interval in range");
		fz_check(memchr(o.label, '\0', sizeof(o.label)) != NULL,
			 "--label fits");
		fz_check(o.level >= -5 && o.level <= 5, "--level in range");
	}
	free(buf);
	return 0;
}
