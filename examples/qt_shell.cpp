/*
 * qt_shell: the shop app as a Qt 6 Widgets window driven by navcore (docs/shells.md, "The Qt shell").
 *
 * Everything it draws comes from the view model, in the locale its switch sets: the tab bar, each
 * layer with its stack (a sheet with the tab bar of the container it holds: the settings sheet's
 * General, Privacy and Account), the Back button's label and state, the top layer's title, the
 * sign-in button, the announcement. It keeps no navigation rule of its own: a click applies an
 * action, and the view subscription redraws the window after every change, whichever thread made
 * it (its listener copies the document and queues the drawing on the GUI thread). A change a draft
 * holds back reaches one dialog, whoever made it, which asks the user, then proceeds with the held
 * batch's token or does nothing.
 *
 * Build and run: make qt-shell, then build/qt/qt_shell [ROUTE_TABLE.json].
 */
#include <QApplication>
#include <QBoxLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QTabBar>
#include <cstdio>
#include <cstdlib>

#include "navcore.h"
#include "qt_shell_probe.h"

#ifndef GUI_TABLE
/* The route table read when none is given: examples/gui_table.py's, as make qt-shell writes it. */
#define GUI_TABLE "build/qt/gui_table.json"
#endif

/* A button of the action bars: its label, then the action a click applies (docs/json.md). */
struct Action {
    const char *label, *action;
};

/* The buttons of the action bar. Another button is one more line here. */
static const Action ACTIONS[] = {
    {"Product 42", R"({"op": "push", "route": {"name": "product", "params": {"id": 42}}})"},
    {"Checkout", R"({"op": "push", "route": {"name": "checkout"}})"},
    {"Pick a size", R"({"op": "present", "route": {"name": "size_picker"}})"},
    {"Settings", R"({"op": "present", "route": {"name": "preferences"}})"},
    {"Blocked", R"({"op": "push", "route": {"name": "blocked"}})"},
    {"Close", R"({"op": "dismiss"})"},
};

/* The locale switch: every title and announcement follows (docs/locales.md). */
static const Action LOCALES[] = {
    {"English", R"({"op": "set_locale", "locale": "en"})"},
    {"Tiếng Việt", R"({"op": "set_locale", "locale": "vi"})"},
};

/* The window's widgets a frame redraws, and the navigator they show. Only the GUI thread touches it. */
struct Shell {
    navcore_navigator *nav = nullptr;
    QWidget window;
    QTabBar *tabs = nullptr;
    QWidget *layers = nullptr;
    QPushButton *back = nullptr, *sign_in = nullptr;
    QLabel *title = nullptr, *status = nullptr;
    QLineEdit *url = nullptr;
    qint64 top_id = 0;       /* the top entry's id in the last frame drawn: what Draft marks */
    bool signed_in = false;  /* whether the last frame drawn was signed in: what the sign-in button toggles */
};

/* Shows what went wrong in the status line, from the status a call returned; a change a draft held
 * back went to the dialog instead, and a success shows in the next frame. */
static void report(Shell *shell, int status) {
    if (status == NAVCORE_OK || status == NAVCORE_EBLOCKED) return;
    char *text = navcore_error_text(status);
    shell->status->setText(text ? text : "out of memory");
    navcore_string_free(text);
}

/* A push button labelled text, named name, added to row; a click calls clicked. */
template <typename Clicked>
static QPushButton *add_button(QBoxLayout *row, const QString &text, const char *name, Clicked clicked) {
    auto *button = new QPushButton(text);
    button->setObjectName(name);
    QObject::connect(button, &QPushButton::clicked, clicked);
    row->addWidget(button);
    return button;
}

/* A button per action, added to row; a click applies its action. */
template <size_t count>
static void add_actions(Shell *shell, QBoxLayout *row, const Action (&actions)[count]) {
    for (const Action &action : actions)
        add_button(row, action.label, "action", [shell, &action] { report(shell, navcore_apply(shell->nav, action.action, nullptr)); });
}

/* A tab bar named name whose click selects the tab by the name its data holds, the view model's (a
 * nested tab's is its stack's name); a click on the selected tab selects it again, as a tab bar does. */
static QTabBar *new_tab_bar(Shell *shell, const char *name) {
    auto *bar = new QTabBar;
    bar->setObjectName(name);
    bar->setExpanding(false);
    QObject::connect(bar, &QTabBar::tabBarClicked, [shell, bar](int index) {
        if (index >= 0) report(shell, navcore_select_tab(shell->nav, bar->tabData(index).toString().toUtf8().constData(), nullptr));
    });
    return bar;
}

