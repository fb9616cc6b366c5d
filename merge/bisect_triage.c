// SPDX-License-Identifier: GPL-2.0
/* The --features list of a bisection's triage, and the setting that flips each feature. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "merge/bisect_triage.h"
#include "harness/feature_name.h"

int bisect_features_parse(const char *list, struct bisect_features *f,
			  char *bad, size_t len)
{
	f->n = 0;
	for (const char *p = list; *p; p += *p == ',') {
		size_t n = strcspn(p, ",");
		const char *name = strncmp(p, "NO_", 3) || n < 4 ? p : p + 3;
		size_t nn = n - (size_t)(name - p);
		int dup = 0;

		snprintf(bad, len, "%.*s", (int)n, p);
		if (nn >= BISECT_FEATURE_LEN || n >= len ||
		    feature_name_why(bad) || f->n == BISECT_MAX_FEATURES)
			return -EINVAL;
		for (int i = 0; i < f->n; i++)
			dup |= strlen(f->name[i]) == nn &&
			       !strncmp(f->name[i], name, nn);
		if (dup)
			return -EINVAL;
		snprintf(f->name[f->n++], BISECT_FEATURE_LEN, "%.*s", (int)nn,
			 name);
		p += n;
	}
	snprintf(bad, len, "%s", list);
	return f->n ? 0 : -EINVAL;
}

/* Is token @tok one of the space-separated words of @line? */
static int has_word(const char *line, const char *tok)
{
	size_t n = strlen(tok);

	for (const char *p = line; p && (p = strstr(p, tok)); p += n)
		if ((p == line || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

int bisect_feature_flip(const char (*set)[64], int n, const char *line,
			const char *feature, char *out, size_t len)
{
	char no[BISECT_FEATURE_LEN + 3];
	int on = -1;

	snprintf(no, sizeof(no), "NO_%s", feature);
	for (int i = 0; i < n; i++) /* the set's last word on it counts */
		if (!strcmp(set[i], feature) || !strcmp(set[i], no))
			on = !strcmp(set[i], feature);
	if (on < 0 && line && has_word(line, feature))
		on = 1;
	else if (on < 0 && line && has_word(line, no))
		on = 0;
	if (on < 0)
		return -ENOENT;
	snprintf(out, len, "%s", on ? no : feature);
	return 0;
}
