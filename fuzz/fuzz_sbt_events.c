// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the analyzer core (analyzer/sbt.c, sbt_table.c) and its
 * formatters, fed event sequences decoded from the fuzz bytes: an 8-byte
 * header (window, interval, pid/comm filters, sort), then 9 bytes per event.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "analyzer/analyze.h"
#include "analyzer/sbt.h"
#include "analyzer/sbt_format.h"
#include "analyzer/sbt_table.h"
#include "fuzz/fuzz_io.h"

#define NCOMMS 7 /* comm index 7 is NULL (unknown) */
#define EV_BYTES 9
#define HDR_BYTES 8
#define START_NS 1000000000ULL

/* Comms exactly SBT_COMM_LEN - 1 bytes long, without a NUL: the core may
 * read that many and no more. */
static char *comms[NCOMMS];

static void init_comms(void)
{
	static const char *const names[NCOMMS] = {
		"cyclic",      "massive_intr",		"mix-ui",
		"kworker/0:1", "averyveryverylongname", "",
		"cyclic"
	};

	for (int i = 0; i < NCOMMS && !comms[i]; i++) {
		comms[i] = malloc(SBT_COMM_LEN - 1);
		if (!comms[i])
			abort();
		strncpy(comms[i], names[i], SBT_COMM_LEN - 1);
	}
}

static const char *comm_of(uint8_t b)
{
	return (b & 7) == NCOMMS ? NULL : comms[b & 7];
}

static int pid_of(uint8_t b)
{
	if (b == 0xff)
		return -1;
	return (b & 0x80 ? 4194304 : 0) + (b & 15);
}

static uint64_t state_of(uint8_t b)
{
	static const uint64_t states[8] = { 0,	   1,	 2,	0x100,
					    0x101, 0x80, 0x400, 0x1ff };

	return b & 0x80 ? b : states[b & 7];
}

static void opts_of(const uint8_t *h, struct sbt_opts *o, int *pids,
		    struct sbt_table_opts *t, const char **want)
{
	static const uint64_t ivs[4] = { 0, 100000000, 1000000000,
					 10000000000 };

	memset(o, 0, sizeof(*o));
	memset(t, 0, sizeof(*t));
	o->until_ns = UINT64_MAX;
	if (h[0] & 1)
		o->since_ns = (uint64_t)(h[1] | h[2] << 8) * 1000000;
	if (h[0] & 2)
		o->until_ns =
			o->since_ns + (uint64_t)(h[3] | h[4] << 8) * 1000000;
	o->interval_ns = ivs[(h[0] >> 2) & 3];
	if (h[0] & 16) {
		pids[0] = pid_of(h[5]);
		pids[1] = pid_of(h[6]);
		o->pids = pids;
		o->npids = 2;
	}
	t->sort = (enum sbt_sort)(h[7] % 5);
	if (h[0] & 32) {
		want[0] = "cyclic";
		want[1] = "mix-ui";
		t->comms = want;
		t->ncomms = 2;
	}
}

static void decode(const uint8_t *b, uint64_t *ts, struct sbt_event *ev)
{
	uint64_t dt = (uint64_t)(b[1] | b[2] << 8);

	if (b[0] & 0x80)
		dt <<= 20; /* gaps up to ~68 s */
	*ts = b[0] & 0x40 ? *ts - dt : *ts + dt; /* backwards is refused */
	memset(ev, 0, sizeof(*ev));
	ev->type = (enum sbt_ev_type)(b[0] & 7);
	ev->ts_ns = *ts;
	ev->cpu = b[3] & 7;
	ev->pid = pid_of(b[4]);
	ev->comm = comm_of(b[7]);
	ev->prev_state = state_of(b[6]);
	ev->next_pid = pid_of(b[5]);
	ev->next_comm = comm_of(b[8]);
	ev->child_pid = pid_of(b[5]);
	ev->target_cpu = b[3] >> 4;
}

static void check_row(const struct sbt_row *r)
{
	fz_check(!r->switches ||
			 r->sum_delay_ns / r->switches <=
				 (long double)r->max_delay_ns * (1 + 1e-12L),
		 "average delay <= max delay");
	fz_check(r->max_start_ns <= r->max_end_ns, "worst wait starts first");
	fz_check(memchr(r->task, '\0', sizeof(r->task)) != NULL,
		 "task label is terminated");
}

static void format(const struct sbt_table *t)
{
	struct sbt_source src = { "fuzz.dat", "trace-cmd" };
	struct sbt_text_opts to = { 1, 1 };
	json_t *doc = json_object();
	char *text = NULL;
	size_t len = 0;

	for (size_t i = 0; i < t->ntasks; i++)
		check_row(&t->tasks[i]);
	for (size_t i = 0; i < t->ngroups; i++)
		check_row(&t->groups[i]);
	check_row(&t->total);
	fz_check(!sbt_text_to_string(t, &src, &to, &text, &len),
		 "grouped text formats");
	free(text);
	to = (struct sbt_text_opts){ 0, 0 };
	fz_check(!sbt_text_to_string(t, &src, &to, &text, &len),
		 "task text formats");
	free(text);
	fz_check(doc && !sbt_format_json(doc, t, &src), "JSON formats");
	text = json_dumps(doc, 0);
	fz_check(text != NULL, "JSON dumps");
	free(text);
	json_decref(doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	static const uint8_t zero[HDR_BYTES];
	struct sbt_table_opts topts;
	struct sbt_table table;
	const char *want[2];
	struct sbt_opts opts;
	struct sbt_event ev;
	uint64_t ts = START_NS;
	int pids[2];
	struct sbt *s;

	init_comms();
	opts_of(len >= HDR_BYTES ? data : zero, &opts, pids, &topts, want);
	s = sbt_new(&opts);
	if (!s)
		abort();
	for (size_t off = HDR_BYTES; off + EV_BYTES <= len; off += EV_BYTES) {
		const uint8_t *b = data + off;

		if ((b[0] & 0x38) == 0x38) {
			sbt_add_lost(s, (b[3] & 7) - 1, b[1]);
			continue;
		}
		decode(b, &ts, &ev);
		if (ev.ts_ns - START_NS > fz_sbt_span_ns())
			continue; /* also before the start: wrapped */
		fz_check(sbt_feed(s, &ev) != -ENOMEM, "no allocation failure");
	}
	fz_check(!sbt_table_build(s, &topts, &table), "table builds");
	format(&table);
	sbt_table_free(&table);
	sbt_free(s);
	return 0;
}
