//! Renderer tests: golden images and the properties every board image must have.
//!
//! # Golden images
//!
//! [`golden`] compares a rendered picture with the committed PNG `tests/golden/<name>.png`:
//! same dimensions, and at most 0.5 % of pixels may differ by more than 8 in any channel (font
//! rasterising may move a few edge pixels). On a mismatch the new image and a diff image (changed
//! pixels red over a faded copy of the golden) are written to `target/golden-diffs/<name>.png`
//! and `<name>.diff.png`, and the test fails naming them.
//!
//! To accept a change, run with `UPDATE_GOLDEN=1`: every golden is rewritten and its test
//! **fails on purpose** ("golden image written; look at it and commit it"), as it does when a
//! golden file is missing. Look at the new images, then run again without the variable: the
//! tests pass and the PNGs can be committed. No run ever updates a golden silently.

use std::path::{Path, PathBuf};

use arbiter::render::board::{self, BoardView, Piece, Square};
use arbiter::render::{Picture, Script, Theme, can_draw, crosstable};

/// Largest per-channel difference that still counts as equal.
const CHANNEL_TOLERANCE: u8 = 8;
/// Largest share of pixels, in thousandths, allowed over [`CHANNEL_TOLERANCE`] (5 = 0.5 %).
const DIFFERENT_PER_MILLE: usize = 5;

/// Compares `picture` with `tests/golden/<name>.png` (`name` like `"board/ultima-start"`); see
/// the module docs for tolerance, diffs and `UPDATE_GOLDEN=1`.
fn golden(name: &str, picture: &Picture) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("tests/golden").join(format!("{name}.png"));
    let update = std::env::var("UPDATE_GOLDEN").is_ok_and(|v| v == "1");
    if update || !path.exists() {
        write(&path, &picture.png);
        panic!(
            "golden image written to {}; look at it and commit it (then run again without \
             UPDATE_GOLDEN=1)",
            path.display()
        );
    }
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    let want = image::load_from_memory(&bytes)
        .unwrap_or_else(|e| panic!("{} is not a readable PNG: {e}", path.display()))
        .to_rgba8();
    let got = image::load_from_memory(&picture.png).expect("the rendered PNG decodes").to_rgba8();
    assert_eq!(
        (got.width(), got.height()),
        (picture.width, picture.height),
        "{name}: Picture size"
    );

    let diff_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), PathBuf::from)
        .join("golden-diffs");
    let new_path = diff_dir.join(format!("{name}.png"));
    let diff_path = diff_dir.join(format!("{name}.diff.png"));
    let write_new = || write(&new_path, &picture.png);
    if want.dimensions() != got.dimensions() {
        write_new();
        panic!(
            "{name}: golden is {:?} but the new image is {:?}; new image at {} (golden {})",
            want.dimensions(),
            got.dimensions(),
            new_path.display(),
            path.display()
        );
    }
    let mut diff = image::RgbaImage::new(want.width(), want.height());
    let mut over = 0usize;
    for ((w, g), d) in want.pixels().zip(got.pixels()).zip(diff.pixels_mut()) {
        let worst = w.0.iter().zip(g.0).map(|(a, b)| a.abs_diff(b)).max().unwrap_or(0);
        if worst > CHANNEL_TOLERANCE {
            over += 1;
            *d = image::Rgba([255, 0, 0, 255]);
        } else {
            let grey = w.0[..3].iter().map(|&c| u16::from(c)).sum::<u16>() / 3;
            let faded = u8::try_from(191 + grey / 4).unwrap_or(255);
            *d = image::Rgba([faded, faded, faded, 255]);
        }
    }
    let total = want.pixels().len();
    if over * 1000 > total * DIFFERENT_PER_MILLE {
        write_new();
        diff.save(&diff_path).unwrap_or_else(|e| panic!("write {}: {e}", diff_path.display()));
        panic!(
            "{name}: {over} of {total} pixels differ by more than {CHANNEL_TOLERANCE}; new image at \
             {}, diff at {} (golden {}); if the change is intended, rerun with UPDATE_GOLDEN=1",
            new_path.display(),
            diff_path.display(),
            path.display()
        );
    }
}

/// Writes `bytes` to `path`, creating its folder.
fn write(path: &Path, bytes: &[u8]) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
    }
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

/// The chunk types of a PNG, in order.
fn chunk_types(png: &[u8]) -> Vec<String> {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "PNG signature");
    let mut at = 8;
    let mut types = Vec::new();
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]) as usize;
        types.push(String::from_utf8_lossy(&png[at + 4..at + 8]).into_owned());
        at += 12 + len;
    }
    types
}

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    let rank: u8 = name[1..].parse().expect("a rank number");
    Square { file: b[0] - b'a', rank: rank - 1 }
}

/// The theme a reader of `script` gets from the referee: Chinese labels come from the
/// Simplified Chinese messages, as the referee fills them.
fn theme(script: Script) -> Theme {
    let labels = match script {
        Script::Simplified | Script::Traditional => {
            arbiter::table::voice::image_labels(arbiter::table::reply::Lang::ZhHans)
        }
        Script::Latin => arbiter::render::Labels::default(),
    };
    Theme { script, labels, ..Theme::default() }
}

/// Latin letter and Chinese character of each Ultima piece.
const ULTIMA: [(char, char); 7] = [
    ('I', '麻'), // immobilizer
    ('L', '跳'), // long leaper
    ('X', '仿'), // chameleon
    ('K', '王'), // king
    ('W', '拖'), // withdrawer
    ('C', '协'), // coordinator
    ('P', '夹'), // pincer
];

/// Latin letter and Chinese character of each piece of the Perfect 10x10-like sample.
const PERFECT: [(char, char); 13] = [
    ('K', '王'),
    ('Q', '后'),
    ('M', '相'),
    ('I', '公'),
    ('R', '城'),
    ('B', '教'),
    ('C', '砲'),
    ('A', '弩'),
    ('G', '衛'),
    ('N', '騎'),
    ('E', '象'),
    ('S', '船'),
    ('P', '兵'),
];

