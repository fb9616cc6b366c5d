// SPDX-License-Identifier: GPL-2.0
/* The regime a set of runs ran in: vCPU utilisation, periods missed by the periodic workloads, the guest's speed. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ci/regime.h"
#include "ci/stats.h"
#include "common/accel.h"
#include "common/byname.h"
#include "common/fmt.h"
#include "workloads/registry/registry.h"

#define MAX_RUNS 256
/*
 * Instructions a second of a real core, to say how far an emulated
 * guest's fixed instruction rate is from one: about one instruction a
 * cycle at 2.5 GHz, so 125 M a second (icount shift 3) reads "1/20".
 */
#define REAL_CORE_IPS 2.5e9

/*
 * Missed share (%) of a periodic workload's periods (its descriptor says
 * where in its result), or NAN when not one.
 */
static double miss_pct(const struct ci_doc *d, const char **what)
{
	const struct sbw_workload *w = d->file.tool ? sbw_find(d->file.tool) :
						      NULL;
	double v;

	if (!w || !w->periodic || !d->file.result)
		return NAN;
	v = sbw_missed_pct(w, d->file.result);
	if (!isnan(v))
		*what = w->periodic->what;
	return v;
}

static struct ci_periodic *periodic_slot(struct ci_regime *g, const char *name)
{
	long i = sb_index_named(g->periodic, g->n_periodic, name, name);

	if (i >= 0)
		return &g->periodic[i];
	if (g->n_periodic == CI_REGIME_MAX_PERIODIC)
		return NULL;
	snprintf(g->periodic[g->n_periodic].name, sizeof(g->periodic[0].name),
		 "%s", name);
	return &g->periodic[g->n_periodic++];
}

static void periodic_of(const struct ci_column *col, struct ci_regime *g)
{
	double x[MAX_RUNS];

	for (size_t r = 0; r < col->n_runs; r++)
		for (size_t i = 0; i < col->runs[r]->n_docs; i++) {
			const char *what = NULL;

			if (!isnan(miss_pct(&col->runs[r]->docs[i], &what)))
				periodic_slot(g, col->runs[r]->docs[i].name);
		}
	for (size_t p = 0; p < g->n_periodic; p++) {
		struct ci_periodic *pd = &g->periodic[p];
		size_t n = 0;

		pd->worst_pct = 0;
		for (size_t r = 0; r < col->n_runs && n < MAX_RUNS; r++)
			for (size_t i = 0; i < col->runs[r]->n_docs; i++) {
				const struct ci_doc *d = &col->runs[r]->docs[i];
				double v;

				if (strcmp(d->name, pd->name) ||
				    isnan(v = miss_pct(d, &pd->what)))
					continue;
				x[n++] = v;
				pd->worst_pct = fmax(pd->worst_pct, v);
			}
		pd->miss_pct = ci_median(x, n);
		g->saturated |= pd->miss_pct > CI_SATURATED_PCT;
	}
}

static void cpus_of(const struct ci_column *col, struct ci_regime *g)
{
	double x[MAX_RUNS];

	for (size_t c = 0; c < CI_REGIME_MAX_CPUS; c++) {
		size_t n = 0;

		for (size_t r = 0; r < col->n_runs && n < MAX_RUNS; r++) {
			const struct ci_table *t = &col->runs[r]->delay_table;

			if (c < t->n_cpus && !isnan(t->cpus[c].busy_pct))
				x[n++] = t->cpus[c].busy_pct;
		}
		if (!n)
			break;
		g->busy_pct[c] = ci_median(x, n);
		g->n_cpus = c + 1;
	}
}

/* Other tasks' share of the workload's CPUs, median over the runs. */
static void noise_of(const struct ci_column *col, struct ci_regime *g)
{
	double x[MAX_RUNS];
	size_t n = 0;

	for (size_t r = 0; r < col->n_runs && n < MAX_RUNS; r++) {
		const struct ci_table *t = &col->runs[r]->delay_table;

		if (col->runs[r]->has_table && !isnan(t->noise_share_pct))
			x[n++] = t->noise_share_pct;
	}
	g->has_noise = n > 0;
	g->noise_pct = n ? ci_median(x, n) : 0;
}

