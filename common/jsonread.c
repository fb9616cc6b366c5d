// SPDX-License-Identifier: GPL-2.0
/* The one reader of config files: a table per JSON object drives reading, validation and the reference docs. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicio.h"
#include "common/jsonread.h"
#include "common/valcheck.h"

#define NS_PER_HOUR ((uint64_t)3600 * 1000000000)

/* The longest value a message quotes; a longer one is left out. */
#define VALUE_MAX 72

/* @v as JSON text, or "" when too long to quote. */
static const char *value_text(const json_t *v, char *buf, size_t len)
{
	char *t = json_dumps(v, JSON_ENCODE_ANY);

	snprintf(buf, len, "%s", t && strlen(t) <= VALUE_MAX ? t : "");
	free(t);
	return buf;
}

/* r->path + ".key" (or "[i]" when @key is NULL), undone by path_pop(). */
static size_t path_push(struct sb_jr *r, const char *key, size_t i)
{
	size_t n = strlen(r->path);

	if (key)
		snprintf(r->path + n, sizeof(r->path) - n, "%s%s", n ? "." : "",
			 key);
	else
		snprintf(r->path + n, sizeof(r->path) - n, "[%zu]", i);
	return n;
}

static void path_pop(struct sb_jr *r, size_t n)
{
	r->path[n] = '\0';
}

static int vfail(struct sb_jr *r, const json_t *v, const char *fmt, va_list ap)
{
	char why[600], val[VALUE_MAX + 1] = "";
	const char *sep = " ", *text = why;

	vsnprintf(why, sizeof(why), fmt, ap);
	if (v)
		value_text(v, val, sizeof(val));
	if (why[0] == ':') /* "5: must be ...", or without a value "must be" */
		sep = "", text = *val ? why : why + strspn(why, ": ");
	sb_error_set(r->e, -EINVAL, r->file, *r->path ? r->path : "(top)", NULL,
		     "%s%s%s", val, *val ? sep : "", text);
	if (r->e)
		snprintf(r->e->value, sizeof(r->e->value), "%s", val);
	return -EINVAL;
}

int sb_jr_fail(struct sb_jr *r, const char *key, const json_t *v,
	       const char *fmt, ...)
{
	size_t n = key ? path_push(r, key, 0) : strlen(r->path);
	va_list ap;

	va_start(ap, fmt);
	vfail(r, v, fmt, ap);
	va_end(ap);
	path_pop(r, n);
	return -EINVAL;
}

int sb_jr_fail_key(struct sb_jr *r, const json_t *obj, const char *key,
		   const char *fmt, ...)
{
	size_t n = path_push(r, key, 0);
	va_list ap;

	va_start(ap, fmt);
	vfail(r, json_object_get(obj, key), fmt, ap);
	va_end(ap);
	path_pop(r, n);
	return -EINVAL;
}

int sb_jr_oom(struct sb_jr *r)
{
	return sb_error_set(r->e, -ENOMEM, r->file, NULL, NULL,
			    "out of memory");
}

