//! The README is the front door and `docs/` the manual (README.md, "The manual"): every link and
//! image in README.md and docs/**/*.md must lead somewhere — the file exists, relative to the
//! page it is written in, and an `#anchor` (in the page itself or `file.md#anchor`) is a heading
//! of the target as GitHub names it (lower case, spaces to `-`, punctuation dropped, Cyrillic
//! kept, a repeated heading `-1`, `-2` …). And the README stays short: at most 400 lines.
//!
//! Links in fenced code blocks and in `code spans` are not links and are not checked; `http:`,
//! `https:` and `mailto:` targets are left to the reader. Each failure names the page, the line
//! and the link.

use std::collections::HashSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

const README_MAX_LINES: usize = 400;

/// The text with fenced code blocks and inline code spans blanked (each character of them a
/// space, line breaks kept), so that line numbers stay and nothing in code is read as a link or
/// a heading.
fn mask_code(text: &str) -> String {
    // Fenced blocks first, line by line.
    let mut out = String::with_capacity(text.len());
    let mut fence: Option<(char, usize)> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        let run = |c: char| trimmed.chars().take_while(|&x| x == c).count();
        let opener = if indent <= 3 {
            ['`', '~']
                .into_iter()
                .map(|c| (c, run(c)))
                .find(|&(_, n)| n >= 3)
        } else {
            None
        };
        match (fence, opener) {
            (None, Some(f)) => {
                fence = Some(f);
                out.push_str(&blank(line));
            }
            (Some((c, n)), Some((c2, n2)))
                if c == c2 && n2 >= n && trimmed.trim_end()[n2..].is_empty() =>
            {
                fence = None;
                out.push_str(&blank(line));
            }
            (Some(_), _) => out.push_str(&blank(line)),
            (None, None) => out.push_str(line),
        }
    }
    // Then code spans: a run of N backticks up to the next run of exactly N, within a paragraph.
    let chars: Vec<char> = out.chars().collect();
    let mut masked: Vec<char> = chars.clone();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            i += 1;
            continue;
        }
        let n = chars[i..].iter().take_while(|&&c| c == '`').count();
        let mut j = i + n;
        let mut close = None;
        while j < chars.len() {
            if chars[j] == '\n' {
                // A blank line (or the end) ends the paragraph: no span crosses it.
                let rest = chars[j + 1..]
                    .iter()
                    .take_while(|c| **c == ' ' || **c == '\t')
                    .count();
                if matches!(chars.get(j + 1 + rest), None | Some('\n')) {
                    break;
                }
            }
            if chars[j] == '`' {
                let m = chars[j..].iter().take_while(|&&c| c == '`').count();
                if m == n {
                    close = Some(j);
                    break;
                }
                j += m;
                continue;
            }
            j += 1;
        }
        match close {
            Some(j) => {
                for c in masked.iter_mut().take(j + n).skip(i) {
                    if *c != '\n' {
                        *c = ' ';
                    }
                }
                i = j + n;
            }
            None => i += n,
        }
    }
    masked.into_iter().collect()
}

fn blank(line: &str) -> String {
    line.chars()
        .map(|c| if c == '\n' { '\n' } else { ' ' })
        .collect()
}

/// Every `[text](target)` and `![alt](target)` outside code: (line number from 1, target as
/// written, without a title).
fn links(text: &str) -> Vec<(usize, String)> {
    let masked = mask_code(text);
    let chars: Vec<char> = masked.chars().collect();
    let mut found = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\n' {
            line += 1;
        }
        if chars[i] == ']' && chars.get(i + 1) == Some(&'(') {
            let start = i + 2;
            let mut depth = 1;
            let mut j = start;
            while j < chars.len() && chars[j] != '\n' {
                match chars[j] {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            if j < chars.len() && chars[j] == ')' {
                let inner: String = chars[start..j].iter().collect();
                let inner = inner.trim();
                let target = if let Some(rest) = inner.strip_prefix('<') {
                    rest.split('>').next().unwrap_or("").to_string()
                } else {
                    inner.split_whitespace().next().unwrap_or("").to_string()
                };
                found.push((line, target));
                i = j;
                continue;
            }
        }
        i += 1;
    }
    found
}

