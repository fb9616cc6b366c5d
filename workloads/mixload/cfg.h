/* SPDX-License-Identifier: GPL-2.0 */
/* mixload's configuration: roles, their slices and work sizes, one option table. */
#ifndef MIX_CFG_H
#define MIX_CFG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "common/error.h"
#include "workloads/lib/opts.h"

enum mix_role {
	MIX_ROLE_UI,
	MIX_ROLE_IO,
	MIX_ROLE_COMP,
	MIX_ROLE_RMAIN,
	MIX_ROLE_RASTER,
	MIX_ROLES
};

#define MIX_RENDERERS_MAX 64

/* Fixed shapes of the model (named in --help). */
#define MIX_SCRIPT_ALPHA 1.5 /* Pareto tail index of script task costs */
#define MIX_BURST_MEAN 4.0 /* mean script tasks per burst (geometric) */
#define MIX_FRAME_SIGMA 0.5 /* log-normal shape of per-frame script */

struct mix_cfg {
	struct wl_common c;
	int64_t renderers; /* renderer processes (the scenario's count) */
	int64_t raster_threads; /* raster workers per renderer */
	int64_t fps; /* vsync rate of the compositor */
	int64_t input_rate; /* input events per second (Poisson) */
	int64_t script_rate; /* script tasks per second per renderer */
	uint64_t ui_work_ns; /* UI CPU per input event */
	uint64_t io_interval_ns; /* mean gap between IO completions */
	uint64_t io_work_ns; /* UI CPU per IO completion task */
	uint64_t comp_work_ns; /* compositor CPU per frame */
	uint64_t frame_work_ns; /* renderer script per frame (median) */
	uint64_t raster_work_ns; /* CPU per raster thread per frame */
	uint64_t script_work_ns; /* script task minimum (Pareto scale) */
	uint64_t script_cap_ns; /* longest script task */
	uint64_t slice_ns[MIX_ROLES]; /* per-role slice (default or option) */
	int slice_given[MIX_ROLES];
};

/* Defaults (also what --help prints). */
void mix_cfg_init(struct mix_cfg *cfg);

/*
 * Parse @argv into @cfg and resolve the role slices (--slice-ROLE, else
 * --slice, else the role default). Returns 0, or -EINVAL with @e's one-line
 * message naming the option and value.
 */
int mix_cfg_parse(struct mix_cfg *cfg, int argc, char **argv,
		  struct sb_error *e);

/* --help text, with the defaults in @cfg. */
void mix_cfg_help(struct mix_cfg *cfg, FILE *f);

/* "ui", "io", "comp", "rmain", "raster" and the comm "mix-ui", ... */
const char *mix_role_name(enum mix_role r);
const char *mix_role_comm(enum mix_role r);

#endif