fn label(table: &[(char, char)], latin: char, script: Script) -> char {
    let &(l, c) = table.iter().find(|(l, _)| *l == latin).expect("a piece of the table");
    match script {
        Script::Latin => l,
        Script::Simplified | Script::Traditional => c,
    }
}

/// Pieces for both players: `back` on `back_rank` (and its mirror), pawns (`pawn`) on the
/// next rank, `extra` (file, letter) on the rank after that.
fn setup(
    table: &[(char, char)],
    script: Script,
    (files, ranks): (u8, u8),
    back: &str,
    extra: &[(u8, char)],
) -> Vec<(Square, Piece)> {
    let mut pieces = Vec::new();
    for owner in 0..2u8 {
        let rank = |r: u8| if owner == 0 { r } else { ranks - 1 - r };
        let mut put = |file: u8, r: u8, letter: char| {
            let piece = Piece {
                label: label(table, letter, script).to_string(),
                figure: None,
                owner,
                marked: false,
            };
            pieces.push((Square { file, rank: rank(r) }, piece));
        };
        for (file, letter) in (0..files).zip(back.chars()) {
            put(file, 0, letter);
        }
        for file in 0..files {
            put(file, 1, 'P');
        }
        for &(file, letter) in extra {
            put(file, 2, letter);
        }
    }
    pieces
}

/// The Ultima start after a few moves' worth of markers: white's pincer moved d2-d6 and
/// captured on d7... (a sample, not a legal game): a last move, a captured square, the black
/// king ringed for check, and a frozen black pincer.
fn ultima(script: Script, flipped: bool) -> BoardView {
    let mut pieces = setup(&ULTIMA, script, (8, 8), "ILXKWXLC", &[]);
    pieces.retain(|(s, _)| *s != sq("d2") && *s != sq("d7"));
    pieces.push((
        sq("d6"),
        Piece {
            label: label(&ULTIMA, 'P', script).to_string(),
            figure: None,
            owner: 0,
            marked: false,
        },
    ));
    for (s, p) in &mut pieces {
        if *s == sq("c7") {
            p.marked = true;
        }
    }
    let caption = match script {
        Script::Latin => "Ultima #42 · Black to move · 4:58 | 5:00",
        Script::Simplified | Script::Traditional => "Ultima #42 · 黑 · 4:58 | 5:00",
    };
    BoardView {
        files: 8,
        ranks: 8,
        pieces,
        flipped,
        last_move: Some((sq("d2"), sq("d6"))),
        captured: vec![sq("d7")],
        check: Some(sq("d8")),
        targets: Vec::new(),
        arrow: None,
        rectangle: None,
        taken: Vec::new(),
        notes: Vec::new(),
        caption: caption.to_string(),
    }
}

/// A Perfect 10x10-like position: ten pawns each on ranks 2 and 9, pieces on ranks 1 and 3
/// (10 and 8), after white's e2-e4.
fn perfect(script: Script, flipped: bool) -> BoardView {
    let extra = [(0, 'C'), (2, 'G'), (4, 'A'), (5, 'E'), (7, 'S'), (9, 'C')];
    let mut pieces = setup(&PERFECT, script, (10, 10), "RNBMQKIBNR", &extra);
    for (s, _) in &mut pieces {
        if *s == sq("e2") {
            *s = sq("e4");
        }
    }
    let caption = match script {
        Script::Latin => "Perfect 10x10 #7 · Black to move · 9:58 | 10:00",
        Script::Simplified | Script::Traditional => "Perfect 10x10 #7 · 黑 · 9:58 | 10:00",
    };
    BoardView {
        files: 10,
        ranks: 10,
        pieces,
        flipped,
        last_move: Some((sq("e2"), sq("e4"))),
        captured: Vec::new(),
        check: None,
        targets: Vec::new(),
        arrow: None,
        rectangle: None,
        taken: Vec::new(),
        notes: Vec::new(),
        caption: caption.to_string(),
    }
}

/// Every sample view with its golden name and theme.
fn samples() -> Vec<(&'static str, BoardView, Theme)> {
    vec![
        ("board/ultima-latin", ultima(Script::Latin, false), theme(Script::Latin)),
        (
            "board/ultima-chinese-flipped",
            ultima(Script::Simplified, true),
            theme(Script::Simplified),
        ),
        ("board/perfect10-latin", perfect(Script::Latin, false), theme(Script::Latin)),
        (
            "board/perfect10-chinese-flipped",
            perfect(Script::Simplified, true),
            theme(Script::Simplified),
        ),
    ]
}

#[test]
fn render_board_ultima_latin() {
    golden("board/ultima-latin", &board::render(&ultima(Script::Latin, false), &Theme::default()));
}

#[test]
fn render_board_ultima_chinese_flipped() {
    let view = ultima(Script::Simplified, true);
    golden("board/ultima-chinese-flipped", &board::render(&view, &theme(Script::Simplified)));
}

#[test]
fn render_board_perfect10_latin() {
    golden(
        "board/perfect10-latin",
        &board::render(&perfect(Script::Latin, false), &Theme::default()),
    );
}

#[test]
fn render_board_perfect10_chinese_flipped() {
    let view = perfect(Script::Simplified, true);
    golden("board/perfect10-chinese-flipped", &board::render(&view, &theme(Script::Simplified)));
}

#[test]
fn render_board_samples_use_every_piece_and_only_drawable_labels() {
    for (name, view, _) in samples() {
        for (square, piece) in &view.pieces {
            assert!(
                piece.label.chars().all(can_draw),
                "{name}: label {:?} on {square:?}",
                piece.label
            );
        }
        let table: &[(char, char)] = if view.files == 8 { &ULTIMA } else { &PERFECT };
        for &(latin, chinese) in table {
            assert!(
                view.pieces
                    .iter()
                    .any(|(_, p)| p.label.chars().eq([latin]) || p.label.chars().eq([chinese])),
                "{name} shows {latin}/{chinese}"
            );
        }
    }
    for &(latin, chinese) in ULTIMA.iter().chain(&PERFECT) {
        assert!(can_draw(latin) && can_draw(chinese), "{latin} {chinese}");
    }
}

