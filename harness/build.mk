# Harness core: scenarios, matrix runner, results, guest agent.
HARNESS_SRCS := harness/cmd_run.c
