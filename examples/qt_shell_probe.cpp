/*
 * qt_shell_probe: the Qt shell's test mode (qt_shell_probe.h). It reads the widgets Qt shows and the
 * navigator's view model at the same moment, on the GUI thread, so that a test compares the two;
 * it clicks and types with Qt's own input events, and changes the navigator from another thread.
 */
#include <QAbstractButton>
#include <QApplication>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTabBar>
#include <QTest>
#include <cstdio>
#include <iostream>
#include <string>

#include "qt_shell_probe.h"

/* The text a widget shows: a label's, a button's or a line edit's; null for any other. */
static QJsonValue shown_text(QWidget *widget) {
    if (auto *label = qobject_cast<QLabel *>(widget)) return label->text();
    if (auto *button = qobject_cast<QAbstractButton *>(widget)) return button->text();
    if (auto *edit = qobject_cast<QLineEdit *>(widget)) return edit->text();
    return QJsonValue();
}

/* The state of widget and its child widgets. */
static QJsonObject widget_state(QWidget *widget) {
    QJsonObject node{{"type", widget->metaObject()->className()}, {"name", widget->objectName()},
                     {"enabled", widget->isEnabled()}, {"visible", widget->isVisible()}};
    QJsonArray children;
    if (QJsonValue text = shown_text(widget); !text.isNull()) node["text"] = text;
    if (auto *bar = qobject_cast<QTabBar *>(widget)) {
        QJsonArray tabs;
        for (int i = 0; i < bar->count(); i++) tabs.append(QJsonObject{{"text", bar->tabText(i)}, {"name", bar->tabData(i).toString()}});
        node["tabs"] = tabs;
        node["current"] = bar->currentIndex();
    }
    if (auto *list = qobject_cast<QListWidget *>(widget)) {
        QJsonArray items;
        for (int i = 0; i < list->count(); i++) items.append(list->item(i)->text());
        node["items"] = items;
    }
    if (auto *box = qobject_cast<QGroupBox *>(widget)) node["title"] = box->title();
    for (QWidget *child : widget->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly)) children.append(widget_state(child));
    node["children"] = children;
    return node;
}

/* Every visible top-level window and the view model, read now. */
static QJsonObject dump(navcore_navigator *nav) {
    QJsonArray windows;
    char *view = nullptr;
    for (QWidget *window : QApplication::topLevelWidgets())
        if (window->isVisible())
            windows.append(QJsonObject{{"title", window->windowTitle()}, {"name", window->objectName()}, {"tree", widget_state(window)}});
    QJsonObject state{{"windows", windows}};
    if (navcore_view_model(nav, &view) == NAVCORE_OK) state["view"] = QJsonDocument::fromJson(view).object();
    navcore_string_free(view);
    return state;
}

/* The first visible widget named name, in any visible window. */
static QWidget *named(const QString &name) {
    for (QWidget *window : QApplication::topLevelWidgets()) {
        if (!window->isVisible()) continue;
        if (window->objectName() == name) return window;
        for (QWidget *widget : window->findChildren<QWidget *>(name))
            if (widget->isVisible()) return widget;
    }
    return nullptr;
}

/* Clicks the first visible widget named name that shows text (any text when text is empty), or
 * its tab of that text for a tab bar. */
static QJsonObject click(const QString &name, const QString &text) {
    for (QWidget *window : QApplication::topLevelWidgets()) {
        if (!window->isVisible()) continue;
        for (QWidget *widget : window->findChildren<QWidget *>(name)) {
            if (!widget->isVisible()) continue;
            auto *bar = qobject_cast<QTabBar *>(widget);
            for (int i = 0; bar != nullptr && i < bar->count(); i++)
                if (bar->tabText(i) == text) {
                    QTest::mouseClick(bar, Qt::LeftButton, Qt::NoModifier, bar->tabRect(i).center());
                    return {{"ok", true}};
                }
            if (bar == nullptr && (text.isEmpty() || shown_text(widget).toString() == text)) {
                QTest::mouseClick(widget, Qt::LeftButton, Qt::NoModifier, widget->rect().center());
                return {{"ok", true}};
            }
        }
    }
    return {{"error", "no visible widget " + name + " shows " + text}};
}

/* Runs one command (qt_shell_probe.h) on the GUI thread and returns its answer. */
static QJsonObject run(navcore_navigator *nav, const QJsonArray &command) {
    QString verb = command[0].toString(), name = command[1].toString(), text = command[2].toString();
    QWidget *widget = verb == "type" || verb == "key" || verb == "shot" ? named(name) : nullptr;
    if (verb == "dump") return dump(nav);
    if (verb == "click") return click(name, text);
    if (verb == "worker") {
        int status = NAVCORE_OK;
        std::thread worker([nav, &status, actions = name.toStdString()] { status = navcore_apply(nav, actions.c_str(), nullptr); });
        worker.join();
        return {{"status", status}};
    }
    if (verb == "quit") {
        QApplication::closeAllWindows();
        return {{"ok", true}};
    }
    if (widget == nullptr) return {{"error", "no visible widget " + name}};
    if (verb == "type") {
        widget->setFocus();
        QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(widget, text);
    } else if (verb == "key" && text == "Return") {
        QTest::keyClick(widget, Qt::Key_Return);
    } else if (verb == "shot") {
        if (!widget->grab().save(text, "PNG")) return {{"error", "cannot write " + text}};
    } else {
        return {{"error", "unknown command " + verb}};
    }
    return {{"ok", true}};
}

QtShellProbe::QtShellProbe(navcore_navigator *nav, bool enabled) {
    if (!enabled) return;
    reader = std::thread([nav] {
        std::string line;
        while (std::getline(std::cin, line)) {
            QJsonArray command = QJsonDocument::fromJson(QByteArray::fromStdString(line)).array();
            QMetaObject::invokeMethod(qApp, [nav, command] {
                QByteArray answer = QJsonDocument(run(nav, command)).toJson(QJsonDocument::Compact);
                fprintf(stdout, "%s\n", answer.constData());
                fflush(stdout);
            }, Qt::QueuedConnection);
            if (command[0].toString() == "quit") return;
        }
        QMetaObject::invokeMethod(qApp, &QApplication::closeAllWindows, Qt::QueuedConnection);
    });
}

void QtShellProbe::stop() {
    if (reader.joinable()) reader.join();
}
