// Proves that navcore.h and navcore_debug.h (the unstable benchmark hooks) are
// valid C++11: they compile with -fsyntax-only under -Wall -Wextra -Werror
// -pedantic, every declaration has the exact type it
// documents (each is bound to a pointer of that type below), and the macros
// are integer constant expressions a C++ program can use at compile time.
#include "navcore.h"
#include "navcore_debug.h"

struct navcore_api {
    const char *(*version)(void);
    int (*version_number)(void);
    const char *(*status_string)(int);
    const char *(*last_error_message)(void);
    const char *(*last_error_path)(void);
    void (*string_free)(char *);
    int (*navigator_new)(const char *, navcore_navigator **);
    void (*navigator_free)(navcore_navigator *);
    int (*apply)(navcore_navigator *, const char *, char **);
    int (*push)(navcore_navigator *, const char *, const char *, char **);
    int (*pop)(navcore_navigator *, int, char **);
    int (*pop_to_root)(navcore_navigator *, char **);
    int (*set_stack)(navcore_navigator *, const char *, char **);
    int (*select_tab)(navcore_navigator *, const char *, char **);
    int (*present)(navcore_navigator *, const char *, const char *, const char *, char **);
    int (*dismiss)(navcore_navigator *, int, char **);
    int (*back)(navcore_navigator *, char **);
    int (*state)(const navcore_navigator *, char **);
    int (*stack)(const navcore_navigator *, char **);
    int (*subscribe)(navcore_navigator *, navcore_listener, void *, int64_t *);
    int (*unsubscribe)(navcore_navigator *, int64_t);
    int (*open_url)(navcore_navigator *, const char *, int, char **);
    int (*resolve_url)(const navcore_navigator *, const char *, char **);
    int (*url_for)(const navcore_navigator *, const char *, char **);
    int (*stack_url)(const navcore_navigator *, char **);
    int (*match_segments)(const navcore_navigator *, const char *, const char *, const char *const *, size_t,
                          size_t *);
};

extern const navcore_api navcore_api_table;
const navcore_api navcore_api_table = {
    navcore_version,
    navcore_version_number,
    navcore_status_string,
    navcore_last_error_message,
    navcore_last_error_path,
    navcore_string_free,
    navcore_navigator_new,
    navcore_navigator_free,
    navcore_apply,
    navcore_push,
    navcore_pop,
    navcore_pop_to_root,
    navcore_set_stack,
    navcore_select_tab,
    navcore_present,
    navcore_dismiss,
    navcore_back,
    navcore_state,
    navcore_stack,
    navcore_subscribe,
    navcore_unsubscribe,
    navcore_open_url,
    navcore_resolve_url,
    navcore_url_for,
    navcore_stack_url,
    navcore_match_segments,
};

// A captureless lambda converts to the listener type.
extern const navcore_listener navcore_cpp_listener;
const navcore_listener navcore_cpp_listener = [](const char *transition_json, void *user_data) {
    static_cast<void>(transition_json);
    static_cast<void>(user_data);
};

static_assert(NAVCORE_OK == 0, "NAVCORE_OK is 0");
static_assert(NAVCORE_EINVAL < 0 && NAVCORE_ENOMEM < 0 && NAVCORE_EJSON < 0 &&
                  NAVCORE_ETABLE < 0 && NAVCORE_EACTION < 0 && NAVCORE_EROUTE < 0 &&
                  NAVCORE_EPARAMS < 0 && NAVCORE_ENOENTRY < 0 && NAVCORE_ECASCADE < 0 &&
                  NAVCORE_EINTERNAL < 0 && NAVCORE_ENOMATCH < 0 && NAVCORE_ETAB < 0,
              "error codes are negative");
static_assert(NAVCORE_ENOMATCH == -11 && NAVCORE_ETAB == -12, "status codes keep their values");
static_assert(NAVCORE_VERSION_MAJOR >= 0 && NAVCORE_VERSION_MINOR >= 0 &&
                  NAVCORE_VERSION_PATCH >= 0,
              "version macros are integer constants");
static_assert(NAVCORE_FORMAT == 1, "format number 1");
static_assert(NAVCORE_MAX_STRING_PARAM_BYTES > 0 && NAVCORE_MAX_LISTENER_CASCADE > 0 &&
                  NAVCORE_MAX_URL_BYTES > 0,
              "limits are positive integer constants");
static_assert(NAVCORE_OPEN_DEFAULT == 0 && NAVCORE_OPEN_REPLACE == 1 && NAVCORE_OPEN_PUSH == 2,
              "open_url modes are integer constants");
static_assert(sizeof(NAVCORE_VERSION) > 1, "NAVCORE_VERSION is a string literal");
static_assert(NAVCORE_VERSION_NUMBER == NAVCORE_VERSION_MAJOR * 1000000 + NAVCORE_VERSION_MINOR * 1000 +
                                           NAVCORE_VERSION_PATCH,
              "NAVCORE_VERSION_NUMBER is an integer constant of the three numbers");
