/*
 * gtk_shell_probe: the GTK shell's test mode (Tests/gtk/test_gtk_shell.py), not part of the shell.
 */
#ifndef GTK_SHELL_PROBE_H
#define GTK_SHELL_PROBE_H

#include "navcore.h"

/*
 * From now on, after every frame GTK paints in any of the program's windows, writes to the file at
 * path (whole, by rename) {"view": nav's view model as navcore_view_model() gives it then,
 * "windows": [{"title", "xid" (the X window, for clicks), "tree"}]}, where each tree node is
 * {"type", "name", "text" (a label's, button's or entry's), "sensitive", "mapped", "classes" (CSS), "box"
 * ([x, y, width, height] in the window's X coordinates), "children"}. The windows repaint every
 * 100 ms, so that the file follows a window closed or opened between frames.
 */
void gtk_shell_probe(navcore_navigator *nav, const char *path);

#endif
