//! Time away from the table (docs/community.md), through transcripts as the console plays
//! them: vacations stop correspondence clocks and end on a move, `/games` in a private chat
//! and the daily digest list what waits with the time left, across the communities of two
//! platforms joined by `/link`; in each language.

use crate::common;

use serde_json::Value;

use common::{run, texts_to};

/// The texts to `to`, as a chat without live marks reads them (a moment as its UTC minute).
fn texts(out: &[Value], to: &str) -> Vec<String> {
    texts_to(out, to).into_iter().map(arbiter::table::reply::plain).collect()
}

/// The one message to `to` that starts with `start`.
fn one(out: &[Value], to: &str, start: &str) -> String {
    let found: Vec<String> = texts(out, to).into_iter().filter(|t| t.starts_with(start)).collect();
    assert_eq!(found.len(), 1, "one message to {to} starting {start:?} in {out:#?}");
    found.into_iter().next().unwrap_or_default()
}

/// Whether any message to `to` contains `part`.
fn any(out: &[Value], to: &str, part: &str) -> bool {
    texts(out, to).iter().any(|t| t.contains(part))
}

/// Alice invites Bob to Ultima in `#t` (a day per move) and moves: Bob's clock runs from the
/// transcript's start, 2026-01-01 00:00 UTC.
const BOB_TO_MOVE: &str = "alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /move c2c5\n";

#[tokio::test]
async fn a_vacation_stops_the_clock_of_a_decision_due_and_it_resumes_with_the_time_it_had() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    // Six hours into his day, Bob takes three days: his 18 hours wait for him.
    let script = format!("{BOB_TO_MOVE}!clock +6h\nbob@dm: /vacation 3\nbob@dm: /games\n");
    let out = run(&script, &db).await;
    let until = "2026-01-04 06:00 UTC";
    let started = one(&out, "dm:bob", "Vacation until");
    assert!(started.contains(until) && started.contains("(#1)"), "{started}");
    assert!(started.contains("11 of 14 days left this year"), "{started}");
    let told = one(&out, "#t", "bob is on vacation");
    assert!(told.contains(until) && told.contains("#1"), "{told}");
    let games = one(&out, "dm:bob", "Waiting for you: 1");
    assert!(games.contains("bob to act (clock stopped: vacation until"), "{games}");
    // A day later nothing has run out and nobody was reminded.
    let out = run("!clock +1d\n", &db).await;
    assert!(out.is_empty(), "{out:#?}");
    // At the vacation's end Bob hears his clocks run again, with the 18 hours he had.
    let out = run("!clock +2d\n", &db).await;
    let over = one(&out, "dm:bob", "Your vacation is over");
    assert!(over.ends_with("#1 Ultima: alice vs bob, bob to act (18h left)"), "{over}");
    // And they run: 17 hours on he is reminded, 2 more and the time is up.
    let out = run("!clock +17h\n", &db).await;
    assert!(!any(&out, "#t", "ran out of time"), "{out:#?}");
    let out = run("!clock +2h\n", &db).await;
    assert_eq!(texts(&out, "#t")[0], "bob ran out of time in #1.");
}

#[tokio::test]
async fn a_move_ends_a_vacation_early_gives_back_the_days_not_begun_and_restarts_other_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    // Bob is to move in #1 (a day per move, in #t) and in #2 (three days, in #u, his own).
    let script = format!(
        "{BOB_TO_MOVE}bob@#u: /new ultima @alice per_move=3d\nalice@#u: /accept\n\
         !clock +6h\nbob@dm: /vacation 5\n!clock +1d\nbob@#u: /move c2c5\n\
         bob@dm: /games\nbob@dm: /vacation\nalice@dm: /games\n"
    );
    let out = run(&script, &db).await;
    let told: Vec<String> =
        texts(&out, "#t").into_iter().filter(|t| t.contains("vacation")).collect();
    assert_eq!(told.len(), 2, "{told:#?}");
    assert!(told[0].starts_with("bob is on vacation until 2026-01-06 06:00 UTC"), "{told:#?}");
    // #2's chat sees the move itself; #1's is told the clocks run again.
    assert_eq!(told[1], "bob is back from vacation: clocks run again in #1.");
    assert!(!any(&out, "#u", "back from vacation"), "{out:#?}");
    // #1 has the 18 hours it had when the vacation began; one day was begun of the five.
    let games = one(&out, "dm:bob", "Waiting for you: 1");
    assert!(games.ends_with("#1 Ultima: alice vs bob, bob to act (18h left)"), "{games}");
    assert!(one(&out, "dm:bob", "You have").starts_with("You have 13 of 14 vacation days"));
    // Alice's reply in #2 has its full three days: her clock never stood still.
    assert!(one(&out, "dm:alice", "Waiting for you: 1").ends_with("alice to act (3d left)"));
    // `/vacation off` also ends one early, and the chats are told.
    let out =
        run("bob@dm: /vacation 2\n!clock +3h\nbob@dm: /vacation off\nbob@dm: /games\n", &db).await;
    assert!(one(&out, "dm:bob", "Welcome back").contains("12 of 14 vacation days left"));
    assert_eq!(
        texts(&out, "#t").last().map(String::as_str),
        Some("bob is back from vacation: clocks run again in #1.")
    );
    // The clock stood still for the three hours away: the 18 hours are whole.
    assert!(one(&out, "dm:bob", "Waiting for you: 1").ends_with("(18h left)"), "{out:#?}");
}

