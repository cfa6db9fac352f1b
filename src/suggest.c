// SPDX-License-Identifier: MIT
/*
 * suggest.c - "did you mean ...?": the known name nearest to a mistyped one, for the messages
 * of unknown options, commands, platforms, models and JSON keys. The distance is the optimal
 * string alignment one (Levenshtein plus adjacent transpositions, as git's help.c weighs a
 * swapped pair as one typo); a name is only offered when it is plausibly what was meant.
 */
#include <ctype.h>
#include <string.h>

#include "capsim/capsim.h"

/* Longer names than this are never typos worth a suggestion (and keep the rows on the stack). */
#define SUGGEST_MAX_LEN 64

/* Optimal string alignment distance of @a and @b, case-insensitive, at most SUGGEST_MAX_LEN. */
static size_t osa_distance(const char *a, size_t la, const char *b, size_t lb)
{
	size_t rows[3][SUGGEST_MAX_LEN + 1];
	size_t *prev2 = rows[0], *prev = rows[1], *cur = rows[2];

	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
			size_t d = prev[j - 1] + (ca != cb);

			if (prev[j] + 1 < d)
				d = prev[j] + 1;
			if (cur[j - 1] + 1 < d)
				d = cur[j - 1] + 1;
			if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == cb && prev2[j - 2] + 1 < d)
				d = prev2[j - 2] + 1;
			cur[j] = d;
		}
		size_t *t = prev2;

		prev2 = prev;
		prev = cur;
		cur = t;
	}
	return prev[lb];
}

const char *capsim_suggest(const char *word, const char *const *names, size_t n)
{
	size_t lw = strlen(word), best_d = (size_t)-1, dashes = strspn(word, "-");
	const char *best = NULL;

	if (!lw || lw > SUGGEST_MAX_LEN)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		size_t ln = names[i] ? strlen(names[i]) : 0, d;

		if (!ln || ln > SUGGEST_MAX_LEN || !strcmp(word, names[i]))
			continue;
		d = osa_distance(word, lw, names[i], ln);
		/*
		 * one typo per four characters of the name, at least one from three ("mni" for
		 * "min"), none below: "-x" never suggests "-o"
		 */
		if (d > (ln < 3 ? 0 : ln < 8 ? 1 : ln / 4) && !(lw >= dashes + 3 && lw < ln && !strncmp(word, names[i], lw)))
			continue;
		/* an abbreviation ("--dur") counts as the typos that complete it */
		if (d < best_d) {
			best_d = d;
			best = names[i];
		}
	}
	return best;
}
