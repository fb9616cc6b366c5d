# Harness core: scenarios, the workload registry, the agent (shared by the
# static guest agent sbguest and host mode), the matrix runner, results.
HARNESS_AGENT_SRCS := harness/scenario.c harness/workload.c \
		      harness/features.c harness/recorder.c \
		      harness/schedstat.c harness/agent.c
HARNESS_SRCS := harness/cmd_run.c harness/plan.c harness/manifest.c \
		harness/run_vm.c harness/run_host.c $(HARNESS_AGENT_SRCS)

PROGS += sbguest
sbguest_SRCS := harness/sbguest.c $(HARNESS_AGENT_SRCS) $(COMMON_SRCS)
sbguest_LDLIBS := -ljansson -lm
sbguest_STATIC := 1
