/* SPDX-License-Identifier: GPL-2.0 */
/* Results loader: results/<run-id>/<kernel>/<feature-set>/<repeat>/ into runs with metric values. */
#ifndef CI_RESULTS_H
#define CI_RESULTS_H

#include <stddef.h>
#include <jansson.h>

#include "ci/manifest_file.h"
#include "ci/metrics.h"
#include "ci/table_file.h"
#include "common/sha256.h"
#include "workloads/registry/doc_file.h"

/* A workload's document: workloads/<name>.json. */
struct ci_doc {
	char *name;
	json_t *json; /* the parsed document: @file points into it */
	struct sbw_doc file; /* read by its rows */
	int errored; /* its "status" is not "ok": its figures are left out */
	/* of its content, keys sorted, no blanks: copies are refused */
	char sha256[SB_SHA256_HEX];
};

struct ci_run {
	char *kernel, *fs, *path;
	char *host; /* the manifest's host.hostname, "" when it has none */
	char *scenario_sha256; /* the manifest's scenario.sha256; NULL: none */
	char *start_time; /* the manifest's ISO start time; NULL: none */
	unsigned int repeat;
	int untraced; /* the manifest's run.untraced: a control run, no trace */
	/* table.json read by its rows; has_table 0 when absent */
	struct ci_table delay_table;
	int has_table;
	/* of its content as the docs' sha256: copies are refused */
	char table_sha256[SB_SHA256_HEX];
	/*
	 * the manifest's other facts (its regime: the accelerator, the
	 * guest's speed, the host's load); hostname, scenario sha256 and
	 * start time are the fields above
	 */
	struct ci_manifest manifest;
	long long lost_events; /* the recorder's; delay values then untrusted */
	struct ci_doc *docs;
	size_t n_docs, cap_docs;
	struct ci_values vals;
};

struct ci_results {
	char *dir;
	struct ci_run *runs; /* by kernel, feature set (scenario order), repeat */
	size_t n_runs, cap_runs;
	/* the control arm (recording off): never among @runs, so no table,
	 * compare, gate or check reads them; only the tracing cost does */
	struct ci_run *untraced;
	size_t n_untraced;
	size_t incomplete; /* run directories without a "complete" manifest */
	/* those runs (a manifest's status other than "complete", or none),
	 * kept apart as the untraced ones: counted as lost by the gate */
	struct ci_run *failed;
	size_t n_failed;
};

/*
 * Load every complete run under @dir. Optional files may be missing; a
 * malformed one fails with -EINVAL and @e "<file>: <json path>: <problem>":
 * among them a metric value that is not finite, negative, above 1e18, or
 * zero where it cannot be (a workload's rate or time taken), two table
 * groups of one comm, and a manifest whose run.kernel,
 * run.feature_set or run.repeat is not its directory's.
 * Returns 0, -ENOENT (no such directory), -EINVAL or -ENOMEM.
 */
int ci_results_load(const char *dir, struct ci_results *out,
		    struct sb_error *e);
/*
 * Drop runs (and failed runs) not of @kernel / @fs (NULL: any). When nothing is left, returns
 * -ENOENT with @e naming what is there, or -ENODATA when the directory is
 * there but holds no complete run.
 */
int ci_results_filter(struct ci_results *r, const char *kernel, const char *fs,
		      struct sb_error *e);
void ci_results_free(struct ci_results *r);

/* Distinct kernels (or, of @kernel, feature sets) in run order; returns the count. */
size_t ci_results_kernels(const struct ci_results *r, const char **out,
			  size_t max);
size_t ci_results_fsets(const struct ci_results *r, const char *kernel,
			const char **out, size_t max);

/* Distinct hosts of the runs, in run order; returns the count. */
size_t ci_results_hosts(const struct ci_results *r, const char **out,
			size_t max);
/* Drop the runs (and failed runs) not made on @host. */
void ci_results_keep_host(struct ci_results *r, const char *host);
/* Keep the runs (and failed runs) of repeats (a check's rounds) 1..@last. */
void ci_results_keep_rounds(struct ci_results *r, unsigned int last);

/* "a, b, c" (or "none") into @buf. */
void ci_names_join(const char **v, size_t n, char *buf, size_t len);

/*
 * Split "DIR[:kernel[/feature-set]]" (DIR alone when the whole string names
 * a directory). Strings are malloc'd; absent parts are NULL. Returns 0,
 * -EINVAL (empty part) or -ENOMEM.
 */
int ci_spec_split(const char *spec, char **dir, char **kernel, char **fs);

#endif
