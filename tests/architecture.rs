//! The shape of `src/` (docs/architecture.md): imports run one way, so no file imports another
//! that imports it back (directly or around a circle); no file is longer than a reader can hold
//! (1,200 lines outside its tests); `src/table/mod.rs` is a façade.
//!
//! "Imports" are read from the text: `use` declarations and paths written in code (`super::x::f`,
//! `crate::store::Store`, `narrate::name_of` after `mod narrate;`), resolved to the file that
//! defines the module they reach. Test modules (`#[cfg(test)] mod … { … }`) are left out: a test
//! may reach anywhere. The engines' crate (`crate::games`, `crate::core`) is another crate and
//! cannot import back.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module: its path below the crate root (`["table", "narrate"]`; the root is empty).
type Module = Vec<String>;

/// Every `.rs` file below `dir`, by the module it defines.
fn modules(root: &Path, dir: &Path, out: &mut BTreeMap<Module, PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            modules(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).expect("below src/").with_extension("");
            let mut module: Module = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                module.pop();
            }
            out.insert(module, path);
        }
    }
}

/// The lines of `text` without its test modules and line comments.
fn code_lines(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let next = lines.get(i + 1).map_or("", |l| l.trim_start());
        if lines[i].trim() == "#[cfg(test)]" && next.starts_with("mod ") && next.ends_with('{') {
            let indent = lines[i + 1].len() - next.len();
            let close = format!("{}}}", " ".repeat(indent));
            i += 2;
            while i < lines.len() && lines[i] != close {
                i += 1;
            }
            i += 1;
            continue;
        }
        let line = lines[i];
        // A comment may hold paths of any kind (`[`super::x`]`); strings rarely hold `//`
        // before a path that matters here.
        let code = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        out.push(code.to_string());
        i += 1;
    }
    out
}

