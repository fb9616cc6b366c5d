/* SPDX-License-Identifier: GPL-2.0 */
/* What ci reads of a results directory's scenario.json (ci_scenario_view_format): its name and window, its rules file and published table, its feature sets' order, its workloads' slices. */
#ifndef CI_SCENARIO_VIEW_H
#define CI_SCENARIO_VIEW_H

#include <stddef.h>

#include "common/error.h"
#include "common/jsonread.h"

struct ci_scenario_set {
	char *name;
};

struct ci_scenario_workload {
	char *tool, *slice; /* slice NULL when the workload asks for none */
};

/*
 * The scenario is checked in full by its own rows (harness/scenario.c,
 * above ci/) when it is run: these rows read the few keys ci shows and
 * let the others through.
 */
struct ci_scenario_view {
	char *name, *duration; /* NULL when absent */
	int repeats; /* 0 when absent */
	char *rules; /* NULL: the scenario names none */
	char *published; /* NULL: the scenario names no published table */
	struct ci_scenario_set *sets;
	size_t n_sets;
	struct ci_scenario_workload *workloads;
	size_t n_workloads;
};

extern const struct sb_jr_table ci_scenario_view_format;

/*
 * Read @path into @v. 0, or -EINVAL with @e naming the file, the JSON path
 * and the value, -ENOMEM; @v is freed on error.
 */
int ci_scenario_view_load(const char *path, struct ci_scenario_view *v,
			  struct sb_error *e);
/* @dir/scenario.json by ci_scenario_view_load(); absent: an empty @v, 0. */
int ci_scenario_view_of_dir(const char *dir, struct ci_scenario_view *v,
			    struct sb_error *e);
void ci_scenario_view_free(struct ci_scenario_view *v);

#endif
