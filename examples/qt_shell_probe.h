/*
 * qt_shell_probe: the Qt shell's test mode (bindings/python/tests/test_qt_shell.py), not part of the shell.
 */
#ifndef QT_SHELL_PROBE_H
#define QT_SHELL_PROBE_H

#include <thread>

#include "navcore.h"

/*
 * When enabled, reads commands from standard input, one JSON array a line, runs each on the GUI
 * thread and writes its answer to standard output, one JSON object a line:
 *  - ["dump"]: {"view": nav's view model as navcore_view_model() gives it now, "windows": [{"title",
 *    "name", "tree"}]} for every visible top-level widget, where each tree node is {"type" (the
 *    class), "name" (objectName), "text" (a label's, button's or line edit's), "enabled",
 *    "visible", "children"}, with "tabs" ([{"text", "name"}]) and "current" for a tab bar,
 *    "items" for a list and "title" for a group box;
 *  - ["click", NAME, TEXT]: a mouse click (QTest) on the first visible widget named NAME whose
 *    text is TEXT, or on its tab of that text for a tab bar (TEXT absent: the widget itself);
 *  - ["type", NAME, TEXT]: selects all in the line edit NAME and types TEXT with key presses;
 *    ["key", NAME, "Return"]: presses Return there;
 *  - ["worker", ACTIONS]: navcore_apply(nav, ACTIONS) on a thread of its own, joined: {"status"};
 *  - ["shot", NAME, PATH]: saves the window NAME as a PNG image at PATH;
 *  - ["quit"]: closes every window, which ends the program, and stops reading.
 * Any other answer is {"ok": true}, or {"error": what went wrong}. The end of input quits too.
 */
class QtShellProbe {
public:
    QtShellProbe(navcore_navigator *nav, bool enabled);
    /* Waits for the reader to stop, after the last command or the end of input. */
    void stop();

private:
    std::thread reader;
};

#endif
