/*
 * hello.c - a first navcore program in C.
 *
 * Creates a navigator from a small route table, pushes two routes, prints the
 * stack, pops, and prints the title of the entry now on top. Every call is
 * checked; every string navcore returns is released with navcore_string_free.
 * See examples/README.md for the command that builds and runs it.
 */
#include <stdio.h>
#include <string.h>

#include "navcore.h"

static const char TABLE[] =
    "{"
    "  \"navcore\": 1,"
    "  \"root\": \"home\","
    "  \"routes\": {"
    "    \"home\":     {\"title\": \"Home\"},"
    "    \"category\": {\"params\": {\"slug\": \"string\"}, \"title\": \"Category {slug}\"},"
    "    \"product\":  {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"}"
    "  }"
    "}";

/* Reports a failed navcore call; returns 1 so that main can exit with it. */
static int fail(const char *what, int rc)
{
    fprintf(stderr, "hello: %s: %s: %s\n", what, navcore_status_string(rc),
            navcore_last_error_message());
    return 1;
}

/*
 * Prints the value of the last "title" key in JSON text written by navcore.
 * In a stack document the entries run root first, so that is the top's title.
 * A real program would use its JSON library; this example needs none, and
 * handles only the escapes \" and \\ that a title like ours can contain.
 */
static void print_last_title(const char *json)
{
    const char *found = NULL, *p = json, *key;
    while ((key = strstr(p, "\"title\":")) != NULL) {
        found = key;
        p = key + 1;
    }
    if (found == NULL || (p = strchr(found + strlen("\"title\":"), '"')) == NULL) {
        printf("(no title)\n");
        return;
    }
    for (p++; *p != '\0' && *p != '"'; p++) {
        if (*p == '\\' && p[1] != '\0')
            p++;
        putchar(*p);
    }
    putchar('\n');
}

int main(void)
{
    navcore_navigator *nav = NULL;
    char *stack = NULL;
    int rc;

    printf("navcore %s\n", navcore_version());

    rc = navcore_navigator_new(TABLE, &nav);
    if (rc != NAVCORE_OK)
        return fail("navcore_navigator_new", rc);

    rc = navcore_push(nav, "category", "{\"slug\": \"shoes\"}", NULL);
    if (rc == NAVCORE_OK)
        rc = navcore_push(nav, "product", "{\"id\": 42}", NULL);
    if (rc != NAVCORE_OK) {
        navcore_navigator_free(nav);
        return fail("navcore_push", rc);
    }

    rc = navcore_stack(nav, &stack);
    if (rc != NAVCORE_OK) {
        navcore_navigator_free(nav);
        return fail("navcore_stack", rc);
    }
    printf("stack: %s\n", stack);
    navcore_string_free(stack);
    stack = NULL;

    rc = navcore_pop(nav, 1, NULL);
    if (rc == NAVCORE_OK)
        rc = navcore_stack(nav, &stack);
    if (rc != NAVCORE_OK) {
        navcore_navigator_free(nav);
        return fail("navcore_pop", rc);
    }
    printf("after pop, top: ");
    print_last_title(stack);
    navcore_string_free(stack);

    /* A mistake is reported, not fatal: an unknown route is refused. */
    rc = navcore_push(nav, "prodcut", NULL, NULL);
    printf("pushing \"prodcut\": %s: %s\n", navcore_status_string(rc), navcore_last_error_message());

    navcore_navigator_free(nav);
    return rc == NAVCORE_EROUTE ? 0 : 1;
}
