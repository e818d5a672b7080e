/*
 * gtk_shell: the shop app as a GTK 4 window driven by navcore (docs/shells.md, "The GTK shell").
 *
 * Everything it draws comes from the view model, in the locale its switch sets: the tab bar, the
 * tab bars of nested containers (the settings sheet's General, Privacy and Account), the Back
 * button's label and state, the top layer's title, the layers, the sign-in button, the
 * announcement. It keeps no navigation rule of its own: a click applies an action, and the view
 * subscription redraws the window after every change (navcore_subscribe_view; its first call is
 * the first frame). A change a draft holds back reaches one dialog, whoever made it
 * (navcore_subscribe_blocked), which asks the user, then proceeds with the held batch's token or
 * does nothing.
 *
 * Build and run: make gtk-shell, then build/gtk/gtk_shell [ROUTE_TABLE.json].
 */
#include <gtk/gtk.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "navcore.h"
#include "gtk_shell_probe.h"

#ifndef GUI_TABLE
/* The route table read when none is given: examples/gui_table.py's, as make gtk-shell writes it. */
#define GUI_TABLE "build/gtk/gui_table.json"
#endif

/* A button of the action bars: its label, then the action a click applies (docs/json.md). */
typedef struct { const char *label, *action; } Action;

/* The buttons of the action bar. Another button is one more line here. */
static const Action ACTIONS[] = {
    {"Product 42", "{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 42}}}"},
    {"Checkout", "{\"op\": \"push\", \"route\": {\"name\": \"checkout\"}}"},
    {"Pick a size", "{\"op\": \"present\", \"route\": {\"name\": \"size_picker\"}}"},
    {"Settings", "{\"op\": \"present\", \"route\": {\"name\": \"preferences\"}}"},
    {"Blocked", "{\"op\": \"push\", \"route\": {\"name\": \"blocked\"}}"},
    {"Close", "{\"op\": \"dismiss\"}"},
};

/* The locale switch: every title and announcement follows (docs/locales.md). */
static const Action LOCALES[] = {
    {"English", "{\"op\": \"set_locale\", \"locale\": \"en\"}"},
    {"Tiếng Việt", "{\"op\": \"set_locale\", \"locale\": \"vi\"}"},
};

/* The window's widgets a frame redraws, and the navigator they show. */
typedef struct {
    navcore_navigator *nav;
    GtkWidget *window, *tabs, *containers, *back, *title, *layers, *sign_in, *url, *status;
    char *frame;  /* the view model to draw next: a copy, the listener's document is borrowed */
    guint idle;   /* the main loop's source that draws it, 0 when none is due */
    int64_t top_id;  /* the top entry's id in the last frame drawn: what Draft marks */
    int signed_in;   /* whether the last frame drawn was signed in: what the sign-in button toggles */
} Shell;

/* A text member of a view model object (NULL when absent). */
static const char *text_of(json_t *object, const char *key) { return json_string_value(json_object_get(object, key)); }

/* Whether a member of a view model object is true. */
static int flag(json_t *object, const char *key) { return json_is_true(json_object_get(object, key)); }

/* Shows what went wrong in the status line, from the status a call returned; a change a draft held
 * back went to the dialog instead, and a success shows in the next frame. */
static void report(Shell *shell, int status) {
    if (status == NAVCORE_OK || status == NAVCORE_EBLOCKED) return;
    char *text = navcore_error_text(status);
    gtk_label_set_text(GTK_LABEL(shell->status), text ? text : "out of memory");
    navcore_string_free(text);
}

/* An action button's click: applies the action its "action" data holds. */
static void on_action(GtkWidget *button, Shell *shell) {
    report(shell, navcore_apply(shell->nav, g_object_get_data(G_OBJECT(button), "action"), NULL));
}

/* A tab's click: selects the tab by the name its "tab" data holds, the view model's. */
static void on_tab(GtkWidget *button, Shell *shell) {
    report(shell, navcore_select_tab(shell->nav, g_object_get_data(G_OBJECT(button), "tab"), NULL));
}

/* The Back button: pops, closes a sheet or returns to the previous tab, as its label says. */
static void on_back(GtkWidget *button, Shell *shell) { (void)button; report(shell, navcore_back(shell->nav, NULL)); }

