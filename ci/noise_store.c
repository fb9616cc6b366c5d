// SPDX-License-Identifier: GPL-2.0
/* Noise kept from earlier runs of a scenario and kernel (each rule's run spread, the wall time of a run), and the runs a side it asks for before running. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ci/noise_store.h"
#include "ci/sizing.h"
#include "ci/stats.h"
#include "common/atomicio.h"
#include "common/byname.h"
#include "common/fmt.h"

#define MAX_RUNS 256

#define NR(m) offsetof(struct ci_noise_rule, m)

static const struct sb_field rule_fields[] = {
	{ "name", SB_F_STRING, NR(name), CI_NOISE_NAME_LEN, 1, .min = 1,
	  .doc = "the rule's name in its rules file" },
	{ "spread", SB_F_NUMBER, NR(spread), .required = 1, .dmin = 0,
	  .dmax = 100, .doc = "sd of the runs' logs of its value" },
	{ "level", SB_F_NUMBER, NR(level), .dmin = 0, .dmax = 1e18,
	  .doc = "geometric mean of its runs' values, in the metric's unit "
		 "(0: unknown)" },
};

static const struct sb_jr_table rule_table =
	SB_JR_TABLE("rules[]", rule_fields, NULL, NULL);

static const struct sb_field rule_item = { .type = SB_F_OBJECT,
					   .sub = &rule_table };

#define NS(m) offsetof(struct ci_noise, m)

static const struct sb_field noise_fields[] = {
	{ "schema", SB_F_INT, 0, .required = 1, .min = 1, .max = 1,
	  .doc = "the version of this format: 1" },
	{ "scenario_sha256", SB_F_STRING, NS(scenario_sha256), 65, 1,
	  .doc = "of the scenario file the runs ran" },
	{ "kernel", SB_F_STRING, NS(kernel), 64, 1,
	  .doc = "the kernel's name in the matrix" },
	{ "release", SB_F_STRING, NS(release), 128,
	  .doc = "its runs' uname -r" },
	{ "measured", SB_F_STRING, NS(measured), 32,
	  .doc = "when the noise was kept (ISO time)" },
	{ "runs", SB_F_INT, NS(runs), .required = 1, .min = 2, .max = 100000,
	  .doc = "runs a side it was measured on" },
	{ "run_s", SB_F_NUMBER, NS(run_s), .dmin = 0, .dmax = 86400,
	  .doc = "median wall time of a run, s (0: unknown)" },
	{ "rules", SB_F_ARRAY, NS(rule), sizeof(struct ci_noise_rule),
	  .max = CI_NOISE_MAX_RULES, .item = &rule_item, .count_offset = NS(n),
	  .doc = "each rule's spread" },
};

const struct sb_jr_table ci_noise_format =
	SB_JR_TABLE("kept noise", noise_fields, NULL, NULL);

int ci_noise_path(char *buf, size_t len, const char *dir, const char *sha256,
		  const char *kernel)
{
	int n = snprintf(buf, len, "%s/%s-%s.json", dir, sha256, kernel);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int ci_noise_load(const char *path, struct ci_noise *n, struct sb_error *e)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return errno == ENOENT ?
			       -ENOENT :
			       sb_error_set(e, -errno, path, NULL, NULL,
					    "cannot read: %s", strerror(errno));
	fclose(f);
	*n = (struct ci_noise){ 0 };
	return sb_jr_load(path, &ci_noise_format, n, NULL, e);
}

int ci_noise_save(const char *path, const struct ci_noise *n)
{
	char dir[PATH_MAX];
	json_t *j, *rules = json_array();
	char *slash;
	int r;

	snprintf(dir, sizeof(dir), "%s", path);
	if ((slash = strrchr(dir, '/'))) {
		*slash = '\0';
		if ((r = sb_mkdir_p(dir, 0755))) {
			json_decref(rules);
			return r;
		}
	}
	for (int i = 0; rules && i < n->n; i++)
		json_array_append_new(rules,
				      json_pack("{s:s,s:f,s:f}", "name",
						n->rule[i].name, "spread",
						n->rule[i].spread, "level",
						n->rule[i].level));
	j = json_pack("{s:i,s:s,s:s,s:s,s:s,s:i,s:f,s:o}", "schema", 1,
		      "scenario_sha256", n->scenario_sha256, "kernel",
		      n->kernel, "release", n->release, "measured", n->measured,
		      "runs", n->runs, "run_s", n->run_s, "rules", rules);
	if (!j)
		return -ENOMEM;
	r = sb_json_dump_atomic(path, j);
	json_decref(j);
	return r;
}

/* Seconds since the epoch of a manifest's "2026-12-06T20:38:22.120Z"; NAN. */
static double iso_s(const char *s)
{
	struct tm tm = { 0 };
	int ms = 0;

	if (!s ||
	    sscanf(s, "%d-%d-%dT%d:%d:%d.%dZ", &tm.tm_year, &tm.tm_mon,
		   &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &ms) < 6)
		return NAN;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	return (double)timegm(&tm) + ms / 1000.0;
}