#[tokio::test]
async fn live_games_are_not_paused_and_bad_vacations_are_refused_without_changing_anything() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = "alice@#v: /new ultima @bob clock=live\nbob@#v: /accept\n\
                  alice@dm: /vacation 2\n!clock +11m\n";
    let out = run(script, &db).await;
    let started = one(&out, "dm:alice", "Vacation until");
    assert!(started.contains("(none running now)"), "{started}");
    assert!(!any(&out, "#v", "on vacation"), "a live game's chat is not told: {out:#?}");
    assert_eq!(one(&out, "#v", "alice ran out"), "alice ran out of time in #1.");
    let out = run(
        "alice@dm: /vacation 3\nalice@dm: /vacation off\nalice@dm: /vacation 15\n\
         bob@dm: /vacation 15\nbob@dm: /vacation two\nbob@dm: /vacation 0\nbob@dm: /vacation\n",
        &db,
    )
    .await;
    let alice = texts(&out, "dm:alice");
    assert!(alice[0].starts_with("You are already on vacation until 2026-01-03"), "{alice:#?}");
    // Ended early on its first day: one day counted of two.
    assert!(alice[1].contains("13 of 14"), "{alice:#?}");
    assert!(alice[2].contains("from 1 to 13"), "{alice:#?}");
    let bob = texts(&out, "dm:bob");
    assert!(bob[0].contains("from 1 to 14") && bob[1].contains("from 1 to 14"), "{bob:#?}");
    assert_eq!(bob[2], "You are not on vacation. /vacation <days> starts one.");
    assert!(bob[3].starts_with("You have 14 of 14"), "nothing was charged: {bob:#?}");
    // The whole allowance used, then a new year gives it back.
    let out = run(
        "bob@dm: /vacation 14\n!clock +15d\nbob@dm: /vacation 1\n!clock +365d\nbob@dm: /vacation\n",
        &db,
    )
    .await;
    let bob = texts(&out, "dm:bob");
    assert!(bob.iter().any(|t| t == "You have used your 14 vacation days for this year."));
    assert!(bob.last().is_some_and(|t| t.starts_with("You have 14 of 14")), "{bob:#?}");
}

#[tokio::test]
async fn vacations_are_worded_in_both_chinese_scripts_and_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = format!(
        "alice@dm: /settings language=zh-Hans\nbob@dm: /settings language=zh-Hant\n{BOB_TO_MOVE}\
         bob@dm: /休假 2\n"
    );
    let out = run(&script, &db).await;
    let started = one(&out, "dm:bob", "休假至");
    assert!(started.contains("計時暫停") && started.contains("今年還剩 12/14 天"), "{started}");
    assert!(any(&out, "#t", "bob 休假至 2026-01-03 00:00 UTC：在其回来之前，#1 中其计时暂停。"));
    // A new process (a restart) still knows the vacation: the clock has not run out.
    let out = run("!clock +2d\nbob@dm: /休假\n", &db).await;
    assert!(!any(&out, "#t", "ran out"), "{out:#?}");
    assert!(one(&out, "dm:bob", "你的休假結束了").contains("#1"), "{out:#?}");
    assert!(one(&out, "dm:bob", "今年（UTC）你還有 12/14 天假").contains("/vacation <天數>"));
    // Link codes and their refusals in both scripts.
    let out = run("alice@dm: /关联\nbob@dm: /關聯 ZZZZ-ZZZZ\nbob@#t: /關聯\n", &db).await;
    assert!(one(&out, "dm:alice", "你的关联代码：").contains("分钟内"), "{out:#?}");
    assert_eq!(
        texts(&out, "dm:bob"),
        ["這個關聯代碼不存在或已過期。請在另一個帳號上用 /link 取得新代碼。"]
    );
    assert_eq!(texts(&out, "#t"), ["關聯代碼是私人的：請在與我的私聊中使用 /link。"]);
    let out = run("bob@dm: /休假 99\n", &db).await;
    assert_eq!(
        texts(&out, "dm:bob"),
        ["請給出 1 到 12 之間的整天數（今年剩餘的假期），或用 /vacation off 提前回來。"]
    );
}