/* Fail at r->path as it stands. */
static int fail(struct sb_jr *r, const json_t *v, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(struct sb_jr *r, const json_t *v, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(r, v, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static int read_string(struct sb_jr *r, const struct sb_field *f,
		       const json_t *v, void *dest)
{
	size_t len = json_string_length(v);

	if (!json_is_string(v))
		return fail(r, v, "is not a string");
	if (f->min == 1 && !len)
		return fail(r, v, "is empty");
	if (f->min > 1 && len < (size_t)f->min)
		return fail(r, v, "is shorter than %" PRId64 " bytes", f->min);
	if (f->type == SB_F_STRDUP) {
		char *s = strdup(json_string_value(v));

		if (!s)
			return sb_jr_oom(r);
		free(*(char **)dest);
		*(char **)dest = s;
		return 0;
	}
	if (len >= f->size)
		return fail(r, v, "is %zu bytes, longer than the %zu allowed",
			    len, f->size - 1);
	memcpy(dest, json_string_value(v), len + 1);
	return 0;
}

/* An INT or INT64 into @dest, an int or an int64_t by @f's type. */
static int read_int(struct sb_jr *r, const struct sb_field *f, const json_t *v,
		    void *dest)
{
	char range[80];

	if (!json_is_integer(v))
		return fail(r, v, "is not an integer");
	if (f->min == f->max && json_integer_value(v) != f->min)
		return fail(r, v, ": must be %" PRId64, f->min);
	if (f->max == INT64_MAX && json_integer_value(v) < f->min)
		return fail(r, v, ": must be an integer of at least %" PRId64,
			    f->min);
	if (sb_out_of_range(json_integer_value(v), f->min, f->max))
		return fail(r, v, ": must be an integer in %s",
			    sb_range_text(range, sizeof(range), f->min, f->max,
					  0));
	if (f->type == SB_F_INT64)
		*(int64_t *)dest = json_integer_value(v);
	else
		*(int *)dest = (int)json_integer_value(v);
	return 0;
}

static int read_number(struct sb_jr *r, const struct sb_field *f,
		       const json_t *v, double *dest)
{
	if (!json_is_number(v) || json_number_value(v) < f->dmin ||
	    json_number_value(v) > f->dmax)
		return fail(r, v, ": must be a number in [%g, %g]", f->dmin,
			    f->dmax);
	*dest = json_number_value(v);
	return 0;
}

/* A duration's bound as a person says it: "24h" rather than "86400s". */
static const char *bound_text(uint64_t ns, char *buf, size_t len)
{
	if (ns >= NS_PER_HOUR && !(ns % NS_PER_HOUR))
		snprintf(buf, len, "%" PRIu64 "h", ns / NS_PER_HOUR);
	else
		sb_format_duration(ns, buf, len);
	return buf;
}

static int read_duration(struct sb_jr *r, const struct sb_field *f,
			 const json_t *v, uint64_t *dest)
{
	char b[32];
	uint64_t ns;

	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0)
			return fail(r, v, "is negative");
		ns = (uint64_t)json_integer_value(v);
	} else if (!json_is_string(v) ||
		   sb_parse_duration_ns(json_string_value(v), &ns)) {
		return fail(r, v, SB_WHY_NOT_DURATION);
	}
	if (sb_out_of_range_u64(ns, f->min, f->max)) {
		if (ns > (uint64_t)f->max)
			return fail(r, v, "is longer than %s",
				    bound_text((uint64_t)f->max, b, sizeof(b)));
		if (f->min == 1)
			return fail(r, v, "must be greater than zero");
		return fail(r, v, "is shorter than %s",
			    bound_text((uint64_t)f->min, b, sizeof(b)));
	}
	*dest = ns;
	return 0;
}

static int read_enum(struct sb_jr *r, const struct sb_field *f, const json_t *v,
		     int *dest)
{
	char why[512];

	if (json_is_string(v) &&
	    !sb_enum_find(json_string_value(v), f->choices, dest))
		return 0;
	return fail(r, v, "%s", sb_enum_why(why, sizeof(why), f->choices));
}

static int read_value(struct sb_jr *r, const struct sb_field *f,
		      const json_t *v, void *dest);

static int read_array(struct sb_jr *r, const struct sb_field *f,
		      const json_t *v, char *obj)
{
	size_t n = json_array_size(v);
	char *elems = obj + f->offset;
	const json_t *x;
	size_t i;
	int ret;

	if (!json_is_array(v) || (f->min > 0 && n < (size_t)f->min) ||
	    (f->max > 0 && n > (size_t)f->max)) {
		if (f->max > 0)
			return fail(r, v,
				    "is not an array of %" PRId64 "..%" PRId64
				    " elements",
				    f->min, f->max);
		return fail(r, v,
			    "is not an array of at least %" PRId64 " elements",
			    f->min);
	}
	if (f->alloc) {
		*(size_t *)(obj + f->count_offset) = 0;
		elems = calloc(n ? n : 1, f->size);
		if (!elems)
			return sb_jr_oom(r);
		*(void **)(obj + f->offset) = elems;
	}
	json_array_foreach(v, i, x) {
		size_t at = path_push(r, NULL, i);

		/* counted first: what a failing element holds is freed too */
		if (f->alloc)
			*(size_t *)(obj + f->count_offset) = i + 1;
		else
			*(int *)(obj + f->count_offset) = (int)i + 1;
		ret = read_value(r, f->item, x, elems + i * f->size);
		path_pop(r, at);
		if (ret)
			return ret;
	}
	return 0;
}

/* A MAP: @v's keys in their order, each element named after its read. */
static int read_map(struct sb_jr *r, const struct sb_field *f, const json_t *v,
		    char *obj)
{
	size_t *count = (size_t *)(obj + f->count_offset), i = 0;
	const char *key;
	char *elems;
	json_t *x;
	int ret;

	if (!json_is_object(v))
		return fail(r, v, "is not an object");
	*count = 0;
	elems = calloc(json_object_size(v) ?: 1, f->size);
	if (!elems)
		return sb_jr_oom(r);
	*(void **)(obj + f->offset) = elems;
	json_object_foreach((json_t *)v, key, x) {
		char *el = elems + i * f->size;
		size_t at = path_push(r, key, 0);

		/* counted first: what a failing element holds is freed too */
		*count = ++i;
		ret = read_value(r, f->item, x, el);
		path_pop(r, at);
		if (ret)
			return ret;
		/* after: an item's init() sets its whole element */
		*(char **)(el + f->key_offset) = strdup(key);
		if (!*(char **)(el + f->key_offset))
			return sb_jr_oom(r);
	}
	return 0;
}

/* @v into @dest, the place of @f's value (an object's fields: its base). */
static int read_value(struct sb_jr *r, const struct sb_field *f,
		      const json_t *v, void *dest)
{
	char why[512];
	const char *bad;
	int ret = 0;

	switch (f->type) {
	case SB_F_STRING:
	case SB_F_STRDUP:
		ret = read_string(r, f, v, dest);
		break;
	case SB_F_TEXT:
		return json_is_string(v) ? 0 : fail(r, v, "is not a string");
	case SB_F_CPULIST:
		ret = read_string(r, f, v, dest);
		if (!ret && !sb_cpulist_ok(dest))
			return fail(r, v, SB_WHY_NOT_CPULIST);
		break;
	case SB_F_BOOL:
		if (!json_is_boolean(v))
			return fail(r, v, "is not true or false");
		*(int *)dest = json_is_true(v);
		return 0;
	case SB_F_INT:
	case SB_F_INT64:
		return read_int(r, f, v, dest);
	case SB_F_ANY:
		return 0;
	case SB_F_NUMBER:
		return read_number(r, f, v, dest);
	case SB_F_DURATION:
		return read_duration(r, f, v, dest);
	case SB_F_ENUM:
		return read_enum(r, f, v, dest);
	case SB_F_OBJECT:
		return sb_jr_read(r, f->sub, v, dest);
	case SB_F_ARRAY:
		/* @dest is the array's field in its object: back to the base */
		return read_array(r, f, v, (char *)dest - f->offset);
	case SB_F_MAP:
		return read_map(r, f, v, (char *)dest - f->offset);
	case SB_F_CALL:
		why[0] = '\0';
		ret = f->parse(r, f, v, dest, why, sizeof(why));
		if (ret)
			return ret == -ENOMEM ? sb_jr_oom(r) :
						fail(r, v, "%s", why);
		break;
	case SB_F_FLAG: /* a command line's types: a table's own bug */
	case SB_F_U64:
	case SB_F_CPUSET:
	case SB_F_ARG:
		return fail(r, v, ": type %d is for command lines only",
			    (int)f->type);
	}
	if (ret)
		return ret;
	if (f->check && (bad = f->check(dest)))
		return fail(r, v, "%s", bad);
	return 0;
}

const struct sb_field *sb_jr_find(const struct sb_jr_table *t, const char *key)
{
	for (size_t i = 0; i < t->n_fields; i++)
		if (!strcmp(t->fields[i].key, key))
			return &t->fields[i];
	return t->head ? sb_jr_find(t->head, key) : NULL;
}

/* @t's keys of @j into @obj (after the unknown keys are refused). */
static int read_fields(struct sb_jr *r, const struct sb_jr_table *t,
		       const json_t *j, void *obj)
{
	union {
		int i;
		int64_t i64;
		uint64_t u64;
		double d;
	} scratch = { 0 }; /* a check_only value's place */
	char why[256];
	json_t *v;
	int ret;

	for (size_t i = 0; i < t->n_fields; i++) {
		const struct sb_field *f = &t->fields[i];
		size_t at;

		int other = t->has_key && !t->has_key(obj, f->key);

		v = json_object_get(j, f->key);
		if (json_is_null(v) && f->nullable)
			v = NULL;
		if (!v && (!f->required || other))
			continue;
		at = path_push(r, f->key, 0);
		if (v && other)
			ret = fail(r, NULL, "%s",
				   t->variant_why(obj, why, sizeof(why)));
		else if (v && f->check_only)
			ret = read_value(r, f, v, &scratch);
		else
			ret = v ? read_value(r, f, v, (char *)obj + f->offset) :
				  fail(r, NULL, "%s",
				       f->missing ? f->missing : "is missing");
		path_pop(r, at);
		if (ret)
			return ret;
	}
	return 0;
}

int sb_jr_read(struct sb_jr *r, const struct sb_jr_table *t, const json_t *j,
	       void *obj)
{
	const char *key;
	json_t *v;
	int ret;

	if (t->init)
		t->init(obj);
	if (t->head && t->head->init)
		t->head->init((char *)obj + t->head_offset);
	if (!json_is_object(j))
		return fail(r, j, "is not an object");
	json_object_foreach((json_t *)j, key, v)
		if (!t->unknown_keys_ok && !sb_jr_find(t, key))
			return sb_jr_fail(r, key, NULL, "unknown key");
	if (t->head) {
		ret = read_fields(r, t->head, j, (char *)obj + t->head_offset);
		if (ret)
			return ret;
	}
	ret = read_fields(r, t, j, obj);
	if (ret)
		return ret;
	return t->finish ? t->finish(r, obj, j) : 0;
}

int sb_jr_load(const char *file, const struct sb_jr_table *t, void *obj,
	       void *user, struct sb_error *e)
{
	return sb_jr_load_keep(file, t, obj, user, NULL, e);
}

int sb_jr_load_keep(const char *file, const struct sb_jr_table *t, void *obj,
		    void *user, json_t **keep, struct sb_error *e)
{
	struct sb_jr r = { .file = file, .e = e, .user = user };
	json_error_t je;
	json_t *root;
	int ret = sb_json_load(file, JSON_REJECT_DUPLICATES, &root, &je);

	if (keep)
		*keep = NULL;

	if (ret && ret != -EBADMSG)
		return sb_error_set(e, -EINVAL, file, NULL, NULL,
				    "cannot read: %s", strerror(-ret));
	if (!root)
		return sb_error_set(e, -EINVAL, file, NULL, NULL,
				    "line %d, column %d: %s", je.line,
				    je.column, je.text);
	ret = sb_jr_read(&r, t, root, obj);
	if (keep && !ret)
		*keep = root;
	else
		json_decref(root);
	return ret;
}

static const char *type_text(const struct sb_field *f, char *buf, size_t len);

/* "array of 1..16 objects (`name`)", "array of at least 1 string" */
static const char *array_text(const struct sb_field *f, char *buf, size_t len)
{
	char count[64], item[256], type[200];

	if (f->max > 0)
		snprintf(count, sizeof(count), "%" PRId64 "..%" PRId64, f->min,
			 f->max);
	else
		snprintf(count, sizeof(count), "at least %" PRId64, f->min);
	if (f->item->type == SB_F_OBJECT)
		snprintf(item, sizeof(item), "objects (`%s`)",
			 f->item->sub->name);
	else
		snprintf(item, sizeof(item), "values (%s)",
			 type_text(f->item, type, sizeof(type)));
	snprintf(buf, len, "array of %s %s", count, item);
	return buf;
}

static const char *type_text(const struct sb_field *f, char *buf, size_t len)
{
	char range[80];
	size_t l;

	switch (f->type) {
	case SB_F_STRING:
		snprintf(buf, len, "string of at most %zu bytes", f->size - 1);
		return buf;
	case SB_F_STRDUP:
	case SB_F_TEXT:
		return "string";
	case SB_F_BOOL:
		return "true or false";
	case SB_F_INT:
	case SB_F_INT64:
	case SB_F_DURATION: /* both an integer range; a duration shown so */
		if (f->type != SB_F_DURATION && f->min == f->max) {
			snprintf(buf, len, "integer %" PRId64, f->min);
			return buf;
		}
		if (f->type != SB_F_DURATION && f->max == INT64_MAX) {
			snprintf(buf, len, "integer of at least %" PRId64,
				 f->min);
			return buf;
		}
		snprintf(buf, len, "%s in %s",
			 f->type != SB_F_DURATION ?
				 "integer" :
				 "duration (\"500us\", or ns)",
			 sb_range_text(range, sizeof(range), f->min, f->max,
				       f->type == SB_F_DURATION));
		return buf;
	case SB_F_NUMBER:
		snprintf(buf, len, "number in [%g, %g]", f->dmin, f->dmax);
		return buf;
	case SB_F_CPULIST:
		return "CPU list (\"0-3,6\", \"8-15:2\")";
	case SB_F_ENUM:
		l = (size_t)snprintf(buf, len, "one of");
		for (int i = 0; f->choices[i] && l < len; i++)
			l += (size_t)snprintf(buf + l, len - l, "%s `%s`",
					      i ? "," : "", f->choices[i]);
		return buf;
	case SB_F_OBJECT:
		snprintf(buf, len, "object (`%s`)", f->sub->name);
		return buf;
	case SB_F_ARRAY:
		return array_text(f, buf, len);
	case SB_F_MAP:
		snprintf(buf, len, "object of `<name>`: object (`%s`)",
			 f->item->sub->name);
		return buf;
	case SB_F_CALL:
	case SB_F_ANY:
		return f->type_doc;
	case SB_F_FLAG: /* a command line's types: never in a file */
	case SB_F_U64:
	case SB_F_CPUSET:
	case SB_F_ARG:
		break;
	}
	return "";
}

/* The table under @f, when its value is an object or objects. */
static const struct sb_jr_table *sub_of(const struct sb_field *f)
{
	if (f->type == SB_F_OBJECT)
		return f->sub;
	if ((f->type == SB_F_ARRAY || f->type == SB_F_MAP) &&
	    f->item->type == SB_F_OBJECT)
		return f->item->sub;
	return NULL;
}

/* The tables a page has shown: one used in several places is shown once. */
struct doc_seen {
	const struct sb_jr_table *t[64];
	size_t n;
};

static int seen_before(struct doc_seen *s, const struct sb_jr_table *t)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->t[i] == t)
			return 1;
	if (s->n < sizeof(s->t) / sizeof(s->t[0]))
		s->t[s->n++] = t;
	return 0;
}

