//! The import graph of the crate's files (issue 23): the base files name no module, and the
//! files form no circle, counting an import by the file that *defines* what it names (a
//! re-export is followed to its source, `use super::*` and other globs count as an import of
//! the globbed file).
//!
//! A small reader of Rust paths, not a compiler: it strips comments and strings, takes every
//! `use` tree and every `a::b::c` path whose first segment is `crate`, `super`, `self` or a
//! module name in scope, walks the path down the module files, and resolves the last name
//! through the `use` items of the file reached (so `crate::Catan` is `state.rs`, not `lib.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The Traders & Barbarians modules: top-level files and folders of `src/`.
const MODULES: &[&str] = &[
    "events",
    "harbormaster",
    "two",
    "fishermen",
    "rivers",
    "caravans",
    "barbarian_attack",
    "traders",
    "traders_two",
];
/// The one dispatch point between the base and the modules.
const DISPATCH: &str = "modules";
/// The base game's top-level files and folders.
const BASE: &[&str] = &[
    "lib",
    "accessors",
    "apply",
    "board",
    "building",
    "deal",
    "development",
    "game",
    "geometry",
    "hands",
    "ids",
    "labels",
    "legal",
    "observe",
    "options",
    "position",
    "production",
    "refusal",
    "score",
    "state",
    "trade",
    "turn",
    "visibility",
];

/// A module path: `[]` for the crate root, `["fishermen", "rules"]` for `fishermen/rules.rs`.
type ModPath = Vec<String>;

struct File {
    /// The source with comments and string contents blanked.
    code: String,
    /// Every path the file names, as written (`use` trees expanded; `*` for a glob).
    paths: Vec<Vec<String>>,
}

struct Crate {
    files: BTreeMap<ModPath, File>,
}

fn main_name(m: &ModPath) -> String {
    m.first().cloned().unwrap_or_else(|| "lib".into())
}

fn file_name(m: &ModPath, crate_: &Crate) -> String {
    if m.is_empty() {
        return "lib.rs".into();
    }
    let has_children = crate_
        .files
        .keys()
        .any(|k| k.len() > m.len() && k[..m.len()] == m[..]);
    if has_children {
        format!("{}/mod.rs", m.join("/"))
    } else {
        format!("{}.rs", m.join("/"))
    }
}

