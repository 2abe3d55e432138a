//! Ratings, leaderboards, profiles and histories (docs/community.md), through transcripts as
//! the console plays them, in each language; and the rebuild that recomputes ratings from the
//! stored results, as the real binary runs it.

use crate::common;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use common::{run, texts_to};

/// Alice invites Bob to Ultima in `#t`; each plays one move; then `end` (from Alice or Bob).
fn ultima(end: &str) -> String {
    format!(
        "alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /move c2c5\nbob@#t: /move a7a6\n{end}\n"
    )
}

fn texts(out: &[Value], to: &str) -> Vec<String> {
    texts_to(out, to).into_iter().map(str::to_string).collect()
}

/// The one message to `to` that starts with `start`.
fn one(out: &[Value], to: &str, start: &str) -> String {
    let found: Vec<String> = texts(out, to).into_iter().filter(|t| t.starts_with(start)).collect();
    assert_eq!(found.len(), 1, "one message starting {start:?} in {out:#?}");
    found.into_iter().next().unwrap_or_default()
}

#[tokio::test]
async fn a_rated_game_moves_both_ratings_as_the_published_glicko2_example_and_tells_the_chat() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let out = run(&ultima("alice@#t: /resign"), &db).await;
    // skillratings' documented example: two newcomers (1500, RD 350), the winner goes to 1662
    // and the loser to 1338, both still provisional.
    assert_eq!(one(&out, "#t", "#1 ratings"), "#1 ratings: alice 1338? (−162), bob 1662? (+162).");
    // The change comes after the end's announcement, never before it.
    let all = texts(&out, "#t");
    let over = all.iter().position(|t| t.contains("#1 is over")).expect("the end");
    let rated = all.iter().position(|t| t.starts_with("#1 ratings")).expect("the change");
    assert!(over < rated, "{all:#?}");
}

#[tokio::test]
async fn unrated_games_move_no_rating_and_history_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    // Asked unrated; over before both players acted; against the bot; from a position.
    let script = format!(
        "{}alice@#t: /new ultima @bob\nbob@#t: /accept\nbob@#t: /resign\n\
         alice@#t: /new chaos-clock @bot\nalice@#t: /resign\n\
         alice@#t: /new ultima @bob position=\"7k/5K2/8/8/4X3/8/8/8 w\"\nbob@#t: /accept\n\
         alice@#t: /resign\nalice@#t: /history\n",
        ultima("alice@#t: /resign").replace("/new ultima @bob", "/new ultima @bob rated=no")
    );
    let out = run(&script, &db).await;
    assert!(!texts(&out, "#t").iter().any(|t| t.contains("ratings:")), "{:#?}", texts(&out, "#t"));
    let history = one(&out, "#t", "Recent games here:");
    let lines: Vec<&str> = history.lines().skip(1).collect();
    assert_eq!(lines.len(), 4, "{history}");
    assert!(lines.iter().all(|l| l.ends_with("· unrated")), "{history}");
    assert!(lines[0].starts_with("#4 Ultima: bob beat alice"), "{history}");
    assert!(lines[1].starts_with("#3 Chaos Clock: Arbiter (bot, level 6) beat alice"), "{history}");
    assert!(lines[2].starts_with("#2 Ultima: alice beat bob"), "{history}");
    let out = run("alice@#t: /leaderboard ultima\nalice@#t: /profile\n", &db).await;
    assert_eq!(texts(&out, "#t")[0], "No rated Ultima game has ended here yet.");
    assert_eq!(texts(&out, "#t")[1], "alice has no rated game here yet.");
    // A bad rated= value is refused and starts nothing.
    let out = run("alice@#t: /new ultima @bob rated=maybe\n", &db).await;
    assert!(texts(&out, "#t")[0].contains("rated"), "{out:#?}");
    assert!(!texts(&out, "#t")[0].contains("invites"), "{out:#?}");
}

