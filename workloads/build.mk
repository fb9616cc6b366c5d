# Workload generators and their shared library.
WL_LIB_SRCS := workloads/lib/slice.c workloads/lib/opts.c \
	       workloads/lib/clock.c workloads/lib/stop.c \
	       workloads/lib/place.c workloads/lib/schedstat.c \
	       workloads/lib/stats.c workloads/lib/doc.c
WL_LDLIBS := -ljansson -lnuma -lpthread -lm
# Generators link the lib, the common sources and WL_LDLIBS; static for the
# guest initramfs.
WL_DEP_SRCS := $(WL_LIB_SRCS) $(COMMON_SRCS)

PROGS += massive_intr
massive_intr_SRCS := workloads/massive_intr.c $(WL_DEP_SRCS)
massive_intr_LDLIBS := $(WL_LDLIBS)
massive_intr_STATIC := 1

PROGS += cyclic
cyclic_SRCS := workloads/cyclic.c $(WL_DEP_SRCS)
cyclic_LDLIBS := $(WL_LDLIBS)
cyclic_STATIC := 1

PROGS += slicectl
slicectl_SRCS := workloads/slicectl.c $(WL_DEP_SRCS)
slicectl_LDLIBS := $(WL_LDLIBS)
slicectl_STATIC := 1

UNIT_TESTS += test_wl_opts
test_wl_opts_SRCS := tests/unit/test_wl_opts.c $(WL_DEP_SRCS)
test_wl_opts_LDLIBS := $(WL_LDLIBS)

UNIT_TESTS += test_wl_slice
test_wl_slice_SRCS := tests/unit/test_wl_slice.c $(WL_DEP_SRCS)
test_wl_slice_LDLIBS := $(WL_LDLIBS)

UNIT_TESTS += test_wl_stats
test_wl_stats_SRCS := tests/unit/test_wl_stats.c $(WL_DEP_SRCS)
test_wl_stats_LDLIBS := $(WL_LDLIBS)

UNIT_TESTS += test_wl_doc
test_wl_doc_SRCS := tests/unit/test_wl_doc.c $(WL_DEP_SRCS)
test_wl_doc_LDLIBS := $(WL_LDLIBS)

UNIT_TESTS += test_wl_clock
test_wl_clock_SRCS := tests/unit/test_wl_clock.c $(WL_DEP_SRCS)
test_wl_clock_LDLIBS := $(WL_LDLIBS)