/* Draft: the top screen now holds an unsaved review, which holds back whatever would remove it. */
static void on_draft(GtkWidget *button, Shell *shell) {
    (void)button;
    report(shell, navcore_set_blocker(shell->nav, shell->top_id, "Unsaved review", NULL));
}

/* Signs the user in or out, as the button the user sees says. */
static void on_sign_in(GtkWidget *button, Shell *shell) {
    (void)button;
    report(shell, navcore_set_condition(shell->nav, "signed_in", !shell->signed_in, NULL));
}

/* Open, or Return in the URL box: opens the link (shop://product/7), dismissing whatever is presented
 * first, so that the link's screen shows with or without a sheet up (NAVCORE_OPEN_DISMISS). */
static void on_open(GtkWidget *widget, Shell *shell) {
    (void)widget;
    const char *url = gtk_editable_get_text(GTK_EDITABLE(shell->url));
    report(shell, navcore_open_url(shell->nav, url, NAVCORE_OPEN_DEFAULT | NAVCORE_OPEN_DISMISS, NULL));
}

/* A button labelled text, appended to box, whose click calls clicked with the shell. */
static GtkWidget *add_button(GtkWidget *box, const char *text, GCallback clicked, Shell *shell) {
    GtkWidget *button = gtk_button_new_with_label(text);
    g_signal_connect(button, "clicked", clicked, shell);
    gtk_box_append(GTK_BOX(box), button);
    return button;
}

/* A button per action, appended to row; a click applies its action. */
static void add_actions(GtkWidget *row, const Action *actions, size_t count, Shell *shell) {
    for (size_t i = 0; i < count; i++) {
        GtkWidget *button = add_button(row, actions[i].label, G_CALLBACK(on_action), shell);
        g_object_set_data(G_OBJECT(button), "action", (gpointer)actions[i].action);
    }
}

/* Removes every child of box. */
static void clear(GtkWidget *box) {
    for (GtkWidget *child; (child = gtk_widget_get_first_child(box)) != NULL;) gtk_box_remove(GTK_BOX(box), child);
}

/* Draws a tab bar into box, a button per tab of the view model's array tab_list; the selected one
 * is drawn as a suggested action (its CSS class); a click selects the tab by its name there (a nested tab's is its
 * stack's name). */
static void draw_tab_bar(Shell *shell, GtkWidget *box, json_t *tab_list) {
    size_t i;
    json_t *tab;
    json_array_foreach(tab_list, i, tab) {
        char *text = g_strconcat(text_of(tab, "title"), flag(tab, "locked") ? " (locked)" : "", NULL);
        GtkWidget *button = add_button(box, text, G_CALLBACK(on_tab), shell);
        g_free(text);
        g_object_set_data_full(G_OBJECT(button), "tab", g_strdup(text_of(tab, "name")), g_free);
        if (flag(tab, "selected")) gtk_widget_add_css_class(button, "suggested-action");
    }
}

