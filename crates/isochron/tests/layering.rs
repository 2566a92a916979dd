//! Layering (DESIGN.md §1, STYLE.md "Dependency direction"): a lower module of the library never
//! imports a higher one.
//!
//! The order, lowest first, is [`LAYERS`]: error → ct → limbs → field → curve → {pairing,
//! hash_to_curve, msm, fft} → curves → {bls, protocols, codec, std_traits} → {zkcrypto,
//! serde_impls} (the ecosystem traits on top). Modules in one group are siblings and
//! import neither each other nor anything above. `hazmat` is a facade: `crate::hazmat::limbs` is
//! `limbs`, and `src/hazmat/limbs/…` belongs to `limbs`.
//!
//! The scanner reads every `.rs` file under `crates/isochron/src`, blanks out comments (doc
//! comments included), string and character literals, and every item under `#[cfg(test)]`
//! (unit tests may use the named curves), including out-of-line test modules
//! (`#[cfg(test)] mod test_util;`). In what remains it resolves each `crate::…` / `$crate::…`
//! path, grouped imports (`crate::{a, b::c}`) included, and each `super::…` chain that climbs out
//! of the file's top-level module, to a top-level module, and reports every edge that goes up or
//! sideways. A new top-level module must be added to [`LAYERS`] (the test says so).
//!
//! `upward_import_is_caught` feeds the scanner synthetic sources, so the check itself is tested.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The layers, lowest first. A module may import modules of lower groups only (and itself).
const LAYERS: &[&[&str]] = &[
    &["error"],
    &["ct", "md"],
    &["hmac"],
    &["limbs"],
    &["field"],
    &["curve"],
    &["pairing", "hash_to_curve", "msm", "fft"],
    &["curves"],
    &["bls", "protocols", "codec", "std_traits"],
    &["zkcrypto", "serde_impls"],
];

/// Facade modules: `crate::<facade>::<module>` is `<module>`; the facade file itself only
/// re-exports and is not checked (nor is `lib.rs`).
const FACADES: &[&str] = &["hazmat"];

/// Items re-exported at the crate root (`crate::Error`), with the module they come from.
const ROOT_ITEMS: &[(&str, &str)] = &[
    ("Error", "error"),
    ("Choice", "ct"),
    ("ConditionallySelectable", "ct"),
    ("ConstantTimeEq", "ct"),
    ("CtOption", "ct"),
];

/// One forbidden edge.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Violation {
    /// The file, relative to `src/`.
    file: String,
    /// 1-based line of the path.
    line: usize,
    /// The importing top-level module.
    from: String,
    /// The imported top-level module.
    to: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let how = if rank(&self.to) == rank(&self.from) { "sibling" } else { "upward" };
        write!(f, "src/{}:{}: `{}` imports `{}` ({how} import)", self.file, self.line, self.from, self.to)
    }
}