/// The `a::b::c` paths written in `code`, with where each begins (a `use` group
/// `a::{b, c::d}` gives `a::b` and `a::c::d`).
fn paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let chars: Vec<(usize, char)> = code.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    // The prefixes of the `use` groups open at this point.
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut in_use = false;
    let mut current: Vec<String> = Vec::new();
    let mut start = 0;
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < chars.len() {
        let (at, c) = chars[i];
        if is_ident(c) && (i == 0 || !is_ident(chars[i - 1].1)) {
            let mut j = i;
            while j < chars.len() && is_ident(chars[j].1) {
                j += 1;
            }
            let word: String = chars[i..j].iter().map(|(_, c)| *c).collect();
            let after_colons = i >= 2 && chars[i - 1].1 == ':' && chars[i - 2].1 == ':';
            if word == "use" && current.is_empty() && !after_colons {
                in_use = true;
                groups.clear();
            } else {
                if current.is_empty() && !after_colons {
                    start = at;
                }
                current.push(word);
            }
            i = j;
            continue;
        }
        let followed_by_colons = c == ':' && chars.get(i + 1).is_some_and(|(_, c)| *c == ':');
        if followed_by_colons {
            i += 2;
            if chars.get(i).is_some_and(|(_, c)| *c == '{') && in_use {
                let mut prefix = groups.last().cloned().unwrap_or_default();
                prefix.append(&mut current);
                groups.push(prefix);
                i += 1;
            }
            continue;
        }
        if !current.is_empty() {
            let mut full =
                if in_use { groups.last().cloned().unwrap_or_default() } else { Vec::new() };
            full.append(&mut current);
            if full.len() > 1 || in_use {
                out.push((start, full));
            }
        }
        match c {
            '}' if in_use => {
                groups.pop();
            }
            ';' => {
                in_use = false;
                groups.clear();
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The file a path written in `from` reaches: the deepest module of the path that is a file.
fn resolve(
    files: &BTreeMap<Module, PathBuf>,
    children: &BTreeMap<Module, BTreeSet<String>>,
    from: &Module,
    path: &[String],
) -> Option<Module> {
    let mut at: Module = from.clone();
    let mut i = 0;
    match path.first().map(String::as_str) {
        Some("crate") => {
            at.clear();
            i = 1;
        }
        Some("self") => i = 1,
        Some("super") => {}
        Some(first) if children.get(from).is_some_and(|c| c.contains(first)) => {}
        _ => return None,
    }
    while path.get(i).is_some_and(|s| s == "super") {
        at.pop();
        i += 1;
    }
    let mut reached = at.clone();
    while let Some(segment) = path.get(i) {
        at.push(segment.clone());
        if !files.contains_key(&at) {
            break;
        }
        reached = at.clone();
        i += 1;
    }
    (!reached.is_empty() && files.contains_key(&reached)).then_some(reached)
}

/// Every file's imports of other files.
fn imports() -> BTreeMap<Module, BTreeSet<Module>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    modules(&root, &root, &mut files);
    let mut children: BTreeMap<Module, BTreeSet<String>> = BTreeMap::new();
    for module in files.keys().filter(|m| !m.is_empty()) {
        let parent = module[..module.len() - 1].to_vec();
        children.entry(parent).or_default().insert(module[module.len() - 1].clone());
    }
    let mut edges = BTreeMap::new();
    for (module, path) in &files {
        let text = std::fs::read_to_string(path).expect("a source file");
        let mut code = code_lines(&text).join("\n");
        // A visibility (`pub(in crate::store)`) names a module without importing from it.
        while let Some(at) = code.find("pub(in ") {
            let end = code[at..].find(')').map_or(code.len(), |e| at + e + 1);
            code.replace_range(at..end, "pub");
        }
        // Inline modules (`mod p10 { … }`): a path inside one starts from it.
        let mut inline: Vec<(usize, usize, String)> = Vec::new();
        let mut offset = 0;
        for line in code.split('\n') {
            let trimmed = line.trim_start();
            let words: Vec<&str> = trimmed.split_whitespace().collect();
            let name_at = words.iter().position(|w| *w == "mod");
            if let Some(k) = name_at
                && trimmed.ends_with('{')
                && words.get(k + 2) == Some(&"{")
            {
                let indent = line.len() - trimmed.len();
                let close = format!("\n{}}}", " ".repeat(indent));
                let end = code[offset..].find(&close).map_or(code.len(), |e| offset + e);
                inline.push((offset, end, words[k + 1].to_string()));
            }
            offset += line.len() + 1;
        }
        let mut reached = BTreeSet::new();
        for (at, written) in paths(&code) {
            let mut from = module.clone();
            from.extend(
                inline.iter().filter(|(a, b, _)| *a <= at && at < *b).map(|(_, _, n)| n.clone()),
            );
            if let Some(target) = resolve(&files, &children, &from, &written)
                && target != *module
            {
                reached.insert(target);
            }
        }
        edges.insert(module.clone(), reached);
    }
    edges
}

fn name(module: &Module) -> String {
    if module.is_empty() { "lib".to_string() } else { module.join("/") }
}

/// A circle of imports through `start`, if there is one.
fn circle(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    // Depth-first search keeping the path: a back edge closes a circle.
    fn visit(
        node: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        state: &mut BTreeMap<Module, u8>,
        path: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        state.insert(node.clone(), 1);
        path.push(node.clone());
        for next in edges.get(node).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let from = path.iter().position(|m| m == next).unwrap_or(0);
                    let mut found = path[from..].to_vec();
                    found.push(next.clone());
                    return Some(found);
                }
                0 => {
                    if let Some(found) = visit(next, edges, state, path) {
                        return Some(found);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in edges.keys() {
        if state.get(node).copied().unwrap_or(0) == 0
            && let Some(found) = visit(node, edges, &mut state, &mut Vec::new())
        {
            return Some(found);
        }
    }
    None
}

#[test]
fn no_file_of_src_imports_a_file_that_imports_it_back() {
    let edges = imports();
    // The reader itself must see the imports it judges: these are known to exist.
    let table_mod = vec!["table".to_string()];
    let voice = |file: &str| vec!["table".to_string(), "voice".to_string(), file.to_string()];
    let (ultima, narrate) = (voice("ultima"), voice("narrate"));
    assert!(
        edges[&ultima].contains(&narrate),
        "ultima.rs imports narrate.rs: {:?}",
        edges[&ultima]
    );
    assert!(
        edges[&table_mod].contains(&vec!["table".to_string(), "referee".to_string()]),
        "the façade re-exports the referee"
    );
    if let Some(found) = circle(&edges) {
        let shown: Vec<String> = found.iter().map(name).collect();
        panic!("an import circle: {}", shown.join(" → "));
    }
}

#[test]
fn the_circle_finder_finds_a_circle_when_there_is_one() {
    let m = |s: &str| s.split('/').map(String::from).collect::<Module>();
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    edges.insert(m("a"), [m("b")].into());
    edges.insert(m("b"), [m("c")].into());
    edges.insert(m("c"), BTreeSet::new());
    assert_eq!(circle(&edges), None);
    edges.insert(m("c"), [m("a")].into());
    assert_eq!(circle(&edges), Some(vec![m("a"), m("b"), m("c"), m("a")]));
    let written: Vec<Vec<String>> =
        paths("use super::{a, b::{c, d}};\nlet x = crate::store::Store::open();")
            .into_iter()
            .map(|(_, p)| p)
            .collect();
    let s = |p: &[&str]| p.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        written,
        vec![
            s(&["super", "a"]),
            s(&["super", "b", "c"]),
            s(&["super", "b", "d"]),
            s(&["crate", "store", "Store", "open"])
        ]
    );
}

#[test]
fn no_file_of_src_is_longer_than_twelve_hundred_lines_outside_its_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    modules(&root, &root, &mut files);
    let mut long = Vec::new();
    for (module, path) in &files {
        let text = std::fs::read_to_string(path).expect("a source file");
        let lines = code_lines(&text).len();
        if lines > 1200 {
            long.push(format!("{} ({lines} lines)", name(module)));
        }
        if module == &vec!["table".to_string()] {
            assert!(lines < 500, "src/table/mod.rs is a façade, yet {lines} lines long");
        }
    }
    assert!(long.is_empty(), "files over 1,200 lines outside their tests: {long:?}");
}

/// The Markdown files a reader of a clone gets as the project's documentation: README.md and
/// every `.md` under docs/, as (path relative to the repository, text).
fn documentation(root: &Path) -> Vec<(PathBuf, String)> {
    let mut files = vec![PathBuf::from("README.md")];
    let mut pending = vec![PathBuf::from("docs")];
    while let Some(dir) = pending.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(root.join(&dir))
            .expect("docs/ is readable")
            .map(|e| e.expect("an entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let relative = path.strip_prefix(root).expect("below the repository").to_path_buf();
            if path.is_dir() {
                pending.push(relative);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(relative);
            }
        }
    }
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(root.join(&f)).expect("a Markdown file");
            (f, text)
        })
        .collect()
}