/* The host's figures (medians) of the runs' host loads. */
static void host_of(const struct ci_column *col, struct ci_regime *g)
{
	double others[MAX_RUNS], steal[MAX_RUNS], load[MAX_RUNS];
	size_t n = 0, k = 0;

	for (size_t r = 0; r < col->n_runs && n < MAX_RUNS; r++) {
		const struct ci_host_load *h =
			&col->runs[r]->manifest.host_load;

		if (!h->said)
			continue;
		others[n] = h->others_pct;
		steal[n++] = h->steal_pct;
		if (h->loadavg >= 0)
			load[k++] = h->loadavg;
	}
	g->has_host_load = n > 0;
	if (!n)
		return;
	g->host_others_pct = ci_median(others, n);
	g->host_steal_pct = ci_median(steal, n);
	g->host_loadavg = k ? ci_median(load, k) : -1;
}

/* Accelerator (the first run's) and guest speed (median) from the manifests. */
static void manifest_of(const struct ci_column *col, struct ci_regime *g)
{
	double x[MAX_RUNS];
	size_t n = 0;

	for (size_t r = 0; r < col->n_runs && r < MAX_RUNS; r++) {
		const struct ci_manifest *m = &col->runs[r]->manifest;

		/* host mode: no VM, its accelerator the host row ("none") */
		g->host |= sb_accel_is(m->host_accel, host);
		if (m->accel && !*g->accel)
			snprintf(g->accel, sizeof(g->accel), "%s", m->accel);
		if (m->icount_shift >= 0 && g->icount_shift < 0)
			g->icount_shift = m->icount_shift;
		if (m->vm_cpus > 0 && g->vcpus < 0)
			g->vcpus = m->vm_cpus;
		if (!(m->guest_speed > 0))
			continue;
		x[n++] = m->guest_speed;
		if (n == 1 || m->guest_speed < g->guest_speed_lo)
			g->guest_speed_lo = m->guest_speed;
		if (n == 1 || m->guest_speed > g->guest_speed_hi)
			g->guest_speed_hi = m->guest_speed;
	}
	g->n_speeds = n;
	g->guest_speed = n ? ci_median(x, n) : 0;
	host_of(col, g);
}

void ci_regime_of(const struct ci_column *col, struct ci_regime *out)
{
	*out = (struct ci_regime){ .runs = col->n_runs,
				   .icount_shift = -1,
				   .vcpus = -1 };
	periodic_of(col, out);
	cpus_of(col, out);
	noise_of(col, out);
	manifest_of(col, out);
}

/* "1/23" a slow guest, "0.50x" a fast one */
static void speed_said(char *buf, size_t len, size_t *off, double speed)
{
	if (speed < 0.4)
		sb_fmt_append(buf, len, off, "1/%.0f", 1 / speed);
	else
		sb_fmt_append(buf, len, off, "%.2fx", speed);
}

const char *ci_regime_speed(const struct ci_regime *g, char *buf, size_t len)
{
	char acc[32];
	size_t i;

	*buf = '\0';
	/* no guest ran on the host: its calibration compares it to itself */
	if (g->host ||
	    (!(g->guest_speed > 0) && !sb_accel_is(g->accel, instr_clock)))
		return buf;
	for (i = 0; g->accel[i] && i + 1 < sizeof(acc); i++)
		acc[i] = (char)toupper((unsigned char)g->accel[i]);
	acc[i] = '\0';
	if (sb_accel_is(g->accel, instr_clock)) {
		if (g->icount_shift >= 0 && g->icount_shift < 31)
			snprintf(buf, len,
				 "%s: the guest's clock counts instructions "
				 "(%d ns each), not the host's time",
				 acc, 1 << g->icount_shift);
		else
			snprintf(buf, len,
				 "%s: the guest's clock counts instructions, "
				 "not the host's time",
				 acc);
	} else {
		size_t off = 0;

		snprintf(buf, len, "%s%sthe guest runs at ", acc,
			 *acc ? ": " : "");
		off = strlen(buf);
		speed_said(buf, len, &off, g->guest_speed);
		sb_fmt_append(buf, len, &off, "%s host speed",
			      g->guest_speed < 0.4 ? " of" : "");
		/* one figure for runs whose speeds differ hides how far */
		if (g->n_speeds > 1 && g->guest_speed_hi > g->guest_speed_lo) {
			sb_fmt_append(buf, len, &off, " (median; ");
			speed_said(buf, len, &off, g->guest_speed_lo);
			sb_fmt_append(buf, len, &off, " to ");
			speed_said(buf, len, &off, g->guest_speed_hi);
			sb_fmt_append(buf, len, &off, " over %zu runs)",
				      g->n_speeds);
		}
	}
	return buf;
}

