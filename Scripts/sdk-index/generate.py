#!/usr/bin/env python3
"""Builds the judge's SDK index from real declarations: docs/judging.md, "The SDK index".

Usage: generate.py [--interface FILE ...] [--symbol-graphs DIR] OUTPUT.swift

--interface   a Swift interface of an Apple framework (a .swiftinterface, or the generated
              interface Xcode shows): SwiftUI, SwiftData.
--symbol-graphs  a folder of swift-symbolgraph-extract output (*.symbols.json) for the modules of
              the toolchain: Swift, _Concurrency, Observation, Foundation.

Only facts go in: type names, conformances, member names with their argument labels, whether a
member is static, async or throwing, the types of the parameters a closure argument is handed,
the iOS version a declaration came in, and deprecations with their replacements. No
documentation text.
"""
import json
import os
import re
import sys

records = {}  # (owner, signature) -> dict
types = {}  # name -> kind letter
conformances = set()


def record(owner, signature, flags, closures="", ios="", deprecation=""):
    if any(part.startswith("_") for part in (owner, signature)):
        return
    key = (owner, signature)
    old = records.get(key)
    if old is None:
        records[key] = dict(flags=set(flags), closures=closures, ios=ios, deprecation=deprecation)
        return
    # Overloads with the same labels: the member is deprecated only if every overload is.
    if "d" not in flags:
        old["flags"].discard("d")
        old["deprecation"] = ""
    old["flags"] |= set(flags) - {"d"}
    if not old["closures"]:
        old["closures"] = closures
    if ios and (not old["ios"] or version(ios) < version(old["ios"])):
        old["ios"] = ios


def version(text):
    return tuple(int(p) for p in re.findall(r"\d+", text)[:3])


def base_type(text):
    """`SwiftUICore.ScrollViewProxy?` -> `ScrollViewProxy`; `inout TaskGroup<T>` -> `TaskGroup`."""
    text = re.sub(r"@\w+(\([^)]*\))?|\b(inout|sending|borrowing|consuming|isolated|some|any)\b", "", text)
    text = text.strip().rstrip("?!").strip()
    while re.search(r"<[^<>]*>", text):
        text = re.sub(r"<[^<>]*>", "", text)
    name = re.match(r"[A-Za-z_][\w.]*", text)
    if not name:
        return ""
    return name.group(0).split(".")[-1]


def split_top(text, separator=","):
    parts, depth, current = [], 0, ""
    for i, ch in enumerate(text):
        if ch in "([<{":
            depth += 1
        elif ch in ")]>}" and not (ch == ">" and i > 0 and text[i - 1] == "-"):
            depth -= 1
        if ch == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return parts


def closure_params(type_text):
    """The parameter types of a closure type, or None when the type is not a function type."""
    t = re.sub(r"@\w+(\([^)]*\))?", "", type_text).strip()
    t = re.sub(r"^\b(sending|inout)\b", "", t).strip()
    if not t.startswith("("):
        return None
    depth = 0
    for i, ch in enumerate(t):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            rest = t[i + 1 :]
            if not re.match(r"\s*(async\s*)?(throws(\([^)]*\))?\s*)?(rethrows\s*)?->", rest):
                return None
            inner = t[1:i]
            out = []
            for p in split_top(inner):
                p = p.strip()
                if ":" in p and re.match(r"^\s*[_\w]+\s*(\w+\s*)?:", p):
                    p = p.split(":", 1)[1]
                out.append(base_type(p) or "_")
            return out
    return None


def parse_parameters(inner):
    labels, closures = [], []
    for p in split_top(inner):
        p = p.strip()
        if not p:
            continue
        head, _, type_text = p.partition(":")
        type_text = type_text.split("=", 1)[0]
        words = re.sub(r"@[\w.]+(\([^)]*\))?", "", head).split()
        label = words[0] if words else "_"
        labels.append(label)
        params = closure_params(type_text)
        if params:
            closures.append("%s:%s" % (label, ",".join(params)))
    return labels, closures


