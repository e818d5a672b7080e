/*
 * test_helpers.c - the calls that spare a C program its boilerplate: the last
 * error as one owned string, a condition's value, a navigator from a table
 * file; and a successful call leaves no error behind, even when a listener's
 * own call failed inside it.
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "navcore.h"

static const char TABLE[] =
    "{\"navcore\": 1, \"routes\": {\"home\": {}, \"product\": {\"params\": {\"id\": \"int\"}}, \"login\": {}},"
    " \"root\": \"home\", \"conditions\": {\"signed_in\": {\"flow\": {\"route\": \"login\"}}, \"beta\": {\"initial\": true}}}";

/* Writes text to a new temporary file and returns its path (static buffer), or NULL. */
static const char *temp_file(const char *text, size_t size)
{
    static char path[] = "/tmp/navcore_table_XXXXXX";
    int fd;
    strcpy(path, "/tmp/navcore_table_XXXXXX");
    fd = mkstemp(path);
    if (fd < 0) return NULL;
    if (write(fd, text, size) != (ssize_t)size) {
        close(fd);
        return NULL;
    }
    close(fd);
    return path;
}

/* What the failing listener pushes on, and the status its push got. */
struct listening {
    navcore_navigator *nav;
    int status;
};

/* A listener whose own call fails, once: the push it makes names no route. */
static void failing_listener(const char *transition, void *user_data)
{
    struct listening *listening = user_data;
    (void)transition;
    if (listening->status == 0) listening->status = navcore_push(listening->nav, "nowhere", NULL, NULL);
}

int main(void)
{
    navcore_navigator *nav = NULL, *from_file = NULL;
    char *text = NULL;
    const char *path;
    int value = -1;
    struct listening listening = {NULL, 0};
    int64_t subscription = 0;

    /* The last error as one owned string. */
    CHECK_OK(navcore_navigator_new(TABLE, &nav));
    CHECK(navcore_push(nav, "prodcut", NULL, NULL) == NAVCORE_EROUTE);
    text = navcore_error_text(NAVCORE_EROUTE);
    CHECK(text != NULL && strncmp(text, "NAVCORE_EROUTE: ", 16) == 0);
    CHECK(text != NULL && strcmp(text + 16, navcore_last_error_message()) == 0);
    CHECK(text != NULL && strstr(text, "did you mean \"product\"") != NULL);
    navcore_string_free(text);
    CHECK(strlen(navcore_last_error_message()) > 0); /* the call changed no error state */
    text = navcore_error_text(NAVCORE_OK);
    CHECK(text != NULL && strcmp(text, "NAVCORE_OK") == 0);
    navcore_string_free(text);
    CHECK(navcore_state(NULL, &text) == NAVCORE_EINVAL);
    text = navcore_error_text(NAVCORE_EINVAL);
    CHECK(text != NULL && strcmp(text, "NAVCORE_EINVAL: nav: is NULL") == 0);
    navcore_string_free(text);

    /* A condition's value. */
    CHECK_OK(navcore_condition(nav, "signed_in", &value));
    CHECK(value == 0);
    CHECK_OK(navcore_condition(nav, "beta", &value));
    CHECK(value == 1);
    CHECK_OK(navcore_set_condition(nav, "signed_in", 1, NULL));
    CHECK_OK(navcore_condition(nav, "signed_in", &value));
    CHECK(value == 1);
    value = 7;
    CHECK(navcore_condition(nav, "signed", &value) == NAVCORE_EACTION);
    CHECK(strcmp(navcore_last_error_path(), "name") == 0);
    CHECK(strstr(navcore_last_error_message(), "unknown condition \"signed\" (allowed: signed_in, beta)") != NULL);
    CHECK(value == 7);
    CHECK(navcore_condition(NULL, "beta", &value) == NAVCORE_EINVAL);
    CHECK(navcore_condition(nav, NULL, &value) == NAVCORE_EINVAL);
    CHECK(navcore_condition(nav, "beta", NULL) == NAVCORE_EINVAL);
    CHECK(navcore_condition(nav, "\xff", &value) == NAVCORE_EINVAL);
    CHECK(value == 7);

    /* A successful call leaves no error, though a listener's own call failed inside it. */
    listening.nav = nav;
    CHECK_OK(navcore_subscribe(nav, failing_listener, &listening, &subscription));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", NULL));
    CHECK(listening.status == NAVCORE_EROUTE);
    CHECK(strcmp(navcore_last_error_message(), "") == 0);
    CHECK(strcmp(navcore_last_error_path(), "") == 0);
    CHECK_OK(navcore_unsubscribe(nav, subscription));
    navcore_navigator_free(nav);

    /* A navigator from a table file. */
    path = temp_file(TABLE, strlen(TABLE));
    CHECK(path != NULL);
    if (path != NULL) {
        CHECK_OK(navcore_navigator_new_from_file(path, &from_file));
        CHECK_OK(navcore_condition(from_file, "beta", &value));
        CHECK(value == 1);
        navcore_navigator_free(from_file);
        remove(path);
    }
    from_file = NULL;
    CHECK(navcore_navigator_new_from_file("/nonexistent/shop.json", &from_file) == NAVCORE_ETABLE);
    CHECK(strstr(navcore_last_error_message(), "cannot read route table \"/nonexistent/shop.json\": No such file or directory") != NULL);
    CHECK(from_file == NULL);
    CHECK(navcore_navigator_new_from_file("/tmp", &from_file) == NAVCORE_ETABLE);
    CHECK(strstr(navcore_last_error_message(), "cannot read route table \"/tmp\": Is a directory") != NULL);
    path = temp_file("{\"navcore\": 1,\0 \"root\": \"home\"}", 31);
    if (path != NULL) {
        CHECK(navcore_navigator_new_from_file(path, &from_file) == NAVCORE_ETABLE);
        CHECK(strstr(navcore_last_error_message(), "holds a NUL byte at offset 14") != NULL);
        remove(path);
    }
    path = temp_file("{\"navcore\": 1", 13);
    if (path != NULL) {
        CHECK(navcore_navigator_new_from_file(path, &from_file) == NAVCORE_EJSON);
        remove(path);
    }
    path = temp_file("{\"navcore\": 1, \"root\": \"\xff\"}", 27);
    if (path != NULL) {
        CHECK(navcore_navigator_new_from_file(path, &from_file) == NAVCORE_EINVAL);
        CHECK(strstr(navcore_last_error_message(), "is not valid UTF-8 (byte 0xFF at offset 24)") != NULL);
        remove(path);
    }
    CHECK(from_file == NULL);
    CHECK(navcore_navigator_new_from_file(NULL, &from_file) == NAVCORE_EINVAL);
    CHECK(navcore_navigator_new_from_file("x.json", NULL) == NAVCORE_EINVAL);
    return check_summary();
}