/// Three rated games in `#t`: Bob beats Alice twice at Ultima, Carol and Alice draw one.
const SEASON: &str = "alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /move c2c5\n\
    bob@#t: /move a7a6\nalice@#t: /resign\n\
    alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /move c2c5\nbob@#t: /move a7a6\n\
    alice@#t: /resign\n\
    carol@#t: /new ultima @alice\nalice@#t: /accept\ncarol@#t: /move c2c5\nalice@#t: /move a7a6\n\
    carol@#t: /draw\nalice@#t: /draw accept\n";

#[tokio::test]
async fn leaderboard_profile_and_history_answer_in_english() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    run(SEASON, &db).await;
    let out = run(
        "carol@#t: /leaderboard ultima\ndave@#t: /leaderboard ultima\nalice@#t: /profile @bob\n\
         bob@#t: /profile\nbob@#t: /history\nbob@#t: /history @carol ultima\n",
        &db,
    )
    .await;
    let said = texts(&out, "#t");
    // The figures come from an independent implementation of Glickman's paper:
    // tests/data/glicko2_season.py (bob 1720, carol 1417, alice 1323; all still provisional).
    assert_eq!(
        said[0],
        "Ultima leaderboard here (? marks a provisional rating):\n\
         1. bob 1720? · 2 games: 2 won, 0 drawn, 0 lost\n\
         2. carol 1417? · 1 game: 0 won, 1 drawn, 0 lost\n\
         3. alice 1323? · 3 games: 0 won, 1 drawn, 2 lost\n\
         You are number 2 of 3, at 1417?."
    );
    assert_eq!(
        said[1].lines().last(),
        Some("You have no Ultima rating here yet: finish a rated game to get one.")
    );
    let bob: Vec<&str> = said[2].lines().collect();
    assert_eq!(bob[0], "bob's ratings here (? marks a provisional rating):");
    assert_eq!(bob[1], "Ultima: 1720? · 2 games: 2 won, 0 drawn, 0 lost");
    assert_eq!(bob[2], "2 won in a row · recent, newest first: W W");
    assert_eq!(said[3], said[2], "his own profile reads the same");
    // A chart comes with a profile.
    let profile =
        out.iter().find(|m| m["text"].as_str().is_some_and(|t| t.starts_with("bob's"))).unwrap();
    assert_eq!(profile["image"]["width"], 520, "{profile}");
    let history: Vec<&str> = said[4].lines().collect();
    assert_eq!(history[0], "Recent games here:");
    assert!(history[1].starts_with("#3 Ultima: carol and alice drew · 20"), "{history:#?}");
    assert!(history[3].starts_with("#1 Ultima: bob beat alice · 20"), "{history:#?}");
    assert!(!said[4].contains("unrated"), "{history:#?}");
    assert_eq!(said[5].lines().count(), 2, "{}", said[5]);
    assert!(said[5].starts_with("carol's recent games here:\n#3 Ultima"), "{}", said[5]);
}

#[tokio::test]
async fn leaderboard_profile_and_history_answer_in_both_chinese_scripts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    run(SEASON, &db).await;
    let out = run(
        "!locale bob zh-Hans\nbob@#t: /排行榜 极相棋\nbob@#t: /战绩\nbob@#t: /历史\n\
         !locale bob zh-Hant\nbob@#t: /排行榜 極相棋\nbob@#t: /戰績\nbob@#t: /歷史\n\
         bob@dm: /戰績\nbob@dm: /排行榜 ultima\n",
        &db,
    )
    .await;
    let said = texts(&out, "#t");
    assert_eq!(
        said[0],
        "本群极相棋排行榜（? 表示等级分尚未稳定）：\n\
         1. bob 1720? · 2 局：2 胜 0 和 0 负\n\
         2. carol 1417? · 1 局：0 胜 1 和 0 负\n\
         3. alice 1323? · 3 局：0 胜 1 和 2 负\n\
         你在 3 人中排第 1 名，等级分 1720?。"
    );
    assert!(said[1].starts_with("bob 在本群的等级分（? 表示尚未稳定）：\n极相棋："), "{}", said[1]);
    assert!(said[1].ends_with("连胜 2 局 · 最近（新的在前）：胜 胜"), "{}", said[1]);
    assert!(said[2].starts_with("本群最近的对局：\n#3 极相棋：carol 与 alice 和棋"), "{}", said[2]);
    assert!(said[3].starts_with("本群極相棋排行榜（? 表示等級分尚未穩定）："), "{}", said[3]);
    assert!(said[4].ends_with("連勝 2 局 · 最近（新的在前）：勝 勝"), "{}", said[4]);
    assert!(said[5].contains("#1 極相棋：bob 勝 alice"), "{}", said[5]);
    // A private chat belongs to no community; its leaderboard is the everywhere pool's.
    assert_eq!(
        texts(&out, "dm:bob"),
        ["這個命令針對群組的對局：請在群裡使用。", "跨社群對局中還沒有結束的極相棋計分對局。"]
    );
}

