# SPDX-License-Identifier: GPL-2.0
# Clustered bars with min-max error bars: rows "label m1 lo1 hi1 m2 lo2 hi2 ...".
# Variables: datafile, outfile, titletext, labels, n, ylabel_text.
load dir."/common.gp"
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.6 border -1
set ylabel ylabel_text
set yrange [0:*]
set xtics rotate by -30
plot for [i=0:n-1] datafile using (column(2+3*i)):(column(3+3*i)):(column(4+3*i)):xtic(1) title word(labels, i+1)
