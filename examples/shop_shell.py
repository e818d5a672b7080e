#!/usr/bin/env python3
"""shop_shell: a text-mode shop app driven by navcore, with tabs, sheets and a sign-in flow.

Type commands to navigate; after each one the screen shows the tab bar (the selected tab in
brackets), the selected tab's title bar (back button and current title) with its breadcrumbs,
and each presented layer as an indented box above it, labelled with its style:

    push NAME [key=value ...]   push a route (digits become ints, true/false booleans)
    pop [N]                     go back one screen, or N
    root                        go back to the root of the current stack
    tab NAME                    select a tab (shop, cart, settings); the selected tab again: its root
    present NAME [key=value ...] [style=cover]
                                present a route on a sheet (or a cover) with its own stack
    dismiss [all]               close the top sheet, or every one
    back                        the Back button: pops, closes a sheet, or returns to the last tab
    signin / signout            sign the user in or out (checkout needs a signed-in user: while
                                signed out it waits behind the sign-in cover, and signing in
                                continues to it; signing out brings everything back to the start)
    draft TEXT                  type an unsaved draft on the current screen (push review id=1
                                first): leaving it is then held back until you discard or save
    save                        save the draft (the screen no longer holds anything back)
    discard                     leave anyway: do what the draft held back
    pick VALUE                  close the top sheet handing VALUE to the screen below (present
                                size_picker over a product first); that screen takes it
    open URL                    open a link: shop://product/ID, shop://cart/checkout
    locale TAG                  show the shop in another language: vi (Vietnamese), th (Thai),
                                el (Greek), en; a tag it has no titles for falls back (vi-VN: vi)
    stack                       list the entries of the current stack, with their ids
    help                        this list
    quit                        leave (end of input works too)

When standard input is not a terminal, it plays a short scripted tour instead and exits; the
tour ends in Vietnamese. ``--locale TAG`` starts the shell (or the tour) in that language
(``make demo LOCALE=vi``).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bindings" / "python"))

import navcore  # noqa: E402 - after the path to the in-tree binding

#: The shop's route table: three tabs, each with its own stack, and routes to present on sheets;
#: every title in English, Vietnamese, Thai and Greek (docs/locales.md).
SHOP_TABLE: Dict[str, Any] = {
    "navcore": 1,
    "version": 1,
    "routes": {
        "home": {"title": "Home", "titles": {"vi": "Trang chủ", "th": "หน้าแรก", "el": "Αρχική"}},
        "category": {"params": {"slug": "string"}, "title": "{slug}"},
        "product": {"params": {"id": "int"}, "title": "Product {id}",
                    "titles": {"vi": "Sản phẩm {id}", "th": "สินค้า {id}", "el": "Προϊόν {id}"}},
        "quick_look": {"params": {"id": "int"}, "title": "Quick look {id}",
                       "titles": {"vi": "Xem nhanh {id}", "th": "ดูด่วน {id}", "el": "Γρήγορη ματιά {id}"}},
        "cart": {"title": "Cart", "titles": {"vi": "Giỏ hàng", "th": "รถเข็น", "el": "Καλάθι"}},
        "checkout": {"title": "Checkout", "push_policy": "single_top", "requires": ["signed_in"],
                     "titles": {"vi": "Thanh toán", "th": "ชำระเงิน", "el": "Ολοκλήρωση"}},
        "order_confirmation": {"params": {"order": "int"}, "title": "Order {order}",
                               "titles": {"vi": "Đơn hàng {order}", "th": "คำสั่งซื้อ {order}", "el": "Παραγγελία {order}"}},
        "settings": {"title": "Settings", "titles": {"vi": "Cài đặt", "th": "การตั้งค่า", "el": "Ρυθμίσεις"}},
        "subscription": {
            "params": {"plan": {"enum": ["monthly", "yearly"], "default": "monthly"}},
            "title": "Subscription ({plan})",
            "titles": {"vi": "Gói đăng ký ({plan})", "th": "การสมัครสมาชิก ({plan})", "el": "Συνδρομή ({plan})"},
        },
        "login": {"title": "Sign in", "titles": {"vi": "Đăng nhập", "th": "เข้าสู่ระบบ", "el": "Σύνδεση"}},
        "signup": {"title": "Sign up", "titles": {"vi": "Đăng ký", "th": "สมัครสมาชิก", "el": "Εγγραφή"}},
        "review": {"params": {"id": "int"}, "title": "Review of {id}",
                   "titles": {"vi": "Đánh giá {id}", "th": "รีวิว {id}", "el": "Κριτική {id}"}},
        "size_picker": {"title": "Pick a size", "titles": {"vi": "Chọn cỡ", "th": "เลือกขนาด", "el": "Επιλογή μεγέθους"}},
    },
    "tabs": [
        {"name": "shop", "root": "home", "title": "Shop", "titles": {"vi": "Cửa hàng", "th": "ร้านค้า", "el": "Κατάστημα"}},
        {"name": "cart", "root": "cart", "routes": ["cart", "checkout", "order_confirmation", "product"]},
        {"name": "settings", "root": "settings", "routes": ["settings", "subscription"]},
    ],
    "styles": ["sheet", "cover"],
    "announcements": {
        "vi": {"presented": "{title}, {style}", "tab": "Thẻ {tab}", "tab_screen": "Thẻ {tab}, {title}",
               "closed": "đã đóng {title}", "styles": {"sheet": "trang", "cover": "toàn màn hình"}},
        "th": {"presented": "{title}, {style}", "tab": "แท็บ {tab}", "tab_screen": "แท็บ {tab}, {title}",
               "closed": "ปิด {title}", "styles": {"sheet": "แผ่นงาน", "cover": "เต็มจอ"}},
        "el": {"presented": "{title}, {style}", "tab": "Καρτέλα {tab}", "tab_screen": "Καρτέλα {tab}, {title}",
               "closed": "έκλεισε {title}", "styles": {"sheet": "φύλλο", "cover": "πλήρης οθόνη"}},
    },
    "links": [
        {"url": "shop://product/{id}", "stack": ["product"], "tab": "shop"},
        {"url": "shop://cart/checkout", "stack": ["checkout"], "tab": "cart"},
    ],
    "conditions": {
        "signed_in": {"initial": True, "flow": {"route": "login", "style": "cover"}, "on_false": "reset"},
    },
}

#: The commands the scripted tour types, in order.
TOUR: List[str] = [
    "push category slug=Shoes",
    "push product id=42",
    "push product id=forty-two",
    "tab cart",
    "push product id=7",
    "push checkout",
    "push checkout",
    "push settings",
    "tab settings",
    "push subscription plan=yearly",
    "tab shop",
    "tab cart",
    "tab cart",
    "present quick_look id=42",
    "dismiss",
    "present login",
    "push signup",
    "stack",
    "back",
    "back",
    "back",
    "back",
    "back",
    "back",
    "back",
    "back",
    "signout",
    "tab cart",
    "push checkout",
    "push signup",
    "back",
    "signin",
    "tab shop",
    "push review id=42",
    "draft Great shoes",
    "back",
    "save",
    "back",
    "push review id=7",
    "draft Too small",
    "tab shop",
    "discard",
    "push product id=42",
    "present size_picker",
    "pick M",
    "signout",
    "open shop://cart/checkout",
    "signin",
    "open shop://nowhere",
    "locale vi",
    "tab settings",
    "push subscription plan=yearly",
    "present quick_look id=7",
]

HELP = """commands:
  push NAME [key=value ...]       e.g. push product id=42, push subscription plan=yearly
  pop [N]                         go back one screen, or N
  root                            go back to the root of the current stack
  tab NAME                        select a tab: """ + ", ".join(tab["name"] for tab in SHOP_TABLE["tabs"]) + """
  present NAME [key=value ...] [style=cover]
                                  e.g. present login, present quick_look id=42 style=cover
  dismiss [all]                   close the top sheet, or every one
  back                            pop, close a sheet, or return to the previous tab
  signin, signout                 sign the user in or out (checkout needs a signed-in user)
  draft TEXT, save, discard       an unsaved draft holds back leaving its screen; save it, or discard it
  pick VALUE                      close the top sheet, handing VALUE to the screen below
  open URL                        open a link, e.g. open shop://product/7 (a signed-out checkout waits)
  locale TAG                      another language: vi, th, el, en (vi-VN falls back to vi)
  stack                           list the entries of the current stack with their ids
  help                            this list
  quit                            leave
