// SPDX-License-Identifier: GPL-2.0
/* mixload's options as one table, with its defaults and role names. */
#include "workloads/mixload/cfg.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/duration.h"

#define MS 1000000ULL
#define US 1000ULL

static const char *const role_names[MIX_ROLES] = {
	[MIX_ROLE_UI] = "ui",	      [MIX_ROLE_IO] = "io",
	[MIX_ROLE_COMP] = "comp",     [MIX_ROLE_RMAIN] = "rmain",
	[MIX_ROLE_RASTER] = "raster",
};

static const char *const role_comms[MIX_ROLES] = {
	[MIX_ROLE_UI] = "mix-ui",	  [MIX_ROLE_IO] = "mix-io",
	[MIX_ROLE_COMP] = "mix-comp",	  [MIX_ROLE_RMAIN] = "mix-rmain",
	[MIX_ROLE_RASTER] = "mix-raster",
};

/* Short slices where latency matters (input, frames), long for raster. */
static const uint64_t role_slice_default[MIX_ROLES] = {
	[MIX_ROLE_UI] = 500 * US,   [MIX_ROLE_IO] = 700 * US,
	[MIX_ROLE_COMP] = 500 * US, [MIX_ROLE_RMAIN] = 1 * MS,
	[MIX_ROLE_RASTER] = 3 * MS,
};

const char *mix_role_name(enum mix_role r)
{
	return role_names[r];
}

const char *mix_role_comm(enum mix_role r)
{
	return role_comms[r];
}

void mix_cfg_init(struct mix_cfg *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	wl_common_init(&cfg->c, 3000 * MS);
	cfg->renderers = 2;
	cfg->raster_threads = 2;
	cfg->fps = 60;
	cfg->input_rate = 50;
	cfg->script_rate = 20;
	cfg->ui_work_ns = 300 * US;
	cfg->io_interval_ns = 10 * MS;
	cfg->io_work_ns = 100 * US;
	cfg->comp_work_ns = 500 * US;
	cfg->frame_work_ns = 400 * US;
	cfg->raster_work_ns = 600 * US;
	cfg->script_work_ns = 200 * US;
	cfg->script_cap_ns = 50 * MS;
	memcpy(cfg->slice_ns, role_slice_default, sizeof(cfg->slice_ns));
}

#define INT_ROW(n, field, lo, hi, h)                                       \
	{                                                                  \
		.key = (n), .type = SB_F_INT64,                            \
		.offset = offsetof(struct mix_cfg, field), .metavar = "N", \
		.doc = (h), .min = (lo), .max = (hi)                       \
	}
#define DUR_ROW(n, field, lo, hi, h)                                       \
	{                                                                  \
		.key = (n), .type = SB_F_DURATION,                         \
		.offset = offsetof(struct mix_cfg, field), .metavar = "D", \
		.doc = (h), .min = (lo), .max = (hi)                       \
	}
#define SLICE_ROW(n, r, h)                                           \
	{                                                            \
		.key = (n), .type = SB_F_DURATION,                   \
		.offset = offsetof(struct mix_cfg, slice_ns[(r)]),   \
		.given = SB_GIVEN(struct mix_cfg, slice_given[(r)]), \
		.metavar = "D", .doc = (h)                           \
	}

