/* SPDX-License-Identifier: GPL-2.0 */
/* The bisect log read back (bisect-log.json): its rows (bisect_log_format) into structs, for the replay and the evidence table. */
#ifndef SB_MERGE_BISECT_LOG_H
#define SB_MERGE_BISECT_LOG_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "common/error.h"
#include "common/jsonread.h"

/* A step checked: the kernel with its first @step patches (or commits). */
struct bisect_log_step {
	int step;
	char kernel[128];
	int verdict; /* enum bisect_verdict: good, bad or skip */
	int64_t build_s; /* -1: the kernel was cached */
	int check_exit, base_runs, cand_runs;
	double check_s;
	int interval[2]; /* the last good and first bad step after it */
	char commit[41]; /* a git range: the step's commit; else "" */
	char *subject; /* a git range: its subject, malloc'd; else NULL */
};

enum bisect_triage_verdict {
	BISECT_TRIAGE_REMOVES,
	BISECT_TRIAGE_KEEPS,
	BISECT_TRIAGE_UNDECIDED,
};

/* A --features feature flipped on the bad end, checked against the good. */
struct bisect_log_triage {
	char feature[64], setting[80];
	int verdict; /* enum bisect_triage_verdict */
	int check_exit, base_runs, cand_runs;
	double check_s;
};

struct bisect_log {
	int schema;
	json_t *settings; /* a reference: what the bisection was started with */
	struct bisect_log_step *steps;
	size_t n_steps;
	struct bisect_log_triage *triage;
	size_t n_triage;
};

/* bisect-log.json's rows: the reader's and docs/formats.md's. */
extern const struct sb_jr_table bisect_log_format;

/* The triage verdicts' names, by enum bisect_triage_verdict. */
extern const char *const bisect_triage_names[];

/*
 * Read @path into @log. With @settings, the log's "settings" must equal
 * them (a log of another bisection: -EINVAL naming @dir to remove).
 * 0, or -EINVAL with @e "<path>: <json path>: <value> <why>", -ENOMEM;
 * @log is freed on error.
 */
int bisect_log_load(const char *path, const json_t *settings, const char *dir,
		    struct bisect_log *log, struct sb_error *e);
void bisect_log_free(struct bisect_log *log);

/* Append @st (its subject copied) or @t to @log: 0 or -ENOMEM. */
int bisect_log_add_step(struct bisect_log *log,
			const struct bisect_log_step *st);
int bisect_log_add_triage(struct bisect_log *log,
			  const struct bisect_log_triage *t);

/*
 * Write @log to @path atomically, from its structs, with the keys in the
 * order the reader's rows give them (a git range's commit and subject
 * only when the step has them). 0 or -errno.
 */
int bisect_log_write(const char *path, const struct bisect_log *log);

#endif
