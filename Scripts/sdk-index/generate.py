#!/usr/bin/env python3
"""Builds the judge's SDK index from real declarations: docs/judging.md, "The SDK index".

Usage: generate.py [--interface FILE ...] [--current FILE ...] [--symbol-graphs DIR]
                   [--docs DIR [--docs-name TEXT]] OUTPUT.swift

--interface   a Swift interface of an Apple framework (a .swiftinterface, or the generated
              interface Xcode shows): SwiftUI, SwiftData.
--current     declarations transcribed from Apple's current pages (newer-declarations.swift):
              read as an interface is, but as complete: a type declared there has no members
              other than those it lists.
--symbol-graphs  a folder of swift-symbolgraph-extract output (*.symbols.json) for the modules of
              the toolchain: Swift, _Concurrency, Observation, Foundation.
--docs        a folder holding a dump of Apple's documentation, one markdown page a symbol, as
              FRAMEWORK/md/*.md: SwiftUI, SwiftData, Charts, MapKit, Observation, Testing.
--docs-name   what the listing's header calls that dump (its repository and commit).

Only facts go in: type names (a nested one qualified, `DragGesture.Value`), conformances, member
names with their argument labels, whether a member is static, async or throwing, the types of
the parameters a closure argument is handed, the type a member has or returns, the iOS version a
declaration came in, and deprecations with the name of what replaces them. No documentation text.

The sources are ranked by how new they are: the interface (SwiftUI's, older than the SDK), then
the documentation, then the toolchain's own modules. A member is deprecated if the newest source
that declares it says so, and takes its closures and type from the newest source that gives them.
"""
import collections
import json
import os
import re
import sys

# How new a source is: a later one says what is current.
INTERFACE, DOCS, GRAPHS = 0, 1, 2

entries = {}  # (owner, signature) -> {source: entry}
types = {}  # qualified name -> kind letter
type_sources = collections.defaultdict(set)  # qualified name -> sources declaring it
conformances = set()  # (qualified type, Ref of the protocol)
aliases = {}  # qualified type alias -> Ref of what it stands for
type_generics = collections.defaultdict(set)  # qualified type -> its generic parameters' names
generic_names = set()  # every name a generic parameter has somewhere
unparsed = collections.Counter()  # what the docs reader left out, by reason
unparsed_examples = collections.defaultdict(list)

# Module names that qualify a type (`SwiftUI.Text`, `Swift.Sendable`): dropped.
MODULES = {
    "Swift", "SwiftUI", "SwiftUICore", "Foundation", "FoundationEssentials",
    "FoundationInternationalization", "FoundationNetworking", "_Concurrency", "_StringProcessing",
    "Observation", "Combine", "CoreGraphics", "CoreFoundation", "UIKit", "AppKit", "CoreData",
    "SwiftData", "Charts", "MapKit", "CoreLocation", "Testing", "Dispatch", "Darwin", "Glibc",
    "CoreTransferable", "UniformTypeIdentifiers", "Accessibility", "Symbols",
    "DeveloperToolsSupport", "QuartzCore", "CoreText", "CoreImage", "AVFoundation", "StoreKit",
    "Spatial", "WidgetKit", "AppIntents", "os",
}


class Ref:
    """A type as a declaration writes it: its nominal name (dotted, generic arguments dropped,
    or "" when it is no nominal type), where it is written (the owner, for names nested in it)
    and the generic parameters in scope there."""

    __slots__ = ("name", "context", "generics", "elements", "default", "label")

    def __init__(self, name, context="-", generics=(), elements=None):
        self.default = ""  # a parameter's default value, where it is a simple one
        self.label = ""  # a tuple element's label, where it has one
        self.name = name
        self.context = context
        self.generics = frozenset(generics)
        # A tuple's element types, each a Ref: `(stream: AsyncStream<T>, continuation: …)`.
        self.elements = elements


def returned_ref(text, context, generics):
    """A Ref for a declared type that may be a tuple of nominal types (`(Data, URLResponse)`,
    `makeStream`'s labelled pair)."""
    name = nominal(text)
    t = strip_attributes(text).strip()
    if name or not (t.startswith("(") and matching_paren(t, 0) == len(t) - 1):
        return Ref(name, context, generics)
    parts = split_top(t[1:-1])
    if len(parts) < 2:
        return Ref(name, context, generics)
    elements = []
    for part in parts:
        labelled = re.match(r"^\s*([A-Za-z_]\w*)\s*:\s*(.*)$", part)
        element = Ref(nominal(labelled.group(2) if labelled else part), context, generics)
        element.label = labelled.group(1) if labelled else ""
        elements.append(element)
    return Ref("", context, generics, elements)


# A member's type that is its owner: an initialiser's, a case's.
OWNER = "<owner>"


def is_get_only(kind, item):
    """Whether a property declaration (`minY: CGFloat { get }`, a `let`) cannot be assigned:
    a `let`, or an accessor block that gets and does not set. A stored `var` can."""
    if kind == "let":
        return True
    block = re.search(r"\{([^{}]*)\}\s*$", item)
    return bool(block and re.search(r"\bget\b", block.group(1))
                and not re.search(r"\bset\b", block.group(1)))


def is_private(name):
    return any(part.startswith("_") for part in re.split(r"[.(:]", name) if part)


def record(source, owner, signature, flags, closures=(), ios="", deprecation="", type_ref=None,
           params="", param_refs=None):
    if owner != "-" and is_private(owner) or signature.startswith("_"):
        return
    by_source = entries.setdefault((owner, signature), {})
    old = by_source.get(source)
    constrained = "w" in flags
    flags = set(flags) - {"w"}
    if old is None:
        by_source[source] = dict(
            flags=set(flags), closures=list(closures), overloads=[list(closures)], ios=ios,
            deprecation=deprecation,
            types=[type_ref], params=params, constrained=constrained,
            param_refs=[param_refs] if param_refs is not None else [])
        return
    old["params"] = merged_codes(old["params"], params)
    if param_refs is not None:
        old["param_refs"].append(param_refs)
    # Overloads with the same labels: the member is deprecated only if every overload is, but
    # for those of constrained extensions beside one for every type (`animation(_:)` of an
    # `Equatable` view is current, of any other view deprecated).
    if constrained and not old["constrained"]:
        flags.discard("d")
        flags |= old["flags"] & {"d"}
        deprecation = old["deprecation"]
    elif old["constrained"] and not constrained:
        old["flags"].discard("d")
        old["flags"] |= flags & {"d"}
        old["deprecation"] = deprecation
        old["constrained"] = False
    elif "d" not in flags:
        old["flags"].discard("d")
        old["deprecation"] = ""
    if "g" not in flags:
        old["flags"].discard("g")
    old["flags"] |= set(flags) - {"d", "g"}
    if not old["closures"]:
        old["closures"] = list(closures)
    old["overloads"].append(list(closures))
    if ios and (not old["ios"] or version(ios) < version(old["ios"])):
        old["ios"] = ios
    old["types"].append(type_ref)


