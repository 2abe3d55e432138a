//! Each chat its own language (issue 41, item 3): a chat's administrators choose the language of
//! its public messages with `/settings chat-language=…`; every announcement and board picture of
//! its games follows it, while each private message keeps its reader's language; a language a
//! client reported is kept across restarts.
//!
//! The expected public output is never written out here: it is the output of the same game
//! whose creator reads that language (how a game's public language was chosen before chats had
//! their own), so the test checks that the chat's choice gives exactly what a creator's gave.

use serde_json::Value;

use crate::common::{run, texts_to};

/// A whole referee-mode Dark Fence game in `#t`, after `setup`.
fn fence_game(setup: &str) -> String {
    format!(
        "{setup}alice@#t: /new dark-fence @bob\nbob@#t: /accept\nalice@dm: A1-A4-B4-B3 R\n\
         alice@dm: /confirm\nbob@dm: D4-D1 L\nbob@dm: /confirm\nalice@dm: B3-B1 D\n\
         alice@dm: /confirm\nbob@dm: D1-D3-B3 U\nbob@dm: /confirm\n"
    )
}

/// Every message (text and picture) sent to `to`.
fn messages_to(out: &[Value], to: &str) -> Vec<(String, Value)> {
    out.iter()
        .filter(|m| m["to"] == to)
        .map(|m| (m["text"].as_str().unwrap_or("").to_string(), m["image"].clone()))
        .collect()
}

fn has_han(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[tokio::test]
async fn a_group_set_to_traditional_chinese_announces_its_games_in_it_while_english_players_read_english()
 {
    let dir = tempfile::tempdir().unwrap();
    // The chat chose 繁體中文; alice, who opens the game, and bob read English.
    let chosen = run(
        &fence_game("!admin alice\nalice@#t: /settings chat-language=zh-Hant\n"),
        &dir.path().join("chosen.db"),
    )
    .await;
    // The same game opened by a creator who reads 繁體中文 (the public language before chats
    // had their own), and by one who reads English with nothing chosen.
    let creator =
        run(&fence_game("alice@dm: /settings language=zh-Hant\n"), &dir.path().join("creator.db"))
            .await;
    let english = run(&fence_game(""), &dir.path().join("english.db")).await;

    let mut public = messages_to(&chosen, "#t");
    let notice = public.remove(0).0;
    assert!(notice.starts_with("本聊天的語言現在是繁體中文"), "{notice}");
    let expected = messages_to(&creator, "#t");
    assert!(expected.len() >= 6 && expected.iter().any(|(_, image)| !image.is_null()));
    assert_eq!(public, expected, "the chat's language words and draws as a creator's did");
    assert!(public.iter().all(|(text, _)| text.is_empty() || has_han(text)), "{public:#?}");
    assert_ne!(public, messages_to(&english, "#t"), "the English game reads otherwise");
    // Privately, each player reads their own language: what they read in the English game.
    for who in ["dm:alice", "dm:bob"] {
        assert_eq!(messages_to(&chosen, who), messages_to(&english, who), "{who}");
        assert!(texts_to(&chosen, who).iter().all(|t| !has_han(t)), "{who}");
    }
}

#[tokio::test]
async fn only_an_administrator_sets_a_chats_language_in_the_chat_itself_and_a_refusal_changes_nothing()
 {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let out = run(
        "bob@#t: /settings chat-language=zh-Hans\nalice@dm: /settings chat-language=zh-Hans\n\
         !admin alice\nalice@#t: /settings chat-language=klingon\n\
         alice@#t: /settings chat-language=zh-Hans pings=nonsense\nalice@#t: /new ultima @bob\n",
        &db,
    )
    .await;
    assert_eq!(
        texts_to(&out, "#t")[..3],
        [
            "Only an administrator of this chat can set its language.",
            "I can't change \"chat_language=klingon\". Try: /settings language=en notifications=off",
            "I can't change \"pings=nonsense\". Try: /settings language=en notifications=off",
        ]
    );
    assert_eq!(
        texts_to(&out, "dm:alice"),
        ["A chat's language is set in the chat itself: send /settings \
             chat-language=en|zh-Hans|zh-Hant there."]
    );
    // Nothing was chosen: alice's game speaks her English.
    let invitation = texts_to(&out, "#t")[3];
    assert!(invitation.starts_with("alice invites ") && invitation.contains(" to Ultima #1."));
}

#[tokio::test]
async fn choosing_a_chats_language_moves_its_running_games_and_auto_leaves_new_games_to_their_creators()
 {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let out = run(
        "alice@#t: /new ultima @bob\nbob@#t: /accept\n!admin carol\n\
         carol@#t: /settings chat-language=zh-Hans\nalice@#t: /move c2c5\n\
         carol@#t: /settings chat-language=auto\nalice@#u: /new ultima @bob\n",
        &db,
    )
    .await;
    let public = texts_to(&out, "#t");
    let set = public.iter().find(|t| t.starts_with("本聊天的语言现在是简体中文")).expect("set");
    assert!(set.contains("正在进行的 1 局也一样"), "{set}");
    // The running game's next announcement is in the chat's new language.
    let moved = public.iter().position(|t| t.starts_with("#1 第1手：alice")).expect("moved");
    assert!(public.iter().position(|t| t == set).unwrap() < moved);
    // `auto` forgets the choice, worded for carol; the running game keeps its language.
    assert!(public.last().is_some_and(|t| t.starts_with("This chat has no language of its own")));
    // Another chat never chose: alice's new game there speaks her English.
    let elsewhere = texts_to(&out, "#u")[0];
    assert!(elsewhere.starts_with("alice invites ") && elsewhere.contains(" to Ultima #2."));
    // A restart keeps the running game's language.
    let out = run("bob@#t: /move d7d5\n", &db).await;
    assert!(texts_to(&out, "#t")[0].starts_with("#1 第2手：bob"), "{out:#?}");
}

#[tokio::test]
async fn a_language_a_client_reported_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    // What bob reads when he chose 繁體中文 himself: the invitation's private copy.
    let chosen = run(
        "bob@dm: /settings language=zh-Hant\nalice@#t: /new ultima @bob\n",
        &dir.path().join("chosen.db"),
    )
    .await;
    let expected = texts_to(&chosen, "dm:bob")[1..].to_vec();
    assert!(expected.iter().any(|t| has_han(t)), "{expected:?}");
    // Bob's client reports zh-TW once; after a restart, with bob silent, his invitation comes in
    // Traditional Chinese.
    let db = dir.path().join("a.db");
    run("!locale bob zh-TW\nbob@dm: /help\n", &db).await;
    let out = run("alice@#t: /new ultima @bob\n", &db).await;
    assert_eq!(texts_to(&out, "dm:bob"), expected);
}