/// Comments removed, string and char literal contents blanked (so `"a::b"` is no path).
fn strip(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == '*' && b[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_char_before(&b, i)
        {
            // A raw string r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|h| b.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                i += if b[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' && (b.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            // A char literal ('x' or '\n'); a lifetime ('a) has no closing quote.
            i += 1;
            while i < b.len() && b[i] != '\'' {
                i += if b[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char_before(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Expands a `use` tree (`crate::{a, b::{c, d as e}, f::*}`) to its paths, aliases dropped.
fn expand_use(tree: &str) -> Vec<Vec<String>> {
    fn go(s: &[char], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut cur: Vec<String> = prefix.to_vec();
        let mut word = String::new();
        while *i < s.len() {
            let c = s[*i];
            if is_ident(c) || c == '*' {
                word.push(c);
                *i += 1;
            } else if c == ':' {
                if !word.is_empty() {
                    cur.push(std::mem::take(&mut word));
                }
                *i += 1;
            } else if c == '{' {
                if !word.is_empty() {
                    cur.push(std::mem::take(&mut word));
                }
                *i += 1;
                loop {
                    go(s, i, &cur, out);
                    if *i >= s.len() || s[*i] == '}' {
                        *i += 1;
                        break;
                    }
                    *i += 1; // the comma
                }
                // Nothing follows a group but `,` or `}`.
                while *i < s.len() && s[*i] != ',' && s[*i] != '}' {
                    *i += 1;
                }
                return;
            } else if c == ',' || c == '}' {
                break;
            } else if c.is_whitespace() {
                // `as alias`: skip the alias.
                if word == "as" {
                    word.clear();
                    while *i < s.len() && s[*i] != ',' && s[*i] != '}' {
                        *i += 1;
                    }
                    break;
                }
                if !word.is_empty() {
                    cur.push(std::mem::take(&mut word));
                }
                *i += 1;
            } else {
                *i += 1;
            }
        }
        if !word.is_empty() {
            cur.push(word);
        }
        // `as` seen right after the last segment pushed it as a segment: drop it and the alias.
        if let Some(k) = cur.iter().position(|w| w == "as") {
            cur.truncate(k);
        }
        if cur.len() > prefix.len() {
            out.push(cur);
        }
    }
    let s: Vec<char> = tree.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    go(&s, &mut i, &[], &mut out);
    out
}

/// Every `use` tree of a stripped source, and the source with them blanked.
fn use_trees(code: &str) -> (Vec<String>, String) {
    let mut trees = Vec::new();
    let mut rest = String::with_capacity(code.len());
    let b: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < b.len() {
        let starts_use = b[i..].starts_with(&['u', 's', 'e'])
            && !ident_char_before(&b, i)
            && b.get(i + 3).is_some_and(|c| c.is_whitespace());
        if starts_use {
            let mut j = i + 3;
            while j < b.len() && b[j] != ';' {
                j += 1;
            }
            trees.push(b[i + 3..j].iter().collect());
            i = j + 1;
            rest.push(' ');
        } else {
            rest.push(b[i]);
            i += 1;
        }
    }
    (trees, rest)
}

/// Every `a::b::c` chain outside the `use` items (a chain ends at the first non-path character).
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let b: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if is_ident(b[i]) && !ident_char_before(&b, i) && (i == 0 || b[i - 1] != '.') {
            let mut segs = Vec::new();
            let mut j = i;
            loop {
                let start = j;
                while j < b.len() && is_ident(b[j]) {
                    j += 1;
                }
                segs.push(b[start..j].iter().collect::<String>());
                if b.get(j) == Some(&':') && b.get(j + 1) == Some(&':') {
                    j += 2;
                    if !b.get(j).is_some_and(|&c| is_ident(c)) {
                        break;
                    }
                } else {
                    break;
                }
            }
            if segs.len() > 1 {
                out.push(segs);
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// Inside an inline `mod tests { .. }` of a file, `super` is the file's own module: written
/// as `self` here, so one module path serves the whole file.
fn inline_mods_as_self(code: &str) -> String {
    let mut out = code.to_string();
    let mut from = 0;
    while let Some(k) = out[from..].find("mod ") {
        let at = from + k;
        from = at + 4;
        let before = out[..at].chars().next_back();
        if before.is_some_and(is_ident) {
            continue;
        }
        let rest = &out[at + 4..];
        let name_len = rest.chars().take_while(|&c| is_ident(c)).count();
        let after = rest[name_len..].trim_start();
        if name_len == 0 || !after.starts_with('{') {
            continue;
        }
        let open = at + 4 + name_len + (rest[name_len..].len() - after.len());
        let mut depth = 0;
        let mut close = out.len();
        for (i, c) in out[open..].char_indices() {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            if depth == 0 {
                close = open + i;
                break;
            }
        }
        let body = out[open..close].replace("super::", "self::");
        out.replace_range(open..close, &body);
    }
    out
}

fn load(src: &Path) -> Crate {
    let mut files = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = p.strip_prefix(src).unwrap();
            let mut m: ModPath = rel
                .iter()
                .map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if m.last().is_some_and(|l| l == "mod" || l == "lib") {
                m.pop();
            }
            let code = inline_mods_as_self(&strip(&std::fs::read_to_string(&p).unwrap()));
            let (trees, rest) = use_trees(&code);
            let mut paths: Vec<Vec<String>> = trees.iter().flat_map(|t| expand_use(t)).collect();
            paths.extend(inline_paths(&rest));
            files.insert(m, File { code, paths });
        }
    }
    Crate { files }
}

impl Crate {
    fn is_mod(&self, m: &ModPath) -> bool {
        self.files.contains_key(m)
    }

    /// The names a file can use as a module's first segment: its child modules, the modules
    /// its `use` items name, and those of the files it globs (`use super::*`, `use crate::*`).
    fn scope(&self, m: &ModPath, depth: usize) -> BTreeMap<String, ModPath> {
        let mut s = BTreeMap::new();
        for k in self.files.keys() {
            if k.len() == m.len() + 1 && k[..m.len()] == m[..] {
                s.insert(k[m.len()].clone(), k.clone());
            }
        }
        if depth > 4 {
            return s;
        }
        let mut globs = Vec::new();
        for p in &self.files[m].paths {
            let Some(target) = self.module_prefix(m, p, &s) else {
                continue;
            };
            let (tm, used) = target;
            if p.last().is_some_and(|l| l == "*") && used + 1 == p.len() {
                globs.push(tm);
            } else if used == p.len() {
                s.insert(p.last().unwrap().clone(), tm);
            } else if used + 1 == p.len() && p[used] == "self" {
                s.insert(p[used - 1].clone(), tm);
            }
        }
        for g in globs {
            if g != *m {
                for (k, v) in self.scope(&g, depth + 1) {
                    s.entry(k).or_insert(v);
                }
            }
        }
        s
    }

    /// The module a path starts in and how many segments name modules: `crate::a::b::X` from
    /// anywhere is (`a/b`, 3). `None` for a path into another crate.
    fn module_prefix(
        &self,
        from: &ModPath,
        p: &[String],
        scope: &BTreeMap<String, ModPath>,
    ) -> Option<(ModPath, usize)> {
        let mut cur: ModPath = match p[0].as_str() {
            "crate" => vec![],
            "self" => from.clone(),
            "super" => {
                let mut c = from.clone();
                c.pop();
                c
            }
            first => scope.get(first)?.clone(),
        };
        let mut used = 1;
        while used < p.len() {
            let seg = &p[used];
            if seg == "super" {
                cur.pop();
            } else {
                let mut next = cur.clone();
                next.push(seg.clone());
                if !self.is_mod(&next) {
                    break;
                }
                cur = next;
            }
            used += 1;
        }
        Some((cur, used))
    }

    /// The file defining `name` as seen from module `m`: `m` itself, or the source of its
    /// re-export (followed), or of a glob that brings it in.
    fn defining(&self, m: &ModPath, name: &str, depth: usize) -> ModPath {
        if depth > 8 || self.defines(m, name) {
            return m.clone();
        }
        let scope = self.scope(m, 0);
        let mut globbed = Vec::new();
        for p in &self.files[m].paths {
            let Some((tm, used)) = self.module_prefix(m, p, &scope) else {
                continue;
            };
            if p.len() == used + 1 && p[used] == name {
                return self.defining(&tm, name, depth + 1);
            }
            if p.len() == used + 1 && p[used] == "*" && tm != *m {
                globbed.push(tm);
            }
        }
        for g in globbed {
            let d = self.defining(&g, name, depth + 1);
            if self.defines(&d, name) {
                return d;
            }
        }
        m.clone()
    }

    fn defines(&self, m: &ModPath, name: &str) -> bool {
        let code = &self.files[m].code;
        [
            "fn", "struct", "enum", "const", "static", "type", "trait", "union",
        ]
        .iter()
        .any(|kw| {
            let pat = format!("{kw} {name}");
            code.match_indices(&pat).any(|(i, _)| {
                let before = code[..i].chars().next_back();
                let after = code[i + pat.len()..].chars().next();
                !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
            })
        })
    }

    /// The files each file imports (itself and its own submodules' declarations excluded).
    fn edges(&self) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
        let mut out = BTreeMap::new();
        for (m, f) in &self.files {
            let scope = self.scope(m, 0);
            let mut to = BTreeSet::new();
            for p in &f.paths {
                let Some((tm, used)) = self.module_prefix(m, p, &scope) else {
                    continue;
                };
                let target = match p.get(used).map(String::as_str) {
                    // A module's name (`use crate::two;`) is a namespace, not an item: the
                    // paths through it (`two::State`) are resolved where they are written.
                    None | Some("self") => continue,
                    Some("*") => tm,
                    Some(name) => self.defining(&tm, name, 0),
                };
                if target != *m {
                    to.insert(target);
                }
            }
            out.insert(m.clone(), to);
        }
        out
    }
}

fn crate_() -> Crate {
    load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn every_top_level_file_is_base_module_or_dispatch() {
    let c = crate_();
    for m in c.files.keys() {
        let top = main_name(m);
        assert!(
            BASE.contains(&top.as_str()) || MODULES.contains(&top.as_str()) || top == DISPATCH,
            "{} is neither a base file, a module nor the dispatch point: list it in tests/imports.rs",
            file_name(m, &c)
        );
    }
}

#[test]
fn base_files_import_no_module() {
    let c = crate_();
    let edges = c.edges();
    let mut bad = Vec::new();
    for (m, to) in &edges {
        if !BASE.contains(&main_name(m).as_str()) {
            continue;
        }
        for t in to {
            if MODULES.contains(&main_name(t).as_str()) {
                bad.push(format!("{} -> {}", file_name(m, &c), file_name(t, &c)));
            }
        }
        // A module named by a path the scope reader missed (`two::State` after a glob).
        for p in inline_paths(&c.files[m].code) {
            if MODULES.contains(&p[0].as_str()) {
                bad.push(format!("{} names {}", file_name(m, &c), p.join("::")));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "base files importing a module:\n{}",
        bad.join("\n")
    );
}

#[test]
fn files_import_in_no_circle() {
    let c = crate_();
    let edges = c.edges();
    // Depth-first search; a grey node reached again closes a circle.
    fn visit(
        m: &ModPath,
        edges: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        state: &mut BTreeMap<ModPath, u8>,
        stack: &mut Vec<ModPath>,
    ) -> Option<Vec<ModPath>> {
        state.insert(m.clone(), 1);
        stack.push(m.clone());
        for t in &edges[m] {
            match state.get(t) {
                Some(1) => {
                    let k = stack.iter().position(|x| x == t).unwrap();
                    let mut circle = stack[k..].to_vec();
                    circle.push(t.clone());
                    return Some(circle);
                }
                Some(_) => {}
                None => {
                    if let Some(circle) = visit(t, edges, state, stack) {
                        return Some(circle);
                    }
                }
            }
        }
        stack.pop();
        state.insert(m.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in edges.keys() {
        if !state.contains_key(m) {
            if let Some(circle) = visit(m, &edges, &mut state, &mut Vec::new()) {
                let names: Vec<String> = circle.iter().map(|m| file_name(m, &c)).collect();
                panic!(
                    "the files import each other in a circle: {}",
                    names.join(" -> ")
                );
            }
        }
    }
}

/// The reader itself: a re-export is followed, a glob counts, a comment or string does not.
#[test]
fn the_reader_resolves_paths() {
    let c = crate_();
    let edges = c.edges();
    let m = |s: &str| -> ModPath {
        if s.is_empty() {
            vec![]
        } else {
            s.split('/').map(String::from).collect()
        }
    };
    // `use crate::{Catan, ...}` in a module reaches state.rs through lib.rs's re-export.
    assert!(edges[&m("caravans")].contains(&m("state")));
    assert!(!edges[&m("caravans")].contains(&m("")));
    // `use super::*` counts as an import of the parent.
    assert!(edges[&m("caravans/rules")].contains(&m("caravans")));
    assert_eq!(
        expand_use(" crate::{a, b::{c, d as e}, f::*, g::{self, H}}"),
        [
            vec!["crate", "a"],
            vec!["crate", "b", "c"],
            vec!["crate", "b", "d"],
            vec!["crate", "f", "*"],
            vec!["crate", "g", "self"],
            vec!["crate", "g", "H"],
        ]
    );
    assert_eq!(
        strip("a // crate::x\n\"crate::y\" b /* z::w */ c"),
        "a \n\"\" b  c"
    );
}