#[tokio::test]
async fn ratings_belong_to_their_community() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    run(SEASON, &db).await;
    // Each channel of a transcript is its own community (as each Telegram group is).
    let out = run(
        "bob@#u: /leaderboard ultima\nbob@#u: /profile\nbob@#u: /history\nbob@#t: /leaderboard nosuch\n",
        &db,
    )
    .await;
    let said = texts(&out, "#u");
    assert_eq!(said[0], "No rated Ultima game has ended here yet.");
    assert_eq!(said[1], "bob has no rated game here yet.");
    assert_eq!(said[2], "No finished game here matches.");
    assert!(texts(&out, "#t")[0].starts_with("I don't know the game \"nosuch\""), "{out:#?}");
}

fn rebuild(db: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["ratings", "rebuild", "--db"])
        .arg(db)
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[tokio::test]
async fn a_rebuild_from_the_stored_results_gives_the_ratings_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    run(SEASON, &db).await;
    let store = arbiter::store::Store::open(&db).await.unwrap();
    let kept = store.all_ratings().await.unwrap();
    assert_eq!(kept.len(), 3);
    drop(store);
    assert_eq!(rebuild(&db), "Rebuilt 3 ratings from 3 rated games: identical to those kept.\n");
    let store = arbiter::store::Store::open(&db).await.unwrap();
    assert_eq!(store.all_ratings().await.unwrap(), kept);
    // Figures tampered with are put back from the results.
    let url = format!("sqlite://{}", db.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query("UPDATE ratings SET rating = 3000 WHERE user_id = 'alice'")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    drop(store);
    assert_eq!(
        rebuild(&db),
        "Rebuilt 3 ratings from 3 rated games: 1 differed from those kept and were replaced.\n"
    );
    let store = arbiter::store::Store::open(&db).await.unwrap();
    assert_eq!(store.all_ratings().await.unwrap(), kept);
}

