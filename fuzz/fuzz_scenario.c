// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: the scenario parser (harness/scenario.c) on arbitrary files. */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "common/exitcodes.h"
#include "common/slice_range.h"
#include "fuzz/fuzz_io.h"
#include "harness/scenario.h"

static void ignore_warning(const char *msg)
{
	fz_check(msg && *msg, "a warning is one non-empty line");
	fz_check(!strchr(msg, '\n'), "a warning has no newline");
}

static void check_loaded(const struct scenario *sc)
{
	fz_check(sc_name_ok(sc->name), "scenario name is safe");
	fz_check(sc->duration_ns > 0, "duration is positive");
	fz_check(sc->repeats >= 1, "repeats >= 1");
	fz_check(sc->n_sets >= 1 && sc->n_sets <= SC_MAX_SETS, "1..max sets");
	fz_check(sc->n_workloads >= 1 && sc->n_workloads <= SC_MAX_WORKLOADS,
		 "1..max workloads");
	for (int i = 0; i < sc->n_sets; i++)
		fz_check(sc_name_ok(sc->sets[i].name), "set name is safe");
	for (int i = 0; i < sc->n_workloads; i++) {
		const struct sc_workload *w = &sc->workloads[i];

		fz_check(sc_name_ok(w->name), "workload name is safe");
		fz_check(!w->slice_ns || (w->slice_ns >= SB_SLICE_MIN_NS &&
					  w->slice_ns <= SB_SLICE_MAX_NS),
			 "slice is clamped into the kernel's range");
		fz_check(w->args[w->n_args] == NULL, "args NULL-terminated");
		for (int j = 0; j < i; j++)
			fz_check(strcmp(w->name, sc->workloads[j].name),
				 "workload names are unique");
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	const char *path = fz_put("scenario.json", data, len);
	static struct scenario sc;
	struct sb_error e;
	int r = scenario_load(path, &sc, ignore_warning, &e);

	if (r) {
		fz_check(r == -EINVAL && e.code == r &&
				 sb_exit_code(r) == SB_EXIT_USAGE,
			 "bad input exits 2");
		fz_check(!strncmp(e.msg, path, strlen(path)),
			 "the message names the file");
		return 0;
	}
	check_loaded(&sc);
	scenario_free(&sc);
	return 0;
}