/// The link code in a `/link` answer.
fn code_in(text: &str) -> String {
    let at = text.find(": ").expect("a code") + 2;
    text[at..at + 9].to_string()
}

/// Bob plays on Telegram (Ultima with Alice, five days a move, in `#club`) and on Discord
/// (Perfect 10 x 10 with Carol, two days a move, in `#guild`; an invitation from Dave in `#den`).
const TWO_PLATFORMS: &str = "alice@telegram/#club: /new ultima @bob per_move=5d\n\
    bob@telegram/#club: /accept\nalice@telegram/#club: /move c2c5\n\
    carol@discord/#guild: /new perfect10 @bob per_move=2d\nbob@discord/#guild: /accept\n\
    carol@discord/#guild: /move e3-e5\ndave@discord/#den: /new chaos-clock @bob\n";

#[tokio::test]
async fn a_daily_digest_lists_the_games_of_two_platforms_communities_nearest_deadline_first() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let out = run(&format!("{TWO_PLATFORMS}bob@telegram/dm: /link\n"), &db).await;
    let code = code_in(&one(&out, "dm:telegram/bob", "Your link code:"));
    let script = format!(
        "bob@discord/dm: /link {code}\nbob@telegram/dm: /settings digest=on\n\
         bob@discord/dm: /games\nalice@telegram/dm: /games\n!clock +23h\n!clock +1h\n"
    );
    let out = run(&script, &db).await;
    assert_eq!(
        one(&out, "dm:discord/bob", "Linked:"),
        "Linked: Telegram bob. /games in a private chat and the daily digest list the games of \
         all of them. /unlink undoes it."
    );
    assert!(one(&out, "dm:telegram/bob", "Linked:").starts_with("Linked: Discord bob."));
    assert!(
        one(&out, "dm:telegram/bob", "Saved.")
            .ends_with("Daily digest: on (next 2026-01-02 00:00 UTC).")
    );
    assert_eq!(
        one(&out, "dm:discord/bob", "Waiting for you"),
        "Waiting for you: 3\n\
         #2 Perfect 10 x 10: carol vs bob, bob to act (2d left)\n\
         Telegram: #1 Ultima: alice vs bob, bob to act (5d left)\n\
         #3 Chaos Clock: dave vs bob, waiting for an answer"
    );
    assert_eq!(one(&out, "dm:telegram/alice", "Waiting for you"), "Waiting for you: 0");
    // The digest comes a day after it was asked for, privately, on the platform it was asked on.
    let digests: Vec<&Value> =
        out.iter().filter(|m| m["text"].as_str().unwrap_or("").starts_with("Your daily")).collect();
    assert_eq!(digests.len(), 1, "{out:#?}");
    assert_eq!(digests[0]["to"], "dm:telegram/bob");
    assert_eq!(
        digests[0]["text"],
        "Your daily digest: 3 games wait for you, the nearest deadline first:\n\
         Discord: #2 Perfect 10 x 10: carol vs bob, bob to act (1d left)\n\
         #1 Ultima: alice vs bob, bob to act (4d left)\n\
         Discord: #3 Chaos Clock: dave vs bob, waiting for an answer\n\n\
         /settings digest=off stops this message."
    );
    // Daily: in Traditional Chinese now; nothing in between; gone once unlinked; stopped.
    let script = "bob@telegram/dm: /settings language=zh-Hant\n!clock +12h\n!clock +12h\n\
                  bob@telegram/dm: /unlink\nbob@telegram/dm: /unlink\n!clock +1d\n\
                  bob@telegram/dm: /settings digest=off\n!clock +1d\n";
    let out = run(script, &db).await;
    let digests: Vec<String> = texts(&out, "dm:telegram/bob")
        .into_iter()
        .filter(|t| t.starts_with("你的每日摘要"))
        .collect();
    assert_eq!(digests.len(), 2, "{out:#?}");
    assert!(digests[0].starts_with("你的每日摘要：2 局等你行動"), "{digests:#?}");
    assert!(digests[0].contains("\n#1 極相棋：alice 對 bob，輪到 bob（剩 3天）\n"), "{digests:#?}");
    assert!(digests[0].contains("\nDiscord：#3 混亂時鐘：dave 對 bob，等待回應\n"), "{digests:#?}");
    assert!(!digests[1].contains("Discord"), "unlinked: {digests:#?}");
    assert!(any(&out, "dm:telegram/bob", "此帳號已不再與你的其他帳號關聯。"));
    assert!(any(&out, "dm:telegram/bob", "此帳號沒有關聯任何其他帳號。"));
}

