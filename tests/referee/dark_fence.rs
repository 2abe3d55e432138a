//! Dark Fence's private words and its challenge variant's group through the transcript runner
//! (issue 42): a fence told back as its mover wrote it, the notebook's fences in words, the
//! second player's view at the start, a turn prompt's example that the player's own knowledge
//! allows, and one group message per ply in the challenge variant.

use serde_json::Value;

use crate::common::{run, texts_to};

/// Four referee-mode plies on 4×4 (the fixed start, A1 and D4), each confirmed: alice ends on
/// D2 and fences its left side (the edge C2:R by its canonical name), bob ends on A3 and fences
/// its top (A2:D).
const FOUR_PLIES: &str = "\
alice@dm: A1-A2 R
alice@dm: /confirm
bob@dm: D4-C4-C3 R
bob@dm: /confirm
alice@dm: A2-A1-D1-D2 L
alice@dm: /confirm
bob@dm: C3-B3-A3 上
bob@dm: /confirm
";

fn game(setup: &str, options: &str, moves: &str) -> String {
    format!("{setup}alice@#t: /new dark-fence @bob {options}\nbob@#t: /accept\n{moves}")
}

/// Issue 42, item 1: bob sent `C3-B3-A3 上` and was told "柵欄 A2:D"; alice sent a path ending
/// `D2 L` and was told "fence C2:R". Each is told the cell they stopped on and the direction as
/// they type it, in the echo before the move and in the line after it.
#[tokio::test]
async fn issue_42_a_fence_is_told_back_on_the_cell_and_in_the_words_its_mover_typed() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &game("bob@dm: /settings language=zh-Hant\n", "", FOUR_PLIES),
        &dir.path().join("g.db"),
    )
    .await;
    let alice = texts_to(&out, "dm:alice");
    assert!(alice.contains(&"#1: will play A2-A1-D1-D2, fence D2 L."), "{alice:#?}");
    assert!(
        alice.iter().any(|t| t.starts_with("#1 ply 3: played A2-A1-D1-D2, fence D2 L.")),
        "{alice:#?}"
    );
    let bob = texts_to(&out, "dm:bob");
    assert!(bob.contains(&"#1：將執行 C3-B3-A3，柵欄 A3 上。"), "{bob:#?}");
    assert!(
        bob.iter().any(|t| t.starts_with("#1 第4手：已執行 C3-B3-A3，柵欄 A3 上。")),
        "{bob:#?}"
    );
    // The canonical names of those edges are nowhere in what the movers read.
    for (who, texts) in [("alice", &alice), ("bob", &bob)] {
        for name in ["C2:R", "A2:D"] {
            assert!(texts.iter().all(|t| !t.contains(name)), "{who} read {name}: {texts:#?}");
        }
    }
}

/// Issue 42, item 2: "Your fences: B2:D (1)" left the reader to guess what the edge's name and
/// the number meant. Each fence is now the cell and the side in words, with the ply that placed
/// it, in every language; and as its mover wrote it (item 1).
#[tokio::test]
async fn issue_42_the_notebook_says_each_fence_in_words_with_the_ply_that_placed_it() {
    let cases = [
        (
            "",
            "Your fences: A2 right (placed on ply 1), D2 left (placed on ply 3).",
            "Your fences: C3 right (placed on ply 2), A3 up (placed on ply 4).",
        ),
        (
            "/settings language=zh-Hans",
            "你的栅栏：A2 右（第1手放置）、D2 左（第3手放置）。",
            "你的栅栏：C3 右（第2手放置）、A3 上（第4手放置）。",
        ),
        (
            "/settings language=zh-Hant",
            "你的柵欄：A2 右（第1手放置）、D2 左（第3手放置）。",
            "你的柵欄：C3 右（第2手放置）、A3 上（第4手放置）。",
        ),
    ];
    for (settings, alice_fences, bob_fences) in cases {
        let dir = tempfile::tempdir().unwrap();
        let setup = if settings.is_empty() {
            String::new()
        } else {
            format!("alice@dm: {settings}\nbob@dm: {settings}\n")
        };
        let script = game(&setup, "", &format!("{FOUR_PLIES}alice@dm: /view\nbob@dm: /view\n"));
        let out = run(&script, &dir.path().join("g.db")).await;
        for (who, want) in [("dm:alice", alice_fences), ("dm:bob", bob_fences)] {
            let view = texts_to(&out, who).last().copied().unwrap_or_default();
            assert!(view.lines().any(|l| l == want), "{settings:?} {who}: {view}");
        }
    }
}

