// SPDX-License-Identifier: GPL-2.0
/* Which gate rules judge a run: --rules, else the ones its scenario names, else ci/gate.json. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/rules_pick.h"
#include "ci/scenario_view.h"
#include "common/atomicio.h"
#include "common/rootdir.h"

#define DEFAULT_RULES "ci/gate.json"

/* Does @rel climb out of the directory it is taken under (/x, .., a/../..)? */
static int escapes(const char *rel)
{
	if (*rel == '/')
		return 1;
	for (const char *p = rel; *p;) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.')
			return 1;
		p += n + (p[n] == '/');
	}
	return 0;
}

/*
 * @path, @name and @from of the pick; 0, -ENAMETOOLONG, or -EACCES: a
 * scenario's choice outside the checkout (refused before it is read).
 */
static int pick(const char *given, const char *named, struct ci_rules_pick *p)
{
	int n;

	if (given) {
		p->from = "--rules";
		snprintf(p->name, sizeof(p->name), "%s", given);
		n = snprintf(p->path, sizeof(p->path), "%s", given);
		return n >= (int)sizeof(p->path) ? -ENAMETOOLONG : 0;
	}
	if (!named || !*named) {
		p->from = "the default";
		named = DEFAULT_RULES;
	} else {
		p->from = "named by the scenario";
	}
	snprintf(p->name, sizeof(p->name), "%s", named);
	if (escapes(named))
		return -EACCES;
	return sb_root_path(p->path, sizeof(p->path), named);
}

int ci_rules_pick_load(const char *given, const char *named,
		       const char *named_in, struct ci_rules *rules,
		       struct ci_rules_pick *p, struct sb_error *e)
{
	int from_scenario = !given && named && *named, r;
	struct sb_error why;

	*rules = (struct ci_rules){ 0 };
	r = pick(given, named, p);

	if (r == -EACCES)
		return sb_error_set(e, -EINVAL, named_in, "rules", NULL,
				    "\"%s\" is outside the checkout: name a "
				    "file under it without .. (ci/gate.json, "
				    "say)",
				    named);
	if (r)
		r = sb_error_set(&why, -EINVAL, p->name, NULL, NULL,
				 "path too long");
	else
		r = ci_rules_load(p->path, rules, &why);
	if (!r)
		return 0;
	if (from_scenario)
		return sb_error_set(e, r, named_in, "rules", NULL,
				    "\"%s\" is not a usable rules file: %s",
				    named, why.msg);
	*e = why;
	return r;
}

int ci_rules_check_named(const char *named, const char *file,
			 struct sb_error *e)
{
	struct ci_rules_pick p;
	struct ci_rules rules;
	int r;

	if (!*named)
		return 0;
	r = ci_rules_pick_load(NULL, named, file, &rules, &p, e);
	ci_rules_free(&rules);
	return r;
}

int ci_rules_named_by_run(const char *dir, char *named, size_t len,
			  struct sb_error *e)
{
	struct ci_scenario_view v;
	char path[4200];
	int r = ci_scenario_view_of_dir(dir, &v, e);

	*named = '\0';
	snprintf(path, sizeof(path), "%s/scenario.json", dir);
	if (!r && v.rules && strlen(v.rules) >= len)
		r = sb_error_set(e, -EINVAL, path, "rules", NULL,
				 "\"%.40s...\" is not a path under %zu bytes",
				 v.rules, len);
	else if (!r && v.rules)
		memcpy(named, v.rules, strlen(v.rules) + 1);
	ci_scenario_view_free(&v);
	return r;
}

int ci_rules_pick_is_default(const struct ci_rules_pick *p)
{
	char def[4096], *a = NULL, *b = NULL;
	int same;

	if (!sb_root_path(def, sizeof(def), DEFAULT_RULES)) {
		a = realpath(p->path, NULL);
		b = realpath(def, NULL);
	}
	same = a && b && !strcmp(a, b);
	free(a);
	free(b);
	return same;
}

void ci_rules_pick_say(FILE *f, const struct ci_rules_pick *p)
{
	fprintf(f, "rules: %s (%s)\n", p->name, p->from);
}
