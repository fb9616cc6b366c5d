# SPDX-License-Identifier: GPL-2.0
# Frame-time series: one block per column, each repeat a line of "t_s
# frame_ms" rows (repeats apart by a blank line), a line at the
# frame deadline. Variables: datafile, outfile, titletext, labels, n, deadline_ms.
load dir."/common.gp"
set xlabel "time (s from each repeat's start)"
set ylabel "frame time (ms)"
plot for [i=0:n-1] datafile index i using 1:2 with lines lw 1 title word(labels, i+1), \
     deadline_ms with lines dt 2 lc rgb "red" title "deadline"
