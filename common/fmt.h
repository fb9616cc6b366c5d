/* SPDX-License-Identifier: GPL-2.0 */
/* Checked snprintf for paths and messages: truncation is an error, or cut at a word; lines built piece by piece. */
#ifndef SB_FMT_H
#define SB_FMT_H

#include <stddef.h>
#include <stdio.h>

/* Format into @buf; returns 0, or -ENAMETOOLONG when it did not fit. */
int sb_fmt(char *buf, size_t len, const char *format, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Append to the text at @buf + *@off (of @len bytes in all) and advance
 * *@off by what it took; once @buf is full, *@off stays at or past @len
 * and nothing more is written, so a line is built without a check a piece.
 */
void sb_fmt_append(char *buf, size_t len, size_t *off, const char *format, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * @s into @buf (@len bytes), cut when too long at the last space that
 * leaves room for " ..." after it, so a message never ends mid-word (a
 * single word longer than @len is cut inside it, still marked).
 */
void sb_fmt_words(char *buf, size_t len, const char *s);

/*
 * Print each line of @text to @f folded at spaces so none passes @width
 * columns (a word longer than that stands alone), the lines it continues
 * on indented by @indent spaces: prose among a terminal's tables.
 */
void sb_fmt_fold(FILE *f, const char *text, size_t width, size_t indent);
/* The width a command's prose is folded to (the bench end's, report's). */
#define SB_TEXT_COLUMNS 100

/* The plural's "s" after a count: "%zu run%s", n, SB_S(n). */
#define SB_S(n) ((n) == 1 ? "" : "s")

#endif
