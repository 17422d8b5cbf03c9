#!/usr/bin/env python3
"""Lists the public API of the sightlines library, one item a line, sorted.

    tools/public-api.sh > api.txt        (builds the rustdoc JSON, then runs this)
    tools/public-api.py path/to/sightlines.json

Reads rustdoc's JSON output and prints every item a user can name: modules,
types, traits, functions, constants, with each type's methods, fields,
variants and trait implementations, and every signature in full. Two
listings diffed show what a change did to the API.
"""
import json
import sys


def main():
    doc = json.load(open(sys.argv[1]))
    index = {str(k): v for k, v in doc["index"].items()}
    crate = index[str(doc["root"])]["name"]
    lines = set()
    impls_of = {}
    for item in index.values():
        inner = item["inner"]
        if "impl" in inner:
            target = inner["impl"]["for"]
            if "resolved_path" in target:
                impls_of.setdefault(str(target["resolved_path"]["id"]), []).append(item)

    def walk(mid, path, seen):
        if mid in seen or mid not in index:
            return
        seen = seen | {mid}
        for child in index[mid]["inner"]["module"]["items"]:
            child = str(child)
            if child not in index:
                continue
            it = index[child]
            if it["visibility"] != "public":
                continue
            inner = it["inner"]
            if "use" in inner:
                use = inner["use"]
                target = str(use["id"]) if use["id"] is not None else None
                if use["is_glob"]:
                    if target in index and "module" in index[target]["inner"]:
                        walk(target, path, seen)
                    continue
                if target in index:
                    describe(target, path + [use["name"]], seen)
                else:
                    lines.add(f"pub use {'::'.join(path)}::{use['name']} = {use['source']}")
                continue
            describe(child, path + [it["name"]], seen)

    def describe(iid, path, seen):
        it = index[iid]
        inner = it["inner"]
        name = "::".join(path)
        kind = next(iter(inner))
        if kind == "module":
            lines.add(f"pub mod {name}")
            walk(iid, path, seen)
        elif kind == "function":
            lines.add(f"pub fn {name}{fn_sig(inner['function'])}")
        elif kind in ("struct", "enum", "union"):
            body = inner[kind]
            attrs = " ".join(a for a in map(attr_text, it.get("attrs", [])) if "non_exhaustive" in a)
            lines.add(f"{attrs + ' ' if attrs else ''}pub {kind} {name}{generics(body['generics'])}")
            if kind == "struct":
                sk = body["kind"]
                fields = []
                if isinstance(sk, dict) and "plain" in sk:
                    fields = sk["plain"]["fields"]
                elif isinstance(sk, dict) and "tuple" in sk:
                    fields = [f for f in sk["tuple"] if f is not None]
                for f in fields:
                    f = index.get(str(f))
                    if f and f["visibility"] == "public":
                        lines.add(f"pub field {name}::{f['name']}: {ty(f['inner']['struct_field'])}")
            if kind == "enum":
                for v in body["variants"]:
                    v = index[str(v)]
                    lines.add(f"variant {name}::{v['name']}{variant(v['inner']['variant'])}")
            for imp in impls_of.get(iid, []):
                imp_inner = imp["inner"]["impl"]
                if imp_inner.get("is_synthetic") or imp_inner.get("blanket_impl") is not None:
                    continue
                trait = imp_inner["trait"]
                if trait is not None:
                    neg = "!" if imp_inner.get("is_negative") else ""
                    lines.add(f"impl{generics(imp_inner['generics'])} {neg}{path_text(trait)} for {name}{args_text(imp_inner['for']['resolved_path'].get('args'))}")
                    continue
                for m in imp_inner["items"]:
                    m = index[str(m)]
                    if m["visibility"] != "public":
                        continue
                    mk = next(iter(m["inner"]))
                    if mk == "function":
                        lines.add(f"pub fn {name}::{m['name']}{fn_sig(m['inner']['function'])}")
                    elif mk == "assoc_const":
                        lines.add(f"pub const {name}::{m['name']}: {ty(m['inner']['assoc_const']['type'])}")
        elif kind == "trait":
            body = inner["trait"]
            lines.add(f"pub trait {name}{generics(body['generics'])}")
            for m in body["items"]:
                m = index[str(m)]
                mk = next(iter(m["inner"]))
                if mk == "function":
                    lines.add(f"trait fn {name}::{m['name']}{fn_sig(m['inner']['function'])}")
                else:
                    lines.add(f"trait {mk} {name}::{m['name']}")
        elif kind == "constant":
            lines.add(f"pub const {name}: {ty(inner['constant']['type'])}")
        elif kind == "static":
            lines.add(f"pub static {name}: {ty(inner['static']['type'])}")
        elif kind == "type_alias":
            lines.add(f"pub type {name} = {ty(inner['type_alias']['type'])}")
        elif kind == "macro":
            lines.add(f"pub macro {name}!")
        else:
            lines.add(f"pub {kind} {name}")

    walk(str(doc["root"]), [crate], set())
    print("\n".join(sorted(lines)))