AVAILABLE_DEPRECATED = re.compile(r"@available\(\s*(iOS|\*)\s*,[^)]*deprecated[^)]*\)")
AVAILABLE_IOS = re.compile(r"@available\((?:[^)]*?\b)?iOS (\d+(?:\.\d+)*)")
AVAILABLE_IOS_INTRODUCED = re.compile(r"@available\(iOS, introduced: (\d+(?:\.\d+)*)")
RENAMED = re.compile(r'renamed: "([^"]+)"')
MESSAGE_API = re.compile(r"`([A-Za-z.]+\([^`]*\))`")


def deprecation_of(attributes):
    for attr in attributes:
        if AVAILABLE_DEPRECATED.search(attr) or re.search(r"@available\(\*, deprecated", attr):
            renamed = RENAMED.search(attr)
            if renamed:
                return renamed.group(1)
            api = MESSAGE_API.search(attr)
            return api.group(1) if api else "?"
    return ""


def ios_of(attributes):
    for attr in attributes:
        m = AVAILABLE_IOS_INTRODUCED.search(attr) or AVAILABLE_IOS.search(attr)
        if m:
            return m.group(1)
    return ""


def declarations(text):
    """Yields (attributes, declaration, depth-change) from interface text, one declaration a
    time, comments and bodies dropped."""
    text = re.sub(r"(?m)^\s*//.*$", "", text)
    lines = [l.strip() for l in text.split("\n")]
    buffer, attributes = "", []
    for line in lines:
        if not line:
            continue
        if line.startswith("@available") or (line.startswith("@") and not buffer and " " not in line):
            attributes.append(line)
            continue
        buffer = (buffer + " " + line).strip()
        if buffer.count("(") > buffer.count(")"):
            continue
        yield attributes, buffer
        buffer, attributes = "", []


DECL = re.compile(
    r"^(?P<mods>(?:@[\w.]+(?:\([^)]*\))?\s+|\b(?:public|open|final|static|class|nonisolated|mutating|"
    r"nonmutating|override|convenience|required|indirect|dynamic|optional|package|consuming|borrowing|"
    r"distributed|isolated)\b\s+)*)"
    r"(?P<kind>struct|class|enum|protocol|actor|extension|typealias|func|init|var|let|case|subscript|associatedtype)\b\s*"
    r"(?P<rest>.*)$"
)