/// GitHub's anchor for a heading's text.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| {
            if c == ' ' {
                Some('-')
            } else if c.is_alphanumeric() || c == '-' || c == '_' {
                Some(c)
            } else {
                None
            }
        })
        .collect()
}

/// The anchors of a page: each ATX heading's slug, a repeated one numbered as GitHub does.
fn anchors(text: &str) -> HashSet<String> {
    let masked = mask_code(text);
    let mut seen = HashSet::new();
    for (line, original) in masked.lines().zip(text.lines()) {
        let trimmed = line.trim_start_matches(' ');
        if line.len() - trimmed.len() > 3 {
            continue;
        }
        let hashes = trimmed.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) {
            continue;
        }
        let rest = &trimmed[hashes..];
        if !(rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t')) {
            continue;
        }
        // The heading's own text, from the unmasked line (code spans in a heading count).
        let body = original.trim_start_matches(' ')[hashes..].trim();
        let body = body.trim_end_matches('#').trim_end();
        let base = slug(&body.replace('`', ""));
        let mut name = base.clone();
        let mut k = 0;
        while seen.contains(&name) {
            k += 1;
            name = format!("{base}-{k}");
        }
        seen.insert(name);
    }
    seen
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            let hex = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
            out.push(hex(bytes[i + 1]) * 16 + hex(bytes[i + 2]));
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `a/b/../c` → `a/c`, without touching the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// Every broken link of the pages (paths relative to `root`), one message each:
/// `docs/x.md:12: [..](target): why`.
fn broken_links(root: &Path, pages: &[PathBuf]) -> Vec<String> {
    let mut failures = Vec::new();
    for page in pages {
        let text = match fs::read_to_string(root.join(page)) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{}: cannot be read: {e}", page.display()));
                continue;
            }
        };
        let dir = page.parent().unwrap_or(Path::new(""));
        for (line, target) in links(&text) {
            let lower = target.to_ascii_lowercase();
            if lower.starts_with("http://")
                || lower.starts_with("https://")
                || lower.starts_with("mailto:")
            {
                continue;
            }
            let fail = |why: String| format!("{}:{line}: ({target}): {why}", page.display());
            if target.is_empty() {
                failures.push(fail("an empty link".into()));
                continue;
            }
            let (path_part, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target.as_str(), None),
            };
            let path_part = path_part.split('?').next().unwrap_or("");
            let resolved = if path_part.is_empty() {
                page.clone()
            } else if let Some(abs) = path_part.strip_prefix('/') {
                normalize(Path::new(&percent_decode(abs)))
            } else {
                normalize(&dir.join(percent_decode(path_part)))
            };
            if resolved.starts_with("..") {
                failures.push(fail(format!(
                    "leads out of the repository ({})",
                    resolved.display()
                )));
                continue;
            }
            let full = root.join(&resolved);
            if !full.exists() {
                failures.push(fail(format!("no such file: {}", resolved.display())));
                continue;
            }
            if let Some(anchor) = anchor {
                let anchor = percent_decode(anchor);
                if resolved.extension().is_none_or(|e| e != "md") || full.is_dir() {
                    failures.push(fail(format!(
                        "an anchor into {}, which is not a markdown page",
                        resolved.display()
                    )));
                    continue;
                }
                let target_text = fs::read_to_string(&full).unwrap_or_default();
                if !anchors(&target_text).contains(&anchor) {
                    failures.push(fail(format!(
                        "no heading of {} has the anchor #{anchor}",
                        resolved.display()
                    )));
                }
            }
        }
    }
    failures
}

