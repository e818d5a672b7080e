#!/usr/bin/env python3
"""shop_shell: a text-mode shop app driven by navcore.

Type commands to navigate; after each one the screen shows a title bar (the back button and the
current title) and the path as breadcrumbs:

    push NAME [key=value ...]   push a route (digits become ints, true/false booleans)
    pop [N]                     go back one screen, or N
    root                        go back to the root
    stack                       list the entries, with their ids
    help                        this list
    quit                        leave (end of input works too)

When standard input is not a terminal, it plays a short scripted tour instead and exits.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any, Dict, List, Union

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bindings" / "python"))

import navcore  # noqa: E402 - after the path to the in-tree binding

#: The shop's route table: home at the root, and the screens reachable from it.
SHOP_TABLE: Dict[str, Any] = {
    "navcore": 1,
    "version": 1,
    "root": "home",
    "routes": {
        "home": {"title": "Home"},
        "category": {"params": {"slug": "string"}, "title": "{slug}"},
        "product": {"params": {"id": "int"}, "title": "Product {id}"},
        "checkout": {"title": "Checkout"},
        "order_confirmation": {"params": {"order": "int"}, "title": "Order {order}"},
        "settings": {"title": "Settings"},
        "subscription": {
            "params": {"plan": {"enum": ["monthly", "yearly"], "default": "monthly"}},
            "title": "Subscription ({plan})",
        },
    },
}

#: The commands the scripted tour types, in order.
TOUR: List[str] = [
    "push category slug=Shoes",
    "push product id=42",
    "push checkout",
    "pop",
    "push product id=forty-two",
    "push subscription plan=yearly",
    "stack",
    "root",
]

HELP = """commands:
  push NAME [key=value ...]   e.g. push product id=42, push subscription plan=yearly
  pop [N]                     go back one screen, or N
  root                        go back to Home
  stack                       list the entries with their ids
  help                        this list
  quit                        leave
routes: """ + ", ".join(SHOP_TABLE["routes"])

#: How each command is typed, for the message after a mistyped one.
USAGE: Dict[str, str] = {"push": "push NAME [key=value ...]", "pop": "pop [N]", "root": "root"}

WIDTH = 44


def convert(value: str) -> Union[int, bool, str]:
    """A typed param value: digits become an int, true/false a bool, anything else stays text."""
    if value.isdigit() or (value.startswith("-") and value[1:].isdigit()):
        return int(value)
    if value in ("true", "false"):
        return value == "true"
    return value


def screen(nav: navcore.Navigator) -> str:
    """The title bar (back button and current title) and the breadcrumbs of the path."""
    titles = [entry["title"] for entry in nav.stack]
    back = f"< {titles[-2]}" if len(titles) > 1 else ""
    current = titles[-1]
    inner = WIDTH - 4
    start = max((inner - len(current)) // 2, len(back) + 2 if back else 0)  # centred, clear of back
    bar = "| " + (back.ljust(start) + current).ljust(inner) + " |"
    rule = "+" + "-" * (len(bar) - 2) + "+"
    return "\n".join([rule, bar, rule, "  " + " > ".join(titles)])


def stack_listing(nav: navcore.Navigator) -> str:
    """One line per entry, root first: id, route name, params and title."""
    lines = []
    for entry in nav.stack:
        params = " ".join(f"{key}={value}" for key, value in entry["params"].items())
        lines.append(f"  #{entry['id']:<3} {entry['name']:<20} {params:<16} {entry['title']}")
    return "\n".join(lines)


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
    try:
        if command in ("quit", "exit", "q"):
            return False
        if command == "help":
            print(HELP)
            return True
        if command == "stack":
            print(stack_listing(nav))
            return True
        if command == "push" and args:
            pairs = [arg.split("=", 1) for arg in args[1:]]
            if any(len(pair) != 2 for pair in pairs):
                print("  ? usage: push NAME [key=value ...], e.g. push product id=42")
                return True
            nav.push(args[0], {key: convert(value) for key, value in pairs})
        elif command == "pop" and len(args) <= 1 and all(arg.isdigit() for arg in args):
            nav.pop(int(args[0]) if args else 1)
        elif command == "root" and not args:
            nav.pop_to_root()
        elif command in USAGE:
            print(f"  ? usage: {USAGE[command]}")
            return True
        else:
            print(f"  ? unknown command {command!r} (type help)")
            return True
    except navcore.NavError as error:
        print(f"  ! {error.status}: {error.message}")
        return True
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
    """Reads commands from the terminal until quit or end of input."""
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


def main() -> int:
    """Runs the shell: interactive on a terminal, the scripted tour otherwise."""
    with navcore.Navigator(SHOP_TABLE) as nav:
        if sys.stdin.isatty():
            interactive(nav)
        else:
            tour(nav)
    return 0


if __name__ == "__main__":
    sys.exit(main())
