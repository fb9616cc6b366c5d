// SPDX-License-Identifier: GPL-2.0
/* Builder and writer of the workload JSON document. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/atomicio.h"
#include "common/envelope.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "workloads/lib/doc.h"
#include "workloads/lib/opts.h"

json_t *wl_doc_new(const char *tool, int argc, char *const argv[])
{
	return sb_envelope_new(tool, argc, argv);
}

int wl_doc_start(int parsed, const struct wl_common *c, const char *tool,
		 int argc, char *const argv[], json_t **doc)
{
	*doc = NULL;
	if (parsed != SB_CLI_CONTINUE)
		return parsed;
	if (c->check_args)
		return SB_EXIT_OK;
	*doc = wl_doc_new(tool, argc, argv);
	if (*doc)
		return SB_CLI_CONTINUE;
	fprintf(stderr, "%s: out of memory\n", tool);
	return SB_EXIT_UNMEASURED;
}

void wl_doc_finish(json_t *doc, const struct wl_slice_info *slice,
		   uint64_t duration_ns, uint64_t warmup_ns, json_t *result,
		   const char *status)
{
	sb_envelope_finish(doc, status);
	json_object_set_new(doc, "slice", wl_slice_to_json(slice));
	json_object_set_new(doc, "duration_ns",
			    json_integer((json_int_t)duration_ns));
	json_object_set_new(doc, "warmup_ns",
			    json_integer((json_int_t)warmup_ns));
	json_object_set_new(doc, "result", result);
}

int wl_doc_add_metrics(json_t *doc, const struct sbw_workload *self)
{
	json_t *sec = sbw_metrics_json(self, json_object_get(doc, "result"));

	return sec && !json_object_set_new(doc, "metrics", sec) ? 0 : -ENOMEM;
}

int wl_doc_write(const json_t *doc, const char *path)
{
	if (path[0] == '-' && !path[1]) {
		if (json_dumpf(doc, stdout,
			       JSON_INDENT(2) | JSON_PRESERVE_ORDER) ||
		    fputc('\n', stdout) == EOF || fflush(stdout))
			return -EIO;
		return 0;
	}
	return sb_json_dump_atomic(path, doc);
}

int wl_doc_save(json_t *doc, const struct sbw_workload *self, const char *path,
		struct sb_error *e)
{
	int ret = wl_doc_add_metrics(doc, self) ?: wl_doc_write(doc, path);

	if (ret)
		sb_error_set(e, ret, path, NULL, NULL, "%s", strerror(-ret));
	return ret;
}
