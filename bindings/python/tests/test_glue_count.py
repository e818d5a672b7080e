"""scripts/glue_count.py, the rule that counts a shell's glue to navcore (docs/shells.md, "Glue"):
which lines count in C and in Python, and the table it checks in a document."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from support import REPO

sys.path.insert(0, str(REPO / "scripts"))

import glue_count  # noqa: E402 - after the path to the scripts

C_SHELL = '''#include "navcore.h"
/* navcore_apply in a comment */
static const char *text_of(json_t *object, const char *key) { return json_string_value(json_object_get(object, key)); }
static void draw(Shell *shell) {
    json_t *model = json_loads(shell->frame, 0, NULL), *top_layer = json_array_get(model, 0), *layer;
    GtkWidget *label = gtk_label_new("navcore_back");

    gtk_label_set_text(GTK_LABEL(label), text_of(top_layer, "title"));
    gtk_widget_show(label);
    for (size_t i = 0; i < 2; i++) use(layer);
    char *text = navcore_error_text(status);
    gtk_label_set_text(GTK_LABEL(label), text);
}
'''

PY_SHELL = '''import navcore
from typing import Sequence

class Shell:
    def __init__(self) -> None:
        self.nav = navcore.Navigator({})
        self.label = "navcore"

    def draw(self, model: navcore.ViewModel) -> None:
        back = model.top.back
        text = back.label + "!"
        self.label = text
        for tab in model.tabs:
            self.tab(tab.title)

    def tab(self, title: str) -> None:
        print(title)

    def bar(self, tabs: Sequence[navcore.TabView]) -> None:
        # model.tabs in a comment
        shown = [tab for tab in tabs]
        print(len(shown))
'''


def test_c_lines_naming_navcore_jansson_or_a_document_count() -> None:
    counted = glue_count.c_glue(C_SHELL)
    # the include, the comment, the string, a widget-only line and the blank one do not count;
    # the declaration list's later names (top_layer, layer) are documents too; a char * is none
    assert counted == [3, 5, 8, 10, 11]


C_SCOPES = '''typedef struct { navcore_navigator *nav; GtkWidget *layers, *tab; } Shell;
static const char *ACTION = "{\\"op\\": \\"dismiss\\"}";
static void draw_tabs(json_t *tab) { use(tab); }
static void draw(Shell *shell, json_t *model) {
    json_t *layers = json_object_get(model, "layers");
    gtk_widget_show(shell->layers);
    use(layers);
}
static void build(Shell *shell) {
    GtkWidget *tab = gtk_button_new();
    gtk_widget_show(tab);
    shell->tab = tab;
    navcore_back(shell->nav, NULL);
    apply(shell, "{\\"op\\": \\"push\\", "
                 "\\"route\\": {\\"name\\": \\"home\\"}}");
    apply(shell, "{\\"name\\": \\"op\\"}");
}
'''


def test_c_names_count_in_their_scope_and_action_strings_count() -> None:
    counted = glue_count.c_glue(C_SCOPES)
    # the navigator member's declaration (1), an action string (2), a parameter in its body (3),
    # a document parameter, a local and its use (4, 5, 7), shell->nav (13), each line of a batch
    # written as strings (14, 15); not a widget member sharing a document's name (6), a widget of
    # another function sharing a parameter's name (9, 10, 11), a string that is no action (16)
    assert counted == [1, 2, 3, 4, 5, 7, 13, 14, 15]


CPP_SHELL = '''struct Shell { navcore_navigator *nav = nullptr; QWidget *layers; };
static const char *CLOSE = R"({"op": "dismiss"})";
static void fill(QTabBar *bar, const QJsonArray &tabs) {
    for (const QJsonValue tab : tabs) bar->addTab(tab["title"].toString());
    bar->show();
}
static void draw(Shell *shell, const QByteArray &frame) {
    const QJsonObject model = QJsonDocument::fromJson(frame).object();
    QJsonArray layers = model["layers"].toArray(), tabs = model["tabs"].toArray();
    shell->layers->show();
    fill(shell->bar, tabs);
    report(navcore_back(shell->nav, nullptr));
    QString text = R"x(no action here)x";
}
'''


def test_cpp_lines_naming_navcore_qt_json_or_a_document_count() -> None:
    counted = glue_count.c_glue(CPP_SHELL, "c++")
    # Qt's JSON classes and what they declare (3, 4, 8, 9), a raw string action (2), a later
    # declarator of a list (tabs, 11), the navigator member (1, 12); not a widget member named
    # like a document (10), nor a raw string that is no action (13), nor the tab bar's own line (5)
    assert counted == [1, 2, 3, 4, 8, 9, 11, 12]
    assert glue_count.glue_lines(REPO / "examples" / "qt_shell.cpp") == glue_count.c_glue(
        (REPO / "examples" / "qt_shell.cpp").read_text(encoding="utf-8"), "c++"), "a .cpp file is C++"


def test_python_actions_written_as_dicts_count() -> None:
    counted = glue_count.python_glue('ACTIONS = {\n    "Close": {"op": "dismiss"},\n    "Open": {"url": "op"},\n}\n')
    assert counted == [2], "the line of an \"op\" key, not a dict without one"


def test_python_lines_naming_navcore_the_navigator_or_a_bound_value_count() -> None:
    counted = glue_count.python_glue(PY_SHELL)
    # an annotation alone, an import, a text built from a value (text) and a name's string do not count
    assert counted == [6, 10, 11, 13, 14, 21]


def test_the_check_fails_on_a_stale_table_and_write_mends_it(tmp_path: Path) -> None:
    shell = tmp_path / "shell.c"
    shell.write_text(C_SHELL)
    doc = tmp_path / "doc.md"
    doc.write_text(f"# Glue\n\n{glue_count.START}\n| old |\n{glue_count.END}\n\nafter\n")
    script = [sys.executable, str(REPO / "scripts" / "glue_count.py")]
    stale = subprocess.run(script + ["--check", str(doc), str(shell)], capture_output=True, text=True)
    assert stale.returncode == 1 and "stale" in stale.stderr
    assert subprocess.run(script + ["--write", str(doc), str(shell)], capture_output=True).returncode == 0
    assert doc.read_text().endswith(f"| `{shell}` | 5 |\n{glue_count.END}\n\nafter\n")
    assert subprocess.run(script + ["--check", str(doc), str(shell)], capture_output=True).returncode == 0
    over = subprocess.run(script + ["--max", f"{shell}=4", str(shell)], capture_output=True, text=True)
    assert over.returncode == 1 and "more than 4" in over.stderr


def test_the_shells_counts_are_those_docs_shells_md_shows() -> None:
    result = subprocess.run([sys.executable, str(REPO / "scripts" / "glue_count.py"), "--max", "examples/gtk_shell.c=70",
                             "--max", "examples/qt_shell.cpp=70", "--check", "docs/shells.md", "examples/gtk_shell.c",
                             "examples/qt_shell.cpp", "examples/tk_shell.py"],
                            cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
