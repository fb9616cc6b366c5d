// SPDX-License-Identifier: GPL-2.0
/* The end of a run in words: what the short-slice tasks gained, what the long-slice ones paid, and the gate's verdicts. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ci/bench_cmp.h"
#include "common/byname.h"
#include "common/duration.h"

#define MAX_SLICED 16
/* A space the lines are not folded at: printed as one. */
#define NBSP "\x1f"

struct sliced {
	char group[16]; /* the table's comm: the tool's name, as the kernel cuts it */
	uint64_t slice_ns;
};

/*
 * Each comm once: workloads of one tool at one slice share its table group;
 * a tool run at several slices (hackbench at 500us and 20ms) has one group
 * for all of them, so no slice speaks for it. Returns the count kept.
 */
static size_t unambiguous(struct sliced *out, size_t n)
{
	struct sliced s[MAX_SLICED];
	size_t kept = 0;

	memcpy(s, out, n * sizeof(*s));
	for (size_t i = 0; i < n; i++) {
		int dup = 0, mixed = 0;

		for (size_t k = 0; k < n; k++)
			if (k != i && !strcmp(s[k].group, s[i].group)) {
				mixed |= s[k].slice_ns != s[i].slice_ns;
				dup |= k < i;
			}
		if (!dup && !mixed)
			out[kept++] = s[i];
	}
	return kept;
}

/* The scenario's workloads that ask for a slice. Returns the count. */
static size_t sliced_workloads(const struct ci_scenario_view *scenario,
			       struct sliced *out)
{
	size_t n = 0;

	for (size_t i = 0; i < scenario->n_workloads && n < MAX_SLICED; i++) {
		const char *tool = scenario->workloads[i].tool;
		const char *slice = scenario->workloads[i].slice;
		const char *base;

		if (!tool || !slice ||
		    sb_parse_duration_ns(slice, &out[n].slice_ns))
			continue;
		base = strrchr(tool, '/') ? strrchr(tool, '/') + 1 : tool;
		snprintf(out[n].group, sizeof(out[n].group), "%.15s", base);
		n++;
	}
	return unambiguous(out, n);
}

const char *ci_words_amount(double pct, const char *more, const char *less,
			    const char *same, char *buf, size_t len)
{
	if (fabs(pct) < 0.5)
		snprintf(buf, len, "%s", same);
	else
		snprintf(buf, len, "%.*f%% %s", fabs(pct) < 10 ? 1 : 0,
			 fabs(pct), pct > 0 ? more : less);
	return buf;
}

static const char *verdict(const struct ci_bench_row *r, size_t k)
{
	return r->rule ? r->v[k].name : "no gate rule";
}

/* "500 us": the unit as the tables and metric names write it */
static const char *slice_text(uint64_t ns, char *buf, size_t len)
{
	char d[32];
	size_t digits;

	sb_format_duration(ns, d, sizeof(d));
	digits = strcspn(d, "nmsu");
	snprintf(buf, len, "%.*s" NBSP "%s", (int)digits, d, d + digits);
	return buf;
}

/* "the 500 us-slice cyclic tasks waited 58% less on average (...)" */
static int short_sentence(FILE *f, const struct ci_bench_cmp *c, size_t k,
			  const struct sliced *s, size_t n, uint64_t slice)
{
	int said = 0;

	for (size_t i = 0; i < n; i++) {
		const struct ci_bench_row *r =
			ci_bench_row_find(c, "avg_delay_ms", s[i].group);
		char a[48], sl[32], g0[24], gk[24];
		double pct;

		if (s[i].slice_ns != slice || !r ||
		    isnan(pct = ci_bench_change_pct(r, k)))
			continue;
		fprintf(f,
			"%s the %s-slice %s tasks waited %s on average "
			"(geometric means of the runs' averages %s -> %s" NBSP
			"ms; gate: %s)",
			said ? ";" : ",", slice_text(slice, sl, sizeof(sl)),
			s[i].group,
			ci_words_amount(pct, "longer", "less", "about as long",
					a, sizeof(a)),
			ci_bench_num(r->mean[0], g0, sizeof(g0)),
			ci_bench_num(r->mean[k], gk, sizeof(gk)),
			verdict(r, k));
		said = 1;
	}
	return said;
}

/* "The 100 ms-slice massive_intr tasks were switched out 65 % more often and ran 1 % less." */
static void long_sentence(FILE *f, const struct ci_bench_cmp *c, size_t k,
			  const struct sliced *s, size_t n, uint64_t slice)
{
	for (size_t i = 0; i < n; i++) {
		const struct ci_bench_row *sw =
			ci_bench_row_find(c, "switches", s[i].group);
		const struct ci_bench_row *rt =
			ci_bench_row_find(c, "runtime_ms", s[i].group);
		double ps = sw ? ci_bench_change_pct(sw, k) : NAN,
		       pr = rt ? ci_bench_change_pct(rt, k) : NAN;
		char a[48], b[48], sl[32];

		if (s[i].slice_ns != slice || (isnan(ps) && isnan(pr)))
			continue;
		fprintf(f, " The %s-slice %s tasks",
			slice_text(slice, sl, sizeof(sl)), s[i].group);
		if (!isnan(ps))
			fprintf(f, " were switched in %s",
				ci_words_amount(ps, "more often", "less often",
						"about as often", a,
						sizeof(a)));
		if (rt && !isnan(pr))
			fprintf(f, "%s ran %s (gate: %s)",
				isnan(ps) ? "" : " and",
				ci_words_amount(pr, "longer", "less",
						"about as long", b, sizeof(b)),
				verdict(rt, k));
		fputc('.', f);
	}
}

