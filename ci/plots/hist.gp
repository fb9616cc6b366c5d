# SPDX-License-Identifier: GPL-2.0
# Latency histogram: one block per column ("bucket_mid_us fraction"), log x.
# Variables: datafile, outfile, titletext, labels, n.
load dir."/common.gp"
set logscale x
set xlabel "wakeup latency (us), bucket midpoints"
set ylabel "fraction of wakeups"
plot for [i=0:n-1] datafile index i using 1:2 with steps lw 2 title word(labels, i+1)
