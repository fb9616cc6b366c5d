# Compare, gate, statistics and plots.
CI_SRCS := ci/cmd_compare.c ci/cmd_gate.c
