// SPDX-License-Identifier: GPL-2.0
/* Unit tests of mixload's frame deadline / input latency accounting and task FIFO. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "workloads/mixload/frames.h"
#include "workloads/mixload/taskq.h"

#define I 16666666ull /* 60 Hz */
#define SEC 1000000000ull
#define T0 5000000000ull /* origin of the vsync grid */

static void test_next_vsync(void **state)
{
	uint64_t skipped;

	(void)state;
	/* On time: the next vsync, nothing skipped. */
	assert_int_equal(mix_next_vsync(T0, I, T0, T0 + 3000000, &skipped),
			 T0 + I);
	assert_int_equal(skipped, 0);
	/* Done exactly at the deadline: still on time. */
	assert_int_equal(mix_next_vsync(T0, I, T0, T0 + I, &skipped), T0 + I);
	assert_int_equal(skipped, 0);
	/* Done at 2.5 periods: begins at vsync 3, vsyncs 1 and 2 passed over. */
	assert_int_equal(mix_next_vsync(T0, I, T0, T0 + 5 * I / 2, &skipped),
			 T0 + 3 * I);
	assert_int_equal(skipped, 2);
	/* Late frame on a later vsync of the grid. */
	assert_int_equal(mix_next_vsync(T0, I, T0 + 10 * I, T0 + 11 * I + 1,
					&skipped),
			 T0 + 12 * I);
	assert_int_equal(skipped, 1);
}

static void test_record_window_and_deadline(void **state)
{
	struct mix_window w = { .start_ns = T0 + SEC, .end_ns = T0 + 3 * SEC };
	uint64_t early[] = { T0 + SEC - 1000, T0 + SEC + 100 };
	uint64_t warm[] = { T0 + 10 };
	struct mix_frames f;

	(void)state;
	assert_int_equal(mix_frames_init(&f, w, I), 0);
	assert_int_equal(f.iv_n, 2);

	/* Warm-up frame: missed, but not counted; its input neither. */
	assert_int_equal(mix_frames_record(&f, T0, T0 + 2 * I, 0, warm, 1), 1);
	assert_int_equal(f.frames, 0);
	assert_int_equal(f.input_latency.count, 0);

	/* In the window, on time; one input from before the window dropped. */
	assert_int_equal(mix_frames_record(&f, T0 + SEC, T0 + SEC + 4000000, 0,
					   early, 2),
			 0);
	assert_int_equal(f.frames, 1);
	assert_int_equal(f.misses, 0);
	assert_int_equal(f.input_latency.count, 1);
	assert_int_equal(f.input_latency.min, 4000000 - 100);

	/* Exactly at the deadline: not a miss. */
	assert_int_equal(mix_frames_record(&f, T0 + SEC + I, T0 + SEC + 2 * I,
					   0, NULL, 0),
			 0);
	/* One ns late: a miss, with the two vsyncs it skipped. */
	assert_int_equal(mix_frames_record(&f, T0 + SEC + 2 * I,
					   T0 + SEC + 3 * I + 1, 2, NULL, 0),
			 1);
	/* Second interval. */
	assert_int_equal(mix_frames_record(&f, T0 + 2 * SEC + 5,
					   T0 + 2 * SEC + 5 + 30000000, 0, NULL,
					   0),
			 1);
	/* At the end of the window: outside. */
	mix_frames_record(&f, T0 + 3 * SEC, T0 + 3 * SEC + 1, 0, NULL, 0);

	assert_int_equal(f.frames, 4);
	assert_int_equal(f.misses, 2);
	assert_int_equal(f.skipped, 2);
	assert_int_equal(f.frame_time.count, 4);
	assert_int_equal(f.frame_time.max, 30000000);
	assert_int_equal(f.frame_time.min, 4000000);
	assert_int_equal(f.iv[0].frames, 3);
	assert_int_equal(f.iv[0].misses, 1);
	assert_int_equal(f.iv[0].input.count, 1);
	assert_int_equal(f.iv[1].frames, 1);
	assert_int_equal(f.iv[1].misses, 1);
	assert_int_equal(mix_frames_intervals_used(&f), 2);
	assert_int_equal(f.series_n, 4);
	assert_int_equal(f.series[0].t_ns, 0);
	assert_int_equal(f.series[2].t_ns, 2 * I);
	assert_int_equal(f.series[2].missed, 1);
	assert_int_equal(f.series[3].t_ns, SEC + 5);
	mix_frames_free(&f);
}

static void test_series_bounded_intervals_trimmed(void **state)
{
	struct mix_window w = { .start_ns = 0, .end_ns = 10 * SEC };
	struct mix_frames f;

	(void)state;
	assert_int_equal(mix_frames_init(&f, w, 1000), 0);
	assert_int_equal(mix_frames_intervals_used(&f), 0);
	for (uint64_t i = 0; i < MIX_SERIES_MAX + 5; i++)
		mix_frames_record(&f, i * 1000, i * 1000 + 500, 0, NULL, 0);
	assert_int_equal(f.frames, MIX_SERIES_MAX + 5);
	assert_int_equal(f.series_n, MIX_SERIES_MAX);
	/* Interrupted after the first second: one interval reported. */
	assert_int_equal(mix_frames_intervals_used(&f), 1);
	mix_frames_free(&f);

	w.end_ns = 0;
	assert_int_equal(mix_frames_init(&f, w, 1000), -EINVAL);
}

static void test_taskq_fifo_grows(void **state)
{
	struct mix_taskq q;
	struct mix_task t;

	(void)state;
	mix_taskq_init(&q);
	assert_int_equal(mix_taskq_pop(&q, &t), 0);
	/* Interleave so the ring wraps before it grows. */
	for (uint64_t i = 0; i < 50; i++) {
		t.arg = i;
		assert_int_equal(mix_taskq_push(&q, &t), 0);
	}
	for (uint64_t i = 0; i < 40; i++) {
		assert_int_equal(mix_taskq_pop(&q, &t), 1);
		assert_int_equal(t.arg, i);
	}
	for (uint64_t i = 50; i < 300; i++) {
		t.arg = i;
		assert_int_equal(mix_taskq_push(&q, &t), 0);
	}
	for (uint64_t i = 40; i < 300; i++) {
		assert_int_equal(mix_taskq_pop(&q, &t), 1);
		assert_int_equal(t.arg, i);
	}
	assert_int_equal(mix_taskq_pop(&q, &t), 0);
	mix_taskq_free(&q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_next_vsync),
		cmocka_unit_test(test_record_window_and_deadline),
		cmocka_unit_test(test_series_bounded_intervals_trimmed),
		cmocka_unit_test(test_taskq_fifo_grows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
