// SPDX-License-Identifier: GPL-2.0
/* mixload: parse, start the renderers and the browser, report, exit with the documented code. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "common/exitcodes.h"
#include "common/jsonpath.h"
#include "common/opts.h"
#include "workloads/lib/clock.h"
#include "workloads/lib/doc.h"
#include "workloads/lib/place.h"
#include "workloads/lib/stop.h"
#include "workloads/mixload/browser.h"
#include "workloads/mixload/cfg.h"
#include "workloads/mixload/procs.h"
#include "workloads/mixload/report.h"
#include "workloads/registry/registry.h"

#define START_MARGIN_NS 20000000ull /* from START to the first vsync */

static void summary(const char *path, char *buf, size_t len)
{
	json_t *doc, *r = sbw_load_result(path, &doc);

	if (r)
		snprintf(buf, len,
			 "%g renderers, %g frames, %.1f %% deadline misses, "
			 "input p99 %.2f ms",
			 sb_json_number(r, "renderers_n"),
			 sb_json_number(r, "frames"),
			 sb_json_number(r, "deadline_miss_pct"),
			 sb_json_number(r, "input_latency_ns.p99") / 1e6);
	json_decref(doc);
}

static const struct sbw_metric metrics[] = {
	{ "deadline_miss_pct", "deadline_miss_pct", 1, "%", SBW_BETTER_LOWER,
	  "mixload frames that missed their deadline (of all)", .zero_ok = 1 },
	{ "input_latency_p99_us", "input_latency_ns.p99", 1e-3, "us",
	  SBW_BETTER_LOWER, "mixload input-to-frame latency, p99", 0 },
};

static const struct sbw_periodic periodic = {
	.what = "frames",
	.missed_pct = "deadline_miss_pct",
	.missed = "deadline_misses",
	.all = "frames",
};

static const struct sbw_plot plots[] = {
	{ SBW_PLOT_SERIES, "deadline_miss_pct", "frame_series", "t_s",
	  "frame_ns", .divisor = 1e6, .line = "frame_interval_ns",
	  .line_default = 1000.0 / 60, .name = "frames",
	  .title = "frame times (every repeat)",
	  .caption = "mixload frame-time series against the frame deadline" },
};

const struct sbw_workload sbw_mixload = {
	.name = "mixload",
	.help = "chromium-style mixed load (count = renderers)",
	.kind = SBW_GENERATOR,
	.count_opt = "--renderers",
	.json_opt = "--json",
	.output = SBW_OUT_JSON,
	SBW_METRICS(metrics),
	.summary = summary,
	.periodic = &periodic,
	SBW_PLOTS(plots),
};

#ifndef SBW_DESCRIPTOR_ONLY

static uint64_t measured(const struct mix_browser *b)
{
	uint64_t end = wl_now_ns();

	if (end > b->win.end_ns)
		end = b->win.end_ns;
	return end > b->win.start_ns ? end - b->win.start_ns : 0;
}

static const char *first_err(const struct mix_procs *p)
{
	for (unsigned int i = 0; i < p->n; i++)
		if (p->outs[i].err[0])
			return p->outs[i].err;
	return "";
}

static int report(const struct mix_cfg *cfg, const struct mix_browser *b,
		  const struct mix_procs *p, json_t *doc, const char *status)
{
	static struct mix_summary s;
	struct sb_error e;
	json_t *result;
	int r;

	mix_summary_init(&s, cfg, b, p->outs, p->n, p->unanswered, measured(b));
	result = mix_report_json(&s);
	if (!result) {
		fprintf(stderr, "mixload: out of memory\n");
		return SB_EXIT_UNMEASURED;
	}
	if (wl_common_text(&cfg->c))
		mix_report_text(&s, stdout);
	wl_doc_finish(doc, &s.roles[MIX_ROLE_UI].slice, s.measured_ns,
		      cfg->c.warmup_ns, result, status);
	if (!cfg->c.json_path)
		return SB_EXIT_OK;
	r = wl_doc_save(doc, &sbw_mixload, cfg->c.json_path, &e);
	return r ? sb_error_report("mixload", sb_env_errno(r), &e) : SB_EXIT_OK;
}

static int run(const struct mix_cfg *cfg, json_t *doc)
{
	static struct mix_browser b;
	struct mix_procs p;
	const char *status = "ok";
	struct sb_error e;
	unsigned int bad;
	int r, code;

	r = mix_procs_start(&p, cfg, &e);
	if (!r) {
		struct wl_times t;

		wl_common_times(&cfg->c, START_MARGIN_NS, &t);
		r = mix_browser_init(&b, cfg, p.fds, p.n, t.start);
		if (!r)
			r = mix_procs_go(&p, t.start);
		if (!r)
			r = mix_browser_run(&b);
		if (r)
			sb_error_set(&e, r, NULL, NULL, NULL, "%s",
				     b.err.msg[0] ? b.err.msg : strerror(-r));
	}
	bad = mix_procs_stop(&p);
	if (!r && bad && !wl_stop_signal())
		r = sb_error_set(&e, -EIO, NULL, NULL, NULL,
				 "%u renderer(s) failed%s%s", bad,
				 first_err(&p)[0] ? ": " : "", first_err(&p));
	if (r == 1)
		r = 0; /* stopped before the start */
	if (r) {
		fprintf(stderr, "mixload: %s\n", e.msg);
		status = "error";
	} else if (wl_stop_signal()) {
		status = "interrupted";
	}
	code = b.frames.iv ? report(cfg, &b, &p, doc, status) : SB_EXIT_OK;
	mix_browser_free(&b);
	mix_procs_free(&p);
	return r ? SB_EXIT_UNMEASURED : code;
}

int main(int argc, char **argv)
{
	static struct mix_cfg cfg;
	struct sb_error e;
	json_t *doc;
	int r;

	mix_cfg_init(&cfg);
	if (mix_cfg_parse(&cfg, argc, argv, &e)) {
		fprintf(stderr, "mixload: %s\n", e.msg);
		return SB_EXIT_USAGE;
	}
	if (cfg.c.help) {
		mix_cfg_init(&cfg);
		mix_cfg_help(&cfg, stdout);
		return SB_EXIT_OK;
	}
	r = wl_doc_start(SB_CLI_CONTINUE, &cfg.c, "mixload", argc, argv, &doc);
	if (r != SB_CLI_CONTINUE)
		return r;
	r = wl_common_place(&cfg.c, &e);
	if (r) {
		json_decref(doc);
		return sb_error_report("mixload", r, &e);
	}
	r = wl_stop_install();
	if (r) {
		fprintf(stderr, "mixload: signal handlers: %s\n", strerror(-r));
		json_decref(doc);
		return SB_EXIT_UNMEASURED;
	}
	wl_burn_set_stop(wl_stop_flag());
	/* Timer wakeups on time: late arrivals would count as queueing. */
	prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
	mix_role_warn_clamps(&cfg);
	r = run(&cfg, doc);
	json_decref(doc);
	return r;
}

#endif /* SBW_DESCRIPTOR_ONLY */
