/*
 * fuzz_table - libFuzzer target: navcore_navigator_new() on any bytes.
 *
 * Invariants: the call succeeds or fails with a status it documents and a
 * message, leaving *out untouched; a navigator it creates has a state of the
 * documented shape; its own snapshot restores into a fresh navigator of the
 * same table dropping nothing but never-restored routes (and what is above
 * them), exactly when it drops nothing; its action log replays into one
 * exactly; its table report is JSON whose warnings each have a documented
 * kind, a path and a message.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Checks the table report of a navigator: JSON, each warning of a documented kind (docs/tools.md). */
static void check_table_report(const navcore_navigator *nav)
{
    static const char *const kinds[] = {"push_only_route", "link_leaves_tab", "link_refused_by_tab",
                                        "unbound_param", "unused_condition"};
    char *text = NULL;
    json_t *report, *warning;
    size_t index, kind;
    int rc = navcore_table_report(nav, &text);
    if (rc != NAVCORE_OK)
        fuzz_fail("navcore_table_report returned %s: %s", navcore_status_string(rc), navcore_last_error_message());
    report = fuzz_parse(text, "the table report");
    if (!json_is_array(json_object_get(report, "routes")) || !json_is_array(json_object_get(report, "warnings")))
        fuzz_fail("the table report has no routes or warnings: %.300s", text);
    json_array_foreach(json_object_get(report, "warnings"), index, warning) {
        const char *found = json_string_value(json_object_get(warning, "kind"));
        for (kind = 0; found != NULL && kind < sizeof kinds / sizeof kinds[0] && strcmp(found, kinds[kind]) != 0; kind++)
            ;
        if (found == NULL || kind == sizeof kinds / sizeof kinds[0] || json_string_length(json_object_get(warning, "path")) == 0
            || json_string_length(json_object_get(warning, "message")) == 0)
            fuzz_fail("warning %zu of the table report is not documented: %.300s", index, text);
    }
    json_decref(report);
    navcore_string_free(text);
}

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
        check_table_report(nav);
        fuzz_check_snapshot_restores(nav, table, 1);
        if (navcore_record(nav, 1) != NAVCORE_OK)
            fuzz_fail("navcore_record refused to start: %s", navcore_last_error_message());
        fuzz_check_log_replays(nav, table);
        navcore_navigator_free(nav);
    }
    free(table);
    return 0;
}
