# SPDX-License-Identifier: GPL-2.0
# Shared settings, loaded by every plot script: PNG output to `outfile`.
set terminal pngcairo noenhanced size 960,540 font "sans,10"
set output outfile
set title titletext
set grid
set key outside right top
