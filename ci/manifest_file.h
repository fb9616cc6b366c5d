/* SPDX-License-Identifier: GPL-2.0 */
/* manifest.json read back: a run's identity and outcome by its rows (ci_manifest_format) into a struct. */
#ifndef CI_MANIFEST_FILE_H
#define CI_MANIFEST_FILE_H

#include "common/error.h"
#include "common/jsonread.h"

enum ci_manifest_status { CI_RUN_COMPLETE, CI_RUN_FAILED };

/* Strings are malloc'd, NULL when the manifest does not say them. */
struct ci_manifest {
	int schema;
	int status; /* enum ci_manifest_status */
	char *failure;
	/* run */
	char *kernel, *feature_set;
	int repeat; /* 0: unsaid */
	int untraced;
	/* scenario */
	char *scenario_name, *scenario_sha256;
	/* host */
	char *hostname;
	char *start_time, *end_time;
};

/* manifest.json's rows: the reader's and docs/formats.md's. */
extern const struct sb_jr_table ci_manifest_format;

/*
 * Read @path into @m: 0, or -EINVAL with @e "<path>: <json path>: <value>
 * <why>", -ENOMEM; @m is freed on error.
 */
int ci_manifest_load(const char *path, struct ci_manifest *m,
		     struct sb_error *e);
void ci_manifest_free(struct ci_manifest *m);

#endif
