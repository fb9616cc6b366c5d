# Workload generators and their shared library.
WL_LIB_SRCS := workloads/lib/slice.c workloads/lib/opts.c \
	       workloads/lib/clock.c workloads/lib/stop.c \
	       workloads/lib/place.c workloads/lib/schedstat.c \
	       workloads/lib/stats.c workloads/lib/doc.c \
	       workloads/registry/metric.c workloads/registry/doc_file.c \
	       workloads/lib/workunit.c
WL_LDLIBS := -ljansson -lnuma -lpthread -lm
# Generators link the lib, the common sources and WL_LDLIBS; static for the
# guest initramfs.
WL_DEP_SRCS := $(WL_LIB_SRCS) $(COMMON_SRCS)

# Every workloads/*.c is a generator: a static program for the guest.
WL_GENERATORS := $(basename $(notdir $(wildcard workloads/*.c)))
define wl_generator
PROGS += $(1)
$(1)_SRCS := workloads/$(1).c $$(WL_DEP_SRCS)
$(1)_LDLIBS := $$(WL_LDLIBS)
$(1)_STATIC := 1
endef
$(foreach g,$(WL_GENERATORS),$(eval $(call wl_generator,$(g))))
# cyclic --random-phase draws from mixload's seeded streams
cyclic_SRCS += workloads/mixload/rng.c

# The workload list (workloads/registry/list.h) for the programs that read
# it: the generators' descriptors alone (%.desc.o: compiled with
# SBW_DESCRIPTOR_ONLY, see the Makefile), the external programs', lookups.
WL_REGISTRY_SRCS := workloads/registry/registry.c workloads/registry/metric.c \
		    workloads/registry/doc_file.c $(JSONREAD_SRCS) \
		    workloads/registry/external.c $(TOOLOUT_SRCS) \
		    $(patsubst %.c,%.desc.c,$(wildcard workloads/*.c) \
		      workloads/mixload/main.c) \
		    common/jsonpath.c common/atomicio.c common/error.c

# The library's unit tests: tests/unit/test_wl_<name>.c over the library.
WL_LIB_TESTS := opts slice stats doc clock workunit
define wl_lib_test
UNIT_TESTS += test_wl_$(1)
test_wl_$(1)_SRCS := tests/unit/test_wl_$(1).c $$(WL_DEP_SRCS)
test_wl_$(1)_LDLIBS := $$(WL_LDLIBS)
endef
$(foreach t,$(WL_LIB_TESTS),$(eval $(call wl_lib_test,$(t))))
