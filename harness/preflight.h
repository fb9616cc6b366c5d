/* SPDX-License-Identifier: GPL-2.0 */
/* The machine a run starts on: CPU model, SMT, frequency governor and turbo, isolated and nohz_full CPUs, load, and how busy the workload's CPUs already are. */
#ifndef SB_PREFLIGHT_H
#define SB_PREFLIGHT_H

#include <sched.h>
#include <stdint.h>
#include <jansson.h>

#include "harness/scenario.h"

#define PREFLIGHT_MAX_CPUS 256
/* How long the workload's CPUs are watched before the start. */
#define PREFLIGHT_SAMPLE_MS 200
/* A workload CPU busier than this before the start is shared. */
#define PREFLIGHT_BUSY_PCT 10.0

struct preflight {
	char cpu_model[128]; /* "" unknown */
	int cpus_online;
	int smt; /* 1 active, 0 not, -1 unknown */
	char governor[32]; /* CPU 0's scaling governor, "" unknown */
	int turbo; /* 1 on, 0 off, -1 unknown */
	char isolated[128], nohz_full[128]; /* CPU lists, "" none */
	double load[3]; /* 1, 5, 15 minutes; -1 unknown */
	char workload_cpus[128]; /* the CPU list the workloads may run on */
	int n_busy; /* workload CPUs measured, in order of the list */
	int busy_cpu[PREFLIGHT_MAX_CPUS];
	double busy_pct[PREFLIGHT_MAX_CPUS]; /* before the workloads start */
};

/*
 * The machine's facts from the files under @root ("" for this machine;
 * a fixture tree for tests): /proc/cpuinfo, /proc/loadavg,
 * /sys/devices/system/cpu/{online,isolated,nohz_full,smt/active},
 * cpu0/cpufreq/scaling_governor, intel_pstate/no_turbo or cpufreq/boost.
 * What cannot be read stays unknown.
 */
void preflight_read(const char *root, struct preflight *p);

/* Ticks of a /proc/stat CPU line: all, busy (not idle or iowait), stolen. */
struct preflight_ticks {
	uint64_t total, busy, steal;
};

/* CPU @cpu's ticks (@cpu -1: all CPUs, the "cpu " line) in the /proc/stat
 * text @stat into @t; 0, or -1 without that line. */
int preflight_ticks(const char *stat, int cpu, struct preflight_ticks *t);

/*
 * Each CPU of @cpus's busy share (not idle or iowait) between two
 * /proc/stat texts into p->busy_cpu/busy_pct. Returns the count measured.
 */
int preflight_busy(const char *before, const char *after, const cpu_set_t *cpus,
		   struct preflight *p);

/* The CPUs @sc's workloads may run on: the union of their "cpus", or all
 * this process may use when one is not pinned. */
void preflight_workload_cpus(const struct scenario *sc, cpu_set_t *set);

/* One line: "machine: MODEL, N CPUs, SMT off, governor G, turbo on,
 * isolated none, nohz_full none, load 1.0 0.5 0.2; workload CPUs 0-1:
 * busy 3% 40% before the start (shared with other busy tasks: 1)". */
void preflight_summary(const struct preflight *p, char *buf, size_t len);

/* {"cpu_model", "cpus_online", "smt", "governor", "turbo", "isolated",
 * "nohz_full", "loadavg", "workload_cpus", "busy_before_start":
 * [{"cpu", "busy_pct"}], "shared_cpus", "summary"}; unknowns are null. */
json_t *preflight_json(const struct preflight *p);

/* This machine's preflight for @sc, its CPUs watched PREFLIGHT_SAMPLE_MS. */
void preflight_take(const struct scenario *sc, struct preflight *p);

#endif