/* Fills bar with a tab per element of the view model's array tabs and selects the selected one,
 * without signals: the bar shows the view model, it does not change it. */
static void fill_tab_bar(QTabBar *bar, const QJsonArray &tabs) {
    QSignalBlocker quiet(bar);
    while (bar->count() > 0) bar->removeTab(0);
    for (const QJsonValue tab : tabs) {
        int index = bar->addTab(tab["title"].toString() + (tab["locked"].toBool() ? " (locked)" : ""));
        bar->setTabData(index, tab["name"].toString());
        if (tab["selected"].toBool()) bar->setCurrentIndex(index);
    }
}

/* A group box for the view model's layer number index: "style: title", the tab bars of the
 * containers drawn in it (a sheet's own tabs), and its stack, root first. */
static QGroupBox *layer_box(Shell *shell, const QJsonObject &model, int index) {
    const QJsonObject layer = model["layers"][index].toObject();
    auto *box = new QGroupBox(layer["style"].toString() + ": " + layer["title"].toString());
    auto *column = new QVBoxLayout(box);
    box->setObjectName("layer");
    for (const QJsonValue container : model["containers"].toArray()) {
        if (container["layer"].toInt() != index) continue;
        auto *row = new QHBoxLayout;
        QTabBar *bar = new_tab_bar(shell, "container_tabs");
        row->addWidget(new QLabel(container["title"].toString() + ":"));
        fill_tab_bar(bar, container["tabs"].toArray());
        row->addWidget(bar);
        row->addStretch();
        column->addLayout(row);
    }
    auto *stack = new QListWidget;
    stack->setObjectName("stack");
    stack->setMaximumHeight(80);
    for (const QJsonValue entry : layer["entries"].toArray()) stack->addItem(entry["title"].toString());
    column->addWidget(stack);
    return box;
}

/* Draws the window from a frame the view subscription handed over, from the view model alone. */
static void draw(Shell *shell, const QByteArray &frame) {
    const QJsonObject model = QJsonDocument::fromJson(frame).object();
    QJsonArray layers = model["layers"].toArray();
    const QJsonObject top = layers.last().toObject(), back = top["back"].toObject();
    fill_tab_bar(shell->tabs, model["tabs"].toArray());
    qDeleteAll(shell->layers->findChildren<QGroupBox *>(QString(), Qt::FindDirectChildrenOnly));
    for (int index = 0; index < layers.size(); index++) shell->layers->layout()->addWidget(layer_box(shell, model, index));
    shell->back->setText(back["enabled"].toBool() ? "< " + back["label"].toString() : "<");
    shell->back->setEnabled(back["enabled"].toBool());
    shell->title->setText(top["title"].toString());
    shell->signed_in = model["conditions"]["signed_in"].toBool();
    shell->sign_in->setText(shell->signed_in ? "Sign out" : "Sign in");
    shell->status->setText(model["announcement"].toString());
    shell->top_id = top["id"].toInteger();
}

/* The view subscription's listener, called on the thread of the change (the GUI thread for a click,
 * any other for a change made there): copies the document, valid only during the call, and queues
 * its drawing on the GUI thread, where the window's events run. */
static void on_view(const char *view, void *data) {
    auto *shell = static_cast<Shell *>(data);
    QByteArray frame(view);
    QMetaObject::invokeMethod(&shell->window, [shell, frame] { draw(shell, frame); }, Qt::QueuedConnection);
}

/* Asks question in a dialog that returns at once: Leave proceeds with token, Stay closes it and
 * nothing happens. */
static void ask(Shell *shell, const QString &question, const QByteArray &token) {
    auto *dialog = new QMessageBox(QMessageBox::Question, "Discard?", question, QMessageBox::NoButton, &shell->window);
    dialog->setObjectName("discard");
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->addButton("Stay", QMessageBox::RejectRole)->setObjectName("stay");
    QPushButton *leave = dialog->addButton("Leave", QMessageBox::AcceptRole);
    leave->setObjectName("leave");
    QObject::connect(leave, &QPushButton::clicked, [shell, token] { report(shell, navcore_proceed(shell->nav, token.constData(), nullptr)); });
    dialog->open();
}

/* The blocked subscription's listener, on the thread of the change a draft held back, whoever
 * made it: copies the document (borrowed) and has the GUI thread ask. */
