//! The benchmark's modules depend one way (lib.rs lists them in order): a module names only the
//! modules below it, so the timing loop knows no op, the ops know no peer, and the peers know
//! no registry. This scans `src/` for `crate::<module>` in code (doc comments may link anywhere).

use std::fs;
use std::path::Path;

/// Each module (with its submodules in `src/<module>/`) and the modules it may use.
const ALLOWED: &[(&str, &[&str])] = &[
    ("timing", &[]),
    ("report", &["timing"]),
    ("op", &[]),
    ("fixtures", &["op"]),
    ("ops", &["op", "fixtures", "timing"]),
    ("peers", &["op", "fixtures", "timing", "ops"]),
    ("registry", &["op", "fixtures", "timing", "ops", "peers"]),
];

/// The modules named as `crate::<module>` in the code lines of `text`.
fn used_modules(text: &str) -> Vec<String> {
    let mut used = Vec::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (i, _) in line.match_indices("crate::") {
            let rest = &line[i + "crate::".len()..];
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                used.push(name);
            }
        }
    }
    used
}

#[test]
fn modules_depend_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut checked = 0;
    for &(module, allowed) in ALLOWED {
        let mut files = vec![src.join(format!("{module}.rs"))];
        if let Ok(dir) = fs::read_dir(src.join(module)) {
            files.extend(dir.map(|e| e.expect("a directory entry").path()));
        }
        for file in files {
            let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            for used in used_modules(&text) {
                assert!(
                    used == module || allowed.contains(&used.as_str()),
                    "{} uses crate::{used}, which `{module}` may not depend on",
                    file.display()
                );
            }
            checked += 1;
        }
    }
    // Every module file of the library is covered by the table.
    let top: Vec<_> = fs::read_dir(&src).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
    let listed = |p: &Path| {
        let stem = p.file_stem().unwrap().to_str().unwrap();
        stem == "lib" || stem == "main" || ALLOWED.iter().any(|(m, _)| *m == stem)
    };
    assert!(top.iter().all(|p| listed(p)), "a module of src/ missing from ALLOWED");
    assert!(checked >= ALLOWED.len());
}
