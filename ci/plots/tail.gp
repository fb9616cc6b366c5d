# SPDX-License-Identifier: GPL-2.0
# Tail (survival, 1 - CDF): one block per column ("x share_above_x"), log x
# and log y down to 1e-5, so that p99 (0.01) and p99.9 (0.001) are as wide
# as the median (0.5). Variables: datafile, outfile, titletext, labels
# (space separated), n, xlabel_text, ylabel_text, dense (1: many points,
# drawn as lines; 0: few, drawn with their points).
load dir."/common.gp"
set logscale xy
set xlabel xlabel_text
set ylabel ylabel_text
set yrange [1e-5:1]
set ytics ("1" 1, "0.1" 0.1, "0.01 (p99)" 0.01, "0.001 (p99.9)" 0.001, "1e-4" 1e-4, "1e-5" 1e-5)
if (dense) {
	plot for [i=0:n-1] datafile index i using 1:2 with lines lw 2 title word(labels, i+1)
} else {
	plot for [i=0:n-1] datafile index i using 1:2 with linespoints lw 2 title word(labels, i+1)
}
