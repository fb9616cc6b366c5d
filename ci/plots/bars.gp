# SPDX-License-Identifier: GPL-2.0
# Clustered bars (the median) with min-max whiskers and a dot per repeat.
# Block 0: rows "label m1 lo1 hi1 m2 lo2 hi2 ..."; block 1: rows "row
# column value", each run's value. Variables: datafile, outfile, titletext,
# labels, n, ylabel_text.
load dir."/common.gp"
w = 0.8 / n
x(row, col) = row + (col - (n - 1) / 2.0) * w
set boxwidth w
set style fill solid 0.5 border -1
set ylabel ylabel_text
set yrange [0:*]
set xrange [-0.6:*]
set xtics rotate by -30
plot for [i=0:n-1] datafile index 0 using (x($0, i)):(column(2+3*i)):xtic(1) with boxes lc i+1 title word(labels, i+1), \
     for [i=0:n-1] datafile index 0 using (x($0, i)):(column(2+3*i)):(column(3+3*i)):(column(4+3*i)) with yerrorbars lc rgb "black" pt -1 notitle, \
     datafile index 1 using (x($1, $2)):3 with points pt 7 ps 0.5 lc rgb "black" title "each repeat"
