# Shared C used by every tool: durations, histograms, atomic I/O, spawning,
# JSON envelope, option tables, checked formatting.
COMMON_SRCS := common/accel.c common/duration.c common/valcheck.c common/jsonread.c common/jsonwrite.c common/envelope_rows.c common/window_file.c common/agent_file.c common/hist.c common/atomicio.c common/rootdir.c \
	       common/spawn.c common/keeper.c common/envelope.c common/opts.c common/cpulist.c \
	       common/slice_range.c common/fmt.c common/calib.c common/jsonpath.c \
	       common/log.c common/error.c common/tracefs_dir.c \
	       common/dirlock.c common/outfile.c common/outcheck.c common/cmd_opts.c \
	       common/base64.c common/csv.c common/closest.c
# The JSON reader with what it links (for programs that take few of COMMON_SRCS).
JSONREAD_SRCS := common/jsonread.c common/jsonwrite.c common/envelope_rows.c common/window_file.c common/agent_file.c common/valcheck.c common/error.c \
		 common/duration.c common/cpulist.c
# Host-side only (not in the static guest binaries): needs -lmd.
COMMON_HOST_SRCS := common/sha256.c
UNIT_TESTS += test_common
test_common_SRCS := tests/unit/test_common.c $(COMMON_SRCS) $(COMMON_HOST_SRCS)
test_common_LDLIBS := -ljansson -lmd -lm
UNIT_TESTS += test_common_outcheck
test_common_outcheck_SRCS := tests/unit/test_common_outcheck.c common/outcheck.c common/outfile.c \
			     common/atomicio.c common/envelope.c common/error.c
test_common_outcheck_LDLIBS := -ljansson
UNIT_TESTS += test_common_log
test_common_log_SRCS := tests/unit/test_common_log.c common/log.c common/error.c
UNIT_TESTS += test_agent_file
test_agent_file_SRCS := tests/unit/test_agent_file.c $(JSONREAD_SRCS) common/atomicio.c
test_agent_file_LDLIBS := -ljansson
UNIT_TESTS += test_jsonread
test_jsonread_SRCS := tests/unit/test_jsonread.c $(JSONREAD_SRCS) common/atomicio.c
test_jsonread_LDLIBS := -ljansson

UNIT_TESTS += test_opts
test_opts_SRCS := tests/unit/test_opts.c common/opts.c common/cmd_opts.c common/valcheck.c common/cpulist.c common/slice_range.c \
		  common/duration.c
test_opts_LDLIBS :=
