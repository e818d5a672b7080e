#!/usr/bin/env python3
"""glue_count: how many lines of a shell are glue to navcore (docs/shells.md, "Glue").

The rule, written once here for every shell. A line is a physical line of the file. Blank lines,
comments and docstrings never count, nor the text inside string literals, nor imports, includes
and type annotations. Any other line is **glue** when it mentions navcore, that is when it calls
navcore, reads one of its documents, checks its errors or frees its memory, or writes one of its
actions, by one of these:

- C (``.c``, ``.h``) and C++ (``.cpp``, ``.cc``, ``.cxx``, ``.hpp``): an identifier that starts
  with ``navcore_`` or ``NAVCORE_`` (a navcore call, type, status or constant) or names the JSON
  reader with which a shell reads navcore's documents (a read, an iteration, a free): jansson's
  ``json_``, and in C++ Qt's ``QJson`` classes too; a declaration with the type ``json_t`` or
  ``navcore_navigator`` (in C++ also ``QJsonDocument``, ``QJsonObject``, ``QJsonArray`` or
  ``QJsonValue``), and that declared name (a variable, parameter or struct member holding a
  document or the navigator: ``model``, ``shell->nav``) where it names the declared thing: a
  parameter in its function's body, a variable in the rest of its block, a file-level name
  everywhere, a struct or class member where it is accessed (``shell->nav``, ``shell.nav``). A
  member of something else with the same name is not it: ``shell->layers`` (a widget) is no
  document ``layers`` in the same function, and a widget named like a document of another
  function is no document. A string literal (raw ones too) that holds a navcore action or batch,
  an ``"op"`` member (``"{\\"op\\": \\"dismiss\\"}"``), counts on each line it spans.
- Python (``.py``): the name ``navcore`` (the module: its classes and errors, ``except
  navcore.BlockedError``), the attribute ``nav`` (``self.nav``, the navigator), or a name bound to
  a navcore value: a parameter or variable annotated with a navcore type (``model:
  navcore.ViewModel``), then every name assigned, looped or comprehended from a navcore value
  itself (a bound name, ``self.nav``, an attribute, item or call result of one: ``back =
  model.top.back``, ``for tab in tabs``), until no new name is found. A text or number built from
  one binds nothing (``text = tab.title + "..."``, as a C shell's ``char *`` is no document), nor
  does an attribute assigned (``self.x = ...``) or an exception caught. A dict display with an
  ``"op"`` key (an action written as data) counts on that key's line.

In Python, names are the file's, not a function's: a name bound to a document anywhere counts
everywhere, so a shell names its documents apart from its widgets.

The counts are deterministic: the same file always gives the same number. Usage:

    scripts/glue_count.py FILE...              prints each file's count and the lines counted (-v)
    scripts/glue_count.py --check DOC FILE...  fails unless DOC holds the table this prints
                                               between <!-- glue-count --> and <!-- /glue-count -->
    scripts/glue_count.py --write DOC FILE...  writes that table into DOC
    scripts/glue_count.py --max FILE=N ...     fails when FILE counts more than N
"""

from __future__ import annotations

import argparse
import ast
import bisect
import re
import sys
from pathlib import Path
from typing import Dict, List, Optional, Set, Tuple

#: Per language of the C family (by the file's suffix): the identifiers that are navcore's or its
#: JSON reader's (jansson's ``json_``; in C++ also Qt's ``QJson`` classes), and the types that
#: declare a document or the navigator.
C_FAMILY = {
    "c": (re.compile(r"^(navcore_|NAVCORE_|json_)"), ("json_t", "navcore_navigator")),
    "c++": (re.compile(r"^(navcore_|NAVCORE_|json_|QJson)"),
            ("json_t", "navcore_navigator", "QJsonDocument", "QJsonObject", "QJsonArray", "QJsonValue")),
}
C_SUFFIXES = {".c": "c", ".h": "c", ".cpp": "c++", ".cc": "c++", ".cxx": "c++", ".hpp": "c++"}
#: Further names of a declaration list: ", name" or ", *name" after the first, before its "=", ","
#: or the end.
C_MORE = re.compile(r",\s*[*&]*\s*([A-Za-z_]\w*)\s*(?==|,|$)")
#: C and C++ comments, raw, string and character literals, and preprocessor lines, which never
#: count (an action written as a string counts by its own rule, ACTION_TEXT).
C_NOISE = re.compile(r'//[^\n]*|/\*.*?\*/|\b(?:u8|u|U|L)?R"([^()\\\s]{0,16})\(.*?\)\1"|"(?:\\.|[^"\\\n])*"|'
                     r'\'(?:\\.|[^\'\\\n])*\'|^[ \t]*#[^\n]*', re.S | re.M)