#[tokio::test]
async fn export_sends_the_record_file_to_those_who_reach_the_game_in_each_language() {
    use sha2::Digest;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    run(&ultima("alice@#t: /resign"), &db).await;
    let out = run(
        "carol@#t: /export #1\ncarol@#u: /export #1\nbob@dm: /export #1\ncarol@dm: /export #1\n\
         carol@#t: /export\ncarol@#t: /export #9\n\
         !locale carol zh-Hans\ncarol@#t: /导出 #1\n!locale carol zh-Hant\ncarol@#t: /匯出 #1\n\
         alice@#t: /new dark-fence @bob\nbob@#t: /accept\nalice@#t: /export #2\n",
        &db,
    )
    .await;
    let said = texts(&out, "#t");
    // Issue 42: the caption says what the file holds, and names no file a chat player cannot
    // open (the repository's docs).
    assert_eq!(
        said[0],
        "Record of #1 (Ultima, 2 plies): first the game's details (players, date, result) as PGN tags, then one line per ply with what the chat was told."
    );
    // The file is the record `arbiter export` prints.
    let cli = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["export", "--game", "1", "--db"])
        .arg(&db)
        .output()
        .expect("the binary runs");
    let digest: String =
        sha2::Sha256::digest(&cli.stdout).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(out[0]["image"]["file"], "record.txt");
    assert_eq!(out[0]["image"]["sha256"], digest.as_str());
    // Another chat does not reach #1; its player does, privately; another user does not.
    assert_eq!(texts(&out, "#u"), ["There is no game #1 here."]);
    assert_eq!(texts(&out, "dm:bob")[0], said[0]);
    assert_eq!(texts(&out, "dm:carol"), ["There is no game #1 here."]);
    assert_eq!(said[1], "/export needs a game number (#id). Try /help.");
    assert_eq!(said[2], "There is no game #9 here.");
    assert_eq!(
        said[3],
        "#1 的棋谱（极相棋，共 2 手）：开头是对局信息（棋手、日期、结果），然后每手一行，附上群里当时的播报。"
    );
    assert_eq!(
        said[4],
        "#1 的棋譜（極相棋，共 2 手）：開頭是對局資訊（棋手、日期、結果），然後每手一行，附上群裡當時的播報。"
    );
    for caption in [&said[0], &said[3], &said[4]] {
        assert!(!caption.contains("docs/") && !caption.contains(".md"), "{caption}");
    }
    assert_eq!(
        *said.last().expect("the refusal"),
        "#2 hides its moves until it ends: its record comes after the end."
    );
}

/// `arbiter replay` of game 1 into `dir/r.gif`: the file's path, the run, and the file.
fn replay_of_game_one(
    dir: &Path,
    db: &Path,
) -> (std::path::PathBuf, std::process::Output, Vec<u8>) {
    let gif = dir.join("r.gif");
    let cli = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["replay", "--game", "1", "--db"])
        .arg(db)
        .arg("-o")
        .arg(&gif)
        .output()
        .expect("the binary runs");
    assert!(cli.status.success(), "{cli:?}");
    let bytes = std::fs::read(&gif).expect("the GIF");
    (gif, cli, bytes)
}

#[tokio::test]
async fn replay_sends_a_gif_with_one_frame_per_ply_once_the_game_is_over() {
    use sha2::Digest;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let out = run(
        "alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /move c2c5\nalice@#t: /replay #1\n",
        &db,
    )
    .await;
    assert_eq!(
        *texts(&out, "#t").last().expect("the refusal"),
        "#1 is still being played: its replay comes once it ends."
    );
    let out = run(
        "bob@#t: /move a7a6\nalice@#t: /resign\ncarol@#t: /replay #1\ncarol@#u: /replay #1\n\
         !locale carol zh-Hans\ncarol@#t: /回放 #1\n",
        &db,
    )
    .await;
    let replay =
        out.iter().find(|m| m["text"] == "Replay of #1 (Ultima, 2 plies).").expect("the replay");
    assert_eq!(replay["image"]["file"], "replay.gif");
    assert_eq!(texts(&out, "#u"), ["There is no game #1 here."]);
    assert!(texts(&out, "#t").contains(&"#1 的回放（极相棋，共 2 手）。".to_string()));
    // The file is the one `arbiter replay` writes: the start and each ply, three frames.
    let (gif, cli, bytes) = replay_of_game_one(dir.path(), &db);
    assert_eq!(
        String::from_utf8_lossy(&cli.stdout),
        format!("Wrote {} (3 frames, {} bytes).\n", gif.display(), bytes.len())
    );
    let digest: String = sha2::Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(replay["image"]["sha256"], digest.as_str());
    assert_eq!(arbiter::render::replay::frame_count(&bytes).expect("a GIF"), 3);
}