routes: """ + ", ".join(SHOP_TABLE["routes"])

#: How each command is typed, for the message after a mistyped one.
USAGE: Dict[str, str] = {
    "push": "push NAME [key=value ...]",
    "pop": "pop [N]",
    "root": "root",
    "tab": "tab NAME",
    "present": "present NAME [key=value ...] [style=cover]",
    "dismiss": "dismiss [all]",
    "back": "back",
    "signin": "signin",
    "signout": "signout",
    "draft": "draft TEXT",
    "save": "save",
    "discard": "discard",
    "pick": "pick VALUE",
    "open": "open URL",
    "locale": "locale TAG",
}

#: What the Back button did, by the transition's result.
BACK_STEPS: Dict[str, str] = {
    "popped_presentation": "back: popped a screen of the {layer}",
    "dismissed": "back: closed the {layer}",
    "popped": "back: popped a screen",
    "previous_tab": "back: returned to the {tab} tab",
    "nothing": "back: nothing to go back to",
}

#: What a push did when its route's push policy kept it from adding a screen.
PUSH_NOTES: Dict[str, str] = {
    "absorbed": "push: absorbed, that screen is already on top",
    "moved": "push: moved the open screen to the top",
    "replaced": "push: replaced the top screen",
}

WIDTH = 44
INDENT = 4


def convert(value: str) -> Union[int, bool, str]:
    """A typed param value: digits become an int, true/false a bool, anything else stays text."""
    if value.isdigit() or (value.startswith("-") and value[1:].isdigit()):
        return int(value)
    if value in ("true", "false"):
        return value == "true"
    return value


def title_box(entries: Sequence[navcore.Entry], width: int, label: str = "") -> List[str]:
    """A title bar (back button and current title) in a box ``width`` wide, then the breadcrumbs.

    ``label`` (a presentation style) is written into the top rule.
    """
    titles = [entry.title for entry in entries]
    back = f"< {titles[-2]}" if len(titles) > 1 else ""
    current = titles[-1]
    inner = width - 4
    start = max((inner - len(current)) // 2, len(back) + 2 if back else 0)  # centred, clear of back
    bar = "| " + (back.ljust(start) + current).ljust(inner) + " |"
    rule = "+" + "-" * (len(bar) - 2) + "+"
    top = f"+-- {label} " + "-" * (len(bar) - len(label) - 6) + "+" if label else rule
    return [top, bar, rule, "  " + " > ".join(titles)]


def tab_bar(model: navcore.ViewModel) -> str:
    """The tab bar: every tab's title, in the navigator's language, the selected one in brackets."""
    return " ".join(f"[{tab.title}]" if tab.selected else f" {tab.title} " for tab in model.tabs).rstrip()


def screen(nav: navcore.Navigator) -> str:
    """The tab bar, the selected tab's title bar and breadcrumbs, then each presented layer,
    bottom first, as a box indented one step more, labelled with its style."""
    state = nav.state
    assert state.selected_tab is not None  # the shop's table has tabs
    lines = [tab_bar(nav.view_model())]
    lines += title_box(state.stacks[state.selected_tab].entries, WIDTH)
    for depth, layer in enumerate(state.presentations, start=1):
        pad = " " * (INDENT * depth)
        lines += [pad + line for line in title_box(layer.entries, WIDTH - INDENT * depth, layer.style)]
    return "\n".join(lines)


def stack_listing(nav: navcore.Navigator) -> str:
    """The current stack's name, then one line per entry, root first: id, route name, params and title."""
    lines = [f"  stack {nav.active_stack}:"]
    for entry in nav.stack:
        params = " ".join(f"{key}={value}" for key, value in entry.params.items())
        lines.append(f"  #{entry.id:<3} {entry.name:<20} {params:<16} {entry.title}")
    return "\n".join(lines)


