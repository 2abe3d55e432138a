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
