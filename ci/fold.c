// SPDX-License-Identifier: GPL-2.0
/* Fold a run's delay table into workload groups and one other:(N) row (kernel threads, the harness's own tasks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/fold.h"

/*
 * Kernel threads by the name Linux gives them, up to the first '/', digit
 * or '_' ("kworker/1:2", "kcompactd0", "rcu_preempt", "irq/24-virtio0"),
 * and the tasks the guest agent itself starts or runs under.
 */
static const char *const other_stems[] = {
	/* kernel threads */
	"kworker",
	"ksoftirqd",
	"migration",
	"swapper",
	"rcu",
	"rcub",
	"rcuc",
	"rcuog",
	"rcuop",
	"kcompactd",
	"kswapd",
	"khugepaged",
	"ksmd",
	"kthreadd",
	"khungtaskd",
	"kdevtmpfs",
	"kauditd",
	"kblockd",
	"kintegrityd",
	"kthrotld",
	"oom",
	"writeback",
	"cpuhp",
	"idle",
	"watchdog",
	"watchdogd",
	"irq",
	"jbd2",
	"scsi",
	"hwrng",
	"kstrp",
	"ipv6",
	"edac",
	"devfreq",
	"ata",
	"md",
	"mld",
	"zswap",
	"xenbus",
	"inet",
	"blkcg",
	"kaluad",
	"kmpath",
	"kmpathd",
	"ext4",
	"pool",
	"napi",
	"virtio",
	"vhost",
	"ttm",
	"card",
	"charger",
	"tpm",
	"acpi",
	"kacpid",
	"kacpi",
	"ecryptfs",
	"crypto",
	"netns",
	"mm",
	"slub",
	/* the harness */
	"sbguest",
	"trace-cmd",
	"perf",
	"init",
	"sh",
	"busybox",
	"tar",
	"cat",
	"sleep",
	"dmesg",
	"mount",
	"poweroff",
	"sync",
};

int ci_fold_is_other(const char *comm)
{
	size_t n = strcspn(comm, "/_:0123456789");

	for (size_t i = 0; i < sizeof(other_stems) / sizeof(other_stems[0]);
	     i++)
		if (strlen(other_stems[i]) == n &&
		    !strncmp(comm, other_stems[i], n))
			return 1;
	return 0;
}

double ci_fold_avg_ms(const struct ci_fold_row *r)
{
	return r->switches > 0 ? r->sum_delay_ms / r->switches : 0;
}

static void add(struct ci_fold_row *r, const struct ci_table_row *g)
{
	double max = ci_table_or_0(g->max_delay_ms);

	r->tasks += (unsigned int)ci_table_or_0(g->tasks);
	r->runtime_ms += ci_table_or_0(g->runtime_ms);
	r->switches += ci_table_or_0(g->switches);
	r->sum_delay_ms += ci_table_or_0(g->sum_delay_ms);
	if (max > r->max_delay_ms)
		r->max_delay_ms = max;
}

static int cmp_comm(const void *a, const void *b)
{
	return strcmp(((const struct ci_fold_row *)a)->comm,
		      ((const struct ci_fold_row *)b)->comm);
}

size_t ci_fold_table(const struct ci_table *table, struct ci_fold_row *rows,
		     size_t max)
{
	struct ci_fold_row other = { .comm = CI_FOLD_OTHER };
	size_t n = 0;

	if (!max)
		return 0;
	for (size_t i = 0; i < table->n_groups; i++) {
		const struct ci_table_row *g = &table->groups[i];

		/* the recording's word (workload pids and their forks) first */
		if ((g->workload >= 0 ? !g->workload :
					ci_fold_is_other(g->comm)) ||
		    n + 1 == max) {
			add(&other, g);
			continue;
		}
		rows[n] = (struct ci_fold_row){ 0 };
		snprintf(rows[n].comm, sizeof(rows[n].comm), "%s", g->comm);
		add(&rows[n++], g);
	}
	qsort(rows, n, sizeof(*rows), cmp_comm);
	if (other.tasks)
		rows[n++] = other;
	return n;
}
