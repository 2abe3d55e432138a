//! Every text parser meets arbitrary input: ASCII noise, full-width forms from Chinese input
//! methods, mixed scripts, control characters. None may panic; each answers with a typed error
//! or a value, and a full-width spelling of a move means the same move as its ASCII form (NFKC).

use arbiter::cli::{self, Setup};
use arbiter::core::{ErrorCode, Seat, Seed};
use arbiter::games::{AnyGame, AnyOptions, GameKind};
use proptest::prelude::*;

/// Text drawn from the pieces players really type, plus noise.
fn typed_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("A1".to_string()),
        Just("b3".to_string()),
        Just("Ｂ４".to_string()),
        Just("Z99".to_string()),
        Just("→".to_string()),
        Just("－".to_string()),
        Just("，".to_string()),
        Just("、".to_string()),
        Just("　".to_string()),
        Just(" ".to_string()),
        Just("-".to_string()),
        Just(">".to_string()),
        Just("右".to_string()),
        Just("上".to_string()),
        Just("R".to_string()),
        Just("down".to_string()),
        Just("质疑".to_string()),
        Just("pass".to_string()),
        Just("=".to_string()),
        Just(":".to_string()),
        Just("@p1".to_string()),
        Just("4x4".to_string()),
        Just("p1=".to_string()),
        Just("fences=".to_string()),
        Just("🀄".to_string()),
        Just("\u{0}".to_string()),
        "[0-9]{1,3}",
        "\\PC{1,3}",
    ];
    prop::collection::vec(piece, 0..12).prop_map(|parts| parts.concat())
}

/// The ASCII text with every printable character in its full-width form and spaces ideographic.
fn full_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            ' ' => '\u{3000}',
            '!'..='~' => char::from_u32(u32::from(c) - 0x21 + 0xFF01).unwrap_or(c),
            other => other,
        })
        .collect()
}

fn dark_fence(options: &str) -> AnyGame {
    let options = AnyOptions::parse(GameKind::DarkFence, options).expect("options");
    AnyGame::new(&options, Seed(3)).expect("game")
}

proptest! {
    #[test]
    fn action_parsers_never_panic_in_any_phase(text in typed_text()) {
        let mut in_window = dark_fence("mode=challenge");
        let first = in_window.parse_action(Seat(0), "A1-A2 R").expect("a move");
        in_window.play(Seat(0), &first).expect("sealed");
        for game in [dark_fence(""), dark_fence("start=free"), in_window, dark_fence("board=26x26")] {
            for seat in [Seat(0), Seat(1), Seat(7)] {
                let before = game.clone();
                match game.parse_action(seat, &text) {
                    Ok(action) => {
                        let mut probe = game.clone();
                        if let Err(e) = probe.play(seat, &action) {
                            prop_assert!(!e.code().is_empty());
                            prop_assert!(probe == before, "a refused action changed the game");
                        }
                    }
                    Err(e) => prop_assert!(!e.to_string().is_empty() && !e.code().is_empty()),
                }
            }
        }
    }

    #[test]
    fn option_and_position_parsers_never_panic(text in typed_text(), other in typed_text()) {
        for kind in GameKind::ALL {
            let _ = AnyOptions::parse(*kind, &text);
            let options = AnyOptions::default_for(*kind);
            if let Err(e) = AnyGame::from_position(&options, &text, Seed(0)) {
                prop_assert!(!e.code().is_empty());
            }
        }
        let setup = Setup { game: text.clone(), options: other.clone(), position: Some(text.clone()), seed: 0 };
        let _ = cli::play(&setup, std::slice::from_ref(&other));
        let setup = Setup { game: "dark-fence".into(), options: String::new(), position: None, seed: 0 };
        if let Err(e) = cli::play(&setup, &[text, other]) {
            prop_assert!(e.action_index.is_some());
        }
    }

    #[test]
    fn a_full_width_move_means_the_same_as_its_ascii_form(index in 0usize..64) {
        let game = dark_fence("");
        let legal = game.legal_actions(Seat(0));
        let action = &legal[index % legal.len()];
        let ascii = game.format_action(action);
        let wide = full_width(&ascii);
        prop_assert_eq!(game.parse_action(Seat(0), &wide), Ok(action.clone()), "{} / {}", ascii, wide);
        prop_assert_eq!(game.parse_action(Seat(0), &ascii.to_lowercase()), Ok(action.clone()));
    }
}

#[test]
fn position_texts_round_trip_through_the_game() {
    let options = AnyOptions::parse(GameKind::DarkFence, "edge_empty=true").expect("options");
    for text in [
        "4x4 p1=C3 p2=D1 to=p2 fences=A1:D@p1,B1:R@p2",
        "4x4 p1=A1 p2=D4 to=p1",
        "6x3 p1=F3 p2=A1 to=p1 fences=A1:U@p2,C2:R,F3:D@p1",
    ] {
        let game = AnyGame::from_position(&options, text, Seed(0)).expect(text);
        assert_eq!(game.position(), text, "canonical text comes back unchanged");
    }
    // Aliases come back canonical, fences ordered by cell (row-major), then side (U, D, L, R).
    let game =
        AnyGame::from_position(&options, "4x4 to=p1 p2=d4 p1=a1 fences=C1:L@p2,b2:u", Seed(0))
            .expect("aliases");
    assert_eq!(game.position(), "4x4 p1=A1 p2=D4 to=p1 fences=B1:D,B1:R@p2");
}
