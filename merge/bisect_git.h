/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The commits of a bisection over a git range: the good end and the
 * first-parent commits after it up to the bad end, read with git from the
 * kernel's tree (the tree itself is never changed).
 */
#ifndef SB_MERGE_BISECT_GIT_H
#define SB_MERGE_BISECT_GIT_H

#include <stddef.h>

#include "common/error.h"

/* Position k of a bisection is commit id[k]: 0 the good end, n - 1 the bad. */
struct bisect_commits {
	char (*id)[41]; /* full commit ids */
	char **subject;
	size_t n;
};

/*
 * Parse `git rev-list --format=%H %s` output @text (its "commit <id>"
 * header lines skipped) into @c after the entries it has. Returns 0,
 * -EINVAL (a line that is no "<id> <subject>") or -ENOMEM.
 */
int bisect_commits_parse(const char *text, struct bisect_commits *c);

/*
 * The good end @good and the commits of `git rev-list --first-parent
 * good..bad`, oldest first, in the git tree @tree. Returns 0, or with @e:
 * -EINVAL (@field "--good" or "--bad" names no commit of @tree, or good is
 * not an ancestor of bad, or the range is empty), -ENOENT (no git) or
 * -ENOMEM.
 */
int bisect_commits_load(const char *tree, const char *good, const char *bad,
			struct bisect_commits *c, struct sb_error *e);
void bisect_commits_free(struct bisect_commits *c);

#endif