/// The issue's size bound, checked on its own example: a 100-ply game of Perfect 10 x 10, the
/// largest standard board, played move by move through a transcript (each move the legal one at
/// a fixed stride through the engine's list, as `arbiter bench replay` plays it) and resigned.
/// `/replay` sends 101 frames (the start and each ply) in well under 8 MB. (Its drawing time is
/// measured by `arbiter bench replay`, not here.)
#[tokio::test]
async fn a_hundred_ply_replay_sends_a_frame_per_ply_in_under_eight_megabytes() {
    use arbiter::core::Seed;
    use arbiter::games::{AnyGame, AnyOptions, GameKind};
    let options = AnyOptions::parse(GameKind::Perfect10, "").expect("the standard options");
    let mut game = AnyGame::new(&options, Seed(1)).expect("the standard start");
    let mut script = String::from("alice@#t: /new perfect10 @bob\nbob@#t: /accept\n");
    for ply in 0..100 {
        let seat = game.to_act().seat().expect("the game goes on for 100 plies");
        let legal = game.legal_actions(seat);
        let action = legal[(ply * 7 + 3) % legal.len()].clone();
        let player = ["alice", "bob"][seat.index()];
        let mut text = game.format_action(&action);
        // A pawn that may promote and stays a pawn says so (a trailing `=`), as the table asks:
        // another legal action is this one with a piece's letter after it (`g6f5w`).
        let promotes = |a: &_| {
            game.format_action(a).strip_prefix(&text).is_some_and(|rest| {
                let letters = rest.trim_start_matches('=');
                !letters.is_empty() && letters.chars().all(|c| c.is_ascii_alphabetic())
            })
        };
        if legal.iter().any(promotes) {
            text.push('=');
        }
        script += &format!("{player}@#t: /move {text}\n");
        game.play(seat, &action).expect("a legal move");
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    // SQLite only: the store's part is checked by the other tests; this one is about the file.
    // The plies are played without drawing a board after each (what this test measures is the
    // replay, drawn from the stored game); the replay is asked after a restart, with pictures.
    let mut played = Vec::new();
    arbiter::bot::script::run_words(&script, &db.clone().into(), 7, &mut played)
        .await
        .expect("the plies are played");
    let mut out = common::run_sqlite_only("alice@#t: /resign\ncarol@#t: /replay #1\n", &db).await;
    let played: Vec<serde_json::Value> = String::from_utf8(played)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    out.splice(0..0, played);
    let said = texts(&out, "#t");
    assert!(said[1].starts_with("Perfect 10 x 10 #1: alice (white, moves first)"), "{}", said[1]);
    assert!(said.iter().any(|t| t.starts_with("#1 ply 100: ")), "every move was played: {said:#?}");
    let replay = out
        .iter()
        .find(|m| m["text"] == "Replay of #1 (Perfect 10 x 10, 100 plies).")
        .expect("the replay");
    let bytes = replay["image"]["bytes"].as_u64().expect("its size");
    assert!(bytes < 8_000_000, "{bytes} bytes");
    // The same file from the binary, to count its frames.
    let (_, _, file) = replay_of_game_one(dir.path(), &db);
    assert_eq!(file.len() as u64, bytes);
    assert_eq!(arbiter::render::replay::frame_count(&file).expect("a GIF"), 101);
}

/// Names listed in a Chinese sentence are separated by the Chinese list mark 、, not an English
/// comma: the games of a "Which game?", the players of a rating change, the games a vacation
/// stops.
#[tokio::test]
async fn chinese_sentences_list_players_and_games_with_the_chinese_list_mark() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let out = run(
        "!locale alice zh-CN\n!locale bob zh-TW\n\
         alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /move c2c5\nbob@#t: /move a7a6\n\
         alice@#u: /new ultima @bob\nbob@#u: /accept\nalice@#u: /move c2c5\n\
         bob@dm: /休假 2\nbob@dm: /board\nalice@#t: /认输\n",
        &db,
    )
    .await;
    assert!(
        texts(&out, "dm:bob").contains(&"哪一局？請在下方選擇，或加上編號：#1、#2。".to_string())
    );
    let started = one(&out, "dm:bob", "休假至");
    assert!(started.contains("你在通信對局（#1、#2）中的計時暫停"), "{started}");
    assert_eq!(one(&out, "#t", "#1 等级分"), "#1 等级分：alice 1338?（−162）、bob 1662?（+162）。");
}