#[test]
fn render_board_10x10_fits_the_upload_budget() {
    for script in [Script::Latin, Script::Simplified] {
        for flipped in [false, true] {
            let pic = board::render(&perfect(script, flipped), &theme(script));
            assert!(
                (700..=900).contains(&pic.width),
                "{script:?} flipped={flipped}: {} px wide",
                pic.width
            );
            assert!(
                pic.png.len() <= 100 * 1024,
                "{script:?} flipped={flipped}: {} bytes",
                pic.png.len()
            );
        }
    }
}

#[test]
fn render_board_images_are_deterministic_pngs_without_metadata() {
    for (name, view, theme) in samples() {
        let pic = board::render(&view, &theme);
        assert_eq!(board::render(&view.clone(), &theme), pic, "{name}: same view, same bytes");
        assert_eq!(
            arbiter::render::encode(&board::draw(&view, &theme)),
            pic,
            "{name}: render = encode(draw)"
        );
        let chunks = chunk_types(&pic.png);
        assert_eq!(chunks.first().map(String::as_str), Some("IHDR"), "{name}: {chunks:?}");
        for bad in ["tEXt", "iTXt", "zTXt", "eXIf", "tIME"] {
            assert!(!chunks.iter().any(|c| c == bad), "{name} has a {bad} chunk: {chunks:?}");
        }
        let decoded = image::load_from_memory(&pic.png).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (pic.width, pic.height), "{name}");
    }
}

#[test]
fn render_board_views_differ_where_they_should() {
    let theme = Theme::default();
    let plain = board::render(&ultima(Script::Latin, false), &theme);
    let flipped = board::render(&ultima(Script::Latin, true), &theme);
    assert_ne!(plain.png, flipped.png, "flipping changes the image");
    assert_eq!((plain.width, plain.height), (flipped.width, flipped.height));
    let mut unmarked = ultima(Script::Latin, false);
    for (_, p) in &mut unmarked.pieces {
        p.marked = false;
    }
    assert_ne!(board::render(&unmarked, &theme).png, plain.png, "the frozen marker shows");
}

#[test]
fn render_board_odd_sizes_do_not_panic() {
    let theme = Theme::default();
    let piece = Piece { label: "K".into(), figure: None, owner: 1, marked: true };
    for (files, ranks) in
        [(1, 1), (16, 16), (0, 0), (0, 5), (5, 0), (1, 16), (16, 1), (17, 40), (255, 255)]
    {
        let view = BoardView {
            files,
            ranks,
            pieces: vec![
                (Square { file: 0, rank: 0 }, piece.clone()),
                (
                    Square { file: 15, rank: 15 },
                    Piece { label: "龘".into(), figure: None, owner: 0, marked: false },
                ),
                (Square { file: 200, rank: 3 }, piece.clone()),
                (
                    Square { file: 1, rank: 1 },
                    Piece { label: String::new(), figure: None, owner: 1, marked: false },
                ),
            ],
            flipped: files % 2 == 1,
            last_move: Some((Square { file: 0, rank: 0 }, Square { file: 99, rank: 99 })),
            captured: vec![Square { file: 255, rank: 255 }, Square { file: 0, rank: 0 }],
            check: Some(Square { file: 15, rank: 15 }),
            targets: vec![
                (Square { file: 2, rank: 2 }, board::Reach::Move),
                (Square { file: 3, rank: 3 }, board::Reach::Capture),
                (Square { file: 250, rank: 3 }, board::Reach::Both),
            ],
            arrow: Some((Square { file: 0, rank: 0 }, Square { file: 200, rank: 3 })),
            rectangle: Some((Square { file: 1, rank: 2 }, Square { file: 40, rank: 0 })),
            taken: vec![Square { file: 1, rank: 1 }, Square { file: 99, rank: 0 }],
            notes: vec![
                board::Note {
                    mark: Some(board::Mark::Frozen),
                    text: "a note far too long for one line of a tiny board, 龘 included".into(),
                },
                board::Note {
                    mark: None,
                    text: "一二三四五六七八九十，一二三四五六七八九十。".into(),
                },
            ],
            caption: "a very long caption that will not fit on a tiny board, 龘 included · 0:01"
                .into(),
        };
        let pic = board::render(&view, &theme);
        assert!(pic.width > 0 && pic.height > 0 && !pic.png.is_empty(), "{files}x{ranks}");
        assert!(
            pic.width <= 2000 && pic.height <= 2000,
            "{files}x{ranks}: {}x{}",
            pic.width,
            pic.height
        );
    }
    let sixteen = BoardView { files: 16, ranks: 16, ..BoardView::default() };
    let clamped = BoardView { files: 40, ranks: 17, ..BoardView::default() };
    assert_eq!(
        board::render(&sixteen, &theme),
        board::render(&clamped, &theme),
        "clamped to 16x16"
    );
    let tiny = Theme { cell: 0, margin: 0, caption: 0, ..Theme::default() };
    let pic = board::render(&ultima(Script::Simplified, true), &tiny);
    assert!(pic.width > 0, "a degenerate theme still draws");
}

// ---------------------------------------------------------------------------------------------
// Dark Fence images

use arbiter::core::{Seat, Seed, Viewer};
use arbiter::games::dark_fence::{Options, State};
use arbiter::games::{AnyView, Game, GameOptions};

fn df_game(options: &str, moves: &[&str]) -> State {
    let pairs = arbiter::games::options::split_pairs(options).expect("options");
    let mut s = State::new(&Options::from_pairs(&pairs).expect("options"), Seed(9)).expect("game");
    for m in moves {
        let seat = s.to_act().seat().expect("running");
        let a = s.parse_action(seat, m).expect(m);
        s.play(seat, &a).expect(m);
    }
    s
}

fn df_picture(s: &State, viewer: Viewer, script: Script) -> Picture {
    let theme = theme(script);
    arbiter::render::render(&AnyView::DarkFence(s.view(viewer)), "#1 · test", &theme)
}

const MID_GAME: [&str; 3] = ["A1-A4-B4-B3 R", "D4-D1 L", "B3-B1 D"];

