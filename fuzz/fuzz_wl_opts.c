// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the generators' option tables (common/opts.c): a
 * command line of NUL-separated arguments, parsed against the common
 * options plus one option of each type with a range.
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	char *buf = fz_strdup(data, len), *argv[MAX_ARGS + 2];
	struct sb_opt common[WL_COMMON_NOPTS + 1];
	struct wl_common c;
	uint64_t interval = 1000000;
	int64_t threads = 1;
	const char *name = NULL;
	cpu_set_t set;
	int argc = 1, r;
	const struct sb_opt own[] = {
		SB_OPTION("threads", 't', SB_OPT_INT, &threads, NULL, "N",
			  "threads", 1, 4096),
		SB_OPTION("interval", 'i', SB_OPT_DURATION, &interval, NULL,
			  "D", "period", IV_MIN, IV_MAX),
		SB_OPTION("mask", 'k', SB_OPT_CPULIST, &set, NULL, "LIST",
			  "CPUs", 0, 0),
		SB_OPTION("name", 'n', SB_OPT_STRING, &name, NULL, "S",
			  "a name", 0, 0),
		{ 0 },
	};
	struct sb_cli cli = { .usage = "usage: fuzz [OPTIONS]",
			      .tables = { own, common, NULL },
			      .stop_at_nonopt = len && data[0] & 1 };
	char err[512] = "";

	argv[0] = "fuzz";
	for (size_t i = 0; i < len && argc <= MAX_ARGS; i++)
		if (i == 0 || buf[i - 1] == '\0')
			argv[argc++] = buf + i;
	argv[argc] = NULL;
	wl_common_init(&c, 5000000000ULL);
	wl_common_opts(&c, common);
	CPU_ZERO(&set);
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
		fz_check(threads >= 1 && threads <= 4096, "--threads in range");
		fz_check(interval >= IV_MIN && interval <= (uint64_t)IV_MAX,
			 "--interval in range");
	}
	free(buf);
	return 0;
}
