// SPDX-License-Identifier: GPL-2.0
/* The machine a run starts on: CPU model, SMT, frequency governor and turbo, isolated and nohz_full CPUs, load, and how busy the workload's CPUs already are. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/atomicio.h"
#include "common/cpulist.h"
#include "common/fmt.h"
#include "harness/preflight.h"

#define CPU_DIR "/sys/devices/system/cpu"

/* The first line of @root@path, trimmed, into @buf; 0 or -errno. */
static int read_line(const char *root, const char *path, char *buf, size_t len)
{
	char full[4200], *text;
	size_t n;
	int r;

	snprintf(full, sizeof(full), "%s%s", root, path);
	r = sb_read_file(full, &text, &n);
	if (r)
		return r;
	n = strcspn(text, "\n");
	while (n && text[n - 1] == ' ')
		n--;
	snprintf(buf, len, "%.*s", (int)n, text);
	free(text);
	return 0;
}

/* A 0/1 file as 0/1, flipped with @invert; -1 when unreadable. */
static int read_flag(const char *root, const char *path, int invert)
{
	char line[16];

	if (read_line(root, path, line, sizeof(line)) ||
	    (strcmp(line, "0") && strcmp(line, "1")))
		return -1;
	return (line[0] == '1') ^ invert;
}

/* The first of "model name" (x86), "Model" (arm), "cpu model" (mips). */
static void cpu_model(const char *root, struct preflight *p)
{
	static const char *const keys[] = { "model name", "Model",
					    "cpu model" };
	size_t best = sizeof(keys) / sizeof(keys[0]), n;
	char path[4200], *text;

	snprintf(path, sizeof(path), "%s/proc/cpuinfo", root);
	if (sb_read_file(path, &text, &n))
		return;
	for (char *line = text, *next; line; line = next) {
		char *colon;
		size_t klen;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		colon = strchr(line, ':');
		if (!colon)
			continue;
		klen = (size_t)(colon - line);
		while (klen &&
		       (line[klen - 1] == ' ' || line[klen - 1] == '\t'))
			klen--;
		for (size_t k = 0; k < best; k++)
			if (strlen(keys[k]) == klen &&
			    !strncmp(line, keys[k], klen)) {
				best = k;
				snprintf(p->cpu_model, sizeof(p->cpu_model),
					 "%s",
					 colon + 1 + strspn(colon + 1, " \t"));
			}
	}
	free(text);
}

void preflight_read(const char *root, struct preflight *p)
{
	char line[256];
	cpu_set_t set;

	memset(p, 0, sizeof(*p));
	p->smt = p->turbo = -1;
	p->load[0] = p->load[1] = p->load[2] = -1;
	cpu_model(root, p);
	CPU_ZERO(&set);
	if (!read_line(root, CPU_DIR "/online", line, sizeof(line)) &&
	    !sb_cpulist_parse(line, &set))
		p->cpus_online = CPU_COUNT(&set);
	p->smt = read_flag(root, CPU_DIR "/smt/active", 0);
	if (read_line(root, CPU_DIR "/cpu0/cpufreq/scaling_governor",
		      p->governor, sizeof(p->governor)))
		p->governor[0] = '\0';
	p->turbo = read_flag(root, CPU_DIR "/intel_pstate/no_turbo", 1);
	if (p->turbo < 0)
		p->turbo = read_flag(root, CPU_DIR "/cpufreq/boost", 0);
	if (read_line(root, CPU_DIR "/isolated", p->isolated,
		      sizeof(p->isolated)))
		p->isolated[0] = '\0';
	/* the kernel says "(null)" when nohz_full is not set */
	if (read_line(root, CPU_DIR "/nohz_full", p->nohz_full,
		      sizeof(p->nohz_full)) ||
	    !strcmp(p->nohz_full, "(null)"))
		p->nohz_full[0] = '\0';
	if (!read_line(root, "/proc/loadavg", line, sizeof(line)) &&
	    sscanf(line, "%lf %lf %lf", &p->load[0], &p->load[1],
		   &p->load[2]) != 3)
		p->load[0] = p->load[1] = p->load[2] = -1;
}