#[test]
fn render_dark_fence_seat_view_shows_own_fences_and_where_the_opponent_may_be() {
    let s = df_game("", &MID_GAME);
    golden("dark-fence/seat-p2", &df_picture(&s, Viewer::Seat(Seat(1)), Script::Latin));
    golden(
        "dark-fence/seat-p1-chinese",
        &df_picture(&s, Viewer::Seat(Seat(0)), Script::Simplified),
    );
}

#[test]
fn render_dark_fence_public_views_show_only_common_knowledge() {
    golden(
        "dark-fence/public-referee",
        &df_picture(&df_game("", &MID_GAME), Viewer::Public, Script::Latin),
    );
    let challenge = df_game("mode=challenge", &["A1-A2 R", "pass", "pass", "D4-B4-B2 U"]);
    golden("dark-fence/public-challenge", &df_picture(&challenge, Viewer::Public, Script::Latin));
}

#[test]
fn render_dark_fence_reveal_shows_every_fence_both_paths_and_the_deciding_step() {
    let mut moves = MID_GAME.to_vec();
    moves.push("D1-D3-B3 U"); // crosses alice's fence B3:R
    let s = df_game("", &moves);
    assert!(s.outcome().is_some());
    golden("dark-fence/reveal", &df_picture(&s, Viewer::Public, Script::Latin));
    let big = df_game("board=12x9,report=exact", &["A1-L1 D", "L9-A9 U"]);
    golden("dark-fence/referee-12x9", &df_picture(&big, Viewer::Referee, Script::Latin));
}

#[test]
fn render_dark_fence_images_are_small_clean_and_deterministic() {
    let s = df_game("", &MID_GAME);
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Public, Viewer::Referee] {
        let p = df_picture(&s, viewer, Script::Latin);
        assert!(p.png.len() < 40_000, "{viewer:?}: a 4x4 view is small ({} bytes)", p.png.len());
        assert_eq!(chunk_types(&p.png), ["IHDR", "IDAT", "IEND"], "{viewer:?}");
        assert_eq!(df_picture(&s, viewer, Script::Latin), p, "{viewer:?}: same view, same bytes");
    }
    let big = df_game("board=26x26", &[]);
    let p = df_picture(&big, Viewer::Referee, Script::Latin);
    assert!(p.width <= 800 && p.png.len() < 100_000, "26x26: {}px, {} bytes", p.width, p.png.len());
}

/// The no-leak property for pixels: P1 sees the same image whatever path P2 took, as long as
/// P2's public facts (fence direction, reports) are the same. D4-D1 L and D4-C4-C1-D1 L end on
/// the same cell with the same fence; D4-D2 L ends elsewhere with the same reports for P1 on
/// B3 (up-right) and the same fence direction.
#[test]
fn render_dark_fence_images_do_not_depend_on_hidden_paths_or_fences() {
    let base = ["A1-A4-B4-B3 R"];
    let variants = ["D4-D1 L", "D4-C4-C1-D1 L", "D4-D2 L", "D4-C4-C2-D2 L"];
    let games: Vec<State> = variants.iter().map(|v| df_game("", &[base[0], v])).collect();
    for (i, g) in games.iter().enumerate() {
        for viewer in [Viewer::Seat(Seat(0)), Viewer::Public] {
            assert_eq!(
                g.view(viewer),
                games[0].view(viewer),
                "premise: `{}` and `{}` tell {viewer:?} the same",
                variants[i],
                variants[0]
            );
            assert_eq!(
                df_picture(g, viewer, Script::Latin),
                df_picture(&games[0], viewer, Script::Latin),
                "{viewer:?}: `{}` vs `{}`",
                variants[i],
                variants[0]
            );
        }
    }
    // …while P2's own image does change with P2's path.
    assert_ne!(
        df_picture(&games[0], Viewer::Seat(Seat(1)), Script::Latin),
        df_picture(&games[2], Viewer::Seat(Seat(1)), Script::Latin)
    );
}

#[test]
fn render_the_transcript_runner_attaches_pngs_to_board_messages() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut out = Vec::new();
    let script = "alice@#t: /new dark-fence @bob confirm_moves=false\nbob@#t: /accept\nalice@dm: A1-A2 R\nbob@#t: /board\nbob@#t: /view\n";
    rt.block_on(arbiter::bot::script::run(script, &dir.path().join("g.db").into(), 1, &mut out))
        .unwrap();
    let lines: Vec<serde_json::Value> =
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let with_image = |to: &str, starts: &str| {
        lines
            .iter()
            .find(|m| m["to"] == to && m["text"].as_str().unwrap_or("").starts_with(starts))
            .map(|m| m["image"].clone())
    };
    // The public ply announcement, the private turn prompt, /board and /view carry images.
    for (to, starts) in [
        ("#t", "Ply 1: alice has moved"),
        ("dm:bob", "#1: your move"),
        ("#t", "#1 Dark Fence, after ply 1: public"),
        ("dm:bob", "#1 Dark Fence, after ply 1: your view"),
    ] {
        let image =
            with_image(to, starts).unwrap_or_else(|| panic!("no message {starts:?} to {to}"));
        assert!(image["width"].as_u64().unwrap() > 300, "{starts}: {image}");
        assert_eq!(image["sha256"].as_str().map(str::len), Some(64), "{starts}");
    }
    // A refusal or a plain notice carries none.
    assert!(lines.iter().any(|m| m["image"].is_null()));
}

// ---------------------------------------------------------------------------------------------
// Ultima: images from the engine's own views.

/// The benchmark's middle game (white pieces frozen by the black immobilizer on d4) after
/// `moves`, drawn from the public view.
fn ultima_picture(moves: &[&str], script: Script, flipped: bool) -> Picture {
    use arbiter::games::ultima::{Options, State};
    let options = Options::default();
    let mut game = State::from_position(&options, arbiter::bench::ULTIMA_MIDDLE_GAME, Seed(0))
        .expect("the benchmark position is valid");
    for text in moves {
        let seat = game.to_act().seat().expect("someone is to move");
        let action = game.parse_action(seat, text).expect("a legal move");
        game.play(seat, &action).expect("a legal move plays");
    }
    let theme = Theme { flipped, ..theme(script) };
    arbiter::render::ultima::render(&game.view(Viewer::Public), "#7 · ply 1", &theme)
}

