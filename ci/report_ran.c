// SPDX-License-Identifier: GPL-2.0
/* report.html's "What ran": each column's manifest facts side by side, what differs between them marked. */
#include <stdlib.h>
#include <string.h>

#include "ci/report_ran.h"
#include "ci/util.h"
#include "common/fmt.h"

enum {
	RAN_RELEASE,
	RAN_SOURCE,
	RAN_IMAGE,
	RAN_ACCEL,
	RAN_ACCEL_NOTE,
	RAN_CPUS,
	RAN_MEMORY,
	RAN_QEMU,
	RAN_FEATURES,
	RAN_FEATURES_NOTE,
	RAN_SPEED,
	RAN_HOST,
	RAN_PREFLIGHT,
	RAN_REV,
	RAN_ROWS
};

/* A row's name, and whether it is a setting (compared across columns). */
static const struct {
	const char *name;
	int setting;
} rows[RAN_ROWS] = {
	[RAN_RELEASE] = { "kernel release", 1 },
	[RAN_SOURCE] = { "kernel source", 1 },
	[RAN_IMAGE] = { "image sha256", 1 },
	[RAN_ACCEL] = { "accelerator", 1 },
	[RAN_ACCEL_NOTE] = { "accel note", 1 },
	[RAN_CPUS] = { "guest vCPUs", 1 },
	[RAN_MEMORY] = { "guest memory MB", 1 },
	[RAN_QEMU] = { "QEMU", 1 },
	[RAN_FEATURES] = { "features read", 1 },
	[RAN_FEATURES_NOTE] = { "features note", 1 },
	/* measured in each run: apart by noise, not by what was asked */
	[RAN_SPEED] = { "guest speed", 0 },
	[RAN_HOST] = { "host", 1 },
	[RAN_PREFLIGHT] = { "preflight", 0 },
	[RAN_REV] = { "slicebench", 1 },
};

/* One column's facts: NULL where its manifest does not say one. */
struct ran_col {
	const char *v[RAN_ROWS];
	char cpus[16], memory[16], speed[32];
};

static void ran_col(const struct ci_manifest *m, struct ran_col *rc)
{
	*rc = (struct ran_col){ .v = {
					[RAN_RELEASE] = m->kernel_release,
					[RAN_SOURCE] = m->kernel_source,
					[RAN_IMAGE] = m->kernel_image_sha256,
					[RAN_ACCEL] = m->accel,
					[RAN_ACCEL_NOTE] = m->accel_note,
					[RAN_QEMU] = m->qemu_version,
					[RAN_FEATURES] = m->features_read,
					[RAN_FEATURES_NOTE] = m->features_note,
					[RAN_HOST] = m->cpu_model,
					[RAN_PREFLIGHT] = m->preflight_summary,
					[RAN_REV] = m->slicebench_rev,
				} };
	if (m->vm_cpus >= 0) {
		snprintf(rc->cpus, sizeof(rc->cpus), "%d", m->vm_cpus);
		rc->v[RAN_CPUS] = rc->cpus;
	}
	if (m->memory_mb >= 0) {
		snprintf(rc->memory, sizeof(rc->memory), "%d", m->memory_mb);
		rc->v[RAN_MEMORY] = rc->memory;
	}
	/* on the host (vm null) no guest ran: no guest speed */
	if (m->has_vm && m->guest_speed > 0) {
		snprintf(rc->speed, sizeof(rc->speed), "%.2f", m->guest_speed);
		rc->v[RAN_SPEED] = rc->speed;
	}
}

/* Has @s the word @w (@n characters) between spaces? */
static int has_word(const char *s, const char *w, size_t n)
{
	while (s && *s) {
		size_t len;

		s += strspn(s, " ");
		len = strcspn(s, " ");
		if (len == n && !strncmp(s, w, n))
			return 1;
		s += len;
	}
	return 0;
}

/* Does @row's value differ between the @n columns @rc? */
static int row_differs(const struct ran_col *rc, size_t n, int row)
{
	for (size_t k = 1; k < n; k++) {
		const char *a = rc[0].v[row], *b = rc[k].v[row];

		if (!a != !b || (a && strcmp(a, b)))
			return 1;
	}
	return 0;
}

/* @s escaped, each word that not every column has in <mark>. */
static void marked_words(FILE *f, const char *s, const struct ran_col *rc,
			 size_t n, int row)
{
	while (*s) {
		size_t sp = strspn(s, " "), len;
		int common = 1;

		fwrite(s, 1, sp, f);
		s += sp;
		len = strcspn(s, " ");
		for (size_t k = 0; k < n; k++)
			common &= has_word(rc[k].v[row], s, len);
		fputs(common ? "" : "<mark>", f);
		ci_markup_escaped(f, s, len);
		fputs(common ? "" : "</mark>", f);
		s += len;
	}
}

void ci_report_ran(FILE *f, const struct ci_columns *c)
{
	struct ran_col *rc = calloc(c->n ? c->n : 1, sizeof(*rc));
	int differs[RAN_ROWS], any = 0;

	if (!rc)
		return;
	for (size_t k = 0; k < c->n; k++)
		ran_col(&c->v[k].runs[0]->manifest, &rc[k]);
	fputs("<h2>What ran</h2>\n<p>Each column's first run, as its "
	      "manifest.json says. Marked: the settings that differ between "
	      "the columns (measured figures, such as the guest's speed, "
	      "are not compared).</p>\n",
	      f);
	for (int i = 0; i < RAN_ROWS; i++) {
		differs[i] = rows[i].setting && row_differs(rc, c->n, i);
		if (differs[i])
			fprintf(f, "%s%s",
				any++ ? ", " :
					"<p class=\"differs\">"
					"Differs: ",
				rows[i].name);
	}
	fputs(any ? ".</p>\n" :
		    "<p class=\"differs\">Differs: nothing "
		    "but the runs' own figures.</p>\n",
	      f);
	fputs("<table class=\"ran\"><tr><th class=\"l\">fact</th>", f);
	for (size_t k = 0; k < c->n; k++) {
		char head[300];

		snprintf(head, sizeof(head), "%s (%zu run%s)", c->v[k].label,
			 c->v[k].n_runs, SB_S(c->v[k].n_runs));
		fputs("<th class=\"l\">", f);
		ci_markup_escaped(f, head, strlen(head));
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (int i = 0; i < RAN_ROWS; i++) {
		int said = 0;

		for (size_t k = 0; k < c->n; k++)
			said |= rc[k].v[i] != NULL;
		if (!said)
			continue;
		fprintf(f, "<tr%s><th class=\"l\">%s</th>",
			differs[i] ? " class=\"d\"" : "", rows[i].name);
		for (size_t k = 0; k < c->n; k++) {
			const char *v = rc[k].v[i];

			fputs(differs[i] ? "<td class=\"l d\">" :
					   "<td class=\"l\">",
			      f);
			if (!v)
				fputs("-", f);
			else if (differs[i])
				marked_words(f, v, rc, c->n, i);
			else
				ci_markup_escaped(f, v, strlen(v));
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	free(rc);
}