def note_generics(names):
    """Keeps the names declarations give generic parameters: a type no source declares that is
    so named (`Value`, `T`) is taken for one."""
    generic_names.update(names)
    return names


def declare_type(source, name, kind, generics=()):
    if not name or is_private(name):
        return
    types.setdefault(name, kind)
    type_sources[name].add(source)
    type_generics[name] |= note_generics(set(generics))


def version(text):
    return tuple(int(p) for p in re.findall(r"\d+", text)[:3])


def drop_generic_arguments(text):
    while re.search(r"<[^<>]*>", text):
        text = re.sub(r"<[^<>]*>", "", text)
    return text


def drop_module(name):
    parts = name.split(".")
    if len(parts) > 1 and parts[0] in MODULES:
        return ".".join(parts[1:])
    return name


def strip_attributes(text):
    """`@escaping @Sendable (Int) -> Void` -> `(Int) -> Void`; `@KeyframesBuilder<Value> k` -> `k`."""
    return re.sub(r"@[\w.]+(<[^<>]*>)?(\((?:[^()]|\([^()]*\))*\))?", "", text)


def nominal(text):
    """The nominal type a type names, as written: `SwiftUICore.ScrollViewProxy?` ->
    `ScrollViewProxy`, `inout TaskGroup<T>` -> `TaskGroup`, `TimelineView<S, C>.Context` ->
    `TimelineView.Context`, `some View` -> `View`, `[URL]` -> `Array`; "" for a function type, a
    tuple, a composition, a metatype, `Any`."""
    t = strip_attributes(text)
    t = re.sub(r"\b(inout|sending|borrowing|consuming|isolated|__owned|__shared)\b", "", t).strip()
    t = t.rstrip(".").strip()  # a variadic parameter's `...`
    while True:
        t = re.sub(r"^(some|any)\s+", "", t).strip()
        stripped = t.rstrip("?!").strip()
        if stripped.startswith("(") and matching_paren(stripped, 0) == len(stripped) - 1:
            inner = stripped[1:-1]
            if len(split_top(inner)) == 1:
                t = inner.strip()
                continue
        t = stripped
        break
    if not t or top_level_arrow(t) or t.startswith("("):
        return ""
    if t.startswith("["):
        return "Dictionary" if len(split_top(t[1:-1], ":")) > 1 else "Array"
    if "&" in t:
        return ""
    optional = re.match(r"^(?:Swift\.)?(Optional|ImplicitlyUnwrappedOptional)<(.*)>$", t)
    if optional:
        return nominal(optional.group(2))
    t = drop_generic_arguments(t)
    if not re.fullmatch(r"[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*", t):
        return ""
    if t.endswith(".Type") or t.endswith(".Protocol") or t in ("Any", "AnyObject", "Void"):
        return ""
    return drop_module(t)


def matching_paren(text, start):
    """The index of the bracket that closes the one at `start` (`(`, `[` or `{`), or -1."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] in "([{":
            depth += 1
        elif text[i] in ")]}":
            depth -= 1
        if depth == 0:
            return i
    return -1


def skip_generic_clause(text):
    """`text` after a generic parameter clause at its start: `<A, B: C> : View` -> ` : View`."""
    stripped = text.lstrip()
    if not stripped.startswith("<"):
        return text
    depth = 0
    for i, ch in enumerate(stripped):
        depth += ch == "<"
        depth -= ch == ">" and stripped[i - 1] != "-"
        if depth == 0:
            return stripped[i + 1 :]
    return ""


def top_level_arrow(text):
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([<{":
            depth += 1
        elif ch in ")]}" or (ch == ">" and not (i > 0 and text[i - 1] == "-")):
            depth -= 1
        elif ch == "-" and text[i + 1 : i + 2] == ">" and depth == 0:
            return True
    return False


def split_top(text, separator=","):
    parts, depth, current = [], 0, ""
    for i, ch in enumerate(text):
        if ch in "([<{":
            depth += 1
        elif ch in ")]}" or (ch == ">" and not (i > 0 and text[i - 1] == "-")):
            depth -= 1
        if ch == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return parts


def generic_parameters(text):
    """The names a generic parameter clause (`<Item, Content: View>`) at the start of `text`
    declares."""
    text = text.strip()
    if not text.startswith("<"):
        return set()
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "<"
        depth -= ch == ">" and text[i - 1] != "-"
        if depth == 0:
            names = set()
            for part in split_top(text[1:i]):
                name = re.match(r"\s*(?:each\s+)?([A-Za-z_]\w*)", part)
                if name:
                    names.add(name.group(1))
            return names
    return set()


def where_parameters(text):
    """The generic parameters a `where` clause constrains (`where Overlay : View, T.Element ==
    Int`): the documentation's declarations leave out the parameter clause itself."""
    match = re.search(r"\bwhere\b(.*)$", text)
    if not match:
        return set()
    return set(re.findall(r"(?:^|,)\s*([A-Z]\w*)(?:\.\w+)*\s*(?::|==)", match.group(1)))