#: A literal's text that is a navcore action or batch: a JSON "op" member, its quotes escaped or not.
ACTION_TEXT = re.compile(r'\\?"op\\?"\s*:')
#: What a struct's, class's or union's body follows: its members are no block's variables.
C_MEMBERS = re.compile(r"\b(?:struct|class|union)\b[^;{}()]*$")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")

START, END = "<!-- glue-count -->", "<!-- /glue-count -->"


def blank_noise(source: str) -> str:
    """The C or C++ source with comments, literals and preprocessor lines blanked, newlines kept."""
    return C_NOISE.sub(lambda match: "\n" * match.group(0).count("\n"), source)


def action_lines(source: str) -> Set[int]:
    """The lines of the string literals that hold a navcore action (an "op" member), from 1;
    adjacent literals, which the compiler joins, are one."""
    lines: Set[int] = set()
    literals = [match for match in C_NOISE.finditer(source) if match.group(0)[:1] not in ("/", "'", "#")]
    groups: List[List[re.Match[str]]] = []
    for literal in literals:
        if groups and not source[groups[-1][-1].end():literal.start()].strip():
            groups[-1].append(literal)
        else:
            groups.append([literal])
    for group in groups:
        if ACTION_TEXT.search("".join(literal.group(0)[1:-1] for literal in group)):
            first = source.count("\n", 0, group[0].start()) + 1
            lines.update(range(first, first + source.count("\n", group[0].start(), group[-1].end()) + 1))
    return lines


def _pairs(code: str, opening: str, closing: str) -> Dict[int, int]:
    """Each opening bracket's position mapped to its closing one's (the end of the code when unclosed)."""
    pairs, stack = {}, []
    for position, character in enumerate(code):
        if character == opening:
            stack.append(position)
        elif character == closing and stack:
            pairs[stack.pop()] = position
    pairs.update((position, len(code)) for position in stack)
    return pairs