#[test]
fn render_ultima_marks_frozen_pieces_and_highlights_the_last_move() {
    // White's pincer b2-b4; Black's chameleon f6-f4 pinches the white pincer on e4 against the
    // black immobilizer on d4 (any friendly piece is a jaw): e4 crossed, f6 and f4 tinted, and
    // the white pieces left next to d4 (the leaper on c3, the pincer on c4) marked frozen.
    let moves = ["b2b4", "f6f4"];
    golden("ultima/middle-game-latin", &ultima_picture(&moves, Script::Latin, false));
    golden("ultima/middle-game-chinese-flipped", &ultima_picture(&moves, Script::Simplified, true));
}

// ---------------------------------------------------------------------------------------------
// Perfect 10 x 10: images from the engine's own views.

/// The midgame position of `docs/perfect10.md` ("Speed"), White to move.
const PERFECT10_MIDDLE_GAME: &str = "rcabqkbacr/s1eg2g1ns/pp2pppp1p/n2p2m3/2p5p1/S6I2/2P1PPP3/\
                                     1P1P3P1P/1NEG1MGENS/RCABQKBACR w KQkq - 0 12";

/// The engine's public view of Perfect 10 x 10 from `position` (the start when `None`) after
/// `moves`.
fn perfect10_view(position: Option<&str>, moves: &[&str]) -> arbiter::games::perfect10::View {
    use arbiter::games::perfect10::{Options, State};
    let options = Options::default();
    let mut game = match position {
        Some(fen) => State::from_position(&options, fen, Seed(0)).expect("a valid position"),
        None => State::new(&options, Seed(0)).expect("the start position"),
    };
    for text in moves {
        let seat = game.to_act().seat().expect("someone is to move");
        let action = game.parse_action(seat, text).expect("a legal move");
        game.play(seat, &action).expect("a legal move plays");
    }
    game.view(Viewer::Public)
}

fn perfect10_picture(
    view: &arbiter::games::perfect10::View,
    caption: &str,
    script: Script,
    flipped: bool,
) -> Picture {
    let theme = Theme { flipped, ..theme(script) };
    arbiter::render::render(&AnyView::Perfect10(view.clone()), caption, &theme)
}

#[test]
fn render_perfect10_start_position_in_letters() {
    let view = perfect10_view(None, &[]);
    let pic = perfect10_picture(&view, "#3 · ply 0 · white to move", Script::Latin, false);
    golden("perfect10/start-latin", &pic);
    // Every one of the 60 pieces is drawn in the upload budget, at the 10x10 size.
    assert_eq!(view.pieces.len(), 60);
    assert!((700..=900).contains(&pic.width), "{} px wide", pic.width);
    assert!(pic.png.len() <= arbiter::render::MAX_BYTES, "{} bytes", pic.png.len());
}

#[test]
fn render_perfect10_middle_game_with_check_in_chinese_from_blacks_side() {
    // White's princess h5 takes the pawn on e8 and checks the black king on f10 by its knight
    // jump (e8 to f10): f10 ringed, h5 and e8 tinted, the board turned for Black.
    let view = perfect10_view(Some(PERFECT10_MIDDLE_GAME), &["h5e8"]);
    let king = arbiter::games::perfect10::Square::new(5, 9);
    assert_eq!(view.check, Some(king), "premise: the black king on f10 is in check");
    let pic = perfect10_picture(&view, "#3 · 第1手 · 轮到黑方 · 将军", Script::Simplified, true);
    golden("perfect10/middle-game-chinese-flipped", &pic);
    assert!(pic.png.len() <= arbiter::render::MAX_BYTES, "{} bytes", pic.png.len());
    // The same view from White's side is a different image of the same size.
    let white = perfect10_picture(&view, "#3", Script::Simplified, false);
    assert_ne!(white.png, pic.png);
    assert_eq!((white.width, white.height), (pic.width, pic.height));
}

// ---------------------------------------------------------------------------------------------
// Chaos Clock: images from the engine's own views.

/// The game start of the spec's worked example (乙 to move, nothing banned).
const CHAOS_START: &str = "8,6,1,11,9,10,12,7,4,2,3,5;1;0";

/// The engine's view of Chaos Clock from `position` after `moves`.
fn chaos_view(position: &str, moves: &[&str]) -> arbiter::games::chaos_clock::View {
    use arbiter::games::chaos_clock::{Options, State};
    let mut game =
        State::from_position(&Options::default(), position, Seed(0)).expect("a valid position");
    for text in moves {
        let seat = game.to_act().seat().expect("someone is to move");
        let action = game.parse_action(seat, text).expect("an action");
        game.play(seat, &action).expect("a legal action");
    }
    game.view(Viewer::Public)
}

fn chaos_picture(
    view: &arbiter::games::chaos_clock::View,
    caption: &str,
    script: Script,
) -> Picture {
    arbiter::render::render(&AnyView::ChaosClock(view.clone()), caption, &theme(script))
}

#[test]
fn render_chaos_clock_start_shows_twelve_pieces_and_empty_hands() {
    let view = chaos_view(CHAOS_START, &[]);
    let pic = chaos_picture(&view, "#5 Chaos Clock · ply 0", Script::Latin);
    golden("chaos-clock/start-latin", &pic);
    assert!((600..=700).contains(&pic.width), "{} px wide", pic.width);
    assert!(pic.png.len() <= arbiter::render::MAX_BYTES, "{} bytes", pic.png.len());
}

