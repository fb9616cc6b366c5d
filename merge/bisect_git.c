// SPDX-License-Identifier: GPL-2.0
/* The good end and the first-parent commits of a git range, with their subjects, read with git. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge/bisect_git.h"
#include "harness/boot/capture.h"

#define GIT_TIMEOUT_NS (600LL * 1000000000LL)

void bisect_commits_free(struct bisect_commits *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->subject[i]);
	free(c->subject);
	free(c->id);
	*c = (struct bisect_commits){ 0 };
}

static int add(struct bisect_commits *c, const char *id, const char *subj,
	       size_t len)
{
	char(*ids)[41] = realloc(c->id, (c->n + 1) * sizeof(*ids));
	char **subjects;

	if (!ids)
		return -ENOMEM;
	c->id = ids;
	subjects = realloc(c->subject, (c->n + 1) * sizeof(*subjects));
	if (!subjects)
		return -ENOMEM;
	c->subject = subjects;
	if (!(c->subject[c->n] = strndup(subj, len)))
		return -ENOMEM;
	snprintf(c->id[c->n++], 41, "%.40s", id);
	return 0;
}

int bisect_commits_parse(const char *text, struct bisect_commits *c)
{
	int ret = 0;

	for (const char *line = text; !ret && line && *line;) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);

		if (strncmp(line, "commit ", 7)) {
			if (n < 41 || strspn(line, "0123456789abcdef") != 40 ||
			    line[40] != ' ')
				return -EINVAL;
			ret = add(c, line, line + 41, n - 41);
		}
		line = end ? end + 1 : NULL;
	}
	return ret;
}

/* The full id of @rev (a commit) in @tree into @id; 0 or -EINVAL. */
static int resolve(const char *tree, const char *rev, char id[41])
{
	char spec[256], *out = NULL;
	const char *argv[] = { "git",	  "-C",	      tree, "rev-parse",
			       "--quiet", "--verify", spec, NULL };
	int rc;

	if (*rev == '-' || (size_t)snprintf(spec, sizeof(spec), "%s^{commit}",
					    rev) >= sizeof(spec))
		return -EINVAL;
	rc = capture_run(argv, 0, GIT_TIMEOUT_NS, &out);
	if (!rc && strspn(out, "0123456789abcdef") == 40)
		snprintf(id, 41, "%.40s", out);
	free(out);
	return rc < 0 ? rc : rc || !id[0] ? -EINVAL : 0;
}

/* "<id> <subject>" lines of @argv's output into @c. */
static int read_commits(const char *const *argv, struct bisect_commits *c)
{
	char *out = NULL;
	int rc = capture_run(argv, 0, GIT_TIMEOUT_NS, &out);

	if (!rc)
		rc = bisect_commits_parse(out, c);
	else if (rc > 0)
		rc = -EIO;
	free(out);
	return rc;
}

int bisect_commits_load(const char *tree, const char *good, const char *bad,
			struct bisect_commits *c, struct sb_error *e)
{
	char g[41] = "", b[41] = "", range[84];
	const char *one[] = { "git",	  "-C",	 tree,
			      "rev-list", "-n1", "--format=%H %s",
			      g,	  NULL };
	const char *anc[] = { "git",	       "-C", tree, "merge-base",
			      "--is-ancestor", g,    b,	   NULL };
	const char *list[] = { "git",
			       "-C",
			       tree,
			       "rev-list",
			       "--first-parent",
			       "--reverse",
			       "--format=%H %s",
			       range,
			       NULL };
	char *out = NULL;
	int ret;

	*c = (struct bisect_commits){ 0 };
	if ((ret = resolve(tree, good, g)) || (ret = resolve(tree, bad, b)))
		return sb_error_set(e, ret == -ENOENT ? -ENOENT : -EINVAL, tree,
				    g[0] ? "--bad" : "--good",
				    g[0] ? bad : good, "%s",
				    ret == -ENOENT ?
					    "git is not installed" :
					    "no such commit in the git tree");
	ret = capture_run(anc, 0, GIT_TIMEOUT_NS, &out);
	free(out);
	if (ret)
		return sb_error_set(e, ret < 0 ? ret : -EINVAL, tree, "--good",
				    good, "is not an ancestor of --bad %s",
				    bad);
	snprintf(range, sizeof(range), "%s..%s", g, b);
	ret = read_commits(one, c);
	ret = ret ?: read_commits(list, c);
	if (!ret && c->n < 2)
		ret = -EINVAL;
	if (ret) {
		bisect_commits_free(c);
		return sb_error_set(e, ret, tree, "--bad", bad,
				    ret == -EINVAL ?
					    "no commit after --good %s" :
					    "cannot list the commits "
					    "after --good %s",
				    good);
	}
	return 0;
}
