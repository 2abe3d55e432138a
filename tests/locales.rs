//! Every sentence in the reader's language: the transcripts of all referee tests (good and bad
//! input in every game, every refusal they provoke), plus a block of every command and option
//! mistake, replayed once per language with the players' clients reporting that language, as
//! Discord and Telegram do (`zh-TW`, `zh-CN`, `en-US`; nobody types `/settings`).
//!
//! - Simplified replies hold no character that exists only in Traditional script, Traditional
//!   replies none that exists only in Simplified (OpenCC's tables, via `character_converter`).
//! - Chinese replies hold no Latin word except game notation, user names, ids, commands, option
//!   keys and values.
//! - English replies hold no Chinese character except the games' own Chinese titles.
//!
//! The transcripts are `tests/data/locale-sweep.txt`, generated from the referee tests by
//! `tests/data/make-locale-sweep.py`.

use std::collections::{BTreeMap, BTreeSet};

use arbiter::games::GameKind;
use arbiter::table::command::COMMANDS;
use serde_json::Value;

const SWEEP: &str = include_str!("data/locale-sweep.txt");

/// Latin words a Chinese reply may hold besides notation, names, commands and option keys and
/// values: each one a code or a literal players type, never a word of prose.
const LATIN_ALLOWED: &[&str] = &[
    // Typed literals of Rabble's notation and Dark Fence's actions (`pick default`, `pass
    // draw`, `drop P@7,6`, `zoom 2`, `/view z …`).
    "pick", "default", "pass", "draw", "accept", "decline", "drop", "zoom", "none", "auto",
    // Castling in Perfect 10 x 10's notation, and its castling rights in the FEN start
    // position `/rules perfect10` gives as the example of `position="…"`.
    "O-O", "O-O-O", "KQkq", // The game whose title is English in every language.
    "Perfect",
    // The time zone of the moments a chat without live timestamps reads (`2026-01-04 00:00
    // UTC`): Chinese writes it in Latin letters too.
    "UTC",
];

/// Chinese characters an English reply may hold: the games' own Chinese titles (beside their
/// English names in `/rules`) and the names of the languages in `/settings`.
const HAN_ALLOWED_IN_ENGLISH: &[&str] =
    &["暗弈分野", "极相棋", "完美十乘十", "混乱时钟", "烏合之眾象棋", "简体中文", "繁體中文"];

/// One reply.
struct Reply {
    to: String,
    text: String,
}

/// The transcript blocks of the sweep, each `(name, lines)`.
fn blocks() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in SWEEP.lines() {
        if line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("// === ") {
            out.push((name.to_string(), String::new()));
        } else if let Some((_, block)) = out.last_mut() {
            // The language comes from the client here: a transcript's own choice of language
            // (`/settings language=zh-Hans`) is left out, a refused one (`language=fr`) kept.
            let chosen = ["language=en", "language=zh", "language=中文"];
            if chosen.iter().any(|c| line.contains(c)) {
                continue;
            }
            block.push_str(line);
            block.push('\n');
        }
    }
    out
}

/// The users a block's lines speak as.
fn users(block: &str) -> BTreeSet<String> {
    block
        .lines()
        .filter_map(|l| l.split_once('@').map(|(u, _)| u.to_string()))
        .filter(|u| !u.starts_with('!') && !u.starts_with("//") && !u.contains(' '))
        .collect()
}

/// Runs every block with every user's client reporting `locale`.
async fn sweep(locale: &str) -> Vec<(String, Reply)> {
    let mut replies = Vec::new();
    for (name, block) in blocks() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut script = String::new();
        for user in users(&block) {
            script.push_str(&format!("!locale {user} {locale}\n"));
        }
        script.push_str(&block);
        let mut out = Vec::new();
        // Without pictures: the sweep reads words (texts and buttons), and drawing boards was
        // most of its time.
        arbiter::bot::script::run_words(&script, &dir.path().join("a.db").into(), 7, &mut out)
            .await
            .unwrap_or_else(|e| panic!("{name}: {e:#}"));
        for line in String::from_utf8(out).expect("UTF-8").lines() {
            let v: Value = serde_json::from_str(line).expect("JSON");
            // What a reader sees: the text without its marks (code, moments).
            let mut text = arbiter::table::reply::plain(v["text"].as_str().unwrap_or_default());
            for b in v["buttons"].as_array().into_iter().flatten() {
                text.push('\n');
                text.push_str(b.as_str().unwrap_or_default());
            }
            let to = v["to"].as_str().unwrap_or_default().to_string();
            replies.push((name.clone(), Reply { to, text }));
        }
    }
    assert!(replies.len() > 1_000, "the sweep says something: {} replies", replies.len());
    replies
}

fn is_han(c: char) -> bool {
    ('\u{3400}'..='\u{9fff}').contains(&c) || ('\u{f900}'..='\u{faff}').contains(&c)
}