def params_of(args: List[str]) -> Optional[Dict[str, Any]]:
    """``key=value`` words as typed params, or None when a word is not of that form."""
    pairs = [arg.split("=", 1) for arg in args]
    if any(len(pair) != 2 for pair in pairs):
        return None
    return {key: convert(value) for key, value in pairs}


def describe(actions: Sequence[Mapping[str, Any]]) -> str:
    """A batch in a few words: each action's op and its route, tab or URL."""
    def one(action: Mapping[str, Any]) -> str:
        target = (action.get("route") or {}).get("name") or action.get("tab") or action.get("url") or ""
        return f"{action['op']} {target}".rstrip()
    return ", ".join(one(action) for action in actions)


#: What happened to the pending intent, by the transition's ``intent.event``.
INTENT_NOTES: Dict[str, str] = {
    "held": "{what} needs a signed-in user: it waits behind the sign-in screen",
    "replayed": "signed in: continued with {what}",
    "dropped": "dropped the waiting {what}: {reason}",
}


def note(transition: navcore.Transition, before: navcore.State) -> Optional[str]:
    """A line telling what happened when the screen alone would not show it, or None."""
    results, ops, intent = transition.results, transition.cause.ops, transition.intent
    if intent is not None:
        return INTENT_NOTES[intent.event].format(what=describe(intent.actions), reason=intent.reason or "")
    if ops == ("set_condition",) and transition.conditions:
        return "signed in" if transition.conditions["signed_in"] else "signed out: back to the start"
    if ops == ("back",):
        layer = before.presentations[-1].style if before.presentations else ""
        tab = transition.tab.after.title() if transition.tab else ""
        return BACK_STEPS[results[0]].format(layer=layer, tab=tab)
    if ops == ("select_tab",) and results == ("popped",):
        return "tab: already selected, so back to its root"
    if ops == ("push",) and results[0] in PUSH_NOTES:
        return PUSH_NOTES[results[0]]
    return None


