/*
 * fuzz_restore - libFuzzer target: navcore_restore() of any text on the fuzz
 * table, into a navigator with tabs, entries and a presentation, with a
 * validator whose answers (keep, veto, or a value that is neither) follow
 * from the input and each entry.
 *
 * Invariants: the validator is offered entries as JSON objects and sees the
 * state from before the restore; a failure is NAVCORE_ERESTORE (or
 * NAVCORE_ENOMEM) with a message, the state byte-identical and the report
 * untouched; a success writes a report (a JSON object), the restored state
 * is a tree as documented (fuzz_tree.h), and its own snapshot restores
 * exactly into a fresh navigator.
 *
 * Built with FUZZ_NESTED (fuzz_nested_restore, on Tests/fuzz/nested_table.json),
 * the navigator restored into holds containers three levels deep, a sheet
 * with tabs and a presentation over one hidden stack.
 */
#include "fuzz.h"
#include "fuzz_tree.h"

#ifdef FUZZ_NESTED
/* The setup batch: explore/foryou@7/shelf/detail above its root, a settings sheet (layer:12) on its
 * privacy tab, a post over the hidden stack explore/foryou@7/videos. */
static const char setup[] =
    "[{\"op\": \"select_tab\", \"tab\": \"explore\"}, {\"op\": \"push\", \"route\": {\"name\": \"channel\", \"params\": {\"id\": 1}}},"
    " {\"op\": \"select_tab\", \"tab\": \"shelf\"}, {\"op\": \"push\", \"route\": {\"name\": \"album\", \"params\": {\"id\": 2}}},"
    " {\"op\": \"present\", \"route\": {\"name\": \"settings\"}}, {\"op\": \"select_tab\", \"tab\": \"privacy\"},"
    " {\"op\": \"push\", \"route\": {\"name\": \"blocked\"}},"
    " {\"op\": \"present\", \"route\": {\"name\": \"post\", \"params\": {\"id\": 3}}, \"stack\": \"explore/foryou@7/videos\"}]";
#else
/* The setup batch: entries on two tabs, a held checkout and a sheet. */
static const char setup[] =
    "[{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 1}}},"
    " {\"op\": \"select_tab\", \"tab\": \"cart\"},"
    " {\"op\": \"push\", \"route\": {\"name\": \"checkout\"}},"
    " {\"op\": \"present\", \"route\": {\"name\": \"login\"}, \"style\": \"sheet\"}]";
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What the validator knows: the input's hash, the navigator and its state. */
struct judge {
    uint32_t seed;
    const navcore_navigator *nav;
    const char *before;
};

/* FNV-1a over text, starting from seed. */
static uint32_t hash(uint32_t seed, const char *text)
{
    uint32_t h = seed ^ 2166136261u;
    for (; *text != '\0'; text++)
        h = (h ^ (uint8_t)*text) * 16777619u;
    return h;
}

/* Keeps, vetoes or answers garbage, by the hash of the entry and the input. */
static int validate(const char *entry_json, void *user_data)
{
    const struct judge *judge = user_data;
    char *state = fuzz_state(judge->nav, "inside the validator");
    json_decref(fuzz_parse(entry_json, "the validator's entry"));
    if (strcmp(state, judge->before) != 0)
        fuzz_fail("the validator does not see the state from before the restore\n%.400s", state);
    navcore_string_free(state);
    switch (hash(judge->seed, entry_json) % 8) {
    case 0:
        return NAVCORE_VETO;
    case 1:
        return 7;
    default:
        return NAVCORE_KEEP;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *snapshot = fuzz_text(data, size);
    navcore_navigator *nav = fuzz_navigator();
    char *report = FUZZ_UNTOUCHED;
    struct judge judge;
    int rc;
    if (navcore_apply(nav, setup, NULL) != NAVCORE_OK)
        fuzz_fail("the setup batch is refused: %s", navcore_last_error_message());
    judge.seed = hash(0, snapshot);
    judge.nav = nav;
    judge.before = fuzz_state(nav, "before navcore_restore");
    rc = navcore_restore(nav, snapshot, validate, &judge, &report);
    if (rc != NAVCORE_OK) {
        FUZZ_CHECK_FAILURE(rc, "navcore_restore", NAVCORE_ERESTORE, NAVCORE_ENOMEM);
        fuzz_check_untouched(report, "navcore_restore");
        fuzz_check_unchanged(nav, judge.before, "navcore_restore");
    } else {
        if (report == FUZZ_UNTOUCHED)
            fuzz_fail("a successful navcore_restore wrote no report");
        json_decref(fuzz_parse(report, "the restore report"));
        navcore_string_free(report);
        fuzz_check_tree(nav);
        fuzz_check_snapshot_restores(nav, fuzz_table(), 0);
    }
    navcore_string_free((char *)judge.before);
    navcore_navigator_free(nav);
    free(snapshot);
    return 0;
}
