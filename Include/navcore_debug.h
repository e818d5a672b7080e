/* SPDX-License-Identifier: Apache-2.0 */
/*
 * navcore_debug.h - entry points for benchmarks and diagnostics.
 *
 * NOT PART OF THE STABLE CONTRACT. What this header declares may change or
 * disappear in any release, minor or patch, without notice; the SONAME and
 * NAVCORE_VERSION_* say nothing about it. The symbols are exported by
 * libnavcore.so so that the project's benchmarks and its Python binding can
 * reach them, but `make install` does not install this header
 * (docs/building.md): programs should use navcore.h alone.
 *
 * Every convention of navcore.h holds here too (status codes, the last
 * error, argument order, no input crashes the process).
 */
#ifndef NAVCORE_DEBUG_H
#define NAVCORE_DEBUG_H

#include "navcore.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The matching step of navcore_resolve_url() alone, for benchmarks and
 * diagnostics: finds the link whose path matches segments (count of them,
 * already split and percent-decoded, without the leading empty segment)
 * under scheme://host, with each placeholder checked against its type, and
 * writes its index in the route table's "links" array to *link_out. The URL
 * is not parsed, the query is not read and no routes are built. segments may
 * be NULL when count is 0. Programs want navcore_resolve_url().
 *
 * Errors: NAVCORE_EINVAL (nav, scheme, host, link_out, segments or one of
 * them NULL, text not UTF-8, or count over NAVCORE_MAX_URL_BYTES),
 * NAVCORE_ENOMATCH.
 * Thread: any; reads the table under the navigator's lock. Writes nothing
 * but *link_out: no string to free.
 */
int navcore_match_segments(const navcore_navigator *nav, const char *scheme, const char *host,
                           const char *const *segments, size_t count, size_t *link_out);

#ifdef __cplusplus
}
#endif

#endif /* NAVCORE_DEBUG_H */