/// Issue 42, item 3 (spec §3.9.1, "start: DM(each) … the seat's view"): the first player's
/// prompt carries their view and picture from the start; the second player gets the same kind
/// of private message from their own view at the start, not only after ply 1.
#[tokio::test]
async fn issue_42_the_second_player_gets_their_own_view_privately_at_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&game("", "", ""), &dir.path().join("g.db")).await;
    let private = |to: &str| -> Vec<Value> {
        out.iter().filter(|m| m["to"] == to).cloned().collect::<Vec<Value>>()
    };
    let alice = private("dm:alice");
    assert_eq!(alice.len(), 1, "{alice:#?}");
    let bob = private("dm:bob");
    assert_eq!(bob.len(), 1, "bob hears of the start privately: {bob:#?}");
    let text = bob[0]["text"].as_str().unwrap();
    assert!(text.starts_with("#1: the game has begun; alice moves first"), "{text}");
    // The same view lines the first player's prompt has, from bob's side: his cell, his fences.
    for line in ["Your cell: D4.", "Your fences: none."] {
        assert!(alice[0]["text"].as_str().unwrap().contains(line.replace("D4", "A1").as_str()));
        assert!(text.lines().any(|l| l == line), "{text}");
    }
    assert!(!alice[0]["image"].is_null() && !bob[0]["image"].is_null(), "each with a picture");
    assert_ne!(alice[0]["image"], bob[0]["image"], "each picture from its reader's own view");
    // Nothing about the other's start beyond what the public announcement says, and the
    // channel hears of the start as before.
    assert!(!text.contains("A1"), "{text}");
    // In the challenge variant both cells are public, and the view says both.
    let out = run(&game("", "mode=challenge", ""), &dir.path().join("c.db")).await;
    let bob = texts_to(&out, "dm:bob");
    assert_eq!(bob.len(), 1, "{bob:#?}");
    assert!(bob[0].lines().any(|l| l == "Cells: alice A1, bob D4."), "{}", bob[0]);
    // A free start has no cell to show yet: bob's first private message is his setup prompt,
    // in his turn.
    let out = run(&game("", "start=free", ""), &dir.path().join("f.db")).await;
    assert!(texts_to(&out, "dm:bob").is_empty(), "{out:#?}");
}

/// The example move of the last private turn prompt `who` received.
fn last_example(out: &[Value], who: &str) -> String {
    let prompt = texts_to(out, who)
        .into_iter()
        .rev()
        .find(|t| t.contains(": your move (ply"))
        .unwrap_or_else(|| panic!("no prompt for {who}: {out:#?}"));
    let first = prompt.lines().next().expect("a first line");
    first.split("e.g. ").nth(1).expect("an example").trim_end_matches('.').to_string()
}

/// Issue 42, item 4: with exact reports, bob on D2 was offered `D2-D3 L`, onto the cell alice
/// was just reported on and across the fence she was reported placing there (her D3 up is the
/// edge between D2 and D3). Worked out by hand from bob's view alone: alice is on D3 (told "at
/// D3"), her fences are under B1 and above D3 (each ply's exact report put her on B1, then on
/// D3), his own is left of D2, and the border is on his right. So his only way out of D2 is up
/// to D1. A fence there would go on the border, back on the side he came through, or (its
/// left) shut D1 and D2 off from alice, 2 cells against 14. The next cell, C1 (from D1 to the
/// left), takes a fence on its left (its right is the side he came through, its top the
/// border), and alice is still reachable down column C: `D2-D1-C1 L`.
#[tokio::test]
async fn issue_42_a_turn_prompt_never_suggests_a_move_the_players_own_knowledge_rules_out() {
    let dir = tempfile::tempdir().unwrap();
    let moves = "alice@dm: A1-B1 D\nbob@dm: D4-D2 L\nalice@dm: B1-C1-C3-D3 U\n";
    let out =
        run(&game("", "confirm_moves=false report=exact", moves), &dir.path().join("g.db")).await;
    assert!(texts_to(&out, "dm:bob").iter().any(|t| t.contains("The opponent is: at D3.")));
    assert_eq!(last_example(&out, "dm:bob"), "D2-D1-C1 L");
    // The suggestion is a move bob may send, and it continues the game.
    let out = run("bob@dm: D2-D1-C1 L\n", &dir.path().join("g.db")).await;
    assert!(
        texts_to(&out, "#t").iter().any(|t| t.starts_with("Ply 4: bob has moved.")),
        "{out:#?}"
    );
}

