/* SPDX-License-Identifier: GPL-2.0 */
/* Reads stress-ng's --yaml output: bogo-ops and bogo-ops/s per stressor. */
#ifndef SB_TOOLOUT_STRESSNG_H
#define SB_TOOLOUT_STRESSNG_H

#include <jansson.h>

#include "common/error.h"

#define SNG_MAX_STRESSORS 32

struct sng_stressor {
	char name[32];
	double bogo_ops;
	double ops_per_s_real; /* bogo ops per second of wall-clock time */
	double ops_per_s_usr_sys; /* per second of user + system CPU time */
	double wall_s, user_s, system_s;
};

struct sng_result {
	int n;
	struct sng_stressor s[SNG_MAX_STRESSORS];
};

/*
 * Parse @text, a stress-ng --yaml file read from @path (named in errors),
 * into @out: every entry of its "metrics:" list. Returns 0, or -EINVAL with
 * @e "stress-ng: <path>: <what>" when the list is absent or empty, an
 * entry lacks one of the figures above or holds a non-number, or the
 * document's end marker "..." is missing (a cut-short file); -E2BIG beyond
 * SNG_MAX_STRESSORS entries.
 */
int sng_parse(const char *text, const char *path, struct sng_result *out,
	      struct sb_error *e);

/* The workload document's "result" object: {"stressors": {name: {…}}}. */
json_t *sng_result_json(const struct sng_result *r);

/*
 * Read and parse the --yaml files @paths[0..@n-1] of @n instances run
 * together into @result: per stressor, bogo-ops, both rates and CPU times
 * add up over the instances, wall-clock time is the longest; a stressor
 * must be in every file. Returns 0, -EINVAL (@e names the tool and the
 * file), -errno when a file cannot be read, -ENOMEM.
 */
int sng_read_files(const char *const *paths, int n, json_t **result,
		   struct sb_error *e);

#endif
