# SPDX-License-Identifier: GPL-2.0
# Delay CDF: one block per column ("x fraction"), log x. Variables:
# datafile, outfile, titletext, labels (space separated), n, xlabel_text.
load dir."/common.gp"
set logscale x
set xlabel xlabel_text
set ylabel "fraction of delays <= x"
set yrange [0:1.02]
plot for [i=0:n-1] datafile index i using 1:2 with linespoints lw 2 title word(labels, i+1)