/// `path` (relative to the repository) with `.` and `..` taken out, or `None` when a `..` climbs
/// above the repository's root.
fn inside_repository(path: &Path) -> Option<PathBuf> {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                parts.pop()?;
            }
            std::path::Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
            std::path::Component::RootDir | std::path::Component::Prefix(_) => return None,
        }
    }
    Some(parts.iter().collect())
}

/// Every place where `text`, the file `file` (relative to the repository), names a path outside
/// the repository: anything under `/work/`, the shared folders beside the checkout
/// (`shared/specs`, `shared/seeds`, `shared/tools`, `shared/notes`), and any path whose `../`
/// climbs out of the repository from the file's own folder. Each as `line N: the path`.
fn outside_paths(file: &Path, text: &str) -> Vec<String> {
    let folder = file.parent().unwrap_or(Path::new(""));
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let tokens = line.split(|c: char| {
            c.is_whitespace() || matches!(c, '`' | '(' | ')' | '[' | ']' | '<' | '>' | '"' | '\'')
        });
        for token in tokens {
            let token = token.trim_end_matches([',', '.', ';', ':']);
            let shared = ["shared/specs", "shared/seeds", "shared/tools", "shared/notes"]
                .iter()
                .any(|s| token.contains(s));
            // A path starting with `.` is relative to the file's folder; any other is written
            // from the repository's root, as the docs write source paths.
            let from = if token.starts_with('.') { folder.join(token) } else { token.into() };
            let climbs = token.contains("../") && inside_repository(&from).is_none();
            if token.contains("/work/") || shared || climbs {
                found.push(format!("line {}: {token}", n + 1));
            }
        }
    }
    found
}

