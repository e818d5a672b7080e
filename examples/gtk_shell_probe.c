/*
 * gtk_shell_probe: the GTK shell's test mode (gtk_shell_probe.h). It reads the widgets GTK drew and
 * the navigator's view model at the same moment, so that a test compares the two, and tells where
 * each widget is, so that the test clicks it with real X events.
 */
#include <gdk/x11/gdkx.h>
#include <gtk/gtk.h>
#include <jansson.h>

#include "gtk_shell_probe.h"

/* What the probe writes, and from which navigator. */
typedef struct {
    navcore_navigator *nav;
    char *path;
} Probe;

/* The text a widget shows: a label's, a button's or an entry's; NULL for any other. */
static const char *shown_text(GtkWidget *widget) {
    if (GTK_IS_LABEL(widget)) return gtk_label_get_text(GTK_LABEL(widget));
    if (GTK_IS_BUTTON(widget)) return gtk_button_get_label(GTK_BUTTON(widget));
    if (GTK_IS_ENTRY(widget)) return gtk_editable_get_text(GTK_EDITABLE(widget));
    return NULL;
}

/* The state of widget and its children; (dx, dy) takes root's coordinates to the X window's. */
static json_t *widget_state(GtkWidget *widget, GtkWidget *root, double dx, double dy) {
    json_t *node = json_pack("{s:s, s:s, s:b, s:b, s:o, s:[]}", "type", G_OBJECT_TYPE_NAME(widget),
                             "name", gtk_widget_get_name(widget), "sensitive", gtk_widget_is_sensitive(widget),
                             "mapped", gtk_widget_get_mapped(widget), "classes", json_array(), "children");
    const char *text = shown_text(widget);
    graphene_rect_t bounds;
    char **classes = gtk_widget_get_css_classes(widget);
    for (char **name = classes; *name != NULL; name++) json_array_append_new(json_object_get(node, "classes"), json_string(*name));
    g_strfreev(classes);
    if (text != NULL) json_object_set_new(node, "text", json_string(text));
    if (gtk_widget_compute_bounds(widget, root, &bounds))
        json_object_set_new(node, "box", json_pack("[f, f, f, f]", bounds.origin.x + dx, bounds.origin.y + dy,
                                                   bounds.size.width, bounds.size.height));
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child))
        json_array_append_new(json_object_get(node, "children"), widget_state(child, root, dx, dy));
    return node;
}

/* Writes every realized window's widgets and the view model to the probe's file. */
static void write_state(GdkFrameClock *clock, Probe *probe) {
    (void)clock;
    char *view = NULL;
    json_t *state = json_pack("{s:[]}", "windows");
    GListModel *toplevels = gtk_window_get_toplevels();
    for (guint i = 0; i < g_list_model_get_n_items(toplevels); i++) {
        GtkWidget *window = g_list_model_get_item(toplevels, i);
        GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
        double dx = 0, dy = 0;
        if (surface != NULL && GDK_IS_X11_SURFACE(surface) && gtk_widget_get_mapped(window)) {
            gtk_native_get_surface_transform(GTK_NATIVE(window), &dx, &dy);
            json_array_append_new(json_object_get(state, "windows"), json_pack("{s:s?, s:I, s:o}",
                "title", gtk_window_get_title(GTK_WINDOW(window)), "xid", (json_int_t)gdk_x11_surface_get_xid(surface),
                "tree", widget_state(window, window, dx, dy)));
        }
        g_object_unref(window);
    }
    if (navcore_view_model(probe->nav, &view) == NAVCORE_OK) json_object_set_new(state, "view", json_loads(view, 0, NULL));
    navcore_string_free(view);
    char *text = json_dumps(state, JSON_COMPACT);
    if (text != NULL) g_file_set_contents(probe->path, text, -1, NULL);
    free(text);
    json_decref(state);
}

/* Every 100 ms: each window painted again, so that its frame clock's after-paint writes the state;
 * a window seen for the first time gets the writer on its frame clock. */
static gboolean repaint(gpointer data) {
    GListModel *toplevels = gtk_window_get_toplevels();
    for (guint i = 0; i < g_list_model_get_n_items(toplevels); i++) {
        GtkWidget *window = g_list_model_get_item(toplevels, i);
        GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
        if (clock != NULL && g_object_get_data(G_OBJECT(clock), "probe") == NULL) {
            g_object_set_data(G_OBJECT(clock), "probe", data);
            g_signal_connect(clock, "after-paint", G_CALLBACK(write_state), data);
        }
        gtk_widget_queue_draw(window);
        g_object_unref(window);
    }
    return G_SOURCE_CONTINUE;
}

void gtk_shell_probe(navcore_navigator *nav, const char *path) {
    Probe *probe = g_new(Probe, 1);
    probe->nav = nav;
    probe->path = g_strdup(path);
    g_timeout_add(100, repaint, probe);
}