def parse_interface(path):
    text = open(path, encoding="utf-8").read()
    scope = []  # stack of owner names (None for a body we skip)
    for attributes, decl in declarations(text):
        closes = 0
        while decl.startswith("}"):
            decl = decl[1:].strip()
            closes += 1
        for _ in range(closes):
            if scope:
                scope.pop()
        if not decl:
            continue
        opens = decl.count("{") - decl.count("}")
        m = DECL.match(decl)
        owner = scope[-1] if scope else "-"
        if m is None or owner is None:
            for _ in range(max(opens, 0)):
                scope.append(None)
            for _ in range(max(-opens, 0)):
                scope and scope.pop()
            continue
        mods, kind, rest = m.group("mods"), m.group("kind"), m.group("rest")
        # Read from an interface that may be older than the SDK cards are written for: its
        # overloads may be incomplete (docs/judging.md, "The SDK index").
        flags = {"o"}
        if re.search(r"\b(static|class)\b", mods):
            flags.add("s")
        deprecation = deprecation_of(attributes)
        if deprecation:
            flags.add("d")
        ios = ios_of(attributes)
        new_scope = None
        if kind in ("struct", "class", "enum", "protocol", "actor", "extension", "typealias"):
            name = re.match(r"[\w.]+", rest)
            if name:
                type_name = name.group(0).split(".")[-1]
                if kind != "extension":
                    types.setdefault(type_name, kind[0])
                    if owner != "-":
                        record(owner, type_name, "k", ios=ios, deprecation=deprecation)
                header = rest.split("{")[0].split(" where ")[0]
                if ":" in header and kind != "typealias":
                    for proto in split_top(header.split(":", 1)[1]):
                        proto = base_type(proto)
                        if proto:
                            conformances.add((type_name, proto))
                new_scope = type_name
        elif kind in ("func", "init", "subscript"):
            if kind == "func":
                name = re.match(r"(`?[\w]+`?|[^\s(<]+)", rest)
                name = name.group(0).strip("`") if name else ""
            else:
                name = kind
            params = rest[rest.find("(") :] if "(" in rest else "()"
            depth, end = 0, 0
            for i, ch in enumerate(params):
                depth += ch == "("
                depth -= ch == ")"
                if depth == 0:
                    end = i
                    break
            labels, closures = parse_parameters(params[1:end])
            flags.add({"func": "f", "init": "i", "subscript": "f"}[kind])
            flags |= effects(params)
            if name and re.match(r"[A-Za-z_]", name):
                signature = "%s(%s)" % (name, "".join(l + ":" for l in labels))
                record(owner, signature, flags, ";".join(closures), ios, deprecation)
        elif kind in ("var", "let", "case"):
            body = rest
            for item in split_top(body.split("{")[0]) if kind == "case" else [body]:
                name = re.match(r"`?(\w+)`?", item.strip())
                if not name:
                    continue
                flags_here = set(flags) | {"c" if kind == "case" else "v"}
                if re.search(r"\{\s*get\s+async\b", item):
                    flags_here.add("a")
                record(owner, name.group(1), flags_here, "", ios, deprecation)
                if kind == "case" and "(" in item:
                    labels, _ = parse_parameters(item[item.find("(") + 1 : item.rfind(")")])
                    record(owner, "%s(%s)" % (name.group(1), "".join(l + ":" for l in labels)),
                           flags_here, "", ios, deprecation)
        if opens > 0:
            scope.append(new_scope)
            for _ in range(opens - 1):
                scope.append(None)
        elif opens < 0:
            for _ in range(-opens):
                scope and scope.pop()


def effects(declaration):
    """`a` and `t` for a function declaration whose own effects (after its parameter list, not a
    closure parameter's) are async and throwing."""
    start = declaration.find("(")
    if start < 0:
        return set()
    depth = 0
    for i in range(start, len(declaration)):
        depth += declaration[i] == "("
        depth -= declaration[i] == ")"
        if depth == 0:
            tail = re.split(r"->|\bwhere\b|\{", declaration[i + 1 :])[0]
            found = set()
            if re.search(r"\basync\b", tail):
                found.add("a")
            if re.search(r"\b(throws|rethrows)\b", tail):
                found.add("t")
            return found
    return set()


def fragments_text(fragments):
    return "".join(f["spelling"] for f in fragments)