/// Traditional-only characters of `text` (in OpenCC's Traditional→Simplified table and not
/// written in Simplified script).
fn traditional_only(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| is_han(*c) && !character_converter::is_simplified(&c.to_string()))
        .collect()
}

/// Simplified-only characters of `text`.
fn simplified_only(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| is_han(*c) && !character_converter::is_traditional(&c.to_string()))
        .collect()
}

/// Words a Chinese reply may hold whatever they are: user names, game codes, command names,
/// option keys and the words of their values.
fn known_words(replies: &[(String, Reply)]) -> BTreeSet<String> {
    let mut words: BTreeSet<String> = LATIN_ALLOWED.iter().map(|w| w.to_lowercase()).collect();
    for (_, block) in blocks() {
        words.extend(users(&block));
    }
    for r in replies {
        if let Some(user) = r.1.to.strip_prefix("dm:") {
            words.insert(user.to_string());
        }
    }
    for kind in GameKind::ALL {
        words.insert(kind.code().to_string());
        // The seats' names, which `side=` takes against the bot.
        words.extend(kind.seat_names().iter().map(|s| (*s).to_string()));
        for spec in kind.option_specs() {
            words.insert(spec.key.to_string());
            for text in [spec.values, spec.default] {
                words.extend(latin_runs(text).into_iter().map(|w| w.to_lowercase()));
            }
        }
    }
    // The referee's own settings (`/new … rated=no`, `/settings digest=on`) and their values.
    for key in [
        "clock",
        "per_move",
        "correspondence",
        "corr",
        "live",
        "language",
        "notifications",
        "pings",
        "digest",
        "rated",
        "yes",
        "no",
        // Against the bot (`/new ultima @bot level=2 side=random`).
        "level",
        "side",
        "random",
        "first",
        "second",
    ] {
        words.insert(key.to_string());
    }
    for spec in COMMANDS {
        words.insert(spec.name.to_string());
    }
    words.extend(["on", "off", "true", "false", "en", "zh-hans", "zh-hant"].map(String::from));
    words
}

/// The maximal runs of ASCII letters (with inner `_` and `-`) in `text`.
fn latin_runs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut run = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphabetic() || (!run.is_empty() && (c == '_' || c == '-')) {
            run.push(c);
        } else if !run.is_empty() {
            out.push(run.trim_end_matches(['-', '_']).to_string());
            run.clear();
        }
    }
    out
}

/// The Latin words of a Chinese reply that are prose: not in a token that is notation (it
/// holds a digit, `=`, `@`, `#`, `/`, `,`, `>` …), not two letters or fewer, not known.
fn latin_prose(text: &str, known: &BTreeSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    let chunks = text.split(|c: char| c.is_whitespace() || !c.is_ascii() && !c.is_alphanumeric());
    for chunk in chunks {
        let chunk = chunk.trim_matches(|c: char| !c.is_ascii());
        let notation = chunk.chars().any(|c| c.is_ascii_digit() || "=@#/,>&|+*.:[]<…".contains(c));
        if notation {
            continue;
        }
        for word in latin_runs(chunk) {
            let lower = word.to_lowercase();
            // A `/link` code (`QHQJ-CXFA`) is a code to type, whatever the language.
            let link_code = word.len() == 9
                && word.as_bytes()[4] == b'-'
                && word.chars().all(|c| c.is_ascii_uppercase() || c == '-');
            if word.len() > 2 && !known.contains(&lower) && !link_code {
                out.push(word);
            }
        }
    }
    out
}

/// Collects `(offending item, example)`, one example per item, and fails listing them all.
fn report(language: &str, what: &str, found: &BTreeMap<String, String>) {
    let list: Vec<String> = found
        .iter()
        .map(|(k, v)| format!("  {k}: {}", v.chars().take(300).collect::<String>()))
        .collect();
    assert!(found.is_empty(), "{language} replies with {what}:\n{}", list.join("\n"));
}

async fn check_chinese(locale: &str, language: &str, wrong_script: fn(&str) -> Vec<char>) {
    let replies = sweep(locale).await;
    let known = known_words(&replies);
    // What a block's players typed comes back quoted in refusals (`/draw 看不懂“maybe”`): an
    // echo, not our prose.
    let typed: BTreeMap<String, BTreeSet<String>> = blocks()
        .into_iter()
        .map(|(name, block)| {
            let words = latin_runs(&block).into_iter().map(|w| w.to_lowercase()).collect();
            (name, words)
        })
        .collect();
    let mut script = BTreeMap::new();
    let mut latin = BTreeMap::new();
    let mut spaced = BTreeMap::new();
    for (block, r) in &replies {
        let mut known = known.clone();
        known.extend(typed.get(block).cloned().unwrap_or_default());
        let han = r.text.chars().filter(|c| is_han(*c)).count();
        assert!(han > 0, "{language}: a reply with no Chinese at all ({block}):\n{}", r.text);
        for c in wrong_script(&r.text) {
            script.entry(c.to_string()).or_insert_with(|| format!("{block}: {}", r.text));
        }
        for word in latin_prose(&r.text, &known) {
            latin.entry(word).or_insert_with(|| format!("{block}: {}", r.text));
        }
        // Chinese sentences follow each other without a space after their full stop.
        for stop in ["。 ", "！ ", "？ "] {
            if r.text.contains(stop) {
                spaced.entry(stop.to_string()).or_insert_with(|| format!("{block}: {}", r.text));
            }
        }
    }
    report(language, "characters of the other script", &script);
    report(language, "English words", &latin);
    report(language, "a space after a Chinese full stop", &spaced);
}