const char *ci_regime_line(const struct ci_regime *g, char *buf, size_t len)
{
	size_t off = 0;
	char speed[128];

	*buf = '\0';
	if (g->saturated)
		sb_fmt_append(
			buf, len, &off,
			"SATURATED (a periodic workload missed > %.0f%% of its "
			"periods): ",
			CI_SATURATED_PCT);
	if (g->n_cpus) {
		sb_fmt_append(buf, len, &off, "%s busy",
			      g->host ? "host CPU" : "vCPU");
		for (size_t c = 0; c < g->n_cpus; c++)
			sb_fmt_append(buf, len, &off, " %.0f%%",
				      g->busy_pct[c]);
	}
	if (g->has_noise)
		sb_fmt_append(buf, len, &off,
			      "%smachine noise %.1f%% of the workload's CPUs",
			      g->n_cpus ? "; " : "", g->noise_pct);
	for (size_t p = 0; p < g->n_periodic; p++)
		sb_fmt_append(buf, len, &off, "%s%s missed %.1f%% of its %s",
			      p				? ", " :
			      g->n_cpus || g->has_noise ? "; " :
							  "",
			      g->periodic[p].name, g->periodic[p].miss_pct,
			      g->periodic[p].what);
	if (g->runs > 1 && (g->n_cpus || g->has_noise || g->n_periodic))
		sb_fmt_append(buf, len, &off, " (medians of %zu repeat%s)",
			      g->runs, SB_S(g->runs));
	if (*ci_regime_speed(g, speed, sizeof(speed)))
		sb_fmt_append(
			buf, len, &off, "%s%s",
			g->n_cpus || g->has_noise || g->n_periodic ? "; " : "",
			speed);
	if (g->has_host_load) {
		sb_fmt_append(
			buf, len, &off,
			"%shost %.0f%% busy besides the run, steal %.1f%%",
			off ? "; " : "", g->host_others_pct, g->host_steal_pct);
		if (g->host_loadavg >= 0)
			sb_fmt_append(buf, len, &off, ", load %.1f",
				      g->host_loadavg);
	}
	return buf;
}

const char *ci_regime_guest(const struct ci_regime *g, char *buf, size_t len)
{
	int virt = sb_accel_is(g->accel, instr_clock);
	/* TCG, in host time or virtual time: not KVM */
	int emulated = virt || sb_accel_is(g->accel, fallback);
	double speed = g->guest_speed; /* against a real core, or the host */
	size_t off = 0;

	*buf = '\0';
	if (g->host || g->vcpus <= 0 || !*g->accel)
		return buf;
	sb_fmt_append(buf, len, &off, "guest: %d vCPU%s", g->vcpus,
		      SB_S(g->vcpus));
	if (virt && g->icount_shift >= 0 && g->icount_shift < 31) {
		/* one instruction clock for all vCPUs: they run in turns */
		double ips = 1e9 / (double)(1 << g->icount_shift) / g->vcpus;

		speed = ips / REAL_CORE_IPS;
		sb_fmt_append(buf, len, &off,
			      " at %.0f M instructions a guest second%s "
			      "(virtual time), about ",
			      ips / 1e6, g->vcpus > 1 ? " each" : "");
		speed_said(buf, len, &off, speed);
		sb_fmt_append(buf, len, &off, " of a real core");
	} else if (!virt && speed > 0) {
		sb_fmt_append(buf, len, &off, " at ");
		speed_said(buf, len, &off, speed);
		sb_fmt_append(buf, len, &off,
			      "%s the host's speed (%s, host time: the host's "
			      "load moves it)",
			      speed < 0.4 ? " of" : "", g->accel);
	} else {
		sb_fmt_append(buf, len, &off, " (%s%s)", g->accel,
			      emulated ? ", an emulator; its speed unmeasured" :
					 "");
	}
	/* an emulator's wakeups and switches cost what its speed says */
	if (emulated)
		sb_fmt_append(buf, len, &off,
			      "\n absolute delays are the emulator's: compare "
			      "changes between feature sets, not values");
	if (g->vcpus == 1)
		sb_fmt_append(buf, len, &off,
			      "\n one vCPU: every task shares one run queue; "
			      "no wakeup finds an idle CPU elsewhere");
	return buf;
}