def attr_text(a):
    return a if isinstance(a, str) else json.dumps(a)


def variant(v):
    k = v["kind"]
    if k == "plain":
        return ""
    return " { .. }" if "struct" in k else " ( .. )"


def fn_sig(f):
    sig = f["sig"]
    args = ", ".join(f"{n}: {ty(t)}" for n, t in sig["inputs"])
    out = f" -> {ty(sig['output'])}" if sig["output"] is not None else ""
    return f"{generics(f['generics'])}({args}){out}{where(f['generics'])}"


def generics(g):
    params = []
    for p in g["params"]:
        k = p["kind"]
        if "lifetime" in k:
            params.append(p["name"])
        elif "type" in k:
            if k["type"].get("is_synthetic"):
                continue
            b = bounds(k["type"]["bounds"])
            params.append(p["name"] + (f": {b}" if b else ""))
        elif "const" in k:
            params.append(f"const {p['name']}: {ty(k['const']['type'])}")
    return f"<{', '.join(params)}>" if params else ""


def where(g):
    preds = []
    for p in g["where_predicates"]:
        if "bound_predicate" in p:
            bp = p["bound_predicate"]
            preds.append(f"{ty(bp['type'])}: {bounds(bp['bounds'])}")
    return f" where {', '.join(preds)}" if preds else ""


def bounds(bs):
    out = []
    for b in bs:
        if "trait_bound" in b:
            tb = b["trait_bound"]
            m = {"maybe": "?", "maybe_const": "~const "}.get(tb["modifier"], "")
            out.append(m + path_text(tb["trait"]))
        elif "outlives" in b:
            out.append(b["outlives"])
        else:
            out.append(json.dumps(b))
    return " + ".join(out)


def path_text(p):
    # The name as the source wrote it, without its module path, so that a
    # moved module does not change the listing.
    return p["path"].split("::")[-1] + args_text(p.get("args"))


def args_text(a):
    if not a:
        return ""
    if "angle_bracketed" in a:
        ab = a["angle_bracketed"]
        parts = []
        for x in ab["args"]:
            if "type" in x:
                parts.append(ty(x["type"]))
            elif "lifetime" in x:
                parts.append(x["lifetime"])
            elif "const" in x:
                parts.append(json.dumps(x["const"]))
            else:
                parts.append("_")
        for c in ab.get("constraints", []):
            binding = c["binding"]
            if "equality" in binding:
                parts.append(f"{c['name']} = {ty(binding['equality']['type'])}")
            else:
                parts.append(f"{c['name']}: {bounds(binding['constraint'])}")
        return f"<{', '.join(parts)}>" if parts else ""
    if "parenthesized" in a:
        pa = a["parenthesized"]
        out = f"({', '.join(ty(t) for t in pa['inputs'])})"
        if pa["output"] is not None:
            out += f" -> {ty(pa['output'])}"
        return out
    return ""


def ty(t):
    if t is None:
        return "()"
    k = next(iter(t))
    v = t[k]
    if k == "resolved_path":
        return path_text(v)
    if k == "generic":
        return v
    if k == "primitive":
        return v
    if k == "tuple":
        return f"({', '.join(ty(x) for x in v)})"
    if k == "slice":
        return f"[{ty(v)}]"
    if k == "array":
        return f"[{ty(v['type'])}; {v['len']}]"
    if k == "borrowed_ref":
        lt = f"{v['lifetime']} " if v["lifetime"] else ""
        return f"&{lt}{'mut ' if v['is_mutable'] else ''}{ty(v['type'])}"
    if k == "raw_pointer":
        return f"*{'mut' if v['is_mutable'] else 'const'} {ty(v['type'])}"
    if k == "impl_trait":
        return f"impl {bounds(v)}"
    if k == "dyn_trait":
        return "dyn " + " + ".join(path_text(x["trait"]) for x in v["traits"])
    if k == "qualified_path":
        trait = path_text(v["trait"]) if v.get("trait") else "?"
        return f"<{ty(v['self_type'])} as {trait}>::{v['name']}"
    if k == "function_pointer":
        return "fn(...)"
    return json.dumps(t)


if __name__ == "__main__":
    main()