/*
 * From the manifests of @cols' runs: the median wall time of a run into
 * n->run_s (0 unknown), the first run's kernel release into n->release.
 */
static void from_manifests(struct ci_noise *out,
			   const struct ci_column *const *cols, size_t k)
{
	double x[MAX_RUNS];
	size_t n = 0;

	for (size_t c = 0; c < k; c++)
		for (size_t r = 0; r < cols[c]->n_runs && n < MAX_RUNS; r++) {
			const struct ci_run *run = cols[c]->runs[r];
			const char *rel = run->manifest.kernel_release;
			double s;

			if (rel && !*out->release)
				snprintf(out->release, sizeof(out->release),
					 "%s", rel);
			s = iso_s(run->manifest.end_time) -
			    iso_s(run->start_time);
			if (s > 0)
				x[n++] = s;
		}
	out->run_s = n ? ci_median(x, n) : 0;
}

/* The geometric mean of @rule's positive values in the runs of @cols; 0. */
static double level_of(const struct ci_rule *rule,
		       const struct ci_column *const *cols, size_t k)
{
	double sum = 0;
	size_t m = 0;

	for (size_t c = 0; c < k; c++)
		for (size_t r = 0; r < cols[c]->n_runs; r++) {
			const struct ci_value *v =
				ci_values_get(&cols[c]->runs[r]->vals,
					      rule->metric, rule->group);

			if (v && v->v > 0) {
				sum += log(v->v);
				m++;
			}
		}
	return m ? exp(sum / (double)m) : 0;
}

int ci_noise_measure(struct ci_noise *n, const struct ci_rules *rules,
		     const struct ci_column *const *cols, size_t k)
{
	n->n = 0;
	n->runs = 0;
	for (size_t c = 0; c < k; c++)
		if ((int)cols[c]->n_runs > n->runs)
			n->runs = (int)cols[c]->n_runs;
	for (size_t i = 0; i < rules->n && n->n < CI_NOISE_MAX_RULES; i++) {
		double sd = ci_rule_spread(&rules->v[i], cols, k);

		if (isnan(sd))
			continue;
		snprintf(n->rule[n->n].name, sizeof(n->rule[0].name), "%s",
			 rules->v[i].name);
		n->rule[n->n].level = level_of(&rules->v[i], cols, k);
		n->rule[n->n++].spread = sd;
	}
	from_manifests(n, cols, k);
	return n->n;
}

/* @rule's spread in @known: the root mean square of those keeping it; NAN. */
static double kept_spread(const struct ci_noise *const *known, size_t n_known,
			  const char *rule)
{
	double sum = 0;
	size_t k = 0;

	for (size_t i = 0; i < n_known; i++) {
		long r = sb_index_named(known[i]->rule, (size_t)known[i]->n,
					name, rule);

		if (r >= 0) {
			sum += known[i]->rule[r].spread *
			       known[i]->rule[r].spread;
			k++;
		}
	}
	return k ? sqrt(sum / (double)k) : NAN;
}

/* "2h28m", "12m20s", "40s" of @s seconds into @buf. */
static const char *span(double s, char *buf, size_t len)
{
	long t = lround(s);

	if (t >= 3600)
		snprintf(buf, len, "%ldh%02ldm", t / 3600, t / 60 % 60);
	else if (t >= 60)
		snprintf(buf, len, "%ldm%02lds", t / 60, t % 60);
	else
		snprintf(buf, len, "%lds", t);
	return buf;
}

/* Where the kept noise comes from: "debian: 5 runs a side, 6.12.41, 2026-12-06". */
static void source_say(FILE *f, const struct ci_noise *const *known,
		       size_t n_known)
{
	for (size_t i = 0; i < n_known; i++)
		fprintf(f, "%s%s: %d run%s a side%s%s, %.10s", i ? "; " : "",
			known[i]->kernel, known[i]->runs, SB_S(known[i]->runs),
			*known[i]->release ? ", " : "", known[i]->release,
			known[i]->measured);
}