/* Draws the window from the frame the view subscription handed over, from the view model alone. */
static gboolean draw(gpointer data) {
    Shell *shell = data;
    shell->idle = 0;
    json_t *model = json_loads(shell->frame, 0, NULL), *layer_list = json_object_get(model, "layers"), *layer, *container;
    if (model == NULL) return G_SOURCE_REMOVE;  /* out of memory: the next frame draws */
    json_t *top_layer = json_array_get(layer_list, json_array_size(layer_list) - 1);
    json_t *back_button = json_object_get(top_layer, "back");
    size_t i;
    clear(shell->tabs);
    clear(shell->containers);
    draw_tab_bar(shell, shell->tabs, json_object_get(model, "tabs"));
    json_array_foreach(json_object_get(model, "containers"), i, container) {
        GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
        char *heading = g_strconcat(text_of(container, "title"), ":", NULL);
        gtk_box_append(GTK_BOX(row), gtk_label_new(heading));
        g_free(heading);
        draw_tab_bar(shell, row, json_object_get(container, "tabs"));
        gtk_box_append(GTK_BOX(shell->containers), row);
    }
    char *back_text = flag(back_button, "enabled") ? g_strconcat("< ", text_of(back_button, "label"), NULL) : g_strdup("<");
    gtk_button_set_label(GTK_BUTTON(shell->back), back_text);
    g_free(back_text);
    gtk_widget_set_sensitive(shell->back, flag(back_button, "enabled"));
    gtk_label_set_text(GTK_LABEL(shell->title), text_of(top_layer, "title"));
    GString *layers = g_string_new(NULL);
    json_array_foreach(layer_list, i, layer)
        g_string_append_printf(layers, "%s%s: %s", i ? "\n" : "", text_of(layer, "style"), text_of(layer, "title"));
    gtk_label_set_text(GTK_LABEL(shell->layers), layers->str);
    g_string_free(layers, TRUE);
    shell->signed_in = flag(json_object_get(model, "conditions"), "signed_in");
    gtk_button_set_label(GTK_BUTTON(shell->sign_in), shell->signed_in ? "Sign out" : "Sign in");
    gtk_label_set_text(GTK_LABEL(shell->status), text_of(model, "announcement"));
    shell->top_id = json_integer_value(json_object_get(top_layer, "id"));
    json_decref(model);
    return G_SOURCE_REMOVE;
}

/* The view subscription's listener, called on the thread of the change (here GTK's, a click's):
 * keeps a copy of the document, valid only during the call, and has GTK's main loop draw it when
 * idle; several changes before then draw once, the last. */
static void on_view(const char *view, void *data) {
    Shell *shell = data;
    g_free(shell->frame);
    shell->frame = g_strdup(view);
    if (shell->idle == 0) shell->idle = g_idle_add(draw, shell);
}

/* The dialog's Leave: proceeds with the token its "token" data holds, then closes the dialog. */
static void on_leave(GtkWidget *leave, Shell *shell) {
    report(shell, navcore_proceed(shell->nav, g_object_get_data(G_OBJECT(leave), "token"), NULL));
    gtk_window_destroy(GTK_WINDOW(gtk_widget_get_root(leave)));
}

/* Asks question in a dialog that returns at once: Leave proceeds with token (which it then owns
 * and frees), Stay closes it and nothing happens. */
static void ask(Shell *shell, const char *question, char *token) {
    GtkWidget *dialog = gtk_window_new(), *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8), *label = gtk_label_new(question);
    gtk_window_set_title(GTK_WINDOW(dialog), "Discard?");
    gtk_window_set_transient_for(GTK_WINDOW(dialog), GTK_WINDOW(shell->window));
    gtk_window_set_modal(GTK_WINDOW(dialog), TRUE);
    gtk_window_set_destroy_with_parent(GTK_WINDOW(dialog), TRUE);
    gtk_widget_set_name(label, "question");
    gtk_box_append(GTK_BOX(box), label);
    gtk_box_append(GTK_BOX(box), buttons);
    GtkWidget *stay = gtk_button_new_with_label("Stay"), *leave;
    g_signal_connect_swapped(stay, "clicked", G_CALLBACK(gtk_window_destroy), dialog);
    gtk_box_append(GTK_BOX(buttons), stay);
    leave = add_button(buttons, "Leave", G_CALLBACK(on_leave), shell);
    g_object_set_data_full(G_OBJECT(leave), "token", token, g_free);
    gtk_window_set_child(GTK_WINDOW(dialog), box);
    gtk_window_present(GTK_WINDOW(dialog));
}

/* The blocked subscription's listener: a change a draft holds back, whoever made it, asks here;
 * the question outlives the call, so it keeps a copy of the batch's token. */
static void on_blocked(const char *document, void *data) {
    json_t *blocked = json_loads(document, 0, NULL);
    if (blocked == NULL) return;  /* out of memory: the change stays held back, as if the user stayed */
    char *question = g_strdup_printf("%s. Leave anyway?", text_of(blocked, "reason"));
    ask(data, question, g_strdup(text_of(blocked, "token")));
    g_free(question);
    json_decref(blocked);
}

/* A horizontal row appended to box. */
static GtkWidget *add_row(GtkWidget *box, const char *name) {
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
    gtk_widget_set_name(row, name);
    gtk_box_append(GTK_BOX(box), row);
    return row;
}

