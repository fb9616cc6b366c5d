# mixload: the chromium-style mixed load.
MIX_CORE_SRCS := workloads/mixload/rng.c workloads/mixload/events.c \
		 workloads/mixload/frames.c workloads/mixload/taskq.c
MIX_SRCS := $(MIX_CORE_SRCS) workloads/mixload/cfg.c \
	    workloads/mixload/role.c workloads/mixload/ipc.c \
	    workloads/mixload/renderer.c workloads/mixload/procs.c \
	    workloads/mixload/browser.c workloads/mixload/report.c

PROGS += mixload
mixload_SRCS := workloads/mixload/main.c $(MIX_SRCS) $(WL_DEP_SRCS)
mixload_LDLIBS := $(WL_LDLIBS)
mixload_STATIC := 1

UNIT_TESTS += test_mixload_rng
test_mixload_rng_SRCS := tests/unit/test_mixload_rng.c $(MIX_CORE_SRCS) \
			 $(COMMON_SRCS)
test_mixload_rng_LDLIBS := -ljansson -lm

UNIT_TESTS += test_mixload_frames
test_mixload_frames_SRCS := tests/unit/test_mixload_frames.c \
			    $(MIX_CORE_SRCS) $(COMMON_SRCS)
test_mixload_frames_LDLIBS := -ljansson -lm

UNIT_TESTS += test_mixload_cfg
test_mixload_cfg_SRCS := tests/unit/test_mixload_cfg.c \
			 workloads/mixload/cfg.c $(WL_DEP_SRCS)
test_mixload_cfg_LDLIBS := $(WL_LDLIBS)