#[tokio::test]
async fn a_follower_gets_exactly_what_the_channel_sees_while_following_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    // Carol follows the game; Dave follows Alice's games here; Erin follows in another chat.
    let out = run(
        "alice@#t: /new dark-fence @bob\ncarol@#t: /follow #1\ndave@#t: /follow @alice\n\
         erin@#u: /follow #1\nbob@#t: /accept\nalice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm\n\
         bob@dm: D4-D1 L\nbob@dm: /confirm\n",
        &db,
    )
    .await;
    let said = texts(&out, "#t");
    assert_eq!(
        said[1],
        "You follow #1: its public announcements come to you privately. /unfollow #1 stops them."
    );
    assert_eq!(
        said[2],
        "You follow alice's games in this community: their public announcements come to you \
         privately. /unfollow with the player stops them."
    );
    assert_eq!(texts(&out, "#u"), ["There is no running game #1."]);
    assert!(texts(&out, "dm:erin").is_empty());
    // What the channel saw after the follows, Carol and Dave each got, in order, no more: no
    // path, no fence, nothing of either player's private messages.
    let channel: Vec<&Value> = out.iter().filter(|m| m["to"] == "#t").skip(3).collect();
    for follower in ["dm:carol", "dm:dave"] {
        let got: Vec<&Value> = out.iter().filter(|m| m["to"] == follower).collect();
        assert_eq!(got.len(), channel.len(), "{follower}: {got:#?}");
        for (copy, original) in got.iter().zip(&channel) {
            assert_eq!(copy["text"], original["text"]);
            assert_eq!(copy["image"], original["image"]);
            assert_eq!(copy["buttons"], serde_json::json!([]), "no buttons for a follower");
        }
    }
    // Carol stops; Dave still follows through the end and the rating change.
    let out = run(
        "carol@#t: /unfollow #1\nalice@dm: B3-B1 D\nalice@dm: /confirm\nbob@dm: D1-D3-B3 U\n\
         bob@dm: /confirm\ncarol@#t: /unfollow #1\nalice@#t: /follow #1\ndave@#t: /follow @dave\n\
         carol@dm: /follow #1\ncarol@#t: /follow\n",
        &db,
    )
    .await;
    assert!(texts(&out, "dm:carol").iter().all(|t| !t.contains("Ply")), "{out:#?}");
    let dave = texts(&out, "dm:dave");
    assert!(dave.last().is_some_and(|t| t.starts_with("#1 ratings: alice 1662?")), "{dave:#?}");
    let said = texts(&out, "#t");
    assert_eq!(said[0], "You no longer follow #1.");
    let tail: Vec<&String> = said.iter().rev().take(4).rev().collect();
    assert_eq!(
        tail,
        [
            "You did not follow #1.",
            "There is no running game #1.",
            "Your own games' announcements reach you already.",
            "/follow needs a game (#id) or a player (@name). Try /help.",
        ]
    );
    assert_eq!(
        texts(&out, "dm:carol"),
        ["This command is about a group's games: use it in the group's chat."]
    );
}

#[tokio::test]
async fn follows_are_answered_in_both_chinese_scripts_and_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let out = run(
        "alice@#t: /new ultima @bob\nbob@#t: /accept\n!locale carol zh-Hans\ncarol@#t: /关注 #1\n\
         !locale dave zh-Hant\ndave@#t: /追蹤 @alice\n",
        &db,
    )
    .await;
    let said = texts(&out, "#t");
    assert!(
        said.contains(
            &"你关注了 #1：它的公开播报会私下发给你。/取消关注 #1 即可停止。".to_string()
        ),
        "{said:#?}"
    );
    assert!(said.contains(&"你關注了 alice 在本群的對局：它們的公開播報會私下傳給你。對這位玩家用 /取消關注 即可停止。".to_string()), "{said:#?}");
    // A new referee process (each run is one) still knows the follows.
    let out = run("alice@#t: /move c2c5\n", &db).await;
    assert!(texts(&out, "#t")[0].starts_with("#1 ply 1: alice (white) pincer c2-c5."));
    assert_eq!(texts(&out, "dm:carol"), texts(&out, "#t"));
    assert_eq!(texts(&out, "dm:dave"), texts(&out, "#t"));
}