class _Scopes:
    """Where a name declared at a position of the blanked code is in scope."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.braces, self.parentheses = _pairs(code, "{", "}"), _pairs(code, "(", ")")

    def innermost(self, pairs: Dict[int, int], position: int) -> Optional[int]:
        """The opening of the innermost bracket pair around position, if any."""
        around = [opening for opening, closing in pairs.items() if opening < position <= closing]
        return max(around) if around else None

    def of(self, position: int) -> Optional[Tuple[int, int]]:
        """The part of the code a name declared at position names there: a parameter's, its body
        (or the rest of its block); a block's variable, the rest of the block; a file-level name,
        the rest of the file; a member (None), only where it is accessed, ``->name`` or ``.name``."""
        block = self.innermost(self.braces, position)
        parenthesis = self.innermost(self.parentheses, position)
        block_end = self.braces[block] if block is not None else len(self.code)
        if parenthesis is not None and (block is None or parenthesis > block):
            after = re.match(r"(?:\s|\b(?:const|noexcept|override|mutable)\b)*", self.code[self.parentheses[parenthesis] + 1:])
            body = self.parentheses[parenthesis] + 1 + (after.end() if after else 0)
            if self.code[body:body + 1] == "{":
                return position, self.braces[body]
            if block is not None:
                return position, block_end
            end = self.code.find(";", position)  # a prototype's parameter: its declaration
            return position, end if end >= 0 else len(self.code)
        if block is not None and C_MEMBERS.search(self.code[max(0, block - 200):block]):
            return None
        return position, block_end


def c_glue(source: str, language: str = "c") -> List[int]:
    """The glue lines of a C or C++ file, by the rule above: their numbers, from 1."""
    code = blank_noise(source)
    navcore, types = C_FAMILY[language]
    declared = re.compile(r"\b(?:%s)\b\s*(?:[*&]\s*)*(?:const\s+)?([A-Za-z_]\w*)" % "|".join(types))
    scopes = _Scopes(code)
    tracked: Dict[str, List[Optional[Tuple[int, int]]]] = {}
    lines = action_lines(source)
    starts = [0] + [position + 1 for position, character in enumerate(code) if character == "\n"]
    for declaration in declared.finditer(code):
        scope = scopes.of(declaration.start(1))
        lines.add(bisect.bisect_right(starts, declaration.start()))
        for name in [declaration.group(1)] + _outside_parentheses_names(code[declaration.end():]):
            tracked.setdefault(name, []).append(scope)
    for match in IDENTIFIER.finditer(code):
        name, position = match.group(0), match.start()
        if navcore.match(name) or any(_names_there(code, position, scope) for scope in tracked.get(name, [])):
            lines.add(bisect.bisect_right(starts, position))
    return sorted(lines)


def _names_there(code: str, position: int, scope: Optional[Tuple[int, int]]) -> bool:
    """Whether a declared name at position is the declared one: for a member (scope None), where it
    is accessed (its declaration's line counts as a declaration); for any other, inside its scope
    and not as a member of something else (``shell->layers`` is no local ``layers``)."""
    accessed = re.search(r"(?:->|\.|::)\s*$", code[max(0, position - 8):position]) is not None
    if scope is None:
        return accessed
    return scope[0] <= position <= scope[1] and not accessed


def _outside_parentheses_names(rest: str) -> List[str]:
    """The names of the further ", name" or ", *name" declarators in the rest of a declaration: its text at
    parenthesis depth 0 (not a call's arguments in an initialiser), up to the ";" or "{" that ends
    it or the ")" that ends a parameter list."""
    depth, flat = 0, []
    for character in rest:
        if depth == 0 and character in ";{)":
            break
        depth += (character == "(") - (character == ")")
        if depth == 0 and character != ")":
            flat.append(character)
    return C_MORE.findall("".join(flat))


class _Bound(ast.NodeVisitor):
    """Collects the Python names bound to navcore values, by the rule above."""

    def __init__(self) -> None:
        self.names: Set[str] = set()

    def mentions(self, node: ast.AST) -> bool:
        """Whether an expression mentions navcore (a type annotation, say)."""
        return any(isinstance(child, ast.Name) and (child.id == "navcore" or child.id in self.names) or
                   isinstance(child, ast.Attribute) and child.attr == "nav" for child in ast.walk(node))

    def is_value(self, node: ast.AST) -> bool:
        """Whether an expression is a navcore value itself: a bound name, the navigator, an
        attribute or item of one, or what a call on one returns; not a text or number built from
        one (as a C shell's char * is no document)."""
        if isinstance(node, ast.Name):
            return node.id == "navcore" or node.id in self.names
        if isinstance(node, ast.Attribute):
            return node.attr == "nav" or self.is_value(node.value)
        if isinstance(node, ast.Subscript):
            return self.is_value(node.value)
        if isinstance(node, ast.Call):
            return self.is_value(node.func)
        return False

    def bind(self, target: ast.AST) -> None:
        """Binds the names a target assigns (an attribute or item assigned binds no name)."""
        if isinstance(target, ast.Name):
            self.names.add(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self.bind(element)
        elif isinstance(target, ast.Starred):
            self.bind(target.value)

    def visit_arg(self, node: ast.arg) -> None:
        if node.annotation is not None and self.mentions(node.annotation):
            self.names.add(node.arg)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if self.mentions(node.annotation) or (node.value is not None and self.is_value(node.value)):
            self.bind(node.target)
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        if self.is_value(node.value):
            for target in node.targets:
                self.bind(target)
        self.generic_visit(node)

    def visit_For(self, node: ast.For) -> None:
        if self.is_value(node.iter):
            self.bind(node.target)
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        if self.is_value(node.iter):
            self.bind(node.target)
        self.generic_visit(node)


def _annotations(tree: ast.AST) -> Set[int]:
    """The ids of every node inside a type annotation, which never counts."""
    inside: Set[int] = set()
    for node in ast.walk(tree):
        annotations: List[ast.AST] = []
        if isinstance(node, ast.arg) and node.annotation is not None:
            annotations.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            annotations.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
        for annotation in annotations:
            inside.update(id(child) for child in ast.walk(annotation))
    return inside


def python_glue(source: str) -> List[int]:
    """The glue lines of a Python file, by the rule above: their numbers, from 1."""
    tree = ast.parse(source)
    bound = _Bound()
    while True:
        known = len(bound.names)
        bound.visit(tree)
        if len(bound.names) == known:
            break
    skip = _annotations(tree)
    lines: Set[int] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if (isinstance(node, ast.Name) and (node.id == "navcore" or node.id in bound.names)) or \
                (isinstance(node, ast.Attribute) and node.attr == "nav"):
            lines.add(node.lineno)
        elif isinstance(node, ast.Dict):  # an action written as data: its "op" member's line
            lines.update(key.lineno for key in node.keys if isinstance(key, ast.Constant) and key.value == "op")
    return sorted(lines)


def glue_lines(path: Path) -> List[int]:
    """The glue lines of a shell, by its language."""
    source = path.read_text(encoding="utf-8")
    return python_glue(source) if path.suffix == ".py" else c_glue(source, C_SUFFIXES.get(path.suffix, "c"))


def table(counts: Dict[str, int]) -> str:
    """The table docs/shells.md shows, between its markers."""
    rows = ["| shell | lines of glue |", "| --- | --- |"] + [f"| `{name}` | {count} |" for name, count in counts.items()]
    return "\n".join([START] + rows + [END])


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("files", nargs="+", help="the shells, as paths from the project root")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each line counted")
    parser.add_argument("--check", metavar="DOC", type=Path, help="fail unless DOC shows these counts")
    parser.add_argument("--write", metavar="DOC", type=Path, help="write these counts into DOC")
    parser.add_argument("--max", action="append", default=[], metavar="FILE=N", help="fail when FILE counts more than N")
    args = parser.parse_args(argv)
    counts: Dict[str, int] = {}
    for name in args.files:
        path = Path(name)
        numbers = glue_lines(path)
        counts[name] = len(numbers)
        print(f"{name}: {len(numbers)} lines of glue")
        if args.verbose:
            source = path.read_text(encoding="utf-8").split("\n")
            for number in numbers:
                print(f"  {number:4}: {source[number - 1].strip()}")
    failures = limits_failed(counts, args.max)
    wanted = table(counts)
    for doc in filter(None, [args.write, args.check]):
        text = doc.read_text(encoding="utf-8")
        if START not in text or END not in text:
            failures.append(f"{doc} has no {START} ... {END} block")
            continue
        before, rest = text.split(START, 1)
        current = START + rest.split(END, 1)[0] + END
        if doc == args.write:
            doc.write_text(before + wanted + rest.split(END, 1)[1], encoding="utf-8")
        elif current != wanted:
            failures.append(f"{doc}'s glue counts are stale: scripts/glue_count.py --write {doc} {' '.join(args.files)}")
    for failure in failures:
        print(f"glue_count: {failure}", file=sys.stderr)
    return 1 if failures else 0


def limits_failed(counts: Dict[str, int], limits: List[str]) -> List[str]:
    """What goes past its --max FILE=N."""
    failures = []
    for limit in limits:
        name, _, most = limit.rpartition("=")
        if counts.get(name, 0) > int(most):
            failures.append(f"{name} has {counts[name]} lines of glue, more than {most}")
    return failures


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