#: The change the last draft held back, until it is discarded or the screen changes.
held_back: List[navcore.BlockedError] = []


def edit_draft(nav: navcore.Navigator, command: str, text: str) -> Optional[navcore.Transition]:
    """``draft TEXT`` saves the text as the top screen's state and marks it as blocking; ``save``
    clears the mark; ``discard`` does what the draft held back. Returns the transition, if any."""
    top = nav.stack[-1]
    if command == "draft":
        nav.set_entry_state(top.id, {"draft": text})
        nav.set_blocker(top.id, "Unsaved draft: " + text)
        print(f"  (draft on {top.title}: leaving it is held back until you save or discard)")
        return None
    if command == "save":
        nav.clear_blocker(top.id)
        print(f"  (saved the draft on {top.title})")
        return None
    if not held_back:
        print("  ? nothing is held back")
        return None
    return nav.proceed(held_back.pop())


def run(nav: navcore.Navigator, line: str) -> bool:
    """Runs one command line, printing its result; returns False when the shell should end."""
    try:
        words = shlex.split(line)
    except ValueError as error:
        print(f"  ? {error}")
        return True
    if not words:
        return True
    command, args = words[0].lower(), words[1:]
    before = nav.state
    try:
        if command in ("quit", "exit", "q"):
            return False
        if command == "help":
            print(HELP)
            return True
        if command == "stack":
            print(stack_listing(nav))
            return True
        if command in ("push", "present") and args and params_of(args[1:]) is not None:
            params = params_of(args[1:]) or {}
            if command == "push":
                transition = nav.push(args[0], params)
            else:
                style = params.pop("style", None)
                transition = nav.present(args[0], params, style=None if style is None else str(style))
        elif command == "pop" and len(args) <= 1 and all(arg.isdigit() for arg in args):
            transition = nav.pop(int(args[0]) if args else 1)
        elif command == "root" and not args:
            transition = nav.pop_to_root()
        elif command == "tab" and len(args) == 1:
            transition = nav.select_tab(args[0])
        elif command == "dismiss" and args in ([], ["all"]):
            transition = nav.dismiss(all=bool(args))
        elif command == "back" and not args:
            transition = nav.back()
        elif command in ("signin", "signout") and not args:
            transition = nav.set_condition("signed_in", command == "signin")
        elif command == "open" and len(args) == 1:
            transition = nav.open_url(args[0])
        elif command == "locale" and len(args) == 1:
            transition = nav.set_locale(args[0])
        elif command == "pick" and len(args) == 1:
            transition = nav.dismiss(result=convert(args[0]))
        elif (command == "draft" and args) or (command in ("save", "discard") and not args):
            done = edit_draft(nav, command, " ".join(args))
            if done is None:
                return True
            transition = done
        elif command in USAGE:
            print(f"  ? usage: {USAGE[command]}")
            return True
        else:
            print(f"  ? unknown command {command!r} (type help)")
            return True
    except navcore.BlockedError as blocked:
        held_back[:] = [blocked]
        print(f"  ! held back by \"{blocked.reason}\": type discard to leave anyway, or save")
        return True
    except navcore.NavError as error:
        print(f"  ! {error.status}: {error.message}")
        return True
    told = note(transition, before)
    if told:
        print(f"  ({told})")
    if transition.locale is not None:  # what a screen reader would say, in the new language
        print(f"  (locale {transition.locale.after}: {nav.view_model().announcement})")
    for handed in transition.handed:  # the receiving screen takes its result at once
        receiver = next(entry for entry in nav.stack if entry.id == handed.to_id)
        print(f"  ({receiver.title} received {nav.take_result(handed.to_id)!r})")
    print(screen(nav))
    return True