/* A label named name appended to box. */
static GtkWidget *add_label(GtkWidget *box, const char *name) {
    GtkWidget *label = gtk_label_new(NULL);
    gtk_widget_set_name(label, name);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_box_append(GTK_BOX(box), label);
    return label;
}

/* Builds the window: a tab bar, the nested containers' tab bars, a Back button and title, the
 * layers, an action bar, the locale switch, a URL box and a status line; the first frame fills them. */
static void build(Shell *shell) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4), *bar, *actions, *links;
    shell->window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(shell->window), "navcore shop");
    gtk_window_set_default_size(GTK_WINDOW(shell->window), 640, 480);
    gtk_widget_set_margin_start(box, 8);
    gtk_widget_set_margin_end(box, 8);
    gtk_widget_set_margin_top(box, 8);
    gtk_window_set_child(GTK_WINDOW(shell->window), box);
    shell->tabs = add_row(box, "tabs");
    shell->containers = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
    gtk_widget_set_name(shell->containers, "containers");
    gtk_box_append(GTK_BOX(box), shell->containers);
    bar = add_row(box, "bar");
    shell->back = add_button(bar, "<", G_CALLBACK(on_back), shell);
    gtk_widget_set_name(shell->back, "back");
    shell->title = add_label(bar, "title");
    gtk_widget_add_css_class(shell->title, "title-2");
    shell->layers = add_label(box, "layers");
    actions = add_row(box, "actions");
    add_actions(actions, ACTIONS, G_N_ELEMENTS(ACTIONS), shell);
    add_button(actions, "Draft", G_CALLBACK(on_draft), shell);
    shell->sign_in = add_button(actions, "Sign in", G_CALLBACK(on_sign_in), shell);
    gtk_widget_set_name(shell->sign_in, "signed");
    add_actions(add_row(box, "locales"), LOCALES, G_N_ELEMENTS(LOCALES), shell);
    links = add_row(box, "links");
    shell->url = gtk_entry_new();
    gtk_widget_set_name(shell->url, "url");
    gtk_widget_set_hexpand(shell->url, TRUE);
    g_signal_connect(shell->url, "activate", G_CALLBACK(on_open), shell);
    gtk_box_append(GTK_BOX(links), shell->url);
    add_button(links, "Open", G_CALLBACK(on_open), shell);
    shell->status = add_label(box, "status");
    gtk_label_set_wrap(GTK_LABEL(shell->status), TRUE);
    gtk_window_present(GTK_WINDOW(shell->window));
}

/* Prints what went wrong with status, and returns the exit status 1. */
static int fail(const char *what, int status) {
    char *text = navcore_error_text(status);
    fprintf(stderr, "gtk_shell: %s: %s\n", what, text ? text : "out of memory");
    navcore_string_free(text);
    return 1;
}

int main(int argc, char **argv) {
    Shell shell = {0};
    int64_t subscription;
    if (!gtk_init_check()) {
        fputs("gtk_shell: no display to open the window on. Run it on a desktop, or on a virtual display "
              "with xvfb-run (Debian package xvfb): xvfb-run make gui-gtk\n", stderr);
        return 1;
    }
    int status = navcore_navigator_new_from_file(argc > 1 ? argv[1] : GUI_TABLE, &shell.nav);
    if (status != NAVCORE_OK) return fail("the route table", status);
    build(&shell);
    if ((status = navcore_subscribe_view(shell.nav, on_view, &shell, &subscription)) != NAVCORE_OK ||
        (status = navcore_subscribe_blocked(shell.nav, on_blocked, &shell, &subscription)) != NAVCORE_OK)
        return fail("subscribing", status);
    if (getenv("NAVCORE_GTK_PROBE") != NULL) gtk_shell_probe(shell.nav, getenv("NAVCORE_GTK_PROBE"));
    while (g_list_model_get_n_items(gtk_window_get_toplevels()) > 0) g_main_context_iteration(NULL, TRUE);
    navcore_navigator_free(shell.nav);
    g_free(shell.frame);
    return 0;
}