/// README.md and every docs/**/*.md, relative to `root`.
fn pages(root: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, rel: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(root.join(rel)) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let rel = rel.join(entry.file_name());
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                walk(root, &rel, out);
            } else if rel.extension().is_some_and(|e| e == "md") {
                out.push(rel);
            }
        }
    }
    let mut out = vec![PathBuf::from("README.md")];
    walk(root, Path::new("docs"), &mut out);
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_link_of_the_readme_and_the_manual_resolves() {
    let root = root();
    let pages = pages(&root);
    // The manual is there and has links to check (no pass on an empty case).
    assert!(pages.len() >= 10, "README.md and docs/*.md: only {pages:?}");
    let readme_links = links(&fs::read_to_string(root.join("README.md")).unwrap());
    assert!(
        readme_links
            .iter()
            .filter(|(_, t)| t.starts_with("docs/"))
            .count()
            >= 10,
        "README.md links into docs/ fewer than 10 times: {readme_links:?}"
    );
    let failures = broken_links(&root, &pages);
    assert!(
        failures.is_empty(),
        "{} broken link(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_readme_is_at_most_400_lines() {
    let text = fs::read_to_string(root().join("README.md")).unwrap();
    let lines = text.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md:{lines}: the README has {lines} lines, more than {README_MAX_LINES}: move the detail into docs/"
    );
}

#[test]
fn slugs_are_githubs() {
    assert_eq!(slug("Rank norms (ЕВСК)"), "rank-norms-евск");
    assert_eq!(slug("Team Swiss (FIDE C.04.6)"), "team-swiss-fide-c046");
    assert_eq!(
        slug("The hall's network: a live page and a relay feed"),
        "the-halls-network-a-live-page-and-a-relay-feed"
    );
    assert_eq!(
        slug("2. Player state (what the TRF gives, see §11)"),
        "2-player-state-what-the-trf-gives-see-11"
    );
    let page =
        "# A\n\n## Two words\n\n```sh\n# not a heading\n```\n\n## Two words\n### `code` here #\n";
    let found = anchors(page);
    for a in ["a", "two-words", "two-words-1", "code-here"] {
        assert!(found.contains(a), "{a} missing from {found:?}");
    }
    assert!(!found.contains("not-a-heading"), "{found:?}");
}

#[test]
fn links_in_code_are_not_links() {
    let text = "See [a](a.md) and ![b](img/b.png \"title\").\n\n```\n[c](c.md)\n```\n\n`[d](d.md)` and\n`x\n[e](e.md)` then [f](<f g.md>) [h](#h) [w](https://x.org)\n";
    let found: Vec<(usize, String)> = links(text);
    let want: Vec<(usize, String)> = vec![
        (1, "a.md".into()),
        (1, "img/b.png".into()),
        (9, "f g.md".into()),
        (9, "#h".into()),
        (9, "https://x.org".into()),
    ];
    assert_eq!(found, want);
}

/// The checker itself fails on a broken file link and a broken anchor, naming page, line, link.
#[test]
fn a_broken_link_is_reported_with_its_page_and_line() {
    let dir = std::env::temp_dir().join(format!("docs-links-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("docs")).unwrap();
    fs::write(
        dir.join("README.md"),
        "# Top\n\n[ok](docs/a.md#part-one)\n[gone](docs/missing.md)\n",
    )
    .unwrap();
    fs::write(
        dir.join("docs/a.md"),
        "# A\n\n## Part one\n\n[back](../README.md#top) [bad](#part-two)\n",
    )
    .unwrap();
    let pages = pages(&dir);
    let failures = broken_links(&dir, &pages);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(failures.len(), 2, "{failures:?}");
    assert!(
        failures[0].starts_with("README.md:4: (docs/missing.md): no such file"),
        "{failures:?}"
    );
    assert!(
        failures[1].starts_with("docs/a.md:5: (#part-two): no heading"),
        "{failures:?}"
    );
}