#[test]
fn render_chaos_clock_mid_game_shows_home_ban_hands_and_the_last_move() {
    // 乙 moves 5 from slot 12 home to slot 5, capturing 9 into 甲's hand; 甲 moves 3 from slot
    // 11 to slot 2, capturing 6 into 乙's hand: 5 home, 3 banned, an arrow 11 → 2.
    let view = chaos_view(CHAOS_START, &["m5", "m3"]);
    assert_eq!((view.jia_hand.as_slice(), view.yi_hand.as_slice()), (&[9][..], &[6][..]));
    let pic = chaos_picture(&view, "#5 Chaos Clock · ply 2", Script::Latin);
    golden("chaos-clock/mid-game-latin", &pic);
}

#[test]
fn render_chaos_clock_after_a_pass_in_chinese() {
    let view = chaos_view(CHAOS_START, &["m5", "m3", "pass"]);
    let pic = chaos_picture(&view, "#5 混乱时钟 · 第3步", Script::Simplified);
    golden("chaos-clock/pass-chinese", &pic);
}

#[test]
fn render_chaos_clock_finished_game_after_a_winning_drop() {
    // 甲 drops 1 onto slot 1, capturing 乙's 12: all six odd pieces home, 甲 wins.
    let view = chaos_view("12,2,3,4,5,6,7,8,9,10,11,0;0;5", &["d1"]);
    assert!(view.outcome.is_some(), "premise: the game is over");
    let pic = chaos_picture(&view, "#5 Chaos Clock · Jia wins", Script::Latin);
    golden("chaos-clock/finished-latin", &pic);
}

#[test]
fn render_chaos_clock_images_are_deterministic_and_differ_with_the_ban() {
    let a = chaos_view("8,6,1,11,9,10,12,7,4,2,3,5;1;7", &[]);
    let b = chaos_view("8,6,1,11,9,10,12,7,4,2,3,5;1;12", &[]);
    let (pa, pb) = (chaos_picture(&a, "#5", Script::Latin), chaos_picture(&b, "#5", Script::Latin));
    assert_ne!(pa.png, pb.png, "the banned piece shows");
    assert_eq!(chaos_picture(&a, "#5", Script::Latin), pa, "same view, same bytes");
    assert_eq!(chunk_types(&pa.png), ["IHDR", "IDAT", "IEND"]);
}

fn rabble_view(options: &str, turns: &[&str]) -> arbiter::games::rabble::View {
    let options = arbiter::games::rabble::Options::from_pairs(
        &arbiter::games::options::split_pairs(options).expect("options split"),
    )
    .expect("options");
    let mut game = <arbiter::games::rabble::State as Game>::new(&options, Seed(0)).expect("a game");
    for text in turns {
        let seat = game.to_act().seat().expect("someone acts");
        let action = game.parse_action(seat, text).expect("a turn");
        game.play(seat, &action).expect("a legal turn");
    }
    game.view(Viewer::Public)
}

#[test]
fn render_rabble_mid_game_shows_holes_stacks_counters_and_what_lies_outside() {
    // The seed's first move, Blue's answer, a hire onto a pawn far outside the window, a Blue
    // stack at 4,7 and a Red pawn jumping down from the fourth dimension onto its own pawn.
    let view = rabble_view(
        "select=off",
        &["7,6x7,8", "3,7x3,5", "drop P&30,3", "4,8&4,7", "9,4,1,2 d4-&"],
    );
    assert_eq!(view.outside.1, 1, "the hired stack on 30,3 lies outside the window");
    let pic = arbiter::render::render(
        &AnyView::Rabble(view),
        "#7 · ply 5 · Red 141 : 144 Blue · Blue to act",
        &theme(Script::Latin),
    );
    golden("rabble/mid-game-latin", &pic);
    assert!(pic.png.len() <= arbiter::render::MAX_BYTES, "{} bytes", pic.png.len());
}

#[test]
fn render_rabble_far_beyond_any_machine_integer_places_units_and_labels_by_offset() {
    // Issue 42: a Red chefu hired onto x = 10^40 on the empty band row, Blue's answer, and the
    // chefu's capture up its file; the window is centred on it, 10^40 − 7 to 10^40 + 8.
    use arbiter::games::rabble::{Coord, Int, Layer};
    let x = format!("1{}", "0".repeat(40));
    let options = arbiter::games::rabble::Options::from_pairs(
        &arbiter::games::options::split_pairs("select=off band_empty=on").expect("options split"),
    )
    .expect("options");
    let mut game = <arbiter::games::rabble::State as Game>::new(&options, Seed(0)).expect("a game");
    for text in [format!("drop R@{x},6"), "3,9>3,8".to_string(), format!("{x},6x{x},9")] {
        let seat = game.to_act().seat().expect("someone acts");
        let action = game.parse_action(seat, &text).expect("a turn");
        game.play(seat, &action).expect("a legal turn");
    }
    let centre: Int = x.parse().expect("10^40");
    let view =
        game.view_window(&Layer::main(), (&centre - 7, &centre + 8), (Int::new(-1), Int::new(14)));
    let chefu = Coord::main(centre.clone(), 9);
    let at = |c: &Coord| {
        let i = (&c.x - &view.x.0).to_i64().expect("in the window");
        let j = (&c.y - &view.y.0).to_i64().expect("in the window");
        view.cells[usize::try_from(j).expect("a row")][usize::try_from(i).expect("a column")]
            .clone()
    };
    assert_eq!(at(&chefu).expect("the chefu").letters(), "R", "the chefu where it captured");
    assert_eq!(at(&Coord::main(&centre + 1, 9)).expect("a pawn").letters(), "p");
    assert!(view.last_squares.contains(&chefu), "its last squares are marked");
    let pic = arbiter::render::render(
        &AnyView::Rabble(view),
        "#7 · ply 3 · Red 142 : 144 Blue · Blue to act",
        &theme(Script::Latin),
    );
    golden("rabble/far-ten-to-the-forty-latin", &pic);
}

#[test]
fn render_rabble_selection_shows_the_empty_slots_in_chinese_from_blues_side() {
    let view = rabble_view("", &["pick C N B R", "pick default", "pick P P N P"]);
    assert!(view.selecting.is_some());
    let mut t = theme(Script::Simplified);
    t.flipped = true;
    let pic = arbiter::render::render(
        &AnyView::Rabble(view),
        "#7 · 第0手 · 红 123 : 120 蓝 · 蓝自选第2步",
        &t,
    );
    golden("rabble/selection-chinese-flipped", &pic);
}

