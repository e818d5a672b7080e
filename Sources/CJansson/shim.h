/* Brings jansson's API into Swift as the CJansson module, plus function forms
 * of the jansson macros that Swift cannot import. */
#include <jansson.h>

/** The JSON type of a node (jansson's json_typeof macro as a function). */
static inline json_type cjansson_typeof(const json_t *json) {
    return json_typeof(json);
}

/** Whether a node is JSON true (jansson's json_is_true macro). */
static inline int cjansson_is_true(const json_t *json) {
    return json_is_true(json);
}
