/*
 * bench_conditions.c - what requiring conditions costs (docs/conditions.md).
 *
 * A push of a route that requires a condition, while the condition is true,
 * against the same push on a table where nothing requires anything: the
 * requirement check must cost at most 1.2x. Also the round trip of the
 * sign-in flow (a held push, then sign-in replaying it, then sign-out), as a
 * figure of its own. And blockers (docs/blockers.md): a push and a pop above
 * a blocking entry against the same without one, within 1.2x.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>

#include "measure.h"
#include "navcore.h"

/* The same table twice: %s is where checkout's requires goes ("" or the requirement). */
static const char TABLE[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {"
    "\"home\": {\"title\": \"Home\"},"
    "\"login\": {\"title\": \"Sign in\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"%s}},"
    " \"conditions\": {\"signed_in\": {\"flow\": {\"route\": \"login\", \"style\": \"cover\"}}}}";

/* A navigator of TABLE, product requiring signed_in or not, signed in. */
static navcore_navigator *navigator(int guarded)
{
    char table[1024];
    navcore_navigator *nav = NULL;
    snprintf(table, sizeof table, TABLE, guarded ? ", \"requires\": [\"signed_in\"]" : "");
    MUST(navcore_navigator_new(table, &nav));
    MUST(navcore_set_condition(nav, "signed_in", 1, NULL));
    return nav;
}

/* n times: signed out, a push held behind the flow, sign-in replaying it, pop. */
static double flow_batch(void *context, long n)
{
    navcore_navigator *nav = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        MUST(navcore_set_condition(nav, "signed_in", 0, NULL));
        MUST(navcore_push(nav, "product", "{\"id\": 42}", NULL));
        MUST(navcore_set_condition(nav, "signed_in", 1, NULL));
        MUST(navcore_pop(nav, 1, NULL));
    }
    return now_ns() - start;
}

/* A plain navigator with product 1 pushed (id 2), blocking or not. */
static navcore_navigator *with_draft(int blocking)
{
    navcore_navigator *nav = navigator(0);
    MUST(navcore_push(nav, "product", "{\"id\": 1}", NULL));
    if (blocking)
        MUST(navcore_set_blocker(nav, 2, "Unsaved draft", NULL));
    return nav;
}

/* A push and pop above a blocking entry costs what it costs above a plain one. */
static void blocker_costs(void)
{
    navcore_navigator *plain = with_draft(0), *blocked = with_draft(1);
    struct bench set[2] = {{push_pop_batch, NULL, 0, {0}}, {push_pop_batch, NULL, 0, {0}}};
    struct result r[2];
    set[0].context = plain;
    set[1].context = blocked;
    measure(set, 2);
    r[0] = result_of(&set[0]);
    r[1] = result_of(&set[1]);
    printf("\n   blockers: push + pop, NULL transition_out\n");
    row("   above a plain entry", r[0]);
    row("   above a blocking entry", r[1]);
    printf("  %-58s %10.2fx   (target <= 1.20x: %s)\n", "   ratio blocking / plain", r[1].median / r[0].median,
           r[1].median / r[0].median <= 1.2 ? "met" : "NOT MET");
    navcore_navigator_free(plain);
    navcore_navigator_free(blocked);
}

int main(void)
{
    navcore_navigator *plain = navigator(0), *guarded = navigator(1), *flow = navigator(1);
    struct bench set[3] = {{push_batch, NULL, 0, {0}}, {push_batch, NULL, 0, {0}}, {flow_batch, NULL, 0, {0}}};
    struct result r[3];
    int i;
    set[0].context = plain;
    set[1].context = guarded;
    set[2].context = flow;
    measure(set, 3);
    for (i = 0; i < 3; i++)
        r[i] = result_of(&set[i]);
    printf("\ni  conditions: push of a route, NULL transition_out, signed in\n");
    row("   push, nothing requires a condition", r[0]);
    row("   push of a route that requires signed_in (true)", r[1]);
    printf("  %-58s %10.2fx   (target <= 1.20x: %s)\n", "   ratio required / plain", r[1].median / r[0].median,
           r[1].median / r[0].median <= 1.2 ? "met" : "NOT MET");
    row("   sign-out, held push, sign-in replaying it, pop", r[2]);
    navcore_navigator_free(plain);
    navcore_navigator_free(guarded);
    navcore_navigator_free(flow);
    blocker_costs();
    return 0;
}
