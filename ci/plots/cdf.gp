# SPDX-License-Identifier: GPL-2.0
# CDF: one block per column ("x fraction"), log x. Variables: datafile,
# outfile, titletext, labels (space separated), n, xlabel_text, ylabel_text,
# dense (1: many points, drawn as lines; 0: few, drawn with their points).
load dir."/common.gp"
set logscale x
set xlabel xlabel_text
set ylabel ylabel_text
set yrange [0:1.02]
if (dense) {
	plot for [i=0:n-1] datafile index i using 1:2 with lines lw 2 title word(labels, i+1)
} else {
	plot for [i=0:n-1] datafile index i using 1:2 with linespoints lw 2 title word(labels, i+1)
}