void ci_noise_plan_print(FILE *f, const struct ci_noise *const *known,
			 size_t n_known, const struct ci_rules *rules,
			 const struct ci_noise_ask *ask)
{
	double run_s = 0, round_s, *sds = calloc(rules->n + 1, sizeof(*sds));
	int kept_s = 0, sized = 0, reached = 0;
	int all_runs = (ask->reach + ask->control) * ask->sides;
	unsigned int all;
	char t[32], control[48] = "";

	for (size_t i = 0; i < n_known; i++)
		if (known[i]->run_s > run_s)
			run_s = known[i]->run_s;
	kept_s = run_s > 0;
	if (!kept_s)
		run_s = ask->fallback_run_s;
	if (ask->control > 0)
		snprintf(control, sizeof(control),
			 ", and %d control run%s a side", ask->control,
			 SB_S(ask->control));
	/* a round's runs (a side each) take what one does, at once */
	round_s = ask->sides * run_s / (ask->at_once > 1 ? ask->at_once : 1);
	for (size_t i = 0; i < rules->n; i++) {
		const struct ci_rule *ru = &rules->v[i];
		double sd = kept_spread(known, n_known, ru->name);
		unsigned int need;

		if (sds)
			sds[i] = sd;
		if (isnan(sd) || ru->report) /* shown, never passed */
			continue;
		if (!sized++) {
			fprintf(f,
				"sizing (%s), from the noise of earlier runs (",
				ask->who);
			source_say(f, known, n_known);
			fprintf(f, "); a run takes %.0f s (%s)", run_s,
				kept_s ? "measured" :
					 "the scenario's duration + warmup, "
					 "boot not counted");
			if (ask->at_once > 1)
				fprintf(f, ", %d at once", ask->at_once);
			fputs(":\n", f);
			snprintf(t, sizeof(t), "time, %d side%s", ask->sides,
				 ask->sides == 1 ? "" : "s");
			fprintf(f, "  %-34s %6s  %5s  %-11s  %-13s  %s %d\n",
				"rule", "spread", "bound", "runs a side", t,
				"reached by", ask->reach);
		}
		need = ci_runs_to_pass(sd, ci_rule_bound_log(ru),
				       ci_rule_pass_alpha(rules, ru),
				       CI_SIZING_POWER);
		reached += (int)need <= ask->reach;
		if (need > CI_SIZING_MAX_RUNS)
			fprintf(f,
				"  %-34s %5.1f%%  %4g%%  > %-9d  %-13s  no\n",
				ru->name, 100 * sd, ru->pass_bound_pct,
				CI_SIZING_MAX_RUNS, "-");
		else
			fprintf(f, "  %-34s %5.1f%%  %4g%%  %-11u  %-13s  %s\n",
				ru->name, 100 * sd, ru->pass_bound_pct, need,
				span(need * round_s, t, sizeof(t)),
				(int)need <= ask->reach ? "yes" : "no");
	}
	all = sds ? ci_runs_to_pass_all(rules, sds, CI_SIZING_POWER) :
		    CI_SIZING_MAX_RUNS + 1;
	free(sds);
	if (!sized) {
		fprintf(f,
			"sizing (%s): no noise known yet for this scenario "
			"(a finished run keeps it): runs are not sized\n",
			ask->who);
		/* still a duration before the first boot: the scenario's own */
		fprintf(f, "  %s (%d a side%s): %d runs, %s %s%s\n",
			ask->reach_what, ask->reach, control, all_runs,
			kept_s ? "about" : "at least",
			span((ask->reach + ask->control) * round_s, t,
			     sizeof(t)),
			kept_s ? "" :
				 " (their warmups and durations; boots and "
				 "tracing add to it)");
		return;
	}
	if (sized > 1 && all > CI_SIZING_MAX_RUNS)
		fprintf(f, "  %-34s %6s  %5s  > %-9d  %-13s  no\n",
			"all rules together", "", "", CI_SIZING_MAX_RUNS, "-");
	else if (sized > 1)
		fprintf(f, "  %-34s %6s  %5s  %-11u  %-13s  %s\n",
			"all rules together", "", "", all,
			span(all * round_s, t, sizeof(t)),
			(int)all <= ask->reach ? "yes" : "no");
	fprintf(f,
		"  %s (%d a side%s) reach %d of %d rules at %.0f%% power; "
		"their %d runs take %s\n",
		ask->reach_what, ask->reach, control, reached, sized,
		CI_SIZING_POWER * 100, all_runs,
		span((ask->reach + ask->control) * round_s, t, sizeof(t)));
}
