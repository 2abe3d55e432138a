//! The analysis command line, run as the real binary: its exact interface (README "Command line").

use std::process::{Command, Output};

use serde_json::Value;

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter")).args(args).output().expect("the binary runs")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON object")
}

#[test]
fn play_prints_one_json_object_for_the_spec_example_t01() {
    let out = arbiter(&["play", "dark-fence", "A1-A4-B4-B3 R"]);
    assert!(out.status.success(), "{out:?}");
    let v = json(&out);
    assert_eq!(v["game"], "dark-fence");
    assert_eq!(v["position"], "4x4 p1=B3 p2=D4 to=p2 fences=B3:R@p1");
    assert_eq!(v["to_act"], "p2");
    assert_eq!(v["outcome"], Value::Null);
    assert_eq!(v["events"][0]["type"], "announced");
    assert_eq!(v["events"][0]["reports"][0]["dir"], "down-right", "spec T-01: P1 sees P2 右下");
    assert_eq!(v["events"][0]["reports"][1]["dir"], "up-left", "spec T-01: P2 sees P1 左上");
}

#[test]
fn a_bad_action_exits_1_with_its_index_and_applies_nothing_after_it() {
    let out = arbiter(&["play", "dark-fence", "A1-A2 R", "D4-C3 U", "A2 R"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["error"]["action_index"], 1);
    assert_eq!(v["error"]["kind"], "not-straight");
    assert_eq!(v["error"]["message"], "D4 to C3 is not a straight line");
}

#[test]
fn options_position_and_seed_shape_the_game() {
    let out = arbiter(&[
        "play",
        "dark-fence",
        "--options",
        "mode=challenge,commitments=true",
        "--position",
        "4x4 p1=B2 p2=D4 to=p1 fences=A1:R@p2",
        "--seed",
        "42",
        "B2-A2 U",
        "pass",
        "challenge",
    ]);
    assert!(out.status.success(), "{out:?}");
    let v = json(&out);
    assert_eq!(v["outcome"]["result"], "p2", "P1 is clean, so P1's challenge of P2 fails");
    assert_eq!(v["outcome"]["reason"], "challenge-rejected");
    assert_eq!(
        v["events"][0],
        serde_json::json!({"type": "recorded", "ply": 1, "audience": "only:p1"})
    );
    assert_eq!(v["events"][1]["cell"], "A2");
    assert_eq!(v["events"][1]["commitment"].as_str().map(str::len), Some(64));
}

#[test]
fn moves_prints_sorted_canonical_actions_one_per_line() {
    let out = arbiter(&["moves", "dark-fence", "--options", "board=2x2"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4 * 4, "each of the 4 cells of 2x2 with each direction");
    let mut sorted = lines.clone();
    sorted.sort_unstable();
    assert_eq!(lines, sorted);
    assert_eq!(lines[0], "A1 D");
    let window = arbiter(&[
        "moves",
        "dark-fence",
        "--options",
        "mode=challenge,partition_handling=claim",
        "A1 D",
    ]);
    assert_eq!(window.status.code(), Some(2), "moves takes no actions: a usage error");
}

#[test]
fn setup_errors_exit_1_without_an_action_index() {
    for args in [
        &["play", "chess"][..],
        &["play", "dark-fence", "--options", "board=40x40"],
        &["moves", "dark-fence", "--position", "4x4 p1=A1"],
    ] {
        let out = arbiter(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let v = json(&out);
        assert_eq!(v["error"]["action_index"], Value::Null, "{args:?}");
        assert!(v["error"]["kind"].as_str().is_some_and(|k| !k.is_empty()), "{args:?}");
    }
}

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone()).expect("utf-8").lines().map(str::to_string).collect()
}

#[test]
fn ultima_perft_prints_the_spec_reference_numbers() {
    // Spec "Reference numbers": 32; 944; 42,762 under every option set.
    let out =
        arbiter(&["perft", "ultima", "--options", "immobilizer=pure,suicide=off", "--depth", "3"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(lines(&out), ["depth 1: 32", "depth 2: 944", "depth 3: 42762"]);
}

#[test]
fn ultima_perft_divide_lines_sum_to_the_total() {
    let out = arbiter(&["perft", "ultima", "--depth", "2", "--divide"]);
    assert!(out.status.success(), "{out:?}");
    let lines = lines(&out);
    assert_eq!(lines.len(), 32 + 2, "one line per first move, then depths 1 and 2");
    let split: Vec<(&str, u64)> = lines[..32]
        .iter()
        .map(|l| {
            let (action, count) = l.split_once(": ").expect("action: count");
            (action, count.parse().expect("a count"))
        })
        .collect();
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 944);
    // Black's 8 pincers have 4 moves each, except the one on the file White's pincer went up:
    // it keeps 3 after a2a3 (a6, a5, a4) … and none after a2a6.
    assert_eq!(split[..4], [("a2a3", 31), ("a2a4", 30), ("a2a5", 29), ("a2a6", 28)]);
    assert_eq!(lines[32..], ["depth 1: 32", "depth 2: 944"]);
}

#[test]
fn ultima_moves_lists_the_32_pincer_moves() {
    let out = arbiter(&["moves", "ultima"]);
    assert!(out.status.success());
    let lines = lines(&out);
    assert_eq!(lines.len(), 32);
    assert_eq!(lines[0], "a2a3");
    assert_eq!(lines[31], "h2h6");
}

#[test]
fn ultima_play_prints_the_moves_captures_and_outcome_as_json() {
    let out = arbiter(&["play", "ultima", "d2d5", "e7-e6"]);
    assert!(out.status.success(), "{out:?}");
    let v = json(&out);
    assert_eq!(v["game"], "ultima");
    assert_eq!(v["position"], "clxwkxli/pppp1ppp/4p3/3P4/8/8/PPP1PPPP/ILXKWXLC w");
    assert_eq!(v["to_act"], "white");
    assert_eq!(v["outcome"], Value::Null);
    assert_eq!(
        v["events"][0],
        serde_json::json!({
            "type": "moved", "color": "white", "piece": "pincer", "from": "d2", "to": "d5",
            "captures": [], "check": false, "attacker": null, "freezes": [],
            "audience": "everyone"
        })
    );
    // A checkmate in one: the chameleon lands on g7 next to h8 (see the engine's tests).
    let mate = arbiter(&["play", "ultima", "--position", "7k/5K2/8/4X3/8/8/8/8 w", "Xe5-g7"]);
    let v = json(&mate);
    assert_eq!(v["outcome"], serde_json::json!({"result": "white", "reason": "checkmate"}));
    assert_eq!(v["events"][1]["type"], "ended");
    let refused = arbiter(&["play", "ultima", "e1e4"]);
    assert_eq!(refused.status.code(), Some(1));
    let v = json(&refused);
    assert_eq!(v["error"]["kind"], "illegal-move");
    assert_eq!(
        v["error"]["message"],
        "the withdrawer on e1 cannot move to e4: the pincer on e2 is in the way"
    );
}

#[test]
fn perfect10_perft_prints_the_specs_full_rules_numbers() {
    // Spec "Perft numbers", full rules: 34; 1,156; 44,349.
    let out = arbiter(&["perft", "perfect10", "--depth", "3"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(lines(&out), ["depth 1: 34", "depth 2: 1156", "depth 3: 44349"]);
}

#[test]
fn perfect10_moves_lists_the_34_opening_moves_in_the_oracles_notation() {
    let out = arbiter(&["moves", "perfect10"]);
    assert!(out.status.success());
    let start = lines(&out);
    // The oracle's curated-0 record (sorted lexicographically).
    assert_eq!(start.len(), 34);
    assert_eq!(start[..3], ["a2a4", "a3a4", "a3a5"]);
    assert_eq!(start[33], "j3j5");
    let out = arbiter(&["moves", "perfect10", "--position", "k9/2P7/10/10/10/10/10/10/10/K9 w"]);
    let promoting = lines(&out);
    assert!(promoting.contains(&"c9c10q".to_string()), "{promoting:?}");
    assert!(!promoting.contains(&"c9c10".to_string()), "promotion on the last rank is forced");
}

#[test]
fn perfect10_play_prints_seed_codes_checks_and_the_outcome_as_json() {
    let out = arbiter(&["play", "perfect10", "Nb2-c4", "e8e6"]);
    assert!(out.status.success(), "{out:?}");
    let v = json(&out);
    assert_eq!(v["game"], "perfect10");
    assert_eq!(
        v["position"],
        "rcabqkbacr/snegimgens/pppp1ppppp/10/4p5/10/2N7/PPPPPPPPPP/S1EGIMGENS/RCABQKBACR w KQkq - 0 2"
    );
    assert_eq!(v["events"][0]["seed"], "Nb2-c4");
    assert_eq!(v["events"][1]["seed"], "e8-e6");
    // A back-rank mate: the rook becomes a Dragon on a10.
    let mate = arbiter(&[
        "play",
        "perfect10",
        "--position",
        "9k/8pp/10/10/10/10/10/10/10/R4K4 w",
        "a1a10",
    ]);
    let v = json(&mate);
    assert_eq!(v["outcome"], serde_json::json!({"result": "white", "reason": "checkmate"}));
    assert_eq!(v["events"][0]["promoted"], "dragon");
    assert_eq!(v["events"][0]["seed"], "Ra1-a10=R+");
    let refused = arbiter(&["play", "perfect10", "e9e8"]);
    assert_eq!(refused.status.code(), Some(1));
    let v = json(&refused);
    assert_eq!(v["error"]["kind"], "not-your-piece");
}

#[test]
fn chaos_clock_moves_lists_every_move_and_pass_at_the_start() {
    let out = arbiter(&["moves", "chaos-clock", "--position", "8,6,1,11,9,10,12,7,4,2,3,5;1;0"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    // Every piece may move at the start (no piece at home, nothing banned), plus a pass.
    assert_eq!(lines.len(), 13);
    assert!(lines.contains(&"m5") && lines.contains(&"pass"));
}

#[test]
fn chaos_clock_play_prints_the_capture_and_whose_hand_it_went_to() {
    let out =
        arbiter(&["play", "chaos-clock", "--position", "8,6,1,11,9,10,12,7,4,2,3,5;1;0", "走5"]);
    assert!(out.status.success(), "{out:?}");
    let v = json(&out);
    // 5 on slot 12 goes home to slot 5 and takes 9 to 甲's hand: the README game's next line.
    assert_eq!(v["position"], "8,6,1,11,5,10,12,7,4,2,3,0;0;5");
    assert_eq!(v["to_act"], "jia");
    assert_eq!(
        v["events"][0],
        serde_json::json!({
            "type": "moved", "seat": 1, "piece": 5, "from": 12, "to": 5,
            "captured": {"piece": 9, "slot": 5, "hand": 0}, "home": true, "audience": "everyone"
        })
    );
}

#[test]
fn chaos_clock_solve_prints_the_verdict_and_every_best_action() {
    // Spec §6.1 test case: 甲 wins, only by m11.
    let out = arbiter(&["solve", "chaos-clock", "--position", "4,3,7,11,5,10,12,0,0,2,0,0;0;7"]);
    assert!(out.status.success(), "{out:?}");
    let v = json(&out);
    assert_eq!(v["verdict"], "win");
    assert_eq!(v["result"], "jia");
    assert_eq!(v["best"], serde_json::json!(["m11"]));
    assert!(v["positions"].as_u64().is_some_and(|n| n > 0));
    // Past the budget the answer is unknown, never a guess.
    let out = arbiter(&[
        "solve",
        "chaos-clock",
        "--position",
        "8,6,1,11,9,10,12,7,4,2,3,5;1;0",
        "--max-positions",
        "1000",
    ]);
    let v = json(&out);
    assert_eq!(v["verdict"], "unknown");
    assert_eq!(v["best"], serde_json::json!([]));
    // A finished game has its result and no actions: every piece home is 共赢; 1 and 2 on each
    // other's slots can never move again, so both sides are stuck (the spec's note 9: 同输).
    for (position, result) in [
        ("1,2,3,4,5,6,7,8,9,10,11,12;1;0", "both-win"),
        ("2,1,3,4,5,6,7,8,9,10,11,12;1;0", "both-lose"),
    ] {
        let v = json(&arbiter(&["solve", "chaos-clock", "--position", position]));
        assert_eq!(v["result"], result, "{position}");
        assert_eq!(v["best"], serde_json::json!([]), "{position}");
    }
}

#[test]
fn rabble_moves_are_listed_one_origin_at_a_time() {
    let out = arbiter(&["moves", "rabble", "--options", "select=off", "--from", "7,6"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    // The seed's first move and its neighbours: two leap-captures ahead, stacking sideways.
    assert!(text.contains("x7,8") && text.contains("x7,7") && text.contains("&6,6 (1)"), "{text}");
    let out = arbiter(&["moves", "rabble", "--options", "select=off"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json(&out)["error"]["kind"], "unbounded-actions");
    let out = arbiter(&["play", "rabble", "--options", "select=off", "7,6x7,8", "3,7>3,6"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["error"]["action_index"], 1);
    assert_eq!(v["error"]["kind"], "use-capture");
}

#[test]
fn options_after_the_actions_count_as_options_for_render_and_play() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let before = dir.path().join("before.png");
    let after = dir.path().join("after.png");
    let first = arbiter(&["render", "ultima", "-o", before.to_str().expect("utf-8"), "c2c5"]);
    assert!(first.status.success(), "{first:?}");
    let out = arbiter(&["render", "ultima", "c2c5", "-o", after.to_str().expect("utf-8")]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        std::fs::read(&after).expect("-o after the action"),
        std::fs::read(&before).unwrap()
    );
    let seat = dir.path().join("seat.png");
    let out = arbiter(&[
        "render",
        "dark-fence",
        "A1-A4-B4-B3 R",
        "--seat",
        "p2",
        &format!("--output={}", seat.display()),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(seat.exists());
    // `play`: options anywhere among the actions; the actions keep their order.
    let out = arbiter(&["play", "dark-fence", "A1-A2 R", "--options", "board=5x5", "E5 L"]);
    assert!(out.status.success(), "{out:?}");
    let v = json(&out);
    assert!(v["position"].as_str().is_some_and(|p| p.starts_with("5x5 ")), "{v}");
    assert_eq!(v["events"].as_array().map(Vec::len), Some(4), "two actions applied: {v}");
    // A misspelt option after the actions is still a usage error, not an action.
    let out = arbiter(&["play", "dark-fence", "A1-A2 R", "--sed", "3"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

#[test]
fn an_action_that_begins_with_a_hyphen_is_still_an_action_among_options() {
    // Rabble squares left of the board have negative coordinates: `-1,6` is a square, not an
    // option, wherever it stands.
    let out = arbiter(&[
        "play",
        "rabble",
        "7,6x7,8",
        "--options",
        "select=off",
        "-1,6>-1,5",
        "--seed",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let v = json(&out);
    assert_eq!(v["error"]["action_index"], 1, "the second action was refused: {v}");
    let out = arbiter(&["play", "rabble", "--options", "select=off", "--", "-1,6>-1,5"]);
    assert_eq!(json(&out)["error"]["action_index"], 0, "{out:?}");
}

/// Runs the binary with stdout a pipe whose reader is already gone (`arbiter … | head` after
/// head has exited).
fn into_a_closed_pipe(args: &[&str], dir: &std::path::Path) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir)
        .env_remove("TELEGRAM_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .env("ARBITER_DATABASE", dir.join("arbiter.db"))
        .stdin(std::process::Stdio::null())
        .stdout(writer)
        .output()
        .expect("the binary runs")
}

#[test]
fn a_reader_that_goes_away_ends_the_output_quietly_for_every_printing_command() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let transcript = dir.path().join("t.txt");
    std::fs::write(&transcript, "alice@#table: /help\n").expect("the transcript");
    let transcript = transcript.to_str().expect("utf-8");
    let position = "8,6,1,11,9,10,12,7,4,2,3,5;1;0";
    for args in [
        &["moves", "ultima"][..],
        &["moves", "rabble", "--options", "select=off", "--from", "7,6"],
        &["play", "dark-fence", "A1-A4-B4-B3 R"],
        &["perft", "ultima", "--depth", "2", "--divide"],
        &["solve", "chaos-clock", "--position", position, "--max-positions", "1000"],
        &["script", transcript],
        &["bench", "perft", "--depth", "1"],
        &["bench", "render", "--iterations", "1"],
        &["bench", "chaos-clock", "--starts", "1", "--max-positions", "1000"],
        &["bench", "rabble", "--changes", "10", "--repeats", "1"],
        &["bench", "referee", "--games", "2", "--moves", "4", "--workers", "1"],
        &["serve"],
    ] {
        let out = into_a_closed_pipe(args, dir.path());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(out.status.success(), "{args:?}: {:?} {stderr}", out.status);
    }
    // A refusal keeps its status; printing it into the closed pipe does not panic either.
    let out = into_a_closed_pipe(&["play", "chess"], dir.path());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"), "{out:?}");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
}

/// What `arbiter` prints on stderr for a configuration file holding `text`.
fn config_error(text: &str) -> String {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("config.toml");
    std::fs::write(&file, text).expect("the config file");
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("--config")
        .arg(&file)
        .current_dir(dir.path())
        .env("TELEGRAM_TOKEN", "123456:ENV-SECRET-token")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_toml_error_on_the_token_line_never_echoes_the_token() {
    for (text, line) in [
        ("[discord]\ntoken = \"MTIz.FILE-SECRET.xyz\n", 2),
        ("database = \"a.db\"\n\n[discord]\ntoken = MTIz.FILE-SECRET.xyz\n", 4),
    ] {
        let stderr = config_error(text);
        assert!(!stderr.contains("SECRET"), "{stderr}");
        assert!(stderr.contains(&format!("line {line}, column ")), "{stderr}");
        assert!(stderr.contains("discord.token"), "{stderr}");
    }
}

// Issue 44: `arbiter export --tournament N` prints the tournament's record: its headers, the
// final standings and crosstable, every round's pairings, then each game's record.
#[test]
fn export_of_a_tournament_prints_its_standings_pairings_and_every_games_record() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let script = dir.path().join("t.txt");
    std::fs::write(
        &script,
        "!admin alice\n\
         alice@#club: /tournament new ultima format=roundrobin\n\
         bob@#club: /tournament join\n\
         carol@#club: /tournament join\n\
         alice@#club: /tournament start\n\
         carol@#club: /resign #1\n",
    )
    .unwrap();
    let db_arg = db.to_str().unwrap();
    let out = arbiter(&["script", "--db", db_arg, script.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = arbiter(&["export", "--db", db_arg, "--tournament", "1"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("[Event \"Ultima round robin #1\"]\n"), "{text}");
    assert!(text.contains("[Format \"roundrobin\"]\n[Double \"no\"]\n[Rounds \"1\"]"), "{text}");
    // Two players: one round; bob beat carol.
    assert!(text.contains("Ultima round robin #1: final standings\n1. bob: 1"), "{text}");
    assert!(text.contains("\n1\tbob\t×\t1\t1\t"), "{text}");
    assert!(text.contains("#1, 1–0") || text.contains("#1, 0–1"), "{text}");
    assert_eq!(text.matches("[Record \"arbiter").count(), 1, "{text}");
    // The game's own record names the tournament as its event, and its round and board.
    assert_eq!(text.matches("[Event \"Ultima round robin #1\"]").count(), 2, "{text}");
    assert!(text.contains("[Round \"1.1\"]"), "{text}");
    assert!(text.contains("[Id \"1\"]"), "{text}");
    let out = arbiter(&["export", "--db", db_arg, "--tournament", "2"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no tournament #2"));
}
