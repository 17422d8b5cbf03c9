//! The layout's promises, read off the source: the top-level modules of
//! `src` depend on each other without a circle, and the contract
//! (`field_of_view.rs`) knows none of the algorithms that keep it.
//!
//! A dependency is a `crate::` path in code (comments and doc links do not
//! count, nor do `#[cfg(test)]` modules): `crate::kernel::Field` is one on
//! `kernel`, and `crate::Grid` one on the module `lib.rs` re-exports `Grid`
//! from.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read src") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file: no comment lines, no `#[cfg(test)]` modules; and the
/// names of the modules it declares `#[cfg(test)] mod name;`.
fn code(text: &str) -> (String, Vec<String>) {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect();
    let (mut out, mut gated, mut i) = (String::new(), Vec::new(), 0);
    while i < lines.len() {
        if lines[i].trim() == "#[cfg(test)]" && i + 1 < lines.len() {
            let next = lines[i + 1].trim();
            if let Some(name) = next.strip_prefix("mod ").and_then(|n| n.strip_suffix(';')) {
                gated.push(name.to_string());
                i += 2;
                continue;
            }
            if next.starts_with("mod ") && next.ends_with('{') {
                let mut depth = 0i32;
                i += 1;
                while i < lines.len() {
                    depth += lines[i].matches('{').count() as i32;
                    depth -= lines[i].matches('}').count() as i32;
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
                continue;
            }
        }
        out.push_str(lines[i]);
        out.push('\n');
        i += 1;
    }
    (out, gated)
}

fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The first segment of every `crate::` path in `code`, groups included:
/// `crate::{a::X, b}` names `a` and `b`.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let (mut depth, mut start) = (0, 0);
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.insert(ident(group[start..i].trim()).to_string());
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.insert(ident(group[start..i].trim()).to_string());
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            out.insert(ident(rest).to_string());
        }
    }
    out.remove("");
    out
}

/// The top-level module each name `lib.rs` re-exports comes from.
fn re_exports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for statement in lib.split(';') {
        let Some(at) = statement.find("pub use ") else {
            continue;
        };
        let path = &statement[at + "pub use ".len()..];
        let module = ident(path.trim());
        for word in path.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !word.is_empty() && word != module {
                out.insert(word.to_string(), module.to_string());
            }
        }
    }
    out
}

/// Each top-level module of `src` and the top-level modules it uses.
fn dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let root = src();
    let lib = fs::read_to_string(root.join("lib.rs")).expect("lib.rs");
    let names = re_exports(&code(&lib).0);
    let mut paths = Vec::new();
    files(&root, &mut paths);
    let mut texts = BTreeMap::new();
    let mut gated = BTreeSet::new();
    for path in &paths {
        let (text, tests) = code(&fs::read_to_string(path).expect("source"));
        let base = if path.ends_with("mod.rs") {
            path.parent().expect("folder").to_path_buf()
        } else {
            path.with_extension("")
        };
        for name in tests {
            gated.insert(base.join(format!("{name}.rs")));
            gated.insert(base.join(&name).join("mod.rs"));
        }
        texts.insert(path.clone(), text);
    }
    let top = |path: &Path| -> String {
        let first = path
            .strip_prefix(&root)
            .expect("under src")
            .components()
            .next();
        let first = first.expect("a file").as_os_str().to_string_lossy();
        first.trim_end_matches(".rs").to_string()
    };
    let modules: BTreeSet<String> = paths.iter().map(|p| top(p)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in &texts {
        let module = top(path);
        if module == "lib" || gated.contains(path) {
            continue;
        }
        let uses = graph.entry(module.clone()).or_default();
        for name in crate_paths(text) {
            let target = if modules.contains(&name) {
                Some(name.clone())
            } else {
                names.get(&name).cloned()
            };
            match target {
                Some(t) if t != module => {
                    uses.insert(t);
                }
                Some(_) => {}
                None => panic!(
                    "{}: crate::{name} is neither a module nor re-exported",
                    path.display()
                ),
            }
        }
    }
    graph
}

/// A circle in `graph`, if there is one.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, done, path) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

#[test]
fn the_reader_finds_paths_and_groups() {
    let paths = crate_paths(
        "use crate::kernel::{Field, Octant};\nuse crate::{map::Rect, Grid};\n$crate::FieldOfView",
    );
    let expected: BTreeSet<String> = ["kernel", "map", "Grid", "FieldOfView"]
        .map(String::from)
        .into();
    assert_eq!(paths, expected);
    let (text, gated) = code("use crate::a;\n// crate::b\n#[cfg(test)]\nmod tests {\n    use crate::c;\n}\n#[cfg(test)]\nmod oracle;\n");
    assert_eq!(crate_paths(&text), ["a".to_string()].into());
    assert_eq!(gated, ["oracle".to_string()]);
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_string(), ["b".to_string()].into()),
        ("b".to_string(), ["a".to_string()].into()),
    ]
    .into();
    assert!(circle(&graph).is_some());
}

#[test]
fn no_import_circle_between_top_level_modules() {
    let graph = dependencies();
    for module in [
        "algorithms",
        "kernel",
        "game",
        "fov",
        "field_of_view",
        "map",
    ] {
        assert!(
            graph.contains_key(module),
            "{module} not found in {graph:?}"
        );
    }
    assert!(graph["algorithms"].contains("kernel"), "{graph:?}");
    if let Some(found) = circle(&graph) {
        panic!("import circle: {}", found.join(" -> "));
    }
}

#[test]
fn the_contract_knows_no_algorithm() {
    let graph = dependencies();
    let contract = &graph["field_of_view"];
    for dispatcher in ["algorithms", "algorithm", "fov", "game"] {
        assert!(
            !contract.contains(dispatcher),
            "field_of_view uses {dispatcher}: {contract:?}"
        );
    }
    // The kernel is shared machinery: it knows neither the algorithms nor
    // the game layer.
    for above in ["algorithms", "algorithm", "fov", "game", "field_of_view"] {
        assert!(!graph["kernel"].contains(above), "kernel uses {above}");
    }
}
