/* SPDX-License-Identifier: GPL-2.0 */
/* mixload's "result" section (docs/formats.md) and its short text summary. */
#ifndef MIX_REPORT_H
#define MIX_REPORT_H

#include <stdint.h>
#include <stdio.h>
#include <jansson.h>

#include "workloads/mixload/browser.h"
#include "workloads/mixload/cfg.h"
#include "workloads/mixload/renderer.h"

/* Everything measured, merged once at the end. */
struct mix_summary {
	const struct mix_cfg *cfg;
	const struct mix_browser *b;
	struct mix_role_stat roles[MIX_ROLES];
	struct sb_hist task_delay; /* every loop's tasks */
	struct sb_hist rmain_delay; /* the renderers' tasks */
	uint64_t tasks;
	uint64_t measured_ns; /* the window actually covered */
	uint64_t inputs_scheduled, schedule_checksum;
	unsigned int unanswered; /* renderers killed after QUIT: figures lost */
};

/*
 * Merge the browser's and the renderers' figures into @s; @unanswered
 * renderers were killed, too loaded to answer QUIT, their figures lost.
 */
void mix_summary_init(struct mix_summary *s, const struct mix_cfg *cfg,
		      const struct mix_browser *b,
		      const struct mix_renderer_out *outs, unsigned int n,
		      unsigned int unanswered, uint64_t measured_ns);

/* The "result" object. Returns NULL on allocation failure. */
json_t *mix_report_json(const struct mix_summary *s);

/* A few lines: frames, misses, latencies, CPU per role. */
void mix_report_text(const struct mix_summary *s, FILE *f);

#endif
