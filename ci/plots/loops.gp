# SPDX-License-Identifier: GPL-2.0
# Per-process loop counts, clustered by column: rows "proc c1 c2 ...".
# Variables: datafile, outfile, titletext, labels, n.
load dir."/common.gp"
set style data histogram
set style histogram clustered gap 2
set style fill solid 0.6 border -1
set xlabel "process"
set ylabel "loops (median over repeats)"
set yrange [0:*]
plot for [i=0:n-1] datafile using (column(2+i)):xtic(1) title word(labels, i+1)
