# Readers of real tools' output (hackbench, stress-ng) into workload documents.
TOOLOUT_SRCS := workloads/toolout/hackbench.c workloads/toolout/stressng.c

UNIT_TESTS += test_toolout_hackbench
test_toolout_hackbench_SRCS := tests/unit/test_toolout_hackbench.c \
			       workloads/toolout/hackbench.c $(COMMON_SRCS)
test_toolout_hackbench_LDLIBS := -ljansson -lm

UNIT_TESTS += test_toolout_stressng
test_toolout_stressng_SRCS := tests/unit/test_toolout_stressng.c \
			      workloads/toolout/stressng.c $(COMMON_SRCS)
test_toolout_stressng_LDLIBS := -ljansson -lm