#[test]
fn render_rabble_observation_draws_one_panel_per_layer_with_far_columns_as_offsets() {
    // A Red pawn hired onto its own pawn at 999999999000001,3 in layer 2, and the seed's first
    // move: the block 999999999000000..+3 × 2..4 through layers 0..2, main plane marked.
    let options = arbiter::games::rabble::Options::from_pairs(
        &arbiter::games::options::split_pairs("select=off").expect("options split"),
    )
    .expect("options");
    let mut game = <arbiter::games::rabble::State as Game>::new(&options, Seed(0)).expect("a game");
    for text in ["drop P&999999999000001,3,2", "3,7x3,5"] {
        let seat = game.to_act().seat().expect("someone acts");
        let action = game.parse_action(seat, text).expect("a turn");
        game.play(seat, &action).expect("a legal turn");
    }
    use arbiter::games::rabble::Int;
    let far = Int::new(999_999_999_000_000);
    let o = arbiter::games::rabble::text::observation(
        game.board(),
        (far.clone(), &far + 3),
        (Int::new(2), Int::new(4)),
        None,
    );
    assert_eq!(
        o.z,
        (Int::new(0), Int::new(2)),
        "0..2 around the main plane, which holds the block's change"
    );
    assert_eq!(
        o.layers.iter().map(|(z, _)| z.clone()).collect::<Vec<_>>(),
        [2, 1, 0].map(Int::new)
    );
    let stack = o.layers[0].1[1][1].as_ref().expect("the stack on +1,3 in layer 2");
    assert_eq!(stack.pieces.len(), 2);
    let pic = arbiter::render::rabble::observation(
        &o,
        "#7 · ply 2 · Red 143 : 145 Blue · Red to act",
        &theme(Script::Latin),
    );
    golden("rabble/observation-far-latin", &pic);
}

// ---------------------------------------------------------------------------------------------
// `/rules ultima <code>`: each piece's picture, as the console table sends it.

/// The pictures `/rules ultima <code>` sends for each of `codes` at the console table (the real
/// binary, as a player's terminal feeds it), read by a `locale` reader (English when `None`).
fn ultima_rules_pictures(codes: &[&str], locale: Option<&str>) -> Vec<Picture> {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("a directory");
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"));
    command
        .current_dir(dir.path())
        .env("ARBITER_DATABASE", dir.path().join("arbiter.db"))
        .env_remove("TELEGRAM_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .env_remove("ARBITER_CONSOLE_LOCALE")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    if let Some(locale) = locale {
        command.env("ARBITER_CONSOLE_LOCALE", locale);
    }
    let mut child = command.spawn().expect("the binary starts");
    let input: String = codes.iter().map(|c| format!("/rules ultima {c}\n")).collect();
    let input = input + "/quit\n";
    child.stdin.take().expect("its input").write_all(input.as_bytes()).expect("the lines");
    let out = child.wait_with_output().expect("the binary ends");
    assert!(out.status.success(), "{out:?}");
    let pictures: Vec<Picture> = String::from_utf8(out.stdout)
        .expect("UTF-8 output")
        .lines()
        .filter_map(|l| l.trim().strip_prefix("[picture: ")?.strip_suffix(']'))
        .map(|path| {
            let png = std::fs::read(path).expect("the picture was saved");
            let image = image::load_from_memory(&png).expect("a PNG");
            Picture { width: image.width(), height: image.height(), png }
        })
        .collect();
    assert_eq!(pictures.len(), codes.len(), "one picture per piece");
    pictures
}

/// Issue 42: each Ultima piece's picture teaches its capture: the long leaper jumping two
/// pieces, the pincer pinching against a friendly piece (and sparing the piece with no jaw), the
/// withdrawer moving away, the coordinator's rectangle with its king, the immobilizer's frozen
/// neighbours, the chameleon taking three pieces three ways; and a 繁體 reader's coordinator
/// picture drawn in Traditional codes (協 夾).
#[test]
fn render_ultima_rules_pictures_teach_each_pieces_capture() {
    let codes = ["K", "P", "W", "L", "C", "I", "X"];
    for (code, picture) in codes.iter().zip(ultima_rules_pictures(&codes, None)) {
        golden(&format!("rules/ultima-{code}-latin"), &picture);
    }
    let traditional = ultima_rules_pictures(&["C"], Some("zh-Hant"));
    golden("rules/ultima-C-traditional", &traditional[0]);
}

/// Writes `picture` to `$ARBITER_RENDER_OUT/<name>.png` when that variable names a folder, to
/// look at a picture a test draws.
fn write_for_eyes(name: &str, picture: &Picture) {
    if let Some(dir) = std::env::var_os("ARBITER_RENDER_OUT") {
        write(&Path::new(&dir).join(format!("{name}.png")), &picture.png);
    }
}

/// Ten players' names, Latin and Chinese in both scripts, one too long to fit.
const NAMES: [&str; 10] = [
    "张伟",
    "Alice",
    "陳志明",
    "Bob the Builder",
    "王秀英",
    "Zoë",
    "林宜臻",
    "Dmitri",
    "Bartholomew Fitzgerald-Montgomery",
    "さくら",
];

