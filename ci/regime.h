/* SPDX-License-Identifier: GPL-2.0 */
/* The regime a set of runs ran in: vCPU utilisation, periods missed by the periodic workloads, the guest's speed. */
#ifndef CI_REGIME_H
#define CI_REGIME_H

#include <stddef.h>

#include "ci/columns.h"

#define CI_REGIME_MAX_CPUS 16
#define CI_REGIME_MAX_PERIODIC 8
/* A periodic workload missing more of its periods than this is saturated. */
#define CI_SATURATED_PCT 25.0

struct ci_periodic {
	char name[64];
	const char *what; /* "periods" or "frames" */
	double miss_pct; /* median over the repeats */
	double worst_pct; /* the worst repeat */
};

struct ci_regime {
	size_t runs;
	size_t n_cpus; /* vCPUs with a utilisation (table.json "cpus") */
	double busy_pct[CI_REGIME_MAX_CPUS]; /* median over the repeats */
	size_t n_periodic;
	struct ci_periodic periodic[CI_REGIME_MAX_PERIODIC];
	char accel[32]; /* manifest vm.accel; "" without a VM */
	int icount_shift; /* manifest vm.icount_shift (2^N ns an instruction
			   * in virtual time); -1 unknown */
	int vcpus; /* manifest vm.cpus (the first run's); -1 unknown */
	double guest_speed; /* guest/host speed of the calibration loop (median
			     * over the runs); 0 unknown */
	double guest_speed_lo, guest_speed_hi; /* its range over the runs */
	size_t n_speeds; /* runs that measured it */
	int host; /* a run was on the host kernel (manifest vm null): no guest */
	int has_noise; /* the tables knew the workload (machine_noise) */
	double noise_pct; /* other tasks' share of the workload's CPUs (median) */
	int has_host_load; /* the manifests measured the host (VM runs) */
	double host_others_pct; /* host CPUs busy besides the run (median) */
	double host_steal_pct; /* stolen from the host (median) */
	double host_loadavg; /* 1-minute load at the runs' ends (median); -1 */
	int saturated; /* some periodic workload's median miss > CI_SATURATED_PCT */
};

/* The regime of column @col's runs (their table.json, workloads, manifest). */
void ci_regime_of(const struct ci_column *col, struct ci_regime *out);

/*
 * One line ("host CPU busy" and no guest speed in host mode): "vCPU busy 97% 95%;
 * machine noise 1.2% of the workload's CPUs; cyclic missed 2.1% of its periods, ...;
 * TCG: the guest runs at 1/23 of host speed; host 12% busy besides the run,
 * steal 0.0%, load 2.3", prefixed with "SATURATED: "
 * when saturated. Into @buf; returns @buf.
 */
const char *ci_regime_line(const struct ci_regime *g, char *buf, size_t len);

/*
 * "TCG: the guest runs at 1/23 of host speed" ("" when unknown), followed by
 * the range when the runs differ: "(median; 1/28 to 1/19 over 5 runs)". In virtual
 * time the guest's clock counts instructions, so its speed against the
 * host's is no fact of the regime: "VIRTUAL: the guest's clock counts
 * instructions (2 ns each), not the host's time".
 */
const char *ci_regime_speed(const struct ci_regime *g, char *buf, size_t len);

/*
 * The guest against a real machine, in a scheduler developer's words, one
 * or more lines of at most 100 columns joined by "\n " ("" on the host
 * or when unknown): "guest: 1 vCPU at 125 M instructions a guest second
 * (virtual time), about 1/20 of a real core", then, for an emulated
 * guest, that absolute delays are the emulator's and changes compare,
 * and for one vCPU that every task shares its run queue. Into @buf.
 */
const char *ci_regime_guest(const struct ci_regime *g, char *buf, size_t len);

#endif