fn rank(module: &str) -> Option<usize> {
    LAYERS.iter().position(|group| group.contains(&module))
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Replaces every byte of `s[from..to]` but newlines with a space.
fn blank(s: &mut [u8], from: usize, to: usize) {
    let to = to.min(s.len());
    for b in &mut s[from..to] {
        if *b != b'\n' {
            *b = b' ';
        }
    }
}

/// Blanks out comments (doc comments included) and string/char literal contents, keeping every
/// newline (so that byte offsets still give line numbers) and every other byte's position.
fn blank_comments_and_literals(src: &str) -> Vec<u8> {
    let s = src.as_bytes();
    let mut out = s.to_vec();
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'/' if s.get(i + 1) == Some(&b'/') => {
                let end = s[i..].iter().position(|&b| b == b'\n').map_or(s.len(), |p| i + p);
                blank(&mut out, i, end);
                i = end;
            }
            b'/' if s.get(i + 1) == Some(&b'*') => {
                // Block comments nest in Rust.
                let (mut depth, mut j) = (1, i + 2);
                while j < s.len() && depth > 0 {
                    if s[j] == b'/' && s.get(j + 1) == Some(&b'*') {
                        depth += 1;
                        j += 2;
                    } else if s[j] == b'*' && s.get(j + 1) == Some(&b'/') {
                        depth -= 1;
                        j += 2;
                    } else {
                        j += 1;
                    }
                }
                blank(&mut out, i, j);
                i = j;
            }
            b'r' | b'b' if i == 0 || !is_ident(s[i - 1]) => {
                // Raw strings r"…", r#"…"#, br"…" (a plain b"…" falls through to the string arm).
                let mut j = i + 1;
                if s[i] == b'b' && s.get(j) == Some(&b'r') {
                    j += 1;
                }
                let raw = j > i + 1 || s[i] == b'r';
                let hashes = s[j..].iter().take_while(|&&b| b == b'#').count();
                if raw && s.get(j + hashes) == Some(&b'"') {
                    let body = j + hashes + 1;
                    let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
                    let end = s[body..]
                        .windows(close.len())
                        .position(|w| w == close.as_slice())
                        .map_or(s.len(), |p| body + p);
                    blank(&mut out, body, end);
                    i = end + close.len();
                } else {
                    i += 1;
                }
            }
            b'"' => {
                let mut j = i + 1;
                while j < s.len() && s[j] != b'"' {
                    j += if s[j] == b'\\' { 2 } else { 1 };
                }
                blank(&mut out, i + 1, j);
                i = j + 1;
            }
            b'\'' => {
                // A character literal ('a', '\n', '\u{..}', 'é') or a lifetime ('a).
                if s.get(i + 1) == Some(&b'\\') {
                    let mut j = i + 2;
                    while j < s.len() && s[j] != b'\'' {
                        j += 1;
                    }
                    blank(&mut out, i + 1, j);
                    i = j + 1;
                } else {
                    let ch_len = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                    if s.get(i + 1 + ch_len) == Some(&b'\'') {
                        blank(&mut out, i + 1, i + 1 + ch_len);
                        i += ch_len + 2;
                    } else {
                        i += 1;
                    }
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// The end (exclusive) of the bracket group opening at `open` (`(`, `[` or `{`).
fn matching(s: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    for (j, &b) in s.iter().enumerate().skip(open) {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    s.len()
}

fn skip_ws(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && s[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

fn ident_at(s: &[u8], i: usize) -> &str {
    let len = s[i.min(s.len())..].iter().take_while(|&&b| is_ident(b)).count();
    std::str::from_utf8(&s[i..i + len]).unwrap()
}

/// Whether an attribute body (the text inside `#[…]`) compiles its item only for tests:
/// `cfg(test)` or `cfg(all(test, …))`.
fn is_test_only(attr: &str) -> bool {
    let a: String = attr.chars().filter(|c| !c.is_whitespace()).collect();
    if a == "cfg(test)" {
        return true;
    }
    a.strip_prefix("cfg(all(")
        .and_then(|r| r.strip_suffix("))"))
        .is_some_and(|args| args.split(',').any(|x| x == "test"))
}

/// Blanks out every item under a test-only `cfg` and returns the names of out-of-line test
/// modules (`#[cfg(test)] mod name;`).
fn blank_test_items(s: &mut [u8]) -> Vec<String> {
    let mut out_of_line = Vec::new();
    let mut i = 0;
    while i + 1 < s.len() {
        if !(s[i] == b'#' && s[i + 1] == b'[') {
            i += 1;
            continue;
        }
        let attr_end = matching(s, i + 1);
        let attr = String::from_utf8_lossy(&s[i + 2..attr_end - 1]).into_owned();
        if !is_test_only(&attr) {
            i = attr_end;
            continue;
        }
        // Skip further attributes, then the item: up to a `;` or the end of its first `{…}`.
        let mut j = skip_ws(s, attr_end);
        while j + 1 < s.len() && s[j] == b'#' && s[j + 1] == b'[' {
            j = skip_ws(s, matching(s, j + 1));
        }
        let item_start = j;
        let mut end = s.len();
        while j < s.len() {
            match s[j] {
                b';' => {
                    end = j + 1;
                    break;
                }
                b'{' => {
                    end = matching(s, j);
                    break;
                }
                b'(' | b'[' => j = matching(s, j),
                _ => j += 1,
            }
        }
        let item = String::from_utf8_lossy(&s[item_start..end]).into_owned();
        let words: Vec<&str> =
            item.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
        if item.trim_end().ends_with(';') {
            if let Some(k) = words.iter().position(|w| *w == "mod") {
                out_of_line.push(words[k + 1].to_string());
            }
        }
        blank(s, i, end);
        i = end;
    }
    out_of_line
}

/// The leading segments (at most two) of every path in a use-tree starting at `i` (just after a
/// `::`), each with its byte offset: `a::b` gives `[a, b]`, `{a, b::c}` gives `[a]` and `[b, c]`,
/// `a!` gives `[a, !]`.
fn use_tree_heads(s: &[u8], i: usize) -> Vec<(usize, Vec<String>)> {
    let i = skip_ws(s, i);
    if s.get(i) == Some(&b'{') {
        let end = matching(s, i);
        let mut heads = Vec::new();
        let (mut k, mut depth, mut start) = (i + 1, 0usize, i + 1);
        while k < end {
            match s[k] {
                b'{' | b'(' | b'[' => depth += 1,
                b'}' | b')' | b']' if depth > 0 => depth -= 1,
                b',' | b'}' if depth == 0 => {
                    heads.extend(
                        use_tree_heads(&s[..k], start).into_iter().filter(|(_, h)| h[0] != "self" && !h[0].is_empty()),
                    );
                    start = k + 1;
                }
                _ => {}
            }
            k += 1;
        }
        return heads;
    }
    if i >= s.len() || !(s[i].is_ascii_alphabetic() || s[i] == b'_') {
        return vec![(i, vec![String::new()])];
    }
    let first = ident_at(s, i).to_string();
    let after = skip_ws(s, i + first.len());
    let mut head = vec![first];
    if s.get(after) == Some(&b'!') {
        head.push("!".to_string());
    } else if s[after..].starts_with(b"::") {
        let j = skip_ws(s, after + 2);
        if s.get(j) == Some(&b'{') {
            return use_tree_heads(s, j).into_iter().map(|(p, h)| (p, [head.clone(), h].concat())).collect();
        }
        if j < s.len() && (s[j].is_ascii_alphabetic() || s[j] == b'_') {
            head.push(ident_at(s, j).to_string());
        }
    }
    vec![(i, head)]
}

/// The top-level module a path's leading segments name (`None`: the facade itself), or why it
/// cannot be classified.
fn module_of(head: &[String], macros: &BTreeMap<String, String>) -> Result<Option<String>, String> {
    let (first, second) = (head[0].as_str(), head.get(1).map(String::as_str));
    if second == Some("!") {
        return macros
            .get(first)
            .cloned()
            .map(Some)
            .ok_or_else(|| format!("macro `crate::{first}!` is not defined in src/: classify it"));
    }
    if FACADES.contains(&first) {
        return Ok(second.map(str::to_string));
    }
    if first.starts_with(|c: char| c.is_ascii_uppercase()) {
        return ROOT_ITEMS
            .iter()
            .find(|(item, _)| *item == first)
            .map(|(_, m)| Some(m.to_string()))
            .ok_or_else(|| format!("root item `crate::{first}` is not in ROOT_ITEMS: add it with its module"));
    }
    Ok(Some(first.to_string()))
}

/// The top-level module a file under `src/` belongs to (`None` for `lib.rs` and facades).
fn module_of_file(rel: &str) -> Option<String> {
    let parts: Vec<&str> = rel.trim_end_matches(".rs").split('/').collect();
    match parts.as_slice() {
        ["lib"] => None,
        [f] if FACADES.contains(f) => None,
        [f, m, ..] if FACADES.contains(f) => Some(m.to_string()),
        [m, ..] => Some(m.to_string()),
        [] => None,
    }
}

/// The module path of a file under `src/` (`field/fp.rs` is `[field, fp]`).
fn module_path_of_file(rel: &str) -> Vec<String> {
    match rel.trim_end_matches(".rs") {
        "lib" => Vec::new(),
        p => p.split('/').map(str::to_string).collect(),
    }
}

/// The import edges of one source file as (line, imported top-level module), and the
/// out-of-line test modules it declares. `Err` names a path the scanner cannot classify.
type Edges = (Vec<(usize, String)>, Vec<String>);

fn edges(rel: &str, src: &str, macros: &BTreeMap<String, String>) -> Result<Edges, String> {
    let mut s = blank_comments_and_literals(src);
    let test_mods = blank_test_items(&mut s);
    let file_path = module_path_of_file(rel);
    let line_of = |pos: usize| s[..pos].iter().filter(|&&b| b == b'\n').count() + 1;
    let mut found = Vec::new();
    // Inline modules (`mod name { … }`) open a deeper module path for `super::`.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b == b'{' {
            depth += 1;
        } else if b == b'}' {
            depth = depth.saturating_sub(1);
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
        }
        // A word that is not the continuation of a path (`a::super` is not checked).
        let word_start = is_ident(b) && (i == 0 || !(is_ident(s[i - 1]) || s[i - 1] == b':'));
        if !word_start {
            i += 1;
            continue;
        }
        let word = ident_at(&s, i).to_string();
        let after = skip_ws(&s, i + word.len());
        if word == "mod" && s.get(after).copied().is_some_and(is_ident) {
            let name = ident_at(&s, after).to_string();
            if s.get(skip_ws(&s, after + name.len())) == Some(&b'{') {
                inline.push((name, depth));
            }
        }
        if (word == "crate" || word == "super") && s[after..].starts_with(b"::") {
            let line = line_of(i);
            let mut heads = Vec::new();
            if word == "crate" {
                heads = use_tree_heads(&s, after + 2);
            } else {
                // Count the `super` chain (`super::super::x`), then see whether it climbs to
                // the crate root.
                let (mut ups, mut j, mut tail) = (0, i, false);
                while s[j..].starts_with(b"super") && !s.get(j + 5).copied().is_some_and(is_ident) {
                    ups += 1;
                    let k = skip_ws(&s, j + 5);
                    tail = s[k..].starts_with(b"::");
                    if !tail {
                        break;
                    }
                    j = skip_ws(&s, k + 2);
                }
                let mut path = file_path.clone();
                path.extend(inline.iter().map(|(n, _)| n.clone()));
                if ups > path.len() {
                    return Err(format!("src/{rel}:{line}: `super::` climbs above the crate root"));
                }
                if tail && ups == path.len() {
                    heads = use_tree_heads(&s, j);
                } else if tail && FACADES.contains(&path[0].as_str()) && ups == path.len() - 1 {
                    // `super::` from `hazmat/x.rs` lands in the facade: the next segment is a module.
                    heads = use_tree_heads(&s, j)
                        .into_iter()
                        .map(|(p, h)| (p, [vec![path[0].clone()], h].concat()))
                        .collect();
                }
            }
            for (pos, head) in heads {
                if head[0].is_empty() {
                    continue;
                }
                let line = line_of(pos);
                if let Some(m) = module_of(&head, macros).map_err(|e| format!("src/{rel}:{line}: {e}"))? {
                    found.push((line, m));
                }
            }
        }
        i += word.len().max(1);
    }
    Ok((found, test_mods))
}

/// `macro_rules!` name → the top-level module of the file defining it.
fn macro_homes(files: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let mut homes = BTreeMap::new();
    for (rel, src) in files {
        let s = blank_comments_and_literals(src);
        let text = String::from_utf8_lossy(&s).into_owned();
        for (pos, _) in text.match_indices("macro_rules!") {
            let name = ident_at(&s, skip_ws(&s, pos + "macro_rules!".len())).to_string();
            if let Some(m) = module_of_file(rel) {
                homes.insert(name, m);
            }
        }
    }
    homes
}

/// Every forbidden edge in a set of source files (path under `src/` → text).
fn violations(files: &BTreeMap<String, String>) -> Result<Vec<Violation>, String> {
    let macros = macro_homes(files);
    let mut per_file = BTreeMap::new();
    let mut test_only = BTreeSet::new();
    for (rel, src) in files {
        let (found, test_mods) = edges(rel, src, &macros)?;
        let dir = match rel.trim_end_matches(".rs") {
            "lib" => String::new(),
            p => format!("{p}/"),
        };
        for m in test_mods {
            test_only.insert(format!("{dir}{m}.rs"));
            test_only.insert(format!("{dir}{m}/"));
        }
        per_file.insert(rel.clone(), found);
    }
    let mut out = Vec::new();
    for (rel, found) in per_file {
        if test_only.iter().any(|t| rel == *t || (t.ends_with('/') && rel.starts_with(t.as_str()))) {
            continue;
        }
        let Some(from) = module_of_file(&rel) else { continue };
        let from_rank =
            rank(&from).ok_or_else(|| format!("src/{rel}: top-level module `{from}` is not in LAYERS: classify it"))?;
        for (line, to) in found {
            if to == from {
                continue;
            }
            let to_rank = rank(&to)
                .ok_or_else(|| format!("src/{rel}:{line}: imported module `{to}` is not in LAYERS: classify it"))?;
            if to_rank >= from_rank {
                out.push(Violation { file: rel.clone(), line, from: from.clone(), to });
            }
        }
    }
    Ok(out)
}

fn read_tree(dir: &Path, root: &Path, files: &mut BTreeMap<String, String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            read_tree(&path, root, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            files.insert(rel, fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn no_lower_layer_imports_a_higher_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    read_tree(&root, &root, &mut files);
    assert!(files.len() > 20, "read only {} files under {}", files.len(), root.display());
    let found = violations(&files).unwrap_or_else(|e| panic!("layering scanner: {e}"));
    // The scanner sees the library's imports at all (hundreds of `crate::` paths today).
    let macros = macro_homes(&files);
    let seen: usize = files.iter().map(|(rel, src)| edges(rel, src, &macros).unwrap().0.len()).sum();
    assert!(seen > 100, "the scanner found only {seen} import edges under src/");
    let found: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert!(found.is_empty(), "a lower layer imports a higher one (DESIGN.md §1):\n{}", found.join("\n"));
}

/// Runs the scanner over synthetic files: (file, line, imported module) per violation.
fn scan(files: &[(&str, &str)]) -> Result<Vec<(String, usize, String)>, String> {
    let files: BTreeMap<String, String> = files.iter().map(|(p, s)| (p.to_string(), s.to_string())).collect();
    Ok(violations(&files)?.into_iter().map(|v| (v.file, v.line, v.to)).collect())
}

#[test]
fn upward_import_is_caught() {
    let v = |f: &str, l: usize, m: &str| (f.to_string(), l, m.to_string());
    // The plain case, grouped imports, a path in an expression, and `super::` escapes.
    assert_eq!(
        scan(&[("field/fp.rs", "use crate::curves::bls12_381::Fp;\n")]).unwrap(),
        [v("field/fp.rs", 1, "curves")]
    );
    assert_eq!(
        scan(&[(
            "field/fp.rs",
            "use crate::{limbs, curve::Affine};\nuse crate::{\n    error::Error,\n    bls::eth,\n};\n"
        )])
        .unwrap(),
        [v("field/fp.rs", 1, "curve"), v("field/fp.rs", 4, "bls")]
    );
    assert_eq!(
        scan(&[("limbs/mont.rs", "fn f() -> u64 {\n    crate :: pairing::x() + 1\n}\n")]).unwrap(),
        [v("limbs/mont.rs", 2, "pairing")]
    );
    assert_eq!(
        scan(&[("field/fp.rs", "use super::super::curves::bn254;\n")]).unwrap(),
        [v("field/fp.rs", 1, "curves")]
    );
    assert_eq!(scan(&[("ct.rs", "use super::{limbs, error::Error};\n")]).unwrap(), [v("ct.rs", 1, "limbs")]);
    // Siblings are independent; the facade is looked through; `$crate` counts; root items map
    // to their module; macros to the module defining them.
    assert_eq!(
        scan(&[("pairing/gt.rs", "use crate::hash_to_curve::x;\n")]).unwrap(),
        [v("pairing/gt.rs", 1, "hash_to_curve")]
    );
    assert_eq!(
        scan(&[("hazmat/limbs/mont.rs", "use crate::hazmat::field::Fp;\nuse super::super::curve::X;\n")]).unwrap(),
        [v("hazmat/limbs/mont.rs", 1, "field"), v("hazmat/limbs/mont.rs", 2, "curve")]
    );
    assert_eq!(
        scan(&[("curve/a.rs", "macro_rules! m { () => { $crate::bls::x() } }\n")]).unwrap(),
        [v("curve/a.rs", 1, "bls")]
    );
    assert_eq!(scan(&[("ct.rs", "use crate::Error;\nuse crate::CtOption;\n")]).unwrap(), []);
    assert_eq!(
        scan(&[("field/fp.rs", "fn f() { crate::up!(); }\n"), ("curves/x.rs", "macro_rules! up { () => {} }\n")])
            .unwrap(),
        [v("field/fp.rs", 1, "curves")]
    );
    // Downward imports, doc comments, comments, strings and test-only items are fine.
    let clean = concat!(
        "//! See [`crate::bls`] and [`super::super::curves`].\n",
        "use crate::limbs::{self, mont};\nuse super::Field;\n",
        "/// Uses [`crate::curves::bn254::Fp`] /* crate::bls */\nfn f() { let _ = \"crate::curves\"; let _c = '\\''; }\n",
        "#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::curves::{bls12_381, bn254};\n    fn g() { crate::bls::x(); }\n}\n",
        "#[cfg(all(test, feature = \"std\"))]\nuse crate::curves::bn254;\n",
        "#[cfg(test)]\nmod test_helpers;\n",
        "fn h<'a>(x: &'a u8) -> &'a u8 { let _ = r#\"crate::bls\"#; x }\n",
    );
    assert_eq!(
        scan(&[("field/fp.rs", clean), ("field/fp/test_helpers.rs", "use crate::curves::bn254;\n")]).unwrap(),
        []
    );
    // Inline modules: `super::` inside one names the file's own module first.
    assert_eq!(scan(&[("bls/variant.rs", "mod sealed {\n    impl S for super::MinPk {}\n}\n")]).unwrap(), []);
    assert_eq!(
        scan(&[("field/fp.rs", "mod inner {\n    use super::super::super::pairing;\n}\n")]).unwrap(),
        [v("field/fp.rs", 2, "pairing")]
    );
    // Unknown modules must be classified.
    assert!(scan(&[("field/fp.rs", "use crate::kzg::x;\n")]).unwrap_err().contains("`kzg` is not in LAYERS"));
    assert!(scan(&[("kzg.rs", "use crate::field::Fp;\n")]).unwrap_err().contains("`kzg` is not in LAYERS"));
}