static void doc_table(FILE *f, const struct sb_jr_table *t,
		      struct doc_seen *seen)
{
	char type[600], buf[256];
	const char *kinds;

	fprintf(f, "### %s\n\n", t->name);
	if (t->head)
		fprintf(f, "The keys of `%s`, and:\n\n", t->head->name);
	if (t->unknown_keys_ok)
		fprintf(f, "Other keys are let through.\n\n");
	fprintf(f, "| key | type | required | meaning |\n");
	fprintf(f, "|-----|------|----------|---------|\n");
	for (size_t i = 0; i < t->n_fields; i++) {
		const struct sb_field *x = &t->fields[i];

		fprintf(f, "| `%s` | %s%s | %s | ", x->key,
			type_text(x, type, sizeof(type)),
			x->nullable ? ", or null" : "",
			x->required ? "yes" : "no");
		kinds = t->kinds_of ? t->kinds_of(x->key, buf, sizeof(buf)) :
				      "";
		fprintf(f, "%s%s%s%s |\n", *kinds ? "(" : "", kinds,
			*kinds ? " only) " : "", x->doc);
	}
	fputc('\n', f);
	for (size_t i = 0; i < t->n_fields; i++)
		if (sub_of(&t->fields[i]) &&
		    !seen_before(seen, sub_of(&t->fields[i])))
			doc_table(f, sub_of(&t->fields[i]), seen);
}

void sb_jr_doc(FILE *f, const struct sb_jr_table *t)
{
	struct doc_seen seen = { .t = { t }, .n = 1 };

	doc_table(f, t, &seen);
}

int sb_jr_keep_object(struct sb_jr *r, const struct sb_field *f,
		      const json_t *v, void *dest, char *why, size_t len)
{
	(void)r, (void)f;
	if (!json_is_object(v)) {
		snprintf(why, len, "is not an object");
		return -EINVAL;
	}
	*(const json_t **)dest = v;
	return 0;
}