static void misses_sentence(FILE *f, const struct ci_bench_cmp *c, size_t k)
{
	const struct ci_regime *b = &c->cols[0].regime, *g = &c->cols[k].regime;

	for (size_t p = 0; p < g->n_periodic; p++) {
		const struct ci_periodic *q = &g->periodic[p];
		const struct ci_bench_row *r =
			ci_bench_row_find(c, "deadline_miss_pct", q->name);
		long j = sb_index_named(b->periodic, b->n_periodic, name,
					q->name);

		if (j >= 0)
			fprintf(f,
				"%s %s missed %.1f%% of its %s "
				"(%.1f%% with %s%s%s)",
				p ? ";" : "", q->name, q->miss_pct, q->what,
				b->periodic[j].miss_pct, c->cols[0].label,
				r ? "; gate: " : "", r ? verdict(r, k) : "");
	}
	if (g->n_periodic)
		fputc('.', f);
}

static void saturation_warning(FILE *f, const struct ci_bench_cmp *c)
{
	for (size_t k = 0; k < c->n_cols; k++) {
		const struct ci_regime *g = &c->cols[k].regime;

		for (size_t p = 0; p < g->n_periodic; p++)
			if (g->periodic[p].miss_pct > CI_SATURATED_PCT) {
				fprintf(f,
					"Careful: in the %s runs, %s missed "
					"%.0f%% of "
					"its %s (saturated: over %.0f%%); its "
					"delays are those of a load that does "
					"not keep up.\n",
					c->cols[k].label, g->periodic[p].name,
					g->periodic[p].miss_pct,
					g->periodic[p].what, CI_SATURATED_PCT);
				return;
			}
	}
}

/* @text with its lines folded at spaces to at most @width columns. */
static void wrapped(FILE *f, const char *text, size_t width)
{
	while (*text) {
		size_t line = strcspn(text, "\n"), cut = line;

		if (line > width) {
			cut = width;
			while (cut > 0 && text[cut] != ' ')
				cut--;
			if (!cut)
				cut = line;
		}
		for (size_t i = 0; i < cut; i++)
			fputc(text[i] == NBSP[0] ? ' ' : text[i], f);
		fputc('\n', f);
		text += cut;
		text += *text == ' ' || *text == '\n';
	}
}

/*
 * Kernels of other names whose runs booted one image (the manifest's
 * kernel.image_sha256): whatever differs between them is noise, not a
 * kernel's doing.
 */
static void same_image_warning(FILE *f, const struct ci_bench_cmp *c)
{
	const struct ci_manifest *m0 = &c->cols[0].col->runs[0]->manifest;

	for (size_t k = 1; k < c->n_cols; k++) {
		const struct ci_column *col = c->cols[k].col;
		const char *sha = col->runs[0]->manifest.kernel_image_sha256;

		if (!sha || !m0->kernel_image_sha256 ||
		    strcmp(sha, m0->kernel_image_sha256) ||
		    !strcmp(col->kernel, c->cols[0].col->kernel))
			continue;
		fprintf(f,
			"warning: kernels %s and %s booted the same image "
			"(sha256 %.12s...): what differs between them is noise, "
			"not a kernel's doing.\n",
			c->cols[0].col->kernel, col->kernel, sha);
	}
}

static void words(FILE *f, const struct ci_bench_cmp *c,
		  const struct ci_scenario_view *scenario)
{
	struct sliced s[MAX_SLICED];
	size_t n = sliced_workloads(scenario, s);
	uint64_t lo = UINT64_MAX, hi = 0;

	for (size_t i = 0; i < n; i++) {
		lo = s[i].slice_ns < lo ? s[i].slice_ns : lo;
		hi = s[i].slice_ns > hi ? s[i].slice_ns : hi;
	}
	for (size_t k = 1; k < c->n_cols; k++) {
		if (c->name_title)
			fprintf(f, "On %s, with", c->title);
		else
			fputs("With", f);
		fprintf(f, " %s (against %s)", c->cols[k].label,
			c->cols[0].label);
		if (!n || !short_sentence(f, c, k, s, n, lo))
			fprintf(f, ", no workload that asked for a slice had "
				   "a delay to compare");
		fputc('.', f);
		if (hi > lo)
			long_sentence(f, c, k, s, n, hi);
		misses_sentence(f, c, k);
		fputc('\n', f);
	}
	same_image_warning(f, c);
	saturation_warning(f, c);
}

void ci_bench_words(FILE *f, const struct ci_bench_cmp *c,
		    const struct ci_scenario_view *scenario)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		return;
	words(m, c, scenario);
	if (!fclose(m)) {
		fputc('\n', f);
		wrapped(f, buf, 78);
	}
	free(buf);
}
