# The merge check, its journal, and bisect: above ci/ and harness/, which
# they both use (the gate of ci/, the runner of harness/).
MERGE_SRCS := merge/cmd_check.c merge/check.c merge/check_rounds.c \
	      merge/check_look.c merge/check_sets.c merge/check_journal.c \
	      merge/bisect_walk.c merge/bisect_ends.c merge/bisect_open.c \
	      merge/bisect_flip.c merge/bisect_report.c \
	      merge/cmd_bisect.c merge/bisect.c merge/bisect_log.c \
	      merge/bisect_step.c merge/bisect_git.c merge/bisect_triage.c

UNIT_TESTS += test_bisect
test_bisect_SRCS := tests/unit/test_bisect.c merge/bisect.c merge/bisect_log.c $(COMMON_SRCS)
test_bisect_LDLIBS := -ljansson -lm
UNIT_TESTS += test_check_journal
test_check_journal_SRCS := tests/unit/test_check_journal.c merge/check_journal.c $(COMMON_SRCS)
test_check_journal_LDLIBS := -ljansson -lm
UNIT_TESTS += test_bisect_git
test_bisect_git_SRCS := tests/unit/test_bisect_git.c merge/bisect_git.c \
			harness/boot/capture.c $(COMMON_SRCS)
test_bisect_git_LDLIBS := -ljansson -lm
UNIT_TESTS += test_bisect_triage
test_bisect_triage_SRCS := tests/unit/test_bisect_triage.c merge/bisect_triage.c