/// Every relative Markdown link (`[text](target)`, outside code) of `text`, the file `file`
/// (relative to the repository under `root`), whose target is not a file or folder of the
/// repository. Links with a scheme (`https:`) and links within the page (`#…`) are not files.
fn broken_links(root: &Path, file: &Path, text: &str) -> Vec<String> {
    let folder = file.parent().unwrap_or(Path::new(""));
    let mut found = Vec::new();
    let mut fenced = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans are not links: keep only the text between them.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            let target = target.trim_start_matches('<').trim_end_matches('>');
            rest = &rest[end..];
            let scheme = target.split_once(':').is_some_and(|(s, _)| {
                !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '+')
            });
            if target.is_empty() || target.starts_with('#') || scheme {
                continue;
            }
            let path = target.split('#').next().unwrap_or(target);
            let exists =
                inside_repository(&folder.join(path)).is_some_and(|p| root.join(p).exists());
            if !exists {
                found.push(format!("line {}: ({target})", n + 1));
            }
        }
    }
    found
}

#[test]
fn the_readme_and_the_docs_name_no_path_outside_the_repository_and_every_link_leads_to_a_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let docs = documentation(root);
    assert!(
        docs.iter().any(|(f, _)| f == Path::new("docs/dark-fence.md")),
        "the game pages are read: {:?}",
        docs.iter().map(|(f, _)| f).collect::<Vec<_>>()
    );
    let mut faults = Vec::new();
    for (file, text) in &docs {
        for fault in outside_paths(file, text) {
            faults.push(format!("{}, {fault} is outside the repository", file.display()));
        }
        for fault in broken_links(root, file, text) {
            faults.push(format!("{}, {fault} leads to no file of the repository", file.display()));
        }
    }
    assert!(faults.is_empty(), "the documentation does not stand alone:\n{}", faults.join("\n"));
}

#[test]
fn the_documentation_checks_catch_outside_paths_and_dead_links() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (readme, page) = (Path::new("README.md"), Path::new("docs/ultima.md"));
    // Paths that leave the repository, however they are written.
    assert_eq!(outside_paths(readme, "rules: `../shared/specs/`").len(), 1);
    assert_eq!(outside_paths(page, "see [x](../../notes.md)").len(), 1);
    assert_eq!(outside_paths(readme, "at /work/shared/tools/oracle/").len(), 1);
    assert_eq!(outside_paths(page, "specs in shared/specs/ultima.md.").len(), 1);
    // Paths that stay inside: a page reaching the README, a plain relative path.
    assert!(outside_paths(page, "[readme](../README.md), `docs/records.md`").is_empty());
    assert!(outside_paths(readme, "`crates/games/src/games/ultima/` and ./docs").is_empty());
    // Links: to files that exist (from the README and from a page), within the page, or away.
    let good = "[a](docs/ultima.md) [b](docs/referee.md#who-may-reach-a-game) [c](#x) \
                [d](https://example.org/a(b)) [e](<https://x>)";
    assert!(broken_links(root, readme, good).is_empty(), "{:?}", broken_links(root, readme, good));
    assert!(broken_links(root, page, "[r](referee.md) [top](../README.md)").is_empty());
    // Dead ones: a missing file, a page's link written as if from the root, one leaving.
    assert_eq!(broken_links(root, readme, "[a](docs/no-such-page.md)").len(), 1);
    assert_eq!(broken_links(root, page, "[r](docs/referee.md)").len(), 1);
    assert_eq!(broken_links(root, page, "[x](../../README.md)").len(), 1);
    // Code is not a link.
    assert!(broken_links(root, readme, "`[a](nothing.md)`\n```\n[b](nothing.md)\n```").is_empty());
}