#[tokio::test]
async fn a_digest_is_not_sent_when_nothing_waits_and_link_codes_are_single_use_and_private() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = "carol@dm: /settings digest=on\n!clock +1d\n\
        carol@#t: /link\ncarol@dm: /link NOPE-NOPE\ncarol@dm: /link\n";
    let out = run(script, &db).await;
    assert!(!texts(&out, "dm:carol").iter().any(|t| t.starts_with("Your daily")), "{out:#?}");
    assert_eq!(
        texts(&out, "#t"),
        ["Link codes are personal: use /link in a private chat with me."]
    );
    assert!(any(&out, "dm:carol", "That link code is unknown or has expired."));
    let code = code_in(&one(&out, "dm:carol", "Your link code:"));
    // Its own code; then (sixteen minutes on) an expired one; then a fresh one, used twice.
    let script = format!("carol@dm: /link {code}\ncarol@dm: /link\ncarol@dm: /link\n!clock +16m\n");
    let out = run(&script, &db).await;
    assert_eq!(
        texts(&out, "dm:carol")[0],
        "That is this account's own code: send it from your account on the other platform."
    );
    let codes: Vec<String> = texts(&out, "dm:carol").iter().skip(1).map(|t| code_in(t)).collect();
    let expired = &codes[0];
    assert_ne!(codes[0], codes[1], "each code is new");
    let out = run(&format!("carol@telegram/dm: /link {expired}\n"), &db).await;
    assert!(any(&out, "dm:telegram/carol", "unknown or has expired"), "{out:#?}");
    let out = run("carol@dm: /link\n", &db).await;
    let fresh = code_in(&one(&out, "dm:carol", "Your link code:"));
    let script = format!(
        "carol@telegram/dm: /link {fresh}\ncarol@discord/dm: /link {fresh}\ncarol@dm: /link\n"
    );
    let out = run(&script, &db).await;
    assert!(one(&out, "dm:telegram/carol", "Linked:").starts_with("Linked: Script carol."));
    assert!(any(&out, "dm:discord/carol", "unknown or has expired"), "used once: {out:#?}");
    assert!(one(&out, "dm:carol", "Your link code:").ends_with("Linked now: Telegram carol."));
}

#[tokio::test]
async fn games_in_a_group_that_answers_publicly_list_only_that_groups_waiting_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let script = format!(
        "{BOB_TO_MOVE}alice@#u: /new ultima @bob\nbob@#u: /games\nbob@#t: /games\n\
         bob@dm: /settings language=zh-Hans\nbob@dm: /对局\n"
    );
    let out = run(&script, &db).await;
    // In #u (a group everyone reads) only #u's invitation waits; nothing from #t.
    let u = one(&out, "#u", "Games in this channel");
    assert!(
        u.ends_with("Waiting for you: 1\n#2 Ultima: alice vs bob, waiting for an answer"),
        "{u}"
    );
    let t = one(&out, "#t", "Games in this channel");
    assert!(
        t.ends_with("Waiting for you: 1\n#1 Ultima: alice vs bob, bob to act (1d left)"),
        "{t}"
    );
    // Privately: both, the running game's deadline first, with the time left.
    assert_eq!(
        one(&out, "dm:bob", "等你行动"),
        "等你行动：2\n#1 极相棋：alice 对 bob，轮到 bob（剩 1天）\n#2 极相棋：alice 对 bob，等待回应"
    );
}
