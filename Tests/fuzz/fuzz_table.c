/*
 * fuzz_table - libFuzzer target: navcore_navigator_new() on any bytes.
 *
 * Invariants: the call succeeds or fails with a status it documents and a
 * message, leaving *out untouched; a navigator it creates has a state of the
 * documented shape; its own snapshot restores into a fresh navigator of the
 * same table dropping nothing but never-restored routes (and what is above
 * them), exactly when it drops nothing; its action log replays into one
 * exactly.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *table = fuzz_text(data, size);
    navcore_navigator *nav = (navcore_navigator *)FUZZ_UNTOUCHED;
    int rc = navcore_navigator_new(table, &nav);
    if (rc != NAVCORE_OK) {
        FUZZ_CHECK_FAILURE(rc, "navcore_navigator_new", NAVCORE_EINVAL, NAVCORE_EJSON, NAVCORE_ETABLE,
                           NAVCORE_ENOMEM);
        fuzz_check_untouched((const char *)nav, "navcore_navigator_new");
    } else {
        navcore_string_free(fuzz_state(nav, "of a new navigator"));
        fuzz_check_snapshot_restores(nav, table, 1);
        if (navcore_record(nav, 1) != NAVCORE_OK)
            fuzz_fail("navcore_record refused to start: %s", navcore_last_error_message());
        fuzz_check_log_replays(nav, table);
        navcore_navigator_free(nav);
    }
    free(table);
    return 0;
}