#[tokio::test]
async fn a_simplified_chinese_client_reads_only_simplified_chinese() {
    check_chinese("zh-CN", "zh-Hans", traditional_only).await;
}

#[tokio::test]
async fn a_traditional_chinese_client_reads_only_traditional_chinese() {
    check_chinese("zh-TW", "zh-Hant", simplified_only).await;
}

#[tokio::test]
async fn an_english_client_reads_no_chinese_but_the_games_titles() {
    let replies = sweep("en-US").await;
    let mut found = BTreeMap::new();
    for (block, r) in &replies {
        let mut text = r.text.clone();
        for allowed in HAN_ALLOWED_IN_ENGLISH {
            text = text.replace(allowed, "");
        }
        for c in text.chars().filter(|c| is_han(*c)) {
            found.entry(c.to_string()).or_insert_with(|| format!("{block}: {}", r.text));
        }
    }
    report("en", "Chinese characters", &found);
}

#[test]
fn the_script_checks_tell_the_two_scripts_apart() {
    assert_eq!(traditional_only("轮到白方 · 輪到"), ['輪']);
    assert_eq!(simplified_only("輪到白方 · 轮到"), ['轮']);
    assert!(traditional_only("皇后 后手 简体").is_empty());
    assert!(simplified_only("皇后 後手 繁體").is_empty());
    let known = BTreeSet::from(["alice".to_string()]);
    assert_eq!(latin_prose("/new 需要 a game。alice A1-A4 R", &known), ["game"]);
}

/// The sweep is made from the referee tests as they are: a test added or changed since it was
/// generated would otherwise go unswept (issue 23's transcripts once did). The generator writes
/// a digest of its sources into the sweep's header; this recomputes it the same way.
#[test]
fn the_sweep_was_generated_from_the_referee_tests_as_they_are() {
    use sha2::Digest;
    let mut paths: Vec<String> = std::fs::read_dir("tests/referee")
        .expect("the referee tests' directory")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".rs"))
        .map(|name| format!("tests/referee/{name}"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 8, "the referee tests: {paths:?}");
    paths.push("tests/data/make-locale-sweep.py".to_string());
    let mut digest = sha2::Sha256::new();
    for path in &paths {
        digest.update(path.as_bytes());
        digest.update([0]);
        digest.update(std::fs::read(path).expect("a source of the sweep"));
        digest.update([0]);
    }
    let hex: String = digest.finalize().iter().map(|b| format!("{b:02x}")).collect();
    let recorded = SWEEP.lines().find_map(|l| l.strip_prefix("# sources sha256: "));
    assert_eq!(
        recorded,
        Some(hex.as_str()),
        "tests/data/locale-sweep.txt is stale: run `python3 tests/data/make-locale-sweep.py`"
    );
}

/// Board codes are in the reader's script (issue 41, item 3, and issue 42's 騎 衛 砲 on a 简体
/// board, 夹 协 on a 繁體 one): every piece code a board draws for Simplified readers holds no
/// Traditional-only character, and for Traditional readers no Simplified-only one (OpenCC's
/// tables), for the three games with pieces; Latin codes hold no Chinese at all.
#[test]
fn board_codes_are_drawn_in_the_readers_script() {
    use arbiter::games::{perfect10, rabble, ultima};
    use arbiter::render::Script;
    let codes = |script: Script| -> Vec<String> {
        let mut all: Vec<String> = ultima::Kind::ALL
            .iter()
            .map(|&k| arbiter::render::ultima::label(k, script).to_string())
            .collect();
        all.extend(
            rabble::Kind::ALL
                .iter()
                .map(|&k| arbiter::render::rabble::label(k, script).to_string()),
        );
        all.extend(
            perfect10::Kind::ALL.iter().map(|&k| arbiter::render::perfect10::label(k, script)),
        );
        all
    };
    let simplified = codes(Script::Simplified).concat();
    let traditional = codes(Script::Traditional).concat();
    assert!(traditional_only(&simplified).is_empty(), "{:?}", traditional_only(&simplified));
    assert!(simplified_only(&traditional).is_empty(), "{:?}", simplified_only(&traditional));
    // The scripts differ where the characters do (夾 協 馬 車 後 騎 衛 帥), so neither is the
    // other's copy.
    assert_ne!(simplified, traditional);
    assert!(codes(Script::Latin).concat().chars().all(|c| !is_han(c)));
}
