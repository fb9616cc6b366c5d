// SPDX-License-Identifier: GPL-2.0
/* window.json, a run's measured window, read back by its rows (the table's and the cross-check's input). */
#include "common/window_file.h"

/* No clock reads more: about 31 years of ns. */
#define MAX_NS 1000000000000000000LL

#define W(m) offsetof(struct sb_window, m)

static void window_init(void *obj)
{
	*(struct sb_window *)obj = (struct sb_window){ .schema = 1,
						       .start_mono_ns = -1,
						       .end_mono_ns = -1 };
}

static int window_finish(struct sb_jr *r, void *obj, const json_t *j)
{
	const struct sb_window *w = obj;

	if (w->end_mono_ns < w->start_mono_ns)
		return sb_jr_fail(r, "end_mono_ns",
				  json_object_get(j, "end_mono_ns"),
				  ": before start_mono_ns (%lld)",
				  (long long)w->start_mono_ns);
	return 0;
}

static const struct sb_field window_fields[] = {
	{ "schema", SB_F_INT, W(schema), .min = 1, .max = 1,
	  .doc = "the version of this format" },
	{ "start_mono_ns", SB_F_INT64, W(start_mono_ns), .required = 1,
	  .min = 0, .max = MAX_NS,
	  .doc = "the measured window's start, CLOCK_MONOTONIC ns" },
	{ "end_mono_ns", SB_F_INT64, W(end_mono_ns), .required = 1, .min = 0,
	  .max = MAX_NS, .doc = "its end, not before the start" },
};

const struct sb_jr_table sb_window_format =
	SB_JR_TABLE("measured window (window.json)", window_fields, window_init,
		    window_finish);

int sb_window_load(const char *path, struct sb_window *w, struct sb_error *e)
{
	return sb_jr_load(path, &sb_window_format, w, NULL, e);
}
