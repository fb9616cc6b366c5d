// SPDX-License-Identifier: GPL-2.0
/* A check's feature sets: the one it runs (--feature-set), the candidate's own (--cand-features), and the scenario the guests then read. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "common/atomicio.h"
#include "common/exitcodes.h"
#include "common/fmt.h"
#include "harness/feature_name.h"
#include "merge/check_sets.h"

/* ": A, B" of @sc's sets, so the error that asks for one names them. */
static void sets_of(const struct scenario *sc, char *buf, size_t len)
{
	size_t off = 0;

	*buf = '\0';
	for (int i = 0; i < sc->n_sets; i++)
		sb_fmt_append(buf, len, &off, "%s%s", i ? ", " : ": ",
			      sc->sets[i].name);
}

/* Keep only the feature set to run: --feature-set, or the only one. */
int check_pick_set(struct scenario *sc, const char *name)
{
	const struct sc_feature_set *s = name ? scenario_set(sc, name) :
						&sc->sets[0];
	char sets[SC_MAX_SETS * (SC_NAME_LEN + 2) + 4];

	sets_of(sc, sets, sizeof(sets));
	if (!name && sc->n_sets > 1) {
		fprintf(stderr,
			"slicebench check: %s has %d feature sets: name one "
			"with --feature-set (%s)\n",
			sc->name, sc->n_sets, sets + 2);
		return SB_EXIT_USAGE;
	}
	if (!s) {
		fprintf(stderr,
			"slicebench check: --feature-set: %s has no set "
			"\"%s\"; its sets%s\n",
			sc->name, name, sets);
		return SB_EXIT_USAGE;
	}
	if (s != &sc->sets[0])
		sc->sets[0] = *s;
	sc->n_sets = 1;
	return 0;
}

/*
 * --cand-features @list ("X,NO_Y"): the candidate's feature set, sets[1],
 * is the picked one with each listed feature in place of its own X or NO_X
 * (added when it has neither), named "<set>.X.NO_Y" so its runs, the
 * plan and the journal keep it apart from the base's. 0 or SB_EXIT_USAGE.
 */
int check_cand_set(struct scenario *sc, const char *list)
{
	struct sc_feature_set *fs = &sc->sets[1];
	const char *why = NULL;
	char f[SC_NAME_LEN], no[SC_NAME_LEN + 3];
	size_t used = 0;
	int kept;

	*fs = sc->sets[0];
	used = strlen(fs->name);
	for (const char *p = list; !why && *p; p += *p == ',') {
		size_t n = strcspn(p, ",");
		const char *name;

		snprintf(f, sizeof(f), "%.*s", (int)n, p);
		p += n;
		if (n >= sizeof(f) || feature_name_why(f)) {
			why = "is not a list of feature names ([A-Z_]+, NO_ to "
			      "clear)";
			break;
		}
		name = strncmp(f, "NO_", 3) ? f : f + 3;
		snprintf(no, sizeof(no), "NO_%s", name);
		kept = 0; /* the listed one replaces the set's own X or NO_X */
		for (int i = 0; i < fs->n_features; i++)
			if (strcmp(fs->features[i], name) &&
			    strcmp(fs->features[i], no))
				memmove(fs->features[kept++], fs->features[i],
					sizeof(fs->features[0]));
		fs->n_features = kept;
		used += (size_t)snprintf(
			fs->name + used,
			used < sizeof(fs->name) ? sizeof(fs->name) - used : 0,
			".%s", f);
		if (fs->n_features == SC_MAX_FEATURES ||
		    used >= sizeof(fs->name))
			why = "makes too many features or too long a set name";
		else
			snprintf(fs->features[fs->n_features++],
				 sizeof(fs->features[0]), "%s", f);
	}
	if (!why && !*list)
		why = "is empty";
	if (why) {
		fprintf(stderr, "slicebench check: --cand-features: %s %s\n",
			list, why);
		return SB_EXIT_USAGE;
	}
	sc->n_sets = 2;
	return 0;
}

/*
 * With a candidate's set: the scenario the guests read (they find a set
 * by its name there) with both sides' sets, into the run directory.
 */
int check_guest_scenario(struct check *c, const struct scenario *sc)
{
	json_t *j = json_load_file(c->o->scenario, 0, NULL),
	       *sets = json_array();
	int r = j && sets ? 0 : -ENOMEM;

	for (int i = 0; !r && i < sc->n_sets; i++) {
		json_t *f = json_array();

		for (int k = 0; f && k < sc->sets[i].n_features; k++)
			json_array_append_new(
				f, json_string(sc->sets[i].features[k]));
		json_array_append_new(sets, json_pack("{s:s,s:o*}", "name",
						      sc->sets[i].name,
						      "features", f));
	}
	if (!r)
		r = json_object_set(j, "feature_sets", sets) ? -ENOMEM : 0;
	snprintf(c->guest_scenario, sizeof(c->guest_scenario),
		 "%s/cand-scenario.json", c->root);
	if (!r)
		r = sb_json_dump_atomic(c->guest_scenario, j);
	json_decref(sets);
	json_decref(j);
	if (r) {
		fprintf(stderr, "slicebench check: %s: %s\n", c->guest_scenario,
			strerror(-r));
		return SB_EXIT_UNMEASURED;
	}
	c->rn.scenario_path = c->guest_scenario;
	return 0;
}