/// An `n`-player double round robin as cells: every pair plays twice, the results follow a
/// fixed rule (no tournament logic here: the renderer only lays strings out).
fn double_round_robin_table(n: usize) -> crosstable::Table {
    let result = |i: usize, j: usize, leg: usize| (i * 7 + j * 3 + leg * 5) % 3; // 0, 1 or 2
    let points = |i: usize, j: usize, leg: usize| {
        // i's half points against j in game `leg`, consistent from both sides.
        if i < j { result(i, j, leg) } else { 2 - result(j, i, leg) }
    };
    let half = |p: usize| match p {
        0 => "0",
        1 => "½",
        _ => "1",
    };
    let rows: Vec<Vec<String>> = (0..n)
        .map(|i| {
            let mut row = vec![(i + 1).to_string(), NAMES[i % NAMES.len()].to_string()];
            let mut total = 0;
            for j in 0..n {
                if i == j {
                    row.push("×".to_string());
                } else {
                    row.push(format!("{}{}", half(points(i, j, 0)), half(points(i, j, 1))));
                    total += points(i, j, 0) + points(i, j, 1);
                }
            }
            let pts =
                if total % 2 == 1 { format!("{}½", total / 2) } else { (total / 2).to_string() };
            row.push(pts);
            row.push(format!("{}.25", 40 + i));
            row
        })
        .collect();
    let mut headers = vec!["#".to_string(), "Name".to_string()];
    headers.extend((1..=n).map(|k| k.to_string()));
    headers.extend(["Pts".to_string(), "SB".to_string()]);
    crosstable::Table {
        title: "春季循环赛 Spring round robin: final".to_string(),
        headers,
        rows,
        name_column: Some(1),
        highlight: Some(0),
        more: "… and {n} more".to_string(),
    }
}

/// A 64-player, 7-round Swiss as cells (`12w1`: opponent's row, colour, result).
fn swiss_table() -> crosstable::Table {
    let rows = (1..=64_usize)
        .map(|i| {
            let mut row = vec![i.to_string(), format!("{} {i}", NAMES[i % NAMES.len()])];
            for r in 1..=7_usize {
                let opponent = (i + r * 9) % 64 + 1;
                let colour = if (i + r) % 2 == 0 { 'w' } else { 'b' };
                let result = ["1", "½", "0"][(i * r) % 3];
                row.push(if r == 4 && i % 13 == 0 {
                    "-1".to_string()
                } else {
                    format!("{opponent}{colour}{result}")
                });
            }
            row.extend([format!("{}", 7 - i / 10), format!("{}.5", 30 - i / 3), "21".into()]);
            row
        })
        .collect();
    let mut headers = vec!["#".to_string(), "Name".to_string()];
    headers.extend((1..=7).map(|k| k.to_string()));
    headers.extend(["Pts".to_string(), "BH".to_string(), "SB".to_string()]);
    crosstable::Table {
        title: "Open Swiss: after round 7".to_string(),
        headers,
        rows,
        name_column: Some(1),
        highlight: Some(0),
        more: "… and {n} more".to_string(),
    }
}

#[test]
fn render_crosstable_of_a_ten_player_double_round_robin() {
    let theme = Theme::default();
    let table = double_round_robin_table(10);
    let pic = crosstable::render(&table, &theme);
    write_for_eyes("crosstable-round-robin", &pic);
    let decoded = image::load_from_memory(&pic.png).expect("the PNG decodes");
    assert_eq!((decoded.width(), decoded.height()), (pic.width, pic.height));
    // 14 columns of short cells and one name column: wider than a board, within the limit;
    // the title, a header line and ten lines of about 28 pixels.
    assert!((500..=crosstable::MAX_WIDTH).contains(&pic.width), "width {}", pic.width);
    assert!((300..=500).contains(&pic.height), "height {}", pic.height);
    assert!(pic.png.len() <= arbiter::render::MAX_BYTES, "{} bytes", pic.png.len());
    assert_eq!(chunk_types(&pic.png), ["IHDR", "IDAT", "IEND"]);
    for name in NAMES {
        assert!(name.chars().all(|c| c == ' ' || can_draw(c)), "{name} draws without '?'");
    }
    let plain = crosstable::render(&crosstable::Table { highlight: None, ..table }, &theme);
    assert_ne!(plain.png, pic.png, "the winner's line is highlighted");
}

#[test]
fn render_crosstable_of_a_wide_round_robin_shrinks_the_font_to_fit() {
    let theme = Theme::default();
    let table = double_round_robin_table(40);
    let pic = crosstable::render(&table, &theme);
    write_for_eyes("crosstable-round-robin-40", &pic);
    let decoded = image::load_from_memory(&pic.png).expect("the PNG decodes");
    assert_eq!((decoded.width(), decoded.height()), (pic.width, pic.height));
    // 44 columns at 16 pixels would be about 2,200 pixels wide; the font shrinks instead.
    assert!(pic.width <= crosstable::MAX_WIDTH, "width {}", pic.width);
    assert!(pic.width >= crosstable::MAX_WIDTH * 3 / 4, "width {}", pic.width);
    assert!(pic.png.len() <= arbiter::render::MAX_BYTES, "{} bytes", pic.png.len());
}

#[test]
fn render_crosstable_of_a_64_player_swiss_shows_the_top_lines() {
    let theme = Theme::default();
    let table = swiss_table();
    let pic = crosstable::render(&table, &theme);
    write_for_eyes("crosstable-swiss-64", &pic);
    let decoded = image::load_from_memory(&pic.png).expect("the PNG decodes");
    assert_eq!((decoded.width(), decoded.height()), (pic.width, pic.height));
    assert!((500..=crosstable::MAX_WIDTH).contains(&pic.width), "width {}", pic.width);
    // The picture keeps within the byte budget by drawing fewer lines: at most 30, at least 8,
    // plus the header and the "… and {n} more" line, 28 pixels each, and the title.
    assert!(pic.png.len() <= arbiter::render::MAX_BYTES, "{} bytes", pic.png.len());
    assert!((10 * 28..=32 * 28 + 100).contains(&pic.height), "height {}", pic.height);
    // Against a table of exactly the lines drawn (so no "more" line): one line taller.
    let row_height = 28;
    let drawn = (pic.height - few_lines(&table, &theme, 0).height) as usize / row_height;
    let exact = crosstable::Table { rows: table.rows[..drawn - 1].to_vec(), ..table.clone() };
    assert_eq!(
        crosstable::render(&exact, &theme).height + row_height as u32,
        pic.height,
        "{} lines and the 'more' line",
        drawn - 1
    );
}

/// `table` with its first `n` lines only.
fn few_lines(table: &crosstable::Table, theme: &Theme, n: usize) -> Picture {
    crosstable::render(
        &crosstable::Table { rows: table.rows[..n].to_vec(), ..table.clone() },
        theme,
    )
}