int preflight_ticks(const char *stat, int cpu, struct preflight_ticks *t)
{
	char key[24];
	uint64_t v[8] = { 0 };
	const char *at = NULL;
	size_t klen;

	if (cpu < 0)
		snprintf(key, sizeof(key), "cpu ");
	else
		snprintf(key, sizeof(key), "cpu%d ", cpu);
	klen = strlen(key);
	for (const char *line = stat; line && !at; line = strchr(line, '\n')) {
		line += *line == '\n';
		if (!strncmp(line, key, klen))
			at = line + klen;
	}
	if (!at ||
	    sscanf(at,
		   "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		   " %" SCNu64 " %" SCNu64 " %" SCNu64,
		   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 4)
		return -1;
	t->total = 0;
	for (int i = 0; i < 8; i++)
		t->total += v[i];
	t->busy = t->total - v[3] - v[4]; /* less idle and iowait */
	t->steal = v[7];
	return 0;
}

int preflight_busy(const char *before, const char *after, const cpu_set_t *cpus,
		   struct preflight *p)
{
	p->n_busy = 0;
	for (int c = 0; c < CPU_SETSIZE && p->n_busy < PREFLIGHT_MAX_CPUS;
	     c++) {
		struct preflight_ticks a, b;

		if (!CPU_ISSET(c, cpus) || preflight_ticks(before, c, &a) ||
		    preflight_ticks(after, c, &b) || b.total <= a.total ||
		    b.busy < a.busy)
			continue;
		p->busy_cpu[p->n_busy] = c;
		p->busy_pct[p->n_busy++] = 100.0 * (double)(b.busy - a.busy) /
					   (double)(b.total - a.total);
	}
	return p->n_busy;
}

void preflight_workload_cpus(const struct scenario *sc, cpu_set_t *set)
{
	CPU_ZERO(set);
	for (int i = 0; i < sc->n_workloads; i++) {
		cpu_set_t one;

		if (!*sc->workloads[i].cpus ||
		    sb_cpulist_parse(sc->workloads[i].cpus, &one)) {
			if (sched_getaffinity(0, sizeof(*set), set))
				CPU_ZERO(set);
			return;
		}
		CPU_OR(set, set, &one);
	}
}

static const char *flag_word(int v, const char *on, const char *off)
{
	return v < 0 ? "unknown" : v ? on : off;
}

void preflight_summary(const struct preflight *p, char *buf, size_t len)
{
	size_t off = 0;
	int shared = 0;

	sb_fmt_append(
		buf, len, &off,
		"machine: %s, %d CPU%s, SMT %s, governor %s, turbo %s, isolated "
		"%s, nohz_full %s",
		*p->cpu_model ? p->cpu_model : "CPU model unknown",
		p->cpus_online, SB_S(p->cpus_online),
		flag_word(p->smt, "on", "off"),
		*p->governor ? p->governor : "unknown",
		flag_word(p->turbo, "on", "off"),
		*p->isolated ? p->isolated : "none",
		*p->nohz_full ? p->nohz_full : "none");
	if (p->load[0] >= 0)
		sb_fmt_append(buf, len, &off, ", load %.2f %.2f %.2f",
			      p->load[0], p->load[1], p->load[2]);
	if (p->n_busy) {
		sb_fmt_append(buf, len, &off, "; workload CPUs %s busy",
			      p->workload_cpus);
		for (int i = 0; i < p->n_busy; i++) {
			sb_fmt_append(buf, len, &off, " %.0f%%",
				      p->busy_pct[i]);
			shared += p->busy_pct[i] > PREFLIGHT_BUSY_PCT;
		}
		sb_fmt_append(buf, len, &off, " before the start");
		if (shared)
			sb_fmt_append(
				buf, len, &off,
				" (shared with other busy tasks: %d of %d over "
				"%.0f%%)",
				shared, p->n_busy, PREFLIGHT_BUSY_PCT);
	}
}

static json_t *str_or_null(const char *s)
{
	return *s ? json_string(s) : json_null();
}

static json_t *flag_json(int v)
{
	return v < 0 ? json_null() : json_boolean(v);
}

json_t *preflight_json(const struct preflight *p)
{
	json_t *busy = json_array(), *shared = json_array(), *o;
	char line[1024];

	for (int i = 0; i < p->n_busy; i++) {
		json_array_append_new(
			busy, json_pack("{s:i,s:f}", "cpu", p->busy_cpu[i],
					"busy_pct", p->busy_pct[i]));
		if (p->busy_pct[i] > PREFLIGHT_BUSY_PCT)
			json_array_append_new(shared,
					      json_integer(p->busy_cpu[i]));
	}
	preflight_summary(p, line, sizeof(line));
	o = json_pack("{s:o,s:i,s:o,s:o,s:o,s:s,s:s,s:o,s:s,s:o,s:o,s:s}",
		      "cpu_model", str_or_null(p->cpu_model), "cpus_online",
		      p->cpus_online, "smt", flag_json(p->smt), "governor",
		      str_or_null(p->governor), "turbo", flag_json(p->turbo),
		      "isolated", p->isolated, "nohz_full", p->nohz_full,
		      "loadavg",
		      p->load[0] < 0 ? json_null() :
				       json_pack("[f,f,f]", p->load[0],
						 p->load[1], p->load[2]),
		      "workload_cpus", p->workload_cpus, "busy_before_start",
		      busy, "shared_cpus", shared, "summary", line);
	return o;
}

void preflight_take(const struct scenario *sc, struct preflight *p)
{
	struct timespec ts = { PREFLIGHT_SAMPLE_MS / 1000,
			       (PREFLIGHT_SAMPLE_MS % 1000) * 1000000L };
	char *before = NULL, *after = NULL;
	size_t n;
	cpu_set_t cpus;

	preflight_read("", p);
	preflight_workload_cpus(sc, &cpus);
	sb_cpulist_format(&cpus, p->workload_cpus, sizeof(p->workload_cpus));
	if (!sb_read_file("/proc/stat", &before, &n)) {
		nanosleep(&ts, NULL);
		if (!sb_read_file("/proc/stat", &after, &n))
			preflight_busy(before, after, &cpus, p);
	}
	free(before);
	free(after);
}