def closure_params(type_text, context, generics):
    """The parameter types of a closure type, as Refs, or None when the type is not a function
    type."""
    t = strip_attributes(type_text).strip()
    t = re.sub(r"^\b(sending|inout)\b", "", t).strip()
    if t.endswith("?") and t.startswith("("):
        t = t[:-1].strip()
        if matching_paren(t, 0) == len(t) - 1:
            t = t[1:-1].strip()
    t = strip_attributes(t).strip()
    if not t.startswith("("):
        return None
    end = matching_paren(t, 0)
    if end < 0:
        return None
    rest = t[end + 1 :]
    if not re.match(r"\s*(async\s*)?(throws(\([^)]*\))?\s*)?(rethrows\s*)?->", rest):
        return None
    out = []
    for p in split_top(t[1:end]):
        p = p.strip()
        if ":" in p and re.match(r"^\s*[_\w]+\s*(\w+\s*)?:", p):
            p = p.split(":", 1)[1]
        out.append(Ref(nominal(p), context, generics))
    return out


def parse_parameters(inner, context, generics, subscript=False):
    labels, closures = [], []
    for p in split_top(inner):
        p = p.strip()
        if not p:
            continue
        parts = split_top(p, ":")
        # A case's payload may have no label nor name: `case rect(Anchor<CGRect>.Source)`.
        head, type_text = (parts[0], ":".join(parts[1:])) if len(parts) > 1 else ("_", p)
        type_text = type_text.split("=", 1)[0]
        words = strip_attributes(head).split()
        # A subscript's parameter has no label unless it names one before its own name.
        if subscript:
            label = words[0] if len(words) >= 2 else "_"
        else:
            label = words[0] if words else "_"
        labels.append(label)
        params = closure_params(type_text, context, generics)
        if params:
            closures.append((label, params))
    return labels, closures


# A default value simple enough to compare with what a call passes: a literal, `nil`, or a
# member (`.automatic`, `.center`).
SIMPLE_DEFAULT = re.compile(r"^(true|false|nil|-?\d+(\.\d+)?|\.[A-Za-z_]\w*)$")


def parameter_refs(inner, context, generics):
    """Each parameter's type as a Ref, attributes left out, with its default value where it is
    simple (`true`, `.center`) as `default`; a Ref of no name for a closure; a variadic
    parameter's element type."""
    refs = []
    for p in split_top(inner):
        p = p.strip()
        if not p:
            continue
        parts = split_top(p, ":")
        pieces = split_top(":".join(parts[1:]) if len(parts) > 1 else p, "=")
        type_text = pieces[0]
        if closure_params(type_text, context, generics) is not None:
            ref = Ref("")
        else:
            # A variadic list's values are each of its element type (`traits: .landscapeLeft`).
            ref = Ref(nominal(type_text.strip().removesuffix("...")), context, generics)
        default = pieces[1].strip() if len(pieces) > 1 else ""
        ref.default = default if SIMPLE_DEFAULT.match(default) else ""
        refs.append(ref)
    return refs


def parameter_codes(inner):
    """A letter for each parameter of a parameter list: `r` needs an argument, `d` has a default,
    `v` is variadic, `f` needs a closure (a trailing one may give it), `g` takes a closure and has
    a default. What a call may leave out, and what its trailing closures may fill."""
    codes = ""
    for p in split_top(inner):
        p = p.strip()
        if not p:
            continue
        parts = split_top(p, ":")
        type_text = ":".join(parts[1:]) if len(parts) > 1 else p
        pieces = split_top(type_text, "=")
        if pieces[0].strip().endswith("..."):
            codes += "v"
            continue
        optional = len(pieces) > 1
        is_function = closure_params(pieces[0], "-", ()) is not None
        codes += ("g" if optional else "f") if is_function else ("d" if optional else "r")
    return codes


def merged_codes(a, b):
    """The codes of two overloads with the same labels: a parameter either may leave out may be
    left out; nothing is said where either says nothing."""
    if not a or not b or len(a) != len(b):
        return ""
    out = ""
    for x, y in zip(a, b):
        if "v" in (x, y):
            # Variadic in one, a value with or without a default in the other: either may be
            # left out, and more values after it are the variadic one's.
            out += "v"
            continue
        function = x in "fg" or y in "fg"
        optional = x in "dg" or y in "dg"
        out += ("g" if optional else "f") if function else ("d" if optional else "r")
    return out


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
    """Yields (attributes, declaration) from interface text, one declaration a time, comments
    and bodies dropped."""
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
    r"^(?P<mods>(?:@[\w.]+(?:\((?:[^()]|\([^()]*\))*\))?\s+|\b(?:public|open|final|static|class|"
    r"nonisolated|mutating|nonmutating|override|convenience|required|indirect|dynamic|optional|"
    r"package|consuming|borrowing|distributed|isolated|weak|unowned(?:\(\w+\))?|lazy|prefix|"
    r"postfix|infix)\b\s+)*)"
    r"(?P<kind>struct|class|enum|protocol|actor|extension|typealias|func|init|var|let|case|"
    r"subscript|associatedtype|macro)\b\s*"
    r"(?P<rest>.*)$"
)

TYPE_KINDS = ("struct", "class", "enum", "protocol", "actor", "typealias")


def parameter_list(rest):
    """The text inside a declaration's first parameter list, and what follows it."""
    start = rest.find("(")
    if start < 0:
        return "", rest
    end = matching_paren(rest, start)
    if end < 0:
        return rest[start + 1 :], ""
    return rest[start + 1 : end], rest[end + 1 :]


def return_text(after_parameters):
    """The return type after a parameter list: `async throws -> some View where …` -> `some View`."""
    match = re.search(r"->(.*)$", after_parameters)
    if not match:
        return ""
    text = match.group(1)
    text = re.split(r"\bwhere\b|\{", text)[0]
    return text.strip()