static const struct sb_field mix_rows[] = {
	INT_ROW("renderers", renderers, 1, MIX_RENDERERS_MAX,
		"renderer processes (main thread + raster workers)"),
	INT_ROW("raster-threads", raster_threads, 1, 64,
		"raster worker threads per renderer"),
	INT_ROW("fps", fps, 1, 1000,
		"compositor frame rate; the frame deadline is 1/fps"),
	INT_ROW("input-rate", input_rate, 0, 100000,
		"input events per second (Poisson arrivals)"),
	INT_ROW("script-rate", script_rate, 0, 100000,
		"script tasks per second per renderer, in bursts of ~4"),
	DUR_ROW("ui-work", ui_work_ns, 0, 1000 * MS,
		"UI thread CPU time per input event"),
	DUR_ROW("io-interval", io_interval_ns, 100 * US, 10000 * MS,
		"mean gap between IO completions (exponential)"),
	DUR_ROW("io-work", io_work_ns, 0, 1000 * MS,
		"UI thread CPU time per IO completion task"),
	DUR_ROW("comp-work", comp_work_ns, 0, 1000 * MS,
		"compositor CPU time per frame"),
	DUR_ROW("frame-work", frame_work_ns, 0, 1000 * MS,
		"renderer script per frame, median (log-normal, s=0.5)"),
	DUR_ROW("raster-work", raster_work_ns, 0, 1000 * MS,
		"CPU time per raster thread per frame"),
	DUR_ROW("script-work", script_work_ns, 1 * US, 1000 * MS,
		"shortest script task (Pareto scale, tail index 1.5)"),
	DUR_ROW("script-cap", script_cap_ns, 1 * US, 10000 * MS,
		"longest script task"),
	SLICE_ROW("slice-ui", MIX_ROLE_UI,
		  "slice of mix-ui (--slice: of every role)"),
	SLICE_ROW("slice-io", MIX_ROLE_IO, "slice of mix-io"),
	SLICE_ROW("slice-comp", MIX_ROLE_COMP, "slice of mix-comp"),
	SLICE_ROW("slice-rmain", MIX_ROLE_RMAIN, "slice of mix-rmain"),
	SLICE_ROW("slice-raster", MIX_ROLE_RASTER, "slice of mix-raster"),
	{ 0 },
};

static const char mix_usage[] =
	"Usage: mixload [OPTIONS]\n"
	"A chromium-style mixed load: browser (mix-ui event loop fed by "
	"Poisson input, mix-io, mix-comp compositor at --fps against a "
	"frame deadline) and --renderers processes (mix-rmain with "
	"heavy-tailed script tasks, mix-raster workers). --slice sets "
	"every role unless --slice-ROLE overrides. Every --*-work is CPU "
	"time (the thread's CPU clock), not a count of iterations: a frame "
	"costs the same share of a CPU at any CPU speed, a guest's at 1/20 "
	"of the host's too, and preemption does not shorten it. The "
	"defaults load ~31 % of one CPU natively (each renderer ~12 %), "
	"~50 % in a 2-vCPU TCG guest, where wakeups, IPC and syscalls are "
	"emulated. Overload degrades the figures, never the run: a frame "
	"the renderers have not answered by the window's end is missed "
	"(stalled_frames), and the exit is 0.";

/* mixload's command line, into @cfg. */
#define MIX_CLI(cfg)                                                          \
	{                                                                     \
		.usage = mix_usage, .epilogue = WL_HELP_EPILOGUE, .tables = { \
			{ mix_rows, (cfg) },                                  \
			WL_COMMON_TABLE(&(cfg)->c)                            \
		}                                                             \
	}

int mix_cfg_parse(struct mix_cfg *cfg, int argc, char **argv,
		  struct sb_error *e)
{
	const struct sb_cli cli = MIX_CLI(cfg);
	char why[256];
	int r;

	r = sb_cli_parse(&cli, argc, argv, why, sizeof(why));
	if (r < 0)
		return sb_error_set(e, r, NULL, NULL, NULL, "%s", why);
	if (cfg->c.help)
		return 0;
	if (cfg->script_cap_ns < cfg->script_work_ns) {
		char cap[32], work[32];

		return sb_error_set(e, -EINVAL, NULL, "--script-cap", NULL,
				    "\"%s\" is below --script-work (%s)",
				    sb_format_duration(cfg->script_cap_ns, cap,
						       sizeof(cap)),
				    sb_format_duration(cfg->script_work_ns,
						       work, sizeof(work)));
	}
	for (int i = 0; i < MIX_ROLES; i++)
		if (!cfg->slice_given[i] && cfg->c.slice_given)
			cfg->slice_ns[i] = cfg->c.slice_ns;
	return 0;
}

void mix_cfg_help(struct mix_cfg *cfg, FILE *f)
{
	/* the role slices shown as defaults: as if given */
	struct mix_cfg shown = *cfg;
	const struct sb_cli cli = MIX_CLI(&shown);

	for (int i = 0; i < MIX_ROLES; i++)
		shown.slice_given[i] = 1;
	sb_cli_help(&cli, f);
}
