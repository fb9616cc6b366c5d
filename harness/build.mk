# Harness core: scenarios, the workload registry, the agent (shared by the
# static guest agent sbguest and host mode), the matrix runner, results.
HARNESS_AGENT_SRCS := harness/scenario.c harness/workload.c \
		      harness/features.c harness/recorder.c \
		      harness/schedstat.c harness/agent.c
HARNESS_SRCS := harness/cmd_run.c harness/plan.c harness/manifest.c \
		harness/run_vm.c harness/run_host.c harness/unpack.c \
		$(HARNESS_AGENT_SRCS)

PROGS += sbguest
sbguest_SRCS := harness/sbguest.c $(HARNESS_AGENT_SRCS) $(COMMON_SRCS)
sbguest_LDLIBS := -ljansson -lm
sbguest_STATIC := 1

UNIT_TESTS += test_harness_scenario
test_harness_scenario_SRCS := tests/unit/test_harness_scenario.c \
			      harness/scenario.c harness/workload.c \
			      $(COMMON_SRCS)
test_harness_scenario_LDLIBS := -ljansson -lm

UNIT_TESTS += test_harness_plan
test_harness_plan_SRCS := tests/unit/test_harness_plan.c harness/plan.c \
			  $(COMMON_SRCS)
test_harness_plan_LDLIBS := -ljansson -lm

UNIT_TESTS += test_harness_unpack
test_harness_unpack_SRCS := tests/unit/test_harness_unpack.c harness/unpack.c \
			    $(COMMON_SRCS)
test_harness_unpack_LDLIBS := -ljansson -lm