/// Words of Chinese `/rules` text that are notation though written in lowercase letters: the
/// title Perfect 10 x 10 keeps beside its Chinese name, and the words players type in Rabble's
/// moves (`pick default`, `pass draw`, `pass accept`, `drop P@7,6`).
const RULES_NOTATION: &[&str] = &["perfect", "pick", "default", "pass", "draw", "accept", "drop"];

/// Issue 42, item 6: the English words of a Chinese `/rules <game>`. The text is cut into
/// chunks at spaces and at every non-ASCII character; a chunk holding a digit or one of
/// `= @ # / | + * _ < > [ ] &` is notation (a move, a `key=value`, a position, `@bot`) and is
/// left alone; in any other chunk, a word (a run of ASCII letters, `-` inside) with three
/// lowercase letters in a row is English unless it is notation: a command, a game code, an
/// option key, one of an option's values (its `|` alternatives when they are all notation, and
/// its default), the table's own keys, or [`RULES_NOTATION`]. Commas and full stops mark no
/// notation: "CxR, 2..26 each" is caught by its "each".
fn english_in_rules(text: &str) -> Vec<String> {
    use arbiter::games::GameKind;
    let mut notation: std::collections::BTreeSet<String> =
        RULES_NOTATION.iter().map(|w| (*w).to_string()).collect();
    for kind in GameKind::ALL {
        notation.insert(kind.code().to_string());
        for spec in kind.option_specs() {
            notation.insert(spec.key.to_string());
            notation.insert(spec.default.to_lowercase());
            if !spec.values.contains(char::is_whitespace) {
                notation.extend(spec.values.split(['|', ',']).map(str::to_lowercase));
            }
        }
    }
    for word in ["clock", "correspondence", "live", "position", "true", "false"] {
        notation.insert(word.to_string());
    }
    for spec in arbiter::table::command::COMMANDS {
        notation.insert(spec.name.to_string());
    }
    let lowercase_run =
        |word: &str| word.as_bytes().windows(3).any(|w| w.iter().all(u8::is_ascii_lowercase));
    let mut found = Vec::new();
    for chunk in text.split(|c: char| c.is_whitespace() || !c.is_ascii()) {
        if chunk.chars().any(|c| c.is_ascii_digit() || "=@#/|+*_<>[]&".contains(c)) {
            continue;
        }
        for word in chunk.split(|c: char| !(c.is_ascii_alphabetic() || c == '-')) {
            let word = word.trim_matches('-');
            if lowercase_run(word) && !notation.contains(&word.to_lowercase()) {
                found.push(word.to_string());
            }
        }
    }
    found
}

#[test]
fn the_english_check_of_rules_tells_prose_from_notation() {
    assert_eq!(english_in_rules("棋盘 = CxR, 2..26 each（默认：4x4）"), ["each"]);
    assert!(english_in_rules("report = dir8|dir16+manhattan（默认：dir8）：精确程度").is_empty());
    assert_eq!(english_in_rules("（/new <游戏> key value ...）"), ["key", "value"]);
    assert!(english_in_rules("red_gives = level1..level7 或 steps2..").is_empty());
    assert!(english_in_rules("position=\"4x4 p1=A1 to=p1\" 与 /new chaos-clock @bot").is_empty());
}

/// Issue 42, item 6: `/rules <game>` read in Chinese holds no English word beyond notation, in
/// both scripts, for every game (Dark Fence's options' help once came from the engine's
/// English, and its board values read "CxR, 2..26 each").
#[tokio::test]
async fn chinese_rules_of_every_game_hold_no_english_beyond_notation() {
    let dir = tempfile::tempdir().unwrap();
    let mut found = Vec::new();
    for locale in ["zh-CN", "zh-TW"] {
        for kind in arbiter::games::GameKind::ALL {
            let script = format!("!locale carol {locale}\ncarol@#t: /rules {}\n", kind.code());
            let db = dir.path().join(format!("{locale}-{}.db", kind.code()));
            let out = run(&script, &db).await;
            let text: String = out.iter().filter_map(|m| m["text"].as_str()).collect();
            assert!(has_han(&text), "{locale} {}: {text}", kind.code());
            for word in english_in_rules(&text) {
                found.push(format!("{locale} /rules {}: {word}", kind.code()));
            }
        }
    }
    assert!(found.is_empty(), "English in Chinese /rules:\n{}", found.join("\n"));
}