def property_type_text(item):
    """`translation: CGSize { get }` -> `CGSize`."""
    if ":" not in item:
        return ""
    text = item.split(":", 1)[1]
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([<":
            depth += 1
        elif ch in ")]" or (ch == ">" and text[i - 1] != "-"):
            depth -= 1
        elif depth == 0 and (ch == "{" or ch == "="):
            return text[:i].strip()
    return text.strip()


def member_from_declaration(source, owner, decl, flags, ios, deprecation, generics,
                            signature=None):
    """Records the member one declaration declares (a function, initialiser, subscript,
    property, case or macro) on `owner`; `signature`, when given, is the one the documentation
    names it by. Returns whether it was one."""
    m = DECL.match(decl)
    if m is None:
        return False
    mods, kind, rest = m.group("mods"), m.group("kind"), m.group("rest")
    flags = set(flags)
    if re.search(r"\b(static|class)\b", mods):
        flags.add("s")
    if kind in ("func", "init", "subscript", "macro"):
        if kind in ("func", "macro"):
            name = re.match(r"(`?[\w]+`?|[^\s(<]+)", rest)
            own_generics = generic_parameters(rest[len(name.group(0)) :]) if name else set()
            name = name.group(0).strip("`") if name else ""
        else:
            name = kind
            own_generics = generic_parameters(rest.lstrip("?!").lstrip())
        own_generics |= where_parameters(rest)
        scope_generics = set(generics) | note_generics(own_generics)
        inner, after = parameter_list(rest)
        labels, closures = parse_parameters(inner, owner, scope_generics, kind == "subscript")
        params = parameter_codes(inner)
        param_refs = parameter_refs(inner, owner, scope_generics)
        flags.add({"func": "f", "init": "i", "subscript": "f", "macro": "m"}[kind])
        if kind != "macro":
            flags |= effects(rest)
        if kind == "init":
            type_ref = Ref(OWNER, owner)
        else:
            type_ref = returned_ref(return_text(after), owner, scope_generics)
        if signature and not signature.endswith("(%s)" % "".join(l + ":" for l in labels)):
            # The page's title names labels its declaration does not read as: nested generic
            # arguments the dump dropped in part (Charts' `PlottableProjection<…>`). The title
            # is right; nothing else is taken from the declaration.
            closures = []
            params = ""
            param_refs = None
            if kind != "init":
                type_ref = None
        if name and re.match(r"[A-Za-z_]", name):
            record(source, owner, signature or "%s(%s)" % (name, "".join(l + ":" for l in labels)),
                   flags, closures, ios, deprecation, type_ref, params, param_refs)
        return True
    if kind in ("var", "let", "case"):
        scope_generics = set(generics) | note_generics(where_parameters(rest))
        for item in split_top(rest.split("{")[0]) if kind == "case" else [rest]:
            name = re.match(r"`?(\w+)`?", item.strip())
            if not name:
                continue
            flags_here = set(flags) | {"c" if kind == "case" else "v"}
            if kind != "case" and is_get_only(kind, item):
                flags_here.add("g")
            if re.search(r"\{\s*(?:mutating\s+)?get\s+async\b", item):
                flags_here.add("a")
            if re.search(r"\{\s*(?:mutating\s+)?get\s+(?:async\s+)?throws\b", item):
                flags_here.add("t")
            if kind == "case":
                type_ref = Ref(OWNER, owner)
            else:
                type_ref = Ref(nominal(property_type_text(item)), owner, scope_generics)
            record(source, owner, name.group(1), flags_here, (), ios, deprecation, type_ref)
            if kind == "case" and "(" in item:
                payload = item[item.find("(") + 1 : item.rfind(")")]
                labels, _ = parse_parameters(payload, owner, scope_generics)
                record(source, owner, "%s(%s)" % (name.group(1), "".join(l + ":" for l in labels)),
                       flags_here, (), ios, deprecation, type_ref, parameter_codes(payload))
        return True
    return False


def qualified(scope_owner, name):
    name = drop_module(drop_generic_arguments(name))
    return name if scope_owner in ("-", None) else scope_owner + "." + name


def parse_interface(path, current=False):
    text = open(path, encoding="utf-8").read()
    # A stack of (qualified owner, generic parameters, whether a `where` clause constrains the
    # extension); None for a body we skip.
    scope = []
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
        top = scope[-1] if scope else ("-", frozenset(), False)
        if m is None or top is None:
            for _ in range(max(opens, 0)):
                scope.append(None)
            for _ in range(max(-opens, 0)):
                scope and scope.pop()
            continue
        owner, generics, constrained = top
        mods, kind, rest = m.group("mods"), m.group("kind"), m.group("rest")
        # Read from an interface that may be older than the SDK cards are written for: its
        # overloads may be incomplete (docs/judging.md, "The SDK index"). A transcription of
        # current pages is not.
        flags = set() if current else {"o"}
        deprecation = deprecation_of(attributes)
        if deprecation:
            flags.add("d")
        ios = ios_of(attributes)
        new_scope = None
        if kind in TYPE_KINDS + ("extension",):
            name = re.match(r"[\w.]+", rest)
            if name:
                if kind == "extension":
                    type_name = drop_module(name.group(0))
                    own_generics = set(type_generics.get(type_name, ()))
                else:
                    type_name = qualified(owner, name.group(0))
                    own_generics = generic_parameters(rest[len(name.group(0)) :])
                    declare_type(INTERFACE, type_name, kind[0], own_generics)
                    if owner != "-":
                        record(INTERFACE, owner, name.group(0), {"k"} | (flags & {"d", "o"}),
                               ios=ios, deprecation=deprecation)
                header = rest.split("{")[0].split(" where ")[0]
                header = skip_generic_clause(header[len(name.group(0)) :])
                if kind == "typealias":
                    if "=" in header:
                        aliases[type_name] = Ref(nominal(header.split("=", 1)[1]), owner,
                                                 generics)
                elif ":" in header:
                    for proto in split_top(header.split(":", 1)[1]):
                        proto = nominal(proto)
                        if proto:
                            conformances.add((type_name, Ref(proto, type_name, own_generics)))
                new_scope = (type_name, frozenset(set(generics) | own_generics)
                             if kind != "extension" else frozenset(own_generics),
                             kind == "extension" and (self_type(rest.split("{")[0]) or
                                                      " where " in rest.split("{")[0]))
        else:
            # `w`: declared for conforming types alone (`extension View where Self :
            # Equatable`), so it does not undo a deprecation of the member for every type.
            if isinstance(constrained, str) and "static" in (mods or ""):
                decl = returning(decl, constrained)
            member_from_declaration(INTERFACE, owner, decl, flags | ({"w"} if constrained else set()),
                                    ios, deprecation, generics)
        if opens > 0:
            scope.append(new_scope)
            for _ in range(opens - 1):
                scope.append(None)
        elif opens < 0:
            for _ in range(-opens):
                scope and scope.pop()


def self_type(header):
    """The type an extension's `where Self == Type` clause names, or None."""
    found = re.search(r"\bwhere\s+Self\s*==\s*([A-Za-z_][\w.]*)\s*$", header.strip())
    return found.group(1) if found else None


def returning(declaration, type_name):
    """`declaration` with its result `Self` written as `type_name`."""
    return re.sub(r"->\s*Self\b(?![.\w])", "-> " + type_name, declaration)


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


# Modules whose symbol graphs on this machine are the open-source Foundation, which lacks some
# members Apple's has (`URLSession.bytes(from:)`): a member missing there may exist on iOS.
PARTIAL_MODULES = ("Foundation", "FoundationNetworking")
# The types such a graph declares (not those it extends, `String`).
partial_owners = set()
# The types such a graph extends: a class of them (`NotificationCenter`, which FoundationEssentials
# declares with its newest API and the open-source Foundation extends with some of the rest) is
# partial too; a value type extended so (`String`) is whole.
partial_extended = set()


def parse_symbol_graph(path):
    graph = json.load(open(path, encoding="utf-8"))
    partial = graph.get("module", {}).get("name") in PARTIAL_MODULES
    by_id = {}
    for symbol in graph["symbols"]:
        by_id[symbol["identifier"]["precise"]] = symbol
        path_components = symbol["pathComponents"]
        kind = symbol["kind"]["identifier"].split(".", 1)[1]
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        owner = ".".join(path_components[:-1]) if len(path_components) > 1 else "-"
        title = path_components[-1]
        declaration = fragments_text(symbol.get("declarationFragments", []))
        generics = note_generics(
            {p["name"] for p in (symbol.get("swiftGenerics") or {}).get("parameters", [])})
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
        if kind in TYPE_KINDS:
            name = ".".join(path_components)
            declare_type(GRAPHS, name, kind[0], generics)
            if partial:
                partial_owners.add(name)
            if kind == "typealias" and "=" in declaration:
                aliases.setdefault(name, Ref(nominal(declaration.split("=", 1)[1]), owner, generics))
            if owner != "-":
                record(GRAPHS, owner, title, flags | {"k"}, ios=ios, deprecation=deprecation)
            continue
        if partial and owner != "-":
            partial_extended.add(owner)
        if kind.startswith("type."):
            flags.add("s")
        if kind in ("func", "method", "type.method", "init", "subscript", "type.subscript", "macro"):
            flags.add({"init": "i", "macro": "m"}.get(kind, "f"))
            if kind != "macro":
                flags |= effects(declaration)
            closures = []
            labels = re.findall(r"(\w+):", title[title.find("(") :])
            for index, parameter in enumerate(symbol.get("functionSignature", {}).get("parameters", [])):
                text = fragments_text(parameter.get("declarationFragments", []))
                type_text = text.split(":", 1)[1] if ":" in text else text
                params = closure_params(type_text, owner, generics)
                if params:
                    label = labels[index] if index < len(labels) else "_"
                    closures.append((label, params))
            if kind == "init":
                type_ref = Ref(OWNER, owner)
            else:
                returns = fragments_text(symbol.get("functionSignature", {}).get("returns", []))
                type_ref = returned_ref(returns, owner, generics)
            declared = DECL.match(declaration)
            params = ""
            param_refs = None
            if declared and declared.group("kind") in ("func", "init", "subscript"):
                inner = parameter_list(declared.group("rest"))[0]
                params = parameter_codes(inner)
                param_refs = parameter_refs(inner, owner, generics)
                if len(params) != len(labels):
                    params = ""
                    param_refs = None
            record(GRAPHS, owner, title, flags, closures, ios, deprecation, type_ref, params,
                   param_refs)
        elif kind in ("property", "type.property", "var", "enum.case"):
            flags.add("c" if kind == "enum.case" else "v")
            let_or_var = re.search(r"\b(var|let)\b", declaration)
            if kind != "enum.case" and let_or_var and is_get_only(let_or_var.group(1), declaration):
                flags.add("g")
            if re.search(r"\bget\s+async\b", declaration):
                flags.add("a")
            if re.search(r"\bget\s+(async\s+)?throws\b", declaration):
                flags.add("t")
            if kind == "enum.case":
                type_ref = Ref(OWNER, owner)
            else:
                item = re.sub(r"^.*?\b(var|let)\s+", "", declaration)
                type_ref = Ref(nominal(property_type_text(item)), owner, generics)
            record(GRAPHS, owner, title, flags, (), ios, deprecation, type_ref)
    for relation in graph.get("relationships", []):
        if relation["kind"] == "conformsTo":
            source = by_id.get(relation["source"])
            target = relation.get("targetFallback") or ""
            target_symbol = by_id.get(relation["target"])
            if target_symbol:
                target = ".".join(target_symbol["pathComponents"])
            if source and len(source["pathComponents"]) >= 1 and target:
                conformances.add((".".join(source["pathComponents"]), Ref(drop_module(target))))


# The documentation's pages.

DOC_KINDS = {
    "Structure": "struct", "Class": "class", "Enumeration": "enum", "Protocol": "protocol",
    "Type Alias": "typealias", "Actor": "actor",
}
DOC_MEMBERS = {
    "Instance Method", "Type Method", "Instance Property", "Type Property", "Initializer", "Case",
    "Instance Subscript", "Type Subscript", "Function", "Global Variable", "Macro",
}
DOC_NOT_SYMBOLS = {"Article", "API Collection", "Sample Code"}
PLATFORMS = r"(?:iOS|iPadOS|Mac Catalyst|macOS|tvOS|visionOS|watchOS)"
IOS = re.compile(r"iOS(?: (\d+(?:\.\d+)*))?(?:–(\d+(?:\.\d+)*))?(\+)?(Deprecated)?")


def unescape(text):
    """Markdown's escapes: `init(\\_:content:)` -> `init(_:content:)`."""
    return re.sub(r"\\(.)", r"\1", text).replace("&lt;", "<").replace("&gt;", ">").replace(
        "&amp;", "&")


def skip(reason, page):
    unparsed[reason] += 1
    if len(unparsed_examples[reason]) < 3:
        unparsed_examples[reason].append(page)


def replacement_named(note, owner):
    """The API a deprecation note names (`Use overlay(alignment:content:) instead.`), or `?`:
    only the name is kept."""
    note = unescape(note).replace("`", "")
    api = re.search(r"((?:[A-Z]\w*\.)*[A-Za-z_]\w*\((?:(?:[A-Za-z_]\w*|_):)*\))", note)
    if not api:
        api = re.match(r"^(?:Use|Renamed)\s+(?:the\s+)?([A-Za-z_][\w.]*)(?:\s+instead)?\s*\.?\s*$",
                       note)
    if not api:
        return "?"
    name = api.group(1)
    if owner != "-" and name.startswith(owner + "."):
        name = name[len(owner) + 1 :]
    return name


def docs_page(framework, page, text, types_only):
    lines = text.split("\n")
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    crumbs = []
    while i < len(lines) and lines[i].lstrip().startswith("-"):
        item = lines[i].strip()[1:].strip()
        if item and not lines[i].startswith(" "):
            crumbs.append(item)
        i += 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    kind = lines[i].strip() if i < len(lines) else ""
    # Type pages first: a member's page may need its type's generic parameters.
    if kind in DOC_NOT_SYMBOLS or types_only != (kind in DOC_KINDS):
        return
    if len(crumbs) < 2:
        skip("no breadcrumb (an HTML page)", page)
        return
    own = unescape(crumbs[-1])
    marked_deprecated = own.endswith(" Deprecated")
    parents = [unescape(c) for c in crumbs[1:-1]]
    owner = parents[-1] if parents else "-"
    if not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*|-", owner):
        skip("owner is not a type", page)
        return
    title = next((unescape(l[2:].strip()) for l in lines[i:] if l.startswith("# ")), "")
    # The platforms line, between the title and the declaration.
    start = next((n for n in range(i, len(lines)) if lines[n].startswith("# ")), i)
    platforms = None
    for line in lines[start + 1 :]:
        if line.startswith("``` source") or line.startswith("## "):
            break
        if re.search(PLATFORMS + r"(?: \d|\d|[A-Z]|$|\+)", line) and not line.rstrip().endswith(
            "."
        ) and "`" not in line:
            platforms = line.strip()
            break
    ios, deprecated = "", marked_deprecated
    if platforms is not None:
        found = IOS.search(platforms)
        if not found:
            skip("not on iOS", page)
            return
        ios = found.group(1) or ""
        if found.group(4):
            deprecated = True
    # The declarations: those for iOS, where the page gives one a platform.
    blocks = []
    n = start
    while n < len(lines):
        if lines[n].startswith("``` source"):
            label = ""
            back = n - 1
            while back > start and not lines[back].strip():
                back -= 1
            if lines[back].startswith("**") and lines[back].rstrip().endswith("**"):
                label = lines[back]
            end = n + 1
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            if not label or "iOS" in label:
                blocks.append(" ".join(l.strip() for l in lines[n + 1 : end]).strip())
            last_block_end = end
            n = end
        n += 1
    if not blocks:
        skip("no declaration", page)
        return
    deprecation = ""
    if deprecated:
        deprecation = "?"
        for n in range(last_block_end + 1, len(lines)):
            if lines[n].startswith("## "):
                break
            if lines[n].strip() == "Deprecated":
                note = next((l.strip() for l in lines[n + 1 :] if l.strip()), "")
                deprecation = replacement_named(note, owner)
                break
    flags = {"d"} if deprecated else set()
    if kind in ("Type Method", "Type Property", "Type Subscript"):
        flags.add("s")
    # Declared for conforming types alone: it does not undo a deprecation for every type.
    if any(line.startswith("Available when `Self`") for line in lines):
        flags.add("w")
    # A type member of a protocol's extension for one type alone makes that type (`Shape`'s
    # `rect(cornerRadius:style:)`, available when `Self` is `RoundedRectangle`).
    made = next((m.group(1) for line in lines
                 for m in [re.match(r"Available when `Self` is `([\w.]+)`\.", line)] if m), None)
    if made and "s" in flags:
        blocks = [returning(block, made) for block in blocks]
    if kind in DOC_KINDS:
        name = title if "." in title or owner == "-" else owner + "." + title
        if owner != "-" and not name.startswith(owner + "."):
            skip("type named outside its owner", page)
            return
        decl = blocks[0]
        match = DECL.match(decl)
        kind_word = match.group("kind") if match and match.group("kind") in TYPE_KINDS else DOC_KINDS[kind]
        generics = where_parameters(decl)
        declare_type(DOCS, name, kind_word[0], generics)
        if owner != "-":
            record(DOCS, owner, name.split(".")[-1], flags | {"k"}, ios=ios, deprecation=deprecation)
        rest = match.group("rest") if match else ""
        header = rest.split("{")[0].split(" where ")[0]
        header = header[len(name.split(".")[-1]) :] if header.startswith(name.split(".")[-1]) else ""
        if kind_word == "typealias":
            if "=" in header:
                aliases[name] = Ref(nominal(header.split("=", 1)[1]), owner, generics)
        elif ":" in header:
            for proto in split_top(header.split(":", 1)[1]):
                proto = nominal(proto)
                if proto:
                    conformances.add((name, Ref(proto, name, generics)))
        relationships(name, lines)
        return
    if kind == "Operator" or kind == "Associated Type":
        return
    if kind not in DOC_MEMBERS:
        skip("kind %r" % kind, page)
        return
    signature = title
    if owner != "-" and signature.startswith(owner + "."):
        signature = signature[len(owner) + 1 :]
    if kind in ("Case",) and "." in signature.split("(")[0]:
        signature = signature.split("(")[0].split(".")[-1] + (
            "(" + signature.split("(", 1)[1] if "(" in signature else "")
    generics = set(type_generics.get(owner, ())) | where_parameters(" ".join(blocks))
    for index, decl in enumerate(blocks):
        base = re.match(r"[A-Za-z_]\w*", signature)
        named = signature if index == 0 else None
        # The title names the first declaration; another one (an `async` variant) is named by
        # its own labels.
        match = DECL.match(decl)
        if match and named and match.group("kind") in ("init", "subscript"):
            if not signature.startswith(match.group("kind")):
                named = None
        elif match and named and base and match.group("kind") not in ("var", "let", "case"):
            declared = re.match(r"`?(\w+)", match.group("rest"))
            if not declared or declared.group(1) != base.group(0):
                named = None
        if match and match.group("kind") == "case" and named:
            named = None  # a case's declaration says both its names
        if match and match.group("kind") in ("var", "let"):
            named = None
        if not member_from_declaration(DOCS, owner, decl, flags, ios, deprecation, generics, named):
            skip("declaration not read", page)


def relationships(name, lines):
    """Conformances a type page lists: what it conforms to or inherits from, and which types
    conform to or inherit from it."""
    section = None
    inside = False
    for line in lines:
        if line.startswith("## "):
            inside = line.strip() == "## Relationships"
            section = None
            continue
        if not inside:
            continue
        if line.startswith("### "):
            section = line[4:].strip()
            continue
        item = re.match(r"^- ([A-Za-z_][\w.]*)\s*$", line)
        if not item or section is None:
            continue
        other = drop_module(unescape(item.group(1)))
        if section in ("Conforms To", "Inherits From"):
            conformances.add((name, Ref(other, name)))
        elif section in ("Conforming Types", "Inherited By"):
            conformances.add((other, Ref(name)))


def parse_docs(folder):
    counts = {}
    for framework in sorted(os.listdir(folder)):
        pages = os.path.join(folder, framework, "md")
        if not os.path.isdir(pages):
            continue
        names = sorted(os.listdir(pages))
        counts[framework] = len(names)
        texts = {}
        for page in names:
            texts[page] = open(os.path.join(pages, page), encoding="utf-8").read()
        for types_only in (True, False):
            for page in names:
                docs_page(framework, page, texts[page], types_only)
    return counts


# Resolving what declarations wrote into the names the index uses.


def resolve_name(name, context):
    """A type name as written where `context` is the owner: the nested type of the owner (or of
    a type enclosing it) it names, else the name itself when the index declares it; None when
    it declares no such type."""
    if name == "Self" or name.startswith("Self."):
        return name
    scope = context
    while scope and scope != "-":
        candidate = scope + "." + name
        if candidate in types:
            return candidate
        scope = scope.rpartition(".")[0]
    if name in types:
        return name
    # A name nested in an alias (`UTF8.CodeUnit`, `UTF8` standing for `Unicode.UTF8`).
    head, _, rest = name.partition(".")
    if rest:
        outer = resolve_name(head, context)
        if outer is not None:
            outer = through_aliases(outer)
            if outer + "." + rest in types:
                return outer + "." + rest
    return None


def through_aliases(name, seen=()):
    """A type alias's nominal target where it has one the index declares (`TimelineViewDefault
    Context` -> `TimelineView.Context`), else the name."""
    ref = aliases.get(name)
    if ref is None or name in seen or not ref.name:
        return name
    if ref.name.split(".")[0] in ref.generics:
        return name
    target = resolve_name(ref.name, ref.context)
    if target is None or target == name:
        return name
    return through_aliases(target, seen + (name,))


def generic(ref):
    """Whether a type names a generic parameter in scope where it is written."""
    head = ref.name.split(".")[0]
    if head in ref.generics:
        return True
    scope = ref.context
    while scope and scope != "-":
        if head in type_generics.get(scope, ()):
            return True
        scope = scope.rpartition(".")[0]
    return False


def agreed_closure_types(label, refs, by_source):
    """The types a closure labelled `label` is handed, each where every overload with the same
    labels, in every source, that has such a closure agrees; `_` where they do not
    (`OutlineGroup`'s content is handed a `Binding` in one overload, the element in another)."""
    types = [resolve_closure_type(r) for r in refs]
    for entry in by_source.values():
        for overload in entry["overloads"]:
            for other_label, other in overload:
                if other_label != label or len(other) != len(refs):
                    continue
                types = [
                    t if t == resolve_closure_type(o) else "_" for t, o in zip(types, other)]
    return types


def resolve_closure_type(ref):
    """A closure parameter's type: a nested name qualified, an alias followed; a name the index
    does not know (a generic parameter) as written; `_` for none."""
    if not ref.name:
        return "_"
    if generic(ref):
        return ref.name
    found = resolve_name(ref.name, ref.context)
    return through_aliases(found) if found else ref.name


def alias_target_nominal(name):
    """Whether a type alias stands for something other than a nominal type (a function type,
    a generic parameter)."""
    ref = aliases.get(name)
    return ref is not None and (not ref.name or ref.name.split(".")[0] in ref.generics)


def resolve_member_type(ref, owner):
    """A member's type as the index gives it: a nominal type's qualified name, `Self` (or a name
    relative to it) as written; "" where it is none or the index cannot tell."""
    if ref is not None and ref.elements:
        # A tuple, `(Data,URLResponse)`: each element as a member's type, `_` for one that is
        # none, after its label where it has one (`(partialValue:Int32,overflow:Bool)`).
        parts = [resolve_member_type(element, owner) or "_" for element in ref.elements]
        if all(part == "_" for part in parts) and not any(e.label for e in ref.elements):
            return ""
        return "(" + ",".join(
            (e.label + ":" if e.label else "") + part for e, part in zip(ref.elements, parts)) + ")"
    if ref is None or not ref.name:
        return ""
    if ref.name == OWNER:
        return "Self" if types.get(owner) == "p" else ("" if owner == "-" else owner)
    if ref.name == "Self" or ref.name.startswith("Self."):
        return ref.name
    if generic(ref):
        return ""
    found = resolve_name(ref.name, ref.context)
    if found is None:
        # A type of a framework no source here reads (`CLLocationCoordinate2D`, `UIImage`,
        # StoreKit's `RequestReviewAction`), as written; not a name like a generic parameter's.
        head = ref.name.split(".")[0]
        return "" if head in generic_names or is_private(ref.name) else ref.name
    if alias_target_nominal(found):
        return ""
    return through_aliases(found)


def merged(owner, by_source):
    """One line's fields from what each source says of a member."""
    newest = max(by_source)
    flags = set()
    for source, entry in by_source.items():
        flags |= entry["flags"] - {"d", "o", "g"}
    # Get-only where every source that declares it says so.
    if all("g" in entry["flags"] for entry in by_source.values()):
        flags.add("g")
    # Deprecated if the newest source says so.
    if "d" in by_source[newest]["flags"]:
        flags.add("d")
    deprecation = by_source[newest]["deprecation"] if "d" in flags else ""
    # Read from the older interface alone, where the documentation has no page for the type.
    if set(by_source) == {INTERFACE} and "o" in by_source[INTERFACE]["flags"] and not (
        DOCS in type_sources.get(owner, ())
    ):
        flags.add("o")
    # Of a type the open-source Foundation declares, which may lack what iOS has.
    partial = owner in partial_owners or (owner in partial_extended and types.get(owner) == "c")
    if partial and DOCS not in type_sources.get(owner, ()):
        flags.add("o")
    closures = ""
    member_type = ""
    for source in sorted(by_source, reverse=True):
        entry = by_source[source]
        if not closures and entry["closures"]:
            closures = ";".join(
                "%s:%s" % (label, ",".join(agreed_closure_types(label, refs, by_source)))
                for label, refs in entry["closures"])
        if not member_type:
            found = {resolve_member_type(r, owner) for r in entry["types"]}
            # Overloads with the same labels that disagree say nothing.
            if len(found) == 1:
                member_type = found.pop()
    ios = ""
    for entry in by_source.values():
        if entry["ios"] and (not ios or version(entry["ios"]) < version(ios)):
            ios = entry["ios"]
    # What a call may leave out: as lenient as the most lenient source that says.
    known = [entry["params"] for entry in by_source.values() if entry["params"]]
    params = known[0] if known else ""
    for codes in known[1:]:
        params = merged_codes(params, codes)
    return flags, closures, ios, deprecation, member_type, params, parameter_types(owner, by_source)


def parameter_types(owner, by_source):
    """Each parameter's type (`_` for none, a generic parameter or a closure), comma-separated;
    "" where no parameter has one. Overloads with the same labels, in any source, that disagree
    on a parameter say nothing of it (`safeAreaInset(edge:…)` takes a `VerticalEdge` or a
    `HorizontalEdge`)."""
    overloads = [refs for entry in by_source.values() for refs in entry["param_refs"]]
    if not overloads or any(len(refs) != len(overloads[0]) for refs in overloads):
        return ""
    names = []
    for position in range(len(overloads[0])):
        found = {resolve_member_type(refs[position], owner) for refs in overloads}
        name = found.pop() if len(found) == 1 else ""
        name = name if name and name != "Self" and "," not in name else "_"
        # Its default, where every overload gives the same simple one: `Bool=true`.
        defaults = {refs[position].default for refs in overloads}
        if len(defaults) == 1 and "" not in defaults:
            name += "=" + defaults.pop()
        names.append(name)
    return ",".join(names) if any(name != "_" for name in names) else ""


def main(argv):
    interfaces, graphs, docs, docs_name, output = [], None, None, None, None
    i = 0
    while i < len(argv):
        if argv[i] in ("--interface", "--current"):
            interfaces.append((argv[i + 1], argv[i] == "--current"))
            i += 2
        elif argv[i] == "--symbol-graphs":
            graphs = argv[i + 1]
            i += 2
        elif argv[i] == "--docs":
            docs = argv[i + 1]
            i += 2
        elif argv[i] == "--docs-name":
            docs_name = argv[i + 1]
            i += 2
        else:
            output = argv[i]
            i += 1
    if output is None:
        sys.exit(__doc__)
    sources = []
    for path, current in interfaces:
        parse_interface(path, current)
        sources.append(os.path.basename(path))
    if graphs:
        for name in sorted(os.listdir(graphs)):
            if name.endswith(".symbols.json"):
                parse_symbol_graph(os.path.join(graphs, name))
                sources.append(name)
    if docs:
        counts = parse_docs(docs)
        sources.append(
            "%s: %s" % (docs_name or os.path.basename(os.path.normpath(docs)),
                        ", ".join("%s (%d pages)" % item for item in sorted(counts.items()))))
    lines = []
    for name in sorted(types):
        lines.append("T\t%s\t%s" % (name, types[name]))
    resolved = set()
    for a, ref in conformances:
        b = resolve_name(ref.name, ref.context) if ref.name else None
        b = b or ref.name
        if a and b and a != b and not is_private(a) and not is_private(b):
            resolved.add((a, b))
    # A type alias leads to what it stands for, as a conformance does to a protocol's members.
    for name in aliases:
        target = through_aliases(name)
        if "." not in name and target != name and not is_private(name):
            resolved.add((name, target))
    for a, b in sorted(resolved):
        lines.append(":\t%s\t%s" % (a, b))
    members = 0
    for (owner, signature), by_source in sorted(entries.items()):
        flags, closures, ios, deprecation, member_type, params, param_types = merged(
            owner, by_source)
        fields = ["M", owner, signature, "".join(sorted(flags))]
        extra = [closures, ios, deprecation, member_type, params, param_types]
        while extra and not extra[-1]:
            extra.pop()
        lines.append("\t".join(fields + extra))
        members += 1
    body = "\n".join(lines)
    swift = (
        "// swift-format-ignore-file\n"
        "// Generated by Scripts/sdk-index/generate.py. Do not edit. Read from:\n%s\n"
        "// Format: docs/judging.md, \"The SDK index\".\n\n"
        "extension SDKIndex {\n  /// The shipped index, one declaration a line.\n"
        "  public static let listing = ##\"\"\"\n%s\n\"\"\"##\n}\n" % ("\n".join("// - " + source for source in sources), body)
    )
    open(output, "w", encoding="utf-8").write(swift)
    print("%d types, %d conformances, %d members, %d bytes" % (len(types), len(resolved), members, len(swift)))
    if docs:
        for reason, count in unparsed.most_common():
            print("docs: %d pages left out: %s (%s)" % (count, reason, ", ".join(unparsed_examples[reason])),
                  file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
