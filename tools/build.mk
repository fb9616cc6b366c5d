# The slicebench front end, linking every part's subcommand.
PROGS += slicebench
slicebench_SRCS := tools/slicebench.c $(COMMON_SRCS) $(COMMON_HOST_SRCS) \
		   $(HARNESS_SRCS) \
		   $(BOOT_SRCS) $(ANALYZER_SRCS) $(CI_SRCS)
slicebench_LDLIBS := -ljansson -lmd $(ANALYZER_LDLIBS) -lm -lpthread
