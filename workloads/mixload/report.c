// SPDX-License-Identifier: GPL-2.0
/* Build mixload's result JSON and text summary from the merged figures. */
#include "workloads/mixload/report.h"

#include <string.h>

#include "workloads/mixload/events.h"

void mix_summary_init(struct mix_summary *s, const struct mix_cfg *cfg,
		      const struct mix_browser *b,
		      const struct mix_renderer_out *outs, unsigned int n,
		      unsigned int unanswered, uint64_t measured_ns)
{
	memset(s, 0, sizeof(*s));
	s->cfg = cfg;
	s->unanswered = unanswered;
	s->b = b;
	s->measured_ns = measured_ns;
	for (int r = MIX_ROLE_UI; r <= MIX_ROLE_COMP; r++)
		s->roles[r] = b->roles[r];
	sb_hist_init(&s->task_delay);
	sb_hist_init(&s->rmain_delay);
	sb_hist_merge(&s->task_delay, &b->ui_delay);
	s->tasks = b->ui_tasks;
	for (unsigned int i = 0; i < n; i++) {
		if (!outs[i].done)
			continue;
		mix_role_merge(&s->roles[MIX_ROLE_RMAIN], &outs[i].rmain);
		mix_role_merge(&s->roles[MIX_ROLE_RASTER], &outs[i].raster);
		sb_hist_merge(&s->rmain_delay, &outs[i].task_delay);
		s->tasks += outs[i].tasks;
	}
	sb_hist_merge(&s->task_delay, &s->rmain_delay);
	s->schedule_checksum = mix_schedule_checksum(
		(uint64_t)cfg->c.seed, MIX_STREAM_INPUT,
		(double)cfg->input_rate, cfg->c.warmup_ns + cfg->c.duration_ns,
		&s->inputs_scheduled);
}

static uint64_t cpu_total(const struct mix_summary *s)
{
	uint64_t t = 0;

	for (int r = 0; r < MIX_ROLES; r++)
		t += s->roles[r].cpu_ns;
	return t;
}

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static json_t *roles_json(const struct mix_summary *s)
{
	json_t *o = json_object();

	for (int r = 0; r < MIX_ROLES; r++) {
		const struct mix_role_stat *st = &s->roles[r];
		json_t *j = json_pack("{sI sI so}", "threads",
				      (json_int_t)st->threads, "cpu_ns",
				      (json_int_t)st->cpu_ns, "slice",
				      wl_slice_to_json(&st->slice));

		if (r == MIX_ROLE_UI)
			json_object_set_new(j, "task_queue_delay_ns",
					    sb_hist_to_json(&s->b->ui_delay,
							    0));
		if (r == MIX_ROLE_RMAIN)
			json_object_set_new(j, "task_queue_delay_ns",
					    sb_hist_to_json(&s->rmain_delay,
							    0));
		json_object_set_new(o, mix_role_name(r), j);
	}
	return o;
}

static json_t *series_json(const struct mix_frames *f)
{
	json_t *a = json_array();

	for (size_t i = 0; i < f->series_n; i++) {
		const struct mix_frame_point *p = &f->series[i];

		json_array_append_new(
			a, json_pack("{sf sI sb}", "t_s", (double)p->t_ns / 1e9,
				     "frame_ns", (json_int_t)p->frame_ns,
				     "missed", p->missed));
	}
	return a;
}

static json_t *intervals_json(const struct mix_frames *f)
{
	size_t n = mix_frames_intervals_used(f);
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++) {
		const struct mix_interval *iv = &f->iv[i];

		json_array_append_new(
			a, json_pack("{sI sI sI sI sI}", "t_s", (json_int_t)i,
				     "frames", (json_int_t)iv->frames,
				     "deadline_misses", (json_int_t)iv->misses,
				     "inputs", (json_int_t)iv->input.count,
				     "input_p99_ns",
				     (json_int_t)sb_hist_percentile(&iv->input,
								    99)));
	}
	return a;
}