/// Issue 42, item 5: the challenge variant said 33 group messages for 5 plies (each ply's stop,
/// two windows, two decisions and "to move", each on its own). Now the group reads one message
/// per ply, when it closes, saying all of it; the windows are asked privately.
#[tokio::test]
async fn issue_42_the_challenge_variant_says_one_group_message_per_ply() {
    let dir = tempfile::tempdir().unwrap();
    let mut moves = String::new();
    let plies = [
        ("alice", "bob", "A1-A2 R"),
        ("bob", "alice", "D4-D3 L"),
        ("alice", "bob", "A2-B2 D"),
        ("bob", "alice", "D3-C3 U"),
        ("alice", "bob", "B2-B1 R"),
    ];
    for (mover, other, record) in plies {
        // The first window is the other player's, the second the mover's; each passes, once by
        // a button's command in the group and once privately.
        moves.push_str(&format!("{mover}@dm: {record}\n{other}@#t: /pass\n{mover}@dm: /pass\n"));
    }
    let out =
        run(&game("", "mode=challenge confirm_moves=false", &moves), &dir.path().join("g.db"))
            .await;
    let group = texts_to(&out, "#t");
    // 33 before: the invitation, the start, "Ply 1: alice to move", then six a ply.
    assert_eq!(group.len(), 2 + plies.len(), "the invitation, the start, one a ply: {group:#?}");
    assert!(group[1].starts_with("Dark Fence #1: alice (moves first) vs bob"), "{}", group[1]);
    let group = &group[1..];
    let stops = ["A2", "D3", "B2", "C3", "B1"];
    for (i, ((mover, other, _), stop)) in plies.iter().zip(stops).enumerate() {
        let n = i + 1;
        let next = ["alice", "bob"][n % 2];
        assert_eq!(
            group[n],
            format!(
                "Ply {n}: {mover} stops on {stop}. {other} does not challenge. {mover} does not \
                 challenge.\nPly {}: {next} to move.",
                n + 1
            ),
        );
    }
    // The windows went to their holders, with their buttons.
    let alice_windows: Vec<&Value> = out
        .iter()
        .filter(|m| m["to"] == "dm:alice" && m["text"].as_str().unwrap().contains("Your decision"))
        .collect();
    assert_eq!(alice_windows.len(), 5, "{alice_windows:#?}");
    // Her first is window 2 after her own first ply: what it follows, and why to pass.
    let first = alice_windows[0]["text"].as_str().unwrap();
    assert!(
        first.starts_with("#1: bob does not challenge. Your decision: challenge bob?")
            && first.contains("bob has not moved yet"),
        "{first}"
    );
    let second = alice_windows[1]["text"].as_str().unwrap();
    assert!(
        second.starts_with("#1: Ply 2: bob stops on D3. Your decision: challenge bob?"),
        "{second}"
    );
    assert!(alice_windows.iter().all(|m| m["buttons"] == serde_json::json!(["Challenge", "Pass"])));
    // A challenge closes the ply in one message too: the end, what happened, and why.
    let out = run("bob@dm: C3-C2 L\nalice@#t: /challenge\n", &dir.path().join("g.db")).await;
    let group = texts_to(&out, "#t");
    let (over, _rated) = (group[0], &group[1..]);
    let mut lines = over.lines();
    assert!(lines.next().unwrap().contains("#1 is over"), "{over}");
    assert_eq!(lines.next().unwrap(), "Ply 6: bob stops on C2. alice challenges bob!", "{over}");
}

/// Issue 42, item 5 as a class: referee mode (the default) said two group messages a ply, the
/// ply's public facts and then, on its own, "Ply 2: bob to move.", and the start was followed
/// by a lone "Ply 1: alice to move.". Now whose move it is ends the message before it, as in the
/// challenge variant and every other game.
#[tokio::test]
async fn issue_42_referee_mode_says_one_group_message_per_ply() {
    let dir = tempfile::tempdir().unwrap();
    let moves =
        ["alice@dm: A1-A2 R", "bob@dm: D4-C4-C3 R", "alice@dm: A2-A1-D1-D2 L", "bob@dm: C3-B3 U"];
    let script = game("", "confirm_moves=false", &(moves.join("\n") + "\n"));
    let out = run(&script, &dir.path().join("g.db")).await;
    let group = texts_to(&out, "#t");
    assert_eq!(group.len(), 2 + moves.len(), "the invitation, the start, one a ply: {group:#?}");
    assert!(
        group[1].starts_with("Dark Fence #1: alice (moves first) vs bob")
            && group[1].ends_with("\nPly 1: alice to move."),
        "{}",
        group[1]
    );
    for n in 1..=moves.len() {
        let (mover, next) = if n % 2 == 1 { ("alice", "bob") } else { ("bob", "alice") };
        let text = group[n + 1];
        assert!(text.starts_with(&format!("Ply {n}: {mover} has moved. ")), "{text}");
        assert!(text.ends_with(&format!("\nPly {}: {next} to move.", n + 1)), "{text}");
    }
    // The public board still comes with each ply.
    let boards = out.iter().filter(|m| m["to"] == "#t" && !m["image"].is_null()).count();
    assert_eq!(boards, moves.len());
}

/// A window left unanswered passes (spec §3.10.1). Like the window itself, its timeout is told
/// to its holder privately (issue 42), and the group hears of the ply once, when it closes.
#[tokio::test]
async fn an_unanswered_window_passes_and_only_its_holder_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let options = "mode=challenge confirm_moves=false clock=live window_timeout=10s";
    run(&game("", options, "alice@dm: A1-A2 R\n"), &db).await;
    let out = run("!clock +10s\n", &db).await;
    assert_eq!(
        texts_to(&out, "dm:bob"),
        [
            "bob did not decide in time in #1: that counts as a pass.",
            "#1: you do not challenge alice."
        ],
        "{out:#?}"
    );
    assert!(texts_to(&out, "#t").is_empty(), "{out:#?}");
    let window = texts_to(&out, "dm:alice");
    assert!(window.iter().any(|t| t.starts_with("#1: bob does not challenge. Your decision")));
    let out = run("!clock +10s\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        [
            "Ply 1: alice stops on A2. bob does not challenge. alice does not challenge.\nPly 2: bob \
          to move."
        ],
        "{out:#?}"
    );
}