static void on_blocked(const char *document, void *data) {
    auto *shell = static_cast<Shell *>(data);
    const QJsonObject blocked = QJsonDocument::fromJson(document).object();
    QString question = blocked["reason"].toString() + ". Leave anyway?";
    QByteArray token = blocked["token"].toString().toUtf8();
    QMetaObject::invokeMethod(&shell->window, [shell, question, token] { ask(shell, question, token); }, Qt::QueuedConnection);
}

/* A horizontal row added to column. */
static QHBoxLayout *add_row(QVBoxLayout *column) {
    auto *row = new QHBoxLayout;
    column->addLayout(row);
    return row;
}

/* A label named name added to row. */
static QLabel *add_label(QBoxLayout *row, const char *name) {
    auto *label = new QLabel;
    label->setObjectName(name);
    row->addWidget(label);
    return label;
}

/* Builds the window: a tab bar, a Back button and title, the layers, an action bar, the locale
 * switch, a URL field and a status line; the first frame fills them. */
static void build(Shell *shell) {
    auto *column = new QVBoxLayout(&shell->window);
    QHBoxLayout *bar, *actions, *locales, *links;
    shell->window.setObjectName("shell");
    shell->window.setWindowTitle("navcore shop");
    shell->window.resize(720, 520);
    column->addWidget(shell->tabs = new_tab_bar(shell, "tabs"));
    bar = add_row(column);
    shell->back = add_button(bar, "<", "back", [shell] { report(shell, navcore_back(shell->nav, nullptr)); });
    shell->title = add_label(bar, "title");
    shell->title->setStyleSheet("font-size: 16pt; font-weight: bold");
    bar->addStretch();
    shell->layers = new QWidget;
    shell->layers->setObjectName("layers");
    new QVBoxLayout(shell->layers);
    column->addWidget(shell->layers);
    add_actions(shell, actions = add_row(column), ACTIONS);
    add_button(actions, "Draft", "draft", [shell] { report(shell, navcore_set_blocker(shell->nav, shell->top_id, "Unsaved review", nullptr)); });
    shell->sign_in = add_button(actions, "Sign in", "signed", [shell] { report(shell, navcore_set_condition(shell->nav, "signed_in", !shell->signed_in, nullptr)); });
    add_actions(shell, locales = add_row(column), LOCALES);
    locales->addStretch();
    links = add_row(column);
    shell->url = new QLineEdit;
    shell->url->setObjectName("url");
    links->addWidget(shell->url);
    /* Open, or Return in the URL field: opens the link (shop://product/7), dismissing whatever is
     * presented first, so that the link's screen shows with or without a sheet up. */
    auto open = [shell] { report(shell, navcore_open_url(shell->nav, shell->url->text().toUtf8().constData(), NAVCORE_OPEN_DEFAULT | NAVCORE_OPEN_DISMISS, nullptr)); };
    QObject::connect(shell->url, &QLineEdit::returnPressed, open);
    add_button(links, "Open", "open", open);
    shell->status = add_label(add_row(column), "status");
    shell->status->setWordWrap(true);
    column->addStretch();
    shell->window.show();
}

/* Prints what went wrong with status, and returns the exit status 1. */
static int fail(const char *what, int status) {
    char *text = navcore_error_text(status);
    fprintf(stderr, "qt_shell: %s: %s\n", what, text ? text : "out of memory");
    navcore_string_free(text);
    return 1;
}

int main(int argc, char **argv) {
    if (!getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY") && !getenv("QT_QPA_PLATFORM")) {
        fputs("qt_shell: no display to open the window on. Run it on a desktop, on a virtual display with "
              "xvfb-run (Debian package xvfb): xvfb-run make gui-qt, or with QT_QPA_PLATFORM=offscreen\n", stderr);
        return 1;
    }
    QApplication app(argc, argv);
    Shell shell;
    int64_t subscription;
    int status = navcore_navigator_new_from_file(argc > 1 ? argv[1] : GUI_TABLE, &shell.nav);
    if (status != NAVCORE_OK) return fail("the route table", status);
    build(&shell);
    if ((status = navcore_subscribe_view(shell.nav, on_view, &shell, &subscription)) != NAVCORE_OK ||
        (status = navcore_subscribe_blocked(shell.nav, on_blocked, &shell, &subscription)) != NAVCORE_OK) {
        navcore_navigator_free(shell.nav);
        return fail("subscribing", status);
    }
    QtShellProbe probe(shell.nav, getenv("NAVCORE_QT_PROBE") != nullptr);
    app.exec();
    probe.stop();
    /* No listener runs after the free, on any thread; the frames it queued are dropped with the window. */
    navcore_navigator_free(shell.nav);
    return 0;
}