def tour(nav: navcore.Navigator) -> None:
    """Plays the scripted tour, showing each command and the screen it leads to."""
    print("navcore shop shell: a scripted tour (run it in a terminal to type commands)\n")
    print(screen(nav))
    for line in TOUR:
        print(f"\nshop> {line}")
        run(nav, line)


def interactive(nav: navcore.Navigator) -> None:
    """Reads commands from the terminal until quit or end of input, with line editing and a
    history (the arrow keys) where the readline module exists."""
    try:
        import readline  # noqa: F401  (importing it gives input() line editing and history)
    except ImportError:
        pass
    print("navcore shop shell. Type help for the commands.\n")
    print(screen(nav))
    while True:
        try:
            line = input("\nshop> ")
        except (EOFError, KeyboardInterrupt):
            print()
            return
        if not run(nav, line):
            return


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the shell: interactive on a terminal, the scripted tour otherwise; ``--locale TAG``
    starts it in that language."""
    options = argparse.ArgumentParser(description="a text-mode shop app driven by navcore")
    options.add_argument("--locale", metavar="TAG", help="the language to start in: vi, th, el (default: English)")
    locale = options.parse_args(argv).locale
    with navcore.Navigator(SHOP_TABLE, locale=locale) as nav:
        if sys.stdin.isatty():
            interactive(nav)
        else:
            tour(nav)
    return 0


if __name__ == "__main__":
    sys.exit(main())
