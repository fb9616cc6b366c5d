/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The workload JSON document (docs/formats.md, "Workload documents"): the
 * common envelope, then "slice", "duration_ns", "warmup_ns", "result",
 * "metrics".
 */
#ifndef WL_DOC_H
#define WL_DOC_H

#include <stdint.h>
#include <jansson.h>

#include "workloads/lib/slice.h"
#include "workloads/registry/registry.h"

/* Start a document (envelope with start_time) at the start of the run. */
json_t *wl_doc_new(const char *tool, int argc, char *const argv[]);

struct wl_common;

/*
 * The start every generator's main() shares, once its options are parsed
 * (@parsed: the parse's result, @c: its common options): the exit code to
 * leave with now (the parse's own after --help or a usage error, 0 after
 * --check-args, 4 out of memory, said), or SB_CLI_CONTINUE with its
 * document started in *@doc (NULL otherwise).
 */
int wl_doc_start(int parsed, const struct wl_common *c, const char *tool,
		 int argc, char *const argv[], json_t **doc);

/*
 * Complete @doc: "slice" from @slice, "duration_ns" (the measured window
 * actually covered: shorter when interrupted), "warmup_ns", "result"
 * (reference stolen), end_time and @status ("ok", "interrupted", "error").
 */
void wl_doc_finish(json_t *doc, const struct wl_slice_info *slice,
		   uint64_t duration_ns, uint64_t warmup_ns, json_t *result,
		   const char *status);

/*
 * Add the "metrics" section of workload @self, read from the "result" of
 * the finished @doc (docs/formats.md). Returns 0 or -ENOMEM.
 */
int wl_doc_add_metrics(json_t *doc, const struct sbw_workload *self);

/*
 * Write @doc to @path atomically, or to stdout when @path is "-".
 * Returns 0 or -errno.
 */
int wl_doc_write(const json_t *doc, const char *path);

/*
 * What every generator does with its finished @doc: add the metrics of
 * @self, then write it to @path. Returns 0 or -errno with @e saying
 * "<path>: <reason>".
 */
int wl_doc_save(json_t *doc, const struct sbw_workload *self, const char *path,
		struct sb_error *e);

#endif