// Issue 42: `/leaderboard` can require a minimum of rated games (`min=`, `最少=`). In `SEASON`
// bob has played 2 rated games, alice 3 and carol 1 (counted from the script), so `min=2` lists
// bob and alice, in the order of the full board, and tells carol why she is not listed.
#[tokio::test]
async fn issue_42_the_leaderboard_can_require_a_minimum_of_rated_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    run(SEASON, &db).await;
    let out = run(
        "carol@#t: /leaderboard ultima\ncarol@#t: /leaderboard ultima min=2\n\
         carol@#t: /排行榜 ultima 最少=4\ncarol@#t: /排行榜 ultima 至少=x\n",
        &db,
    )
    .await;
    let said = texts(&out, "#t");
    let full: Vec<&str> = said[0].lines().filter(|l| l.starts_with(char::is_numeric)).collect();
    let board = &said[1];
    let listed: Vec<&str> = board.lines().filter(|l| l.starts_with(char::is_numeric)).collect();
    assert_eq!(
        board.lines().next(),
        Some(
            "Ultima leaderboard here, players with at least 2 rated games (? marks a provisional rating):"
        )
    );
    // The full board without carol, renumbered.
    let without_carol: Vec<String> = full
        .iter()
        .filter(|l| !l.contains(" carol "))
        .enumerate()
        .map(|(i, l)| format!("{}.{}", i + 1, l.split_once('.').map_or("", |(_, rest)| rest)))
        .collect();
    assert_eq!(listed, without_carol, "{board}");
    assert_eq!(listed.len(), 2, "{board}");
    assert_eq!(
        board.lines().last(),
        Some("You have one rated Ultima game here, fewer than the 2 this list asks for.")
    );
    // Chinese names for the option; none has 4; a bad count is refused by name.
    assert_eq!(said[2], "No player here has 4 rated Ultima games yet.");
    assert_eq!(
        said[3],
        "/leaderboard: min= takes a whole number from 1, as in min=5; \"x\" is not one. Nothing was done."
    );
}

// Issue 42: `/history` pages, ten games a page, and says which page of how many.
#[tokio::test]
async fn issue_42_history_pages_and_says_which_page_of_how_many() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let games = "alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /resign\n".repeat(12);
    run(&games, &db).await;
    let out = run(
        "alice@#t: /history\nalice@#t: /history page=2\nalice@#t: /history page=3\n\
         alice@#t: /history page=0\n!locale alice zh-Hans\nalice@#t: /历史 页=2\n",
        &db,
    )
    .await;
    let said = texts(&out, "#t");
    let ids = |text: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix('#'))
            .filter_map(|l| l.split_whitespace().next().map(str::to_string))
            .collect()
    };
    let first: Vec<String> = (3..=12).rev().map(|i| i.to_string()).collect();
    assert_eq!(ids(&said[0]), first, "{}", said[0]);
    assert_eq!(said[0].lines().last(), Some("Page 1 of 2; older games: page=2."));
    assert_eq!(ids(&said[1]), ["2", "1"], "{}", said[1]);
    assert_eq!(said[1].lines().last(), Some("Page 2 of 2."));
    assert_eq!(said[2], "There is no page 3: the list has 2 pages.");
    assert!(said[3].starts_with("/history: page= takes a whole number from 1"), "{}", said[3]);
    assert_eq!(ids(&said[4]), ["2", "1"], "{}", said[4]);
    assert_eq!(said[4].lines().last(), Some("第 2 页，共 2 页。"));
}