def parse_symbol_graph(path):
    graph = json.load(open(path, encoding="utf-8"))
    by_id = {}
    for symbol in graph["symbols"]:
        by_id[symbol["identifier"]["precise"]] = symbol
        path_components = symbol["pathComponents"]
        kind = symbol["kind"]["identifier"].split(".", 1)[1]
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        owner = path_components[-2] if len(path_components) > 1 else "-"
        title = path_components[-1]
        declaration = fragments_text(symbol.get("declarationFragments", []))
        deprecation = ""
        ios = ""
        for availability in symbol.get("availability", []):
            domain = availability.get("domain", "*")
            if domain in ("*", "iOS", "Swift") and (
                availability.get("isUnconditionallyDeprecated") or "deprecated" in availability
            ):
                deprecation = availability.get("renamed", "?")
            if domain == "iOS" and "introduced" in availability:
                ios = ".".join(str(availability["introduced"].get(k, 0)) for k in ("major", "minor"))
        flags = set()
        if deprecation:
            flags.add("d")
        if kind in ("struct", "class", "enum", "protocol", "actor", "typealias"):
            types.setdefault(title, kind[0])
            if owner != "-":
                record(owner, title, "k", ios=ios, deprecation=deprecation)
            continue
        if kind.startswith("type.") or kind in ("type.method", "type.property", "type.subscript"):
            flags.add("s")
        if kind in ("func", "method", "type.method", "init", "subscript", "type.subscript", "func.op"):
            flags.add("i" if kind == "init" else "f")
            flags |= effects(declaration)
            closures = []
            labels = re.findall(r"(\w+):", title[title.find("(") :])
            for index, parameter in enumerate(symbol.get("functionSignature", {}).get("parameters", [])):
                text = fragments_text(parameter.get("declarationFragments", []))
                type_text = text.split(":", 1)[1] if ":" in text else text
                params = closure_params(type_text)
                if params:
                    label = labels[index] if index < len(labels) else "_"
                    closures.append("%s:%s" % (label, ",".join(params)))
            if kind == "func.op":
                continue
            record(owner, title, flags, ";".join(closures), ios, deprecation)
        elif kind in ("property", "type.property", "var", "enum.case"):
            flags.add("c" if kind == "enum.case" else "v")
            if re.search(r"\bget\s+async\b", declaration):
                flags.add("a")
            record(owner, title, flags, "", ios, deprecation)
    for relation in graph.get("relationships", []):
        if relation["kind"] == "conformsTo":
            source = by_id.get(relation["source"])
            target = relation.get("targetFallback") or ""
            target_symbol = by_id.get(relation["target"])
            if target_symbol:
                target = target_symbol["pathComponents"][-1]
            if source and len(source["pathComponents"]) >= 1 and target:
                conformances.add((source["pathComponents"][-1], target.split(".")[-1]))


def main(argv):
    interfaces, graphs, output = [], None, None
    i = 0
    while i < len(argv):
        if argv[i] == "--interface":
            interfaces.append(argv[i + 1])
            i += 2
        elif argv[i] == "--symbol-graphs":
            graphs = argv[i + 1]
            i += 2
        else:
            output = argv[i]
            i += 1
    if output is None:
        sys.exit(__doc__)
    sources = []
    for path in interfaces:
        parse_interface(path)
        sources.append(os.path.basename(path))
    if graphs:
        for name in sorted(os.listdir(graphs)):
            if name.endswith(".symbols.json"):
                parse_symbol_graph(os.path.join(graphs, name))
                sources.append(name)
    lines = []
    for name in sorted(types):
        if not name.startswith("_"):
            lines.append("T\t%s\t%s" % (name, types[name]))
    for a, b in sorted(conformances):
        if not a.startswith("_") and not b.startswith("_"):
            lines.append(":\t%s\t%s" % (a, b))
    for (owner, signature), r in sorted(records.items()):
        fields = ["M", owner, signature, "".join(sorted(r["flags"]))]
        extra = [r["closures"], r["ios"], r["deprecation"]]
        while extra and not extra[-1]:
            extra.pop()
        lines.append("\t".join(fields + extra))
    body = "\n".join(lines)
    swift = (
        "// swift-format-ignore-file\n"
        "// Generated by Scripts/sdk-index/generate.py. Do not edit. Read from:\n%s\n"
        "// Format: docs/judging.md, \"The SDK index\".\n\n"
        "extension SDKIndex {\n  /// The shipped index, one declaration a line.\n"
        "  public static let listing = ##\"\"\"\n%s\n\"\"\"##\n}\n" % ("\n".join("// - " + source for source in sources), body)
    )
    open(output, "w", encoding="utf-8").write(swift)
    print("%d types, %d conformances, %d members, %d bytes" % (len(types), len(conformances), len(records), len(swift)))


if __name__ == "__main__":
    main(sys.argv[1:])
