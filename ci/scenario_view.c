// SPDX-License-Identifier: GPL-2.0
/* What ci reads of a results directory's scenario.json, by rows: its name and window, its rules file and published table, its feature sets' order, its workloads' slices. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "ci/scenario_view.h"

#define SET(m) offsetof(struct ci_scenario_set, m)
#define WL(m) offsetof(struct ci_scenario_workload, m)
#define V(m) offsetof(struct ci_scenario_view, m)

static const struct sb_field set_fields[] = {
	{ "name", SB_F_STRDUP, SET(name), .required = 1, .min = 1,
	  .doc = "the feature set's name" },
};

static const struct sb_jr_table set_table = {
	.name = "scenario as ci reads it: feature set",
	.fields = set_fields,
	.n_fields = sizeof(set_fields) / sizeof(set_fields[0]),
	.unknown_keys_ok = 1,
};

static const struct sb_field workload_fields[] = {
	{ "tool", SB_F_STRDUP, WL(tool), .required = 1, .min = 1,
	  .doc = "the workload" },
	{ "slice", SB_F_STRDUP, WL(slice), .doc = "the slice it asks for" },
};

static const struct sb_jr_table workload_table = {
	.name = "scenario as ci reads it: workload",
	.fields = workload_fields,
	.n_fields = sizeof(workload_fields) / sizeof(workload_fields[0]),
	.unknown_keys_ok = 1,
};

static const struct sb_field set_item = { .type = SB_F_OBJECT,
					  .sub = &set_table };
static const struct sb_field workload_item = { .type = SB_F_OBJECT,
					       .sub = &workload_table };

static const struct sb_field view_fields[] = {
	{ "name", SB_F_STRDUP, V(name), .doc = "the scenario's name" },
	{ "duration", SB_F_STRDUP, V(duration),
	  .doc = "its measured window, as written" },
	{ "repeats", SB_F_INT, V(repeats), .min = 0, .max = 1000000,
	  .doc = "runs a feature set" },
	{ "rules", SB_F_STRDUP, V(rules), .min = 1,
	  .doc = "the rules file its runs are gated by" },
	{ "published", SB_F_STRDUP, V(published), .min = 1,
	  .doc = "the published table its end shows beside its own" },
	{ "feature_sets", SB_F_ARRAY, V(sets), sizeof(struct ci_scenario_set),
	  0, .max = 4096, .item = &set_item, .count_offset = V(n_sets),
	  .alloc = 1, .doc = "in the order columns are shown" },
	{ "workloads", SB_F_ARRAY, V(workloads),
	  sizeof(struct ci_scenario_workload), 0, .max = 4096,
	  .item = &workload_item, .count_offset = V(n_workloads), .alloc = 1,
	  .doc = "their slices, for the words" },
};

const struct sb_jr_table ci_scenario_view_format = {
	.name = "scenario as ci reads it (`scenario.json` of a results "
		"directory)",
	.fields = view_fields,
	.n_fields = sizeof(view_fields) / sizeof(view_fields[0]),
	.unknown_keys_ok = 1,
};

void ci_scenario_view_free(struct ci_scenario_view *v)
{
	for (size_t i = 0; v->sets && i < v->n_sets; i++)
		free(v->sets[i].name);
	for (size_t i = 0; v->workloads && i < v->n_workloads; i++) {
		free(v->workloads[i].tool);
		free(v->workloads[i].slice);
	}
	free(v->sets);
	free(v->workloads);
	free(v->rules);
	free(v->published);
	free(v->name);
	free(v->duration);
	*v = (struct ci_scenario_view){ 0 };
}

int ci_scenario_view_load(const char *path, struct ci_scenario_view *v,
			  struct sb_error *e)
{
	int r;

	*v = (struct ci_scenario_view){ 0 };
	r = sb_jr_load(path, &ci_scenario_view_format, v, NULL, e);
	if (r)
		ci_scenario_view_free(v);
	return r;
}

int ci_scenario_view_of_dir(const char *dir, struct ci_scenario_view *v,
			    struct sb_error *e)
{
	char path[4200];
	struct stat st;

	*v = (struct ci_scenario_view){ 0 };
	snprintf(path, sizeof(path), "%s/scenario.json", dir);
	return stat(path, &st) ? 0 : ci_scenario_view_load(path, v, e);
}
