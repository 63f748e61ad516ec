#!/usr/bin/python3
"""Reads an application's accessibility tree over AT-SPI and prints a JSON summary.

    /usr/bin/python3 atspi_dump.py [NAME_SUBSTRING] [--role "list item"] [--max-nodes N]

Finds the first application on the AT-SPI registry whose name contains NAME_SUBSTRING
(ignoring case, spaces and punctuation; default "listview peer"), walks its tree depth-first (at most --max-nodes
nodes), and prints: how many nodes it walked, the roles present with their counts, how many
nodes have the role --role (default "list item"), and the first 5 and last 5 of those with their
name, description, index in parent, the parent's child count, their children's roles and names
(a list item's text is often on a child), their AT-SPI attributes, and whether any position
is exposed: a "posinset"/"setsize" (or "level") object attribute, or a row/column position.
Needs Debian's python3-pyatspi and an accessibility bus (run under dbus-run-session with
at-spi2-core installed, the app started with GTK_A11Y=atspi).
"""
import argparse
import json
import sys
import time

import pyatspi

POSITION_KEYS = ("posinset", "setsize", "level", "rowindex", "colindex", "rowcount", "colcount")


def attributes(node):
    """The object's attributes as a dict (pyatspi returns "key:value" strings or a dict)."""
    try:
        raw = node.getAttributes()
    except Exception as error:  # noqa: BLE001 - report, don't die, on a dead object
        return {"<error>": str(error)}
    if isinstance(raw, dict):
        return dict(raw)
    result = {}
    for entry in raw or []:
        key, _, value = str(entry).partition(":")
        result[key] = value
    return result


def safe(call, default=None):
    try:
        return call()
    except Exception:  # noqa: BLE001
        return default


def normalized(text):
    """Lower case, letters and digits only: "GtkListView peer" matches "gtk-listview-peer"
    (GTK 4.8 registers the application under its prgname, not g_get_application_name())."""
    return "".join(c for c in text.lower() if c.isalnum())


def find_app(substring, timeout):
    deadline = time.time() + timeout
    seen = []
    while True:
        desktop = pyatspi.Registry.getDesktop(0)
        seen = []
        for index in range(safe(lambda: desktop.childCount, 0)):
            app = safe(lambda: desktop.getChildAtIndex(index))
            if app is None:
                continue
            name = safe(lambda: app.name, "") or ""
            seen.append(name)
            if normalized(substring) in normalized(name):
                return app, seen
        if time.time() >= deadline:
            return None, seen
        time.sleep(0.5)


def walk(root, max_nodes):
    """Depth-first, in tree order: every node with its depth."""
    stack = [(root, 0)]
    out = []
    while stack and len(out) < max_nodes:
        node, depth = stack.pop()
        out.append((node, depth))
        count = safe(lambda: node.childCount, 0) or 0
        children = [safe(lambda i=i: node.getChildAtIndex(i)) for i in range(count)]
        for child in reversed(children):
            if child is not None:
                stack.append((child, depth + 1))
    return out, bool(stack)


def describe(node):
    attrs = attributes(node)
    parent = safe(lambda: node.parent)
    children = []
    for index in range(min(safe(lambda: node.childCount, 0) or 0, 4)):
        child = safe(lambda: node.getChildAtIndex(index))
        if child is not None:
            children.append({"role": safe(child.getRoleName, "?"), "name": safe(lambda: child.name, "")})
    table_cell = None
    if safe(lambda: node.queryTableCell()) is not None:
        table_cell = safe(lambda: node.queryTableCell().position)
    return {
        "name": safe(lambda: node.name, ""),
        "description": safe(lambda: node.description, ""),
        "index_in_parent": safe(node.getIndexInParent),
        "parent_role": safe(parent.getRoleName) if parent is not None else None,
        "parent_child_count": safe(lambda: parent.childCount) if parent is not None else None,
        "children": children,
        "attributes": attrs,
        "position_attributes": {k: v for k, v in attrs.items() if k.lower() in POSITION_KEYS},
        "table_cell_position": table_cell,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", nargs="?", default="listview peer")
    parser.add_argument("--role", default="list item")
    parser.add_argument("--max-nodes", type=int, default=20000)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for the app")
    args = parser.parse_args()

    app, seen = find_app(args.name, args.timeout)
    if app is None:
        json.dump({"error": f"no application named like {args.name!r}", "applications": seen},
                  sys.stdout, indent=2)
        print()
        return 1
    nodes, truncated = walk(app, args.max_nodes)
    roles = {}
    for node, _ in nodes:
        role = safe(node.getRoleName, "?")
        roles[role] = roles.get(role, 0) + 1
    matches = [node for node, _ in nodes if safe(node.getRoleName) == args.role]
    described = [describe(n) for n in matches[:5]] + (
        [describe(n) for n in matches[-5:]] if len(matches) > 5 else [])
    summary = {
        "application": safe(lambda: app.name, ""),
        "applications_on_bus": seen,
        "nodes_walked": len(nodes),
        "walk_truncated": truncated,
        "roles": dict(sorted(roles.items(), key=lambda kv: -kv[1])),
        "role": args.role,
        "count": len(matches),
        "named": sum(1 for n in matches if safe(lambda n=n: n.name, "")),
        "with_description": sum(1 for n in matches if safe(lambda n=n: n.description, "")),
        "with_named_child": sum(
            1 for n in matches
            if any(c["name"] for c in describe(n)["children"])),
        "with_position_attributes": sum(
            1 for n in matches
            if any(k.lower() in POSITION_KEYS for k in attributes(n))),
        "first": described[:5],
        "last": described[5:],
    }
    json.dump(summary, sys.stdout, indent=2, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
