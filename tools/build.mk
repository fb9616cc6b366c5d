# The slicebench front end, linking every part's subcommand.
PROGS += slicebench
slicebench_SRCS := tools/slicebench.c $(COMMON_SRCS) $(HARNESS_SRCS) \
		   $(BOOT_SRCS) $(ANALYZER_SRCS) $(CI_SRCS)
slicebench_LDLIBS := -ljansson $(ANALYZER_LDLIBS) -lm -lpthread