json_t *mix_report_json(const struct mix_summary *s)
{
	const struct mix_frames *f = &s->b->frames;
	const struct mix_cfg *c = s->cfg;
	char sum[17];
	json_t *res;

	snprintf(sum, sizeof(sum), "%016llx",
		 (unsigned long long)s->schedule_checksum);
	res = json_pack(
		"{sI sI sI sI sI sI sf sI so so so}", "renderers_n",
		(json_int_t)c->renderers, "raster_threads_n",
		(json_int_t)c->raster_threads, "fps", (json_int_t)c->fps,
		"frame_interval_ns", (json_int_t)f->interval_ns, "frames",
		(json_int_t)f->frames, "deadline_misses", (json_int_t)f->misses,
		"deadline_miss_pct", pct(f->misses, f->frames),
		"vsyncs_skipped", (json_int_t)f->skipped, "frame_time_ns",
		sb_hist_to_json(&f->frame_time, 0), "input_latency_ns",
		sb_hist_to_json(&f->input_latency, 0), "task_queue_delay_ns",
		sb_hist_to_json(&s->task_delay, 0));
	if (!res)
		return NULL;
	json_object_set_new(
		res, "inputs",
		json_pack("{sI ss sI sI}", "scheduled",
			  (json_int_t)s->inputs_scheduled, "schedule_checksum",
			  sum, "handled", (json_int_t)s->b->inputs_handled,
			  "presented", (json_int_t)f->input_latency.count));
	json_object_set_new(res, "stalled_frames",
			    json_integer((json_int_t)s->b->stalled_frames));
	json_object_set_new(res, "renderers_unanswered",
			    json_integer((json_int_t)s->unanswered));
	json_object_set_new(res, "tasks", json_integer((json_int_t)s->tasks));
	json_object_set_new(res, "cpu_ns",
			    json_integer((json_int_t)cpu_total(s)));
	json_object_set_new(res, "cpu_load_pct",
			    json_real(pct(cpu_total(s), s->measured_ns)));
	json_object_set_new(res, "roles", roles_json(s));
	json_object_set_new(res, "frame_series", series_json(f));
	json_object_set_new(res, "frame_series_truncated",
			    json_boolean(f->frames > f->series_n));
	json_object_set_new(res, "intervals", intervals_json(f));
	return res;
}

static double ms(uint64_t ns)
{
	return (double)ns / 1e6;
}

void mix_report_text(const struct mix_summary *s, FILE *f)
{
	const struct mix_frames *fr = &s->b->frames;
	const struct sb_hist *in = &fr->input_latency, *ft = &fr->frame_time;

	fprintf(f,
		"frames %llu, deadline misses %llu (%.1f %%), skipped vsyncs %llu\n",
		(unsigned long long)fr->frames, (unsigned long long)fr->misses,
		pct(fr->misses, fr->frames), (unsigned long long)fr->skipped);
	if (s->b->stalled_frames || s->unanswered)
		fprintf(f,
			"overloaded: %llu frame(s) unanswered at the window's "
			"end (missed), %u renderer(s) killed after QUIT\n",
			(unsigned long long)s->b->stalled_frames,
			s->unanswered);
	fprintf(f, "frame time ms: p50 %.3f p99 %.3f max %.3f\n",
		ms(sb_hist_percentile(ft, 50)), ms(sb_hist_percentile(ft, 99)),
		ms(ft->max));
	fprintf(f,
		"input-to-frame ms (%llu inputs): p50 %.3f p99 %.3f max %.3f\n",
		(unsigned long long)in->count, ms(sb_hist_percentile(in, 50)),
		ms(sb_hist_percentile(in, 99)), ms(in->max));
	fprintf(f,
		"task queueing ms (%llu tasks): p50 %.3f p99 %.3f max %.3f\n",
		(unsigned long long)s->task_delay.count,
		ms(sb_hist_percentile(&s->task_delay, 50)),
		ms(sb_hist_percentile(&s->task_delay, 99)),
		ms(s->task_delay.max));
	fprintf(f, "cpu: %.1f %% of one CPU;",
		pct(cpu_total(s), s->measured_ns));
	for (int r = 0; r < MIX_ROLES; r++)
		fprintf(f, " %s %llux %.1f ms", mix_role_comm(r),
			(unsigned long long)s->roles[r].threads,
			ms(s->roles[r].cpu_ns));
	fprintf(f, "\n");
}
