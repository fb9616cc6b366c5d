/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The triage before a bisection: which scheduler features to flip on the
 * bad end (the --features list) and what flipping one means for it (X
 * when it runs with NO_X, NO_X when with X), from the scenario's feature
 * set, or the kernel's own line when the set leaves the feature alone.
 */
#ifndef SB_MERGE_BISECT_TRIAGE_H
#define SB_MERGE_BISECT_TRIAGE_H

#include <stddef.h>

#define BISECT_MAX_FEATURES 16
#define BISECT_FEATURE_LEN 64

struct bisect_features {
	char name[BISECT_MAX_FEATURES][BISECT_FEATURE_LEN]; /* without NO_ */
	int n;
};

/*
 * Parse @list ("PREEMPT_SHORT,DELAY_DEQUEUE": [A-Z_]+ names, a NO_ prefix
 * dropped, each once) into @f. Returns 0 or -EINVAL (@bad gets the name
 * at fault, or the list).
 */
int bisect_features_parse(const char *list, struct bisect_features *f,
			  char *bad, size_t len);

/*
 * The setting that flips @feature for a kernel running the set @set (@n
 * features, X or NO_X) on its own features line @line (NULL or "" when
 * unknown): "NO_X" when X is on there, "X" when off, into @out. The set
 * decides when it names the feature, else the line. Returns 0, or -ENOENT
 * when neither says (the line is unknown and the set leaves it alone).
 */
int bisect_feature_flip(const char (*set)[64], int n, const char *line,
			const char *feature, char *out, size_t len);

#endif
