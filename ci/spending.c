// SPDX-License-Identifier: GPL-2.0
/* Error spending over a sequence of looks: Lan-DeMets O'Brien-Fleming type, with the exact group-sequential boundaries. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "ci/spending.h"

/* Grid points per standard deviation of the narrower of two normal steps. */
#define PER_SD 12
/* The continuation density is carried from this many sds below 0 ... */
#define TAIL_SD 9
/* ... and a step's normal kernel is cut this many sds either side. */
#define STEP_CUT_SD 10

static double upper_tail(double x)
{
	return 0.5 * erfc(x / M_SQRT2);
}

static double density(double x)
{
	return exp(-0.5 * x * x) / sqrt(2 * M_PI);
}

/* z with upper_tail(z) = p; +inf for p <= 0 (the tail is monotone). */
static double upper_quantile(double p)
{
	double lo = -40, hi = 40;

	if (p <= 0)
		return INFINITY;
	for (int i = 0; i < 200; i++) {
		double mid = 0.5 * (lo + hi);

		if (upper_tail(mid) > p)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

double ci_obf_spent(double total, double t)
{
	if (t <= 0)
		return 0;
	if (t >= 1)
		return total;
	return 2 * upper_tail(upper_quantile(total / 2) / sqrt(t));
}

/*
 * The sub-density of the score (a Brownian motion in information) on the
 * paths that crossed no boundary yet: Simpson nodes @s, each with its
 * weight times the density in @wf, @step apart from @s[0].
 */
struct grid {
	double *s, *wf, step;
	size_t n;
};

static void grid_free(struct grid *g)
{
	free(g->s);
	free(g->wf);
	*g = (struct grid){ 0 };
}

/* Simpson nodes over [lo, hi] at most @h apart, weights in wf. */
static int grid_make(struct grid *g, double lo, double hi, double h)
{
	size_t m = (size_t)ceil((hi - lo) / (2 * h));

	if (m < 1)
		m = 1;
	g->n = 2 * m + 1;
	g->step = (hi - lo) / (double)(2 * m);
	g->s = malloc(g->n * sizeof(*g->s));
	g->wf = malloc(g->n * sizeof(*g->wf));
	if (!g->s || !g->wf) {
		grid_free(g);
		return -ENOMEM;
	}
	for (size_t i = 0; i < g->n; i++) {
		double w = i == 0 || i == g->n - 1 ? 1 : i % 2 ? 4 : 2;

		g->s[i] = lo + (double)i * g->step;
		g->wf[i] = w * g->step / 3;
	}
	return 0;
}

/* Chance that a path still in @g is at or above @b after a step of sd @sd. */
static double crossing(const struct grid *g, double b, double sd)
{
	double p = 0;

	for (size_t i = 0; i < g->n; i++)
		p += g->wf[i] * upper_tail((b - g->s[i]) / sd);
	return p;
}

/* The density at @u of the paths in @g after a step of sd @sd. */
static double stepped(const struct grid *g, double u, double sd)
{
	double from = ceil((u - STEP_CUT_SD * sd - g->s[0]) / g->step);
	double to = floor((u + STEP_CUT_SD * sd - g->s[0]) / g->step);
	size_t i0 = from > 0 ? (size_t)from : 0;
	size_t i1 = to < (double)g->n - 1 ? (size_t)fmax(to, 0) : g->n - 1;
	double f = 0;

	for (size_t i = i0; i <= i1 && to >= 0; i++)
		f += g->wf[i] * density((u - g->s[i]) / sd);
	return f / sd;
}

/* The score boundary after a step of sd @sd that paths in @g cross with chance @p. */
static double boundary(const struct grid *g, double sd, double p)
{
	double lo = -45, hi = 45;

	if (p <= 0)
		return INFINITY;
	for (int i = 0; i < 100; i++) {
		double mid = 0.5 * (lo + hi);

		if (crossing(g, mid, sd) > p)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

/* The paths of look @j (score below @b at fraction @t) into @g. */
static int carry(struct grid *g, double b, double t, double sd_in,
		 double sd_out, int first)
{
	double h = fmin(sd_in, sd_out) / PER_SD, lo = -TAIL_SD * sqrt(t);
	double hi = fmin(b, TAIL_SD * sqrt(t));
	struct grid next;
	int r;

	if (hi < lo + 2 * h) /* (nearly) every path crossed already */
		hi = lo + 2 * h;
	if ((r = grid_make(&next, lo, hi, h)))
		return r;
	for (size_t i = 0; i < next.n; i++)
		next.wf[i] *= first ? density(next.s[i] / sd_in) / sd_in :
				      stepped(g, next.s[i], sd_in);
	grid_free(g);
	*g = next;
	return 0;
}

int ci_spending_levels(double total, const double *t, size_t k, double *level)
{
	struct grid g = { 0 };
	double prev = 0, spent = 0;
	int r = 0;

	if (!(total > 0 && total < 1))
		return -EINVAL;
	for (size_t j = 0; j < k; prev = t[j++])
		if (!(t[j] > prev && t[j] <= 1))
			return -EINVAL;
	prev = 0;
	for (size_t j = 0; j < k && !r; j++) {
		double sd = sqrt(t[j] - prev), now = ci_obf_spent(total, t[j]);
		double b = j ? boundary(&g, sd, now - spent) :
			       sd * upper_quantile(now);

		level[j] = upper_tail(b / sqrt(t[j]));
		spent = now;
		if (j + 1 < k)
			r = carry(&g, b, t[j], sd, sqrt(t[j + 1] - t[j]), !j);
		prev = t[j];
	}
	grid_free(&g);
	return r;
}

/* The nominal level of the last of @k looks at fractions @t spending @total. */
static int last_level(double total, const double *t, size_t k, double *out)
{
	double *lv = calloc(k + 1, sizeof(*lv));
	int r = lv ? ci_spending_levels(total, t, k, lv) : -ENOMEM;

	if (!r)
		*out = lv[k - 1];
	free(lv);
	return r;
}

int ci_spending_look(const struct ci_rules *rules, const double *t, size_t k,
		     struct ci_levels *lv)
{
	double m = rules->n ? (double)rules->n : 1, a = 0;
	int r;

	if (!k)
		return -EINVAL;
	r = last_level(rules->alpha / m, t, k, &a) ?:
		    last_level(1 - rules->pass_confidence, t, k,
			       &lv->pass_alpha);
	lv->alpha = a * m;
	return r;
}

double ci_spending_information(unsigned int nb, unsigned int nc,
			       unsigned int max)
{
	return nb + nc ? 2.0 * nb * nc / (nb + nc) / max : 0;
}
