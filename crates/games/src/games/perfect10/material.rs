//! Insufficient material (spec decision 9): a side has mating material unless its pieces form
//! a set for which no checkmate of a lone king exists at all. Pawns, or three or more pieces
//! besides the king, always count as mating material, so only sets of one or two pieces need
//! deciding, and [`NO_MATE`] lists those that cannot mate. It was computed by [`mate_exists`],
//! an exhaustive enumeration over every placement (see `docs/perfect10.md`), and the tests
//! re-derive it: every set listed has no mate anywhere, and every single piece and every pair of
//! non-mating single pieces not listed has one. (A pair containing a piece that mates alone is
//! treated as mating material without enumeration: that can only make the draw rarer, never
//! wrong.)

use super::Kind;
use super::board::{self, Board, color_bit, idx};

/// The piece sets (besides the king) with which no checkmate of a lone king exists, each
/// sorted in [`Kind::ALL`] order. Printed by `cargo test --release --lib
/// no_mate_table_is_what_enumeration_finds -- --nocapture` (about 6 s), which also checks it.
/// Nine single pieces cannot mate (Bishop, Cannon, Archer, Knight, Elephant, Wazir, Ferz,
/// Dabbaba, Alfil: the Guard and the Ship can), and of their pairs only six, all with an Archer.
pub const NO_MATE: &[&[Kind]] = &[
    &[Kind::Bishop],
    &[Kind::Cannon],
    &[Kind::Archer],
    &[Kind::Knight],
    &[Kind::Elephant],
    &[Kind::Wazir],
    &[Kind::Ferz],
    &[Kind::Dabbaba],
    &[Kind::Alfil],
    &[Kind::Bishop, Kind::Archer],
    &[Kind::Archer, Kind::Archer],
    &[Kind::Archer, Kind::Elephant],
    &[Kind::Archer, Kind::Ferz],
    &[Kind::Archer, Kind::Dabbaba],
    &[Kind::Archer, Kind::Alfil],
];

/// The kinds that move and capture only diagonally, so that each stays on the squares of one
/// colour for the whole game.
pub const COLOUR_BOUND: &[Kind] =
    &[Kind::Bishop, Kind::Archer, Kind::Elephant, Kind::Ferz, Kind::Alfil];

/// The pairs of [`COLOUR_BOUND`] pieces (each sorted in [`Kind::ALL`] order, neither able to
/// mate alone, the pair not already in [`NO_MATE`]) with which no checkmate of a lone king
/// exists when both stand on squares of one colour: two bishops on one colour cannot mate,
/// although two bishops can. The enumeration finds that no such pair can mate on one colour.
/// Printed and checked by
/// `no_mate_on_one_colour_table_is_what_enumeration_finds`.
pub const NO_MATE_ONE_COLOUR: &[&[Kind]] = &[
    &[Kind::Bishop, Kind::Bishop],
    &[Kind::Bishop, Kind::Elephant],
    &[Kind::Bishop, Kind::Ferz],
    &[Kind::Bishop, Kind::Alfil],
    &[Kind::Elephant, Kind::Elephant],
    &[Kind::Elephant, Kind::Ferz],
    &[Kind::Elephant, Kind::Alfil],
    &[Kind::Ferz, Kind::Ferz],
    &[Kind::Ferz, Kind::Alfil],
    &[Kind::Alfil, Kind::Alfil],
];

/// Whether the pieces of one side (its king not included) can ever mate, judged by kind alone:
/// see [`has_mating_material_at`] for the judgement that also knows their squares.
#[must_use]
pub fn has_mating_material(pieces: &[Kind]) -> bool {
    if pieces.contains(&Kind::Pawn) || pieces.len() >= 3 {
        return true;
    }
    if pieces.is_empty() {
        return false;
    }
    let mut sorted = pieces.to_vec();
    sorted.sort();
    !NO_MATE.contains(&sorted.as_slice())
}

/// Whether the pieces of one side (its king not included), standing on these squares, can ever
/// mate: [`has_mating_material`], and besides a pair of [`COLOUR_BOUND`] pieces on squares of
/// one colour is no mating material when [`NO_MATE_ONE_COLOUR`] lists it.
#[must_use]
pub fn has_mating_material_at(pieces: &[(Kind, u8)]) -> bool {
    let kinds: Vec<Kind> = pieces.iter().map(|&(k, _)| k).collect();
    if !has_mating_material(&kinds) {
        return false;
    }
    if let [(a, square_a), (b, square_b)] = pieces
        && COLOUR_BOUND.contains(a)
        && COLOUR_BOUND.contains(b)
        && square_colour(*square_a) == square_colour(*square_b)
    {
        let mut pair = [*a, *b];
        pair.sort();
        return !NO_MATE_ONE_COLOUR.contains(&pair.as_slice());
    }
    true
}

/// The colour of a square: 0 for a1's, 1 for the other.
fn square_colour(square: u8) -> u8 {
    (board::file_of(square) + board::rank_of(square)) % 2
}

/// Whether some placement of a White king and `pieces` (White) against a lone Black king, with
/// Black to move, is checkmate. Exhaustive: the Black king on the 15 squares of one eighth of
/// the board (every piece here moves the same under the board's eight symmetries), the White
/// king and the pieces on every square. Pawns are not allowed (they always count as mating
/// material).
///
/// # Panics
///
/// Never for sets of up to two pieces; more are refused with `false` (not enumerated).
#[must_use]
pub fn mate_exists(pieces: &[Kind]) -> bool {
    mate_search(pieces, &[None])
}

/// [`mate_exists`] with every piece on squares of one colour (either colour): whether `pieces`
/// can mate while they all stay on one colour, as colour-bound pieces do.
#[must_use]
pub fn mate_exists_on_one_colour(pieces: &[Kind]) -> bool {
    mate_search(pieces, &[Some(0), Some(1)])
}

/// The enumeration behind [`mate_exists`], once per entry of `colours`: `None` places the
/// pieces anywhere, `Some(c)` only on squares of colour `c`.
fn mate_search(pieces: &[Kind], colours: &[Option<u8>]) -> bool {
    if pieces.is_empty() || pieces.len() > 2 || pieces.contains(&Kind::Pawn) {
        return false;
    }
    colours.iter().any(|&colour| mate_search_within(pieces, colour))
}

fn mate_search_within(pieces: &[Kind], colour: Option<u8>) -> bool {
    let codes: Vec<u8> = pieces.iter().map(|k| k.code() | color_bit(0)).collect();
    let mut moves = Vec::with_capacity(16);
    for rank in 0..5u8 {
        for file in 0..=rank {
            let black_king = idx(file, rank);
            for &white_king in &board::SQUARES {
                if white_king == black_king || adjacent(white_king, black_king) {
                    continue;
                }
                let mut b = Board::empty();
                b.side = 1;
                b.cells[black_king as usize] = board::KING | color_bit(1);
                b.cells[white_king as usize] = board::KING | color_bit(0);
                b.kings = [white_king, black_king];
                if place(&mut b, &codes, colour, 0, 0, &mut moves) {
                    return true;
                }
            }
        }
    }
    false
}

/// Places `codes[i..]` on empty squares from `from_square` on (same kinds in increasing square
/// order) and reports whether some placement mates.
fn place(
    b: &mut Board,
    codes: &[u8],
    colour: Option<u8>,
    i: usize,
    from_square: usize,
    moves: &mut Vec<board::Mv>,
) -> bool {
    if i == codes.len() {
        if !b.in_check() {
            return false;
        }
        b.legal_moves(moves);
        return moves.is_empty();
    }
    let start = if i > 0 && codes[i] == codes[i - 1] { from_square } else { 0 };
    for (n, &s) in board::SQUARES.iter().enumerate().skip(start) {
        if b.cells[s as usize] != board::EMPTY || colour.is_some_and(|c| square_colour(s) != c) {
            continue;
        }
        b.cells[s as usize] = codes[i];
        let found = place(b, codes, colour, i + 1, n + 1, moves);
        b.cells[s as usize] = board::EMPTY;
        if found {
            return true;
        }
    }
    false
}

fn adjacent(a: u8, b: u8) -> bool {
    let (fa, ra) = (board::file_of(a), board::rank_of(a));
    let (fb, rb) = (board::file_of(b), board::rank_of(b));
    fa.abs_diff(fb) <= 1 && ra.abs_diff(rb) <= 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kinds a side can have besides its king and pawns.
    fn pieces() -> Vec<Kind> {
        Kind::ALL.into_iter().filter(|k| !matches!(k, Kind::King | Kind::Pawn)).collect()
    }

    fn single_no_mate() -> Vec<Kind> {
        pieces().into_iter().filter(|&k| !mate_exists(&[k])).collect()
    }

    #[test]
    fn lone_kings_and_listed_sets_lack_mating_material_while_pawns_and_three_pieces_have_it() {
        assert!(!has_mating_material(&[]));
        assert!(has_mating_material(&[Kind::Pawn]));
        assert!(has_mating_material(&[Kind::Wazir, Kind::Wazir, Kind::Wazir]));
        for set in NO_MATE {
            assert!(!has_mating_material(set), "{set:?}");
            let mut reversed = set.to_vec();
            reversed.reverse();
            assert!(!has_mating_material(&reversed), "order does not matter: {set:?}");
        }
        assert!(has_mating_material(&[Kind::Queen]));
        assert!(has_mating_material(&[Kind::Rook]));
        // Two bishops can mate (on opposite colours), so the pair counts as mating material.
        assert!(has_mating_material(&[Kind::Bishop, Kind::Bishop]));
    }

    #[test]
    fn the_enumeration_finds_the_classic_answers() {
        // Chess knowledge the enumeration must reproduce on a larger board: a rook or a queen
        // mates, a knight or a bishop alone does not, two knights can (with help).
        assert!(mate_exists(&[Kind::Rook]));
        assert!(mate_exists(&[Kind::Queen]));
        assert!(!mate_exists(&[Kind::Knight]));
        assert!(!mate_exists(&[Kind::Bishop]));
        assert!(mate_exists(&[Kind::Knight, Kind::Knight]));
        assert!(mate_exists(&[Kind::Bishop, Kind::Bishop]));
    }

    /// Every pair of non-mating single pieces, millions of placements each (a few seconds
    /// optimised); prints the table with `--nocapture`.
    #[test]
    fn no_mate_table_is_what_enumeration_finds() {
        let singles = single_no_mate();
        let mut table: Vec<Vec<Kind>> = singles.iter().map(|&k| vec![k]).collect();
        for (i, &a) in singles.iter().enumerate() {
            for &b in &singles[i..] {
                if !mate_exists(&[a, b]) {
                    table.push(vec![a, b]);
                }
            }
        }
        println!("pub const NO_MATE: &[&[Kind]] = &[");
        for set in &table {
            let names: Vec<String> = set.iter().map(|k| format!("Kind::{k:?}")).collect();
            println!("    &[{}],", names.join(", "));
        }
        println!("];");
        let committed: Vec<Vec<Kind>> = NO_MATE.iter().map(|s| s.to_vec()).collect();
        assert_eq!(committed, table);
    }

    /// Every pair of colour-bound pieces that mates somewhere, enumerated again with both
    /// pieces on one colour; prints the table with `--nocapture`.
    #[test]
    fn no_mate_on_one_colour_table_is_what_enumeration_finds() {
        let singles: Vec<Kind> =
            single_no_mate().into_iter().filter(|k| COLOUR_BOUND.contains(k)).collect();
        let mut table: Vec<Vec<Kind>> = Vec::new();
        for (i, &a) in singles.iter().enumerate() {
            for &b in &singles[i..] {
                if NO_MATE.contains(&[a, b].as_slice()) {
                    continue;
                }
                if !mate_exists_on_one_colour(&[a, b]) {
                    table.push(vec![a, b]);
                }
            }
        }
        println!("pub const NO_MATE_ONE_COLOUR: &[&[Kind]] = &[");
        for set in &table {
            let names: Vec<String> = set.iter().map(|k| format!("Kind::{k:?}")).collect();
            println!("    &[{}],", names.join(", "));
        }
        println!("];");
        let committed: Vec<Vec<Kind>> = NO_MATE_ONE_COLOUR.iter().map(|s| s.to_vec()).collect();
        assert_eq!(committed, table);
    }

    #[test]
    fn two_bishops_mate_only_on_opposite_colours() {
        // The chess fact (no mate with bishops of one colour) reproduced on this board.
        assert!(!mate_exists_on_one_colour(&[Kind::Bishop, Kind::Bishop]));
        let (light, dark) = (idx(0, 1), idx(0, 3));
        let other = idx(1, 1);
        assert_eq!(square_colour(light), square_colour(dark));
        assert_ne!(square_colour(light), square_colour(other));
        assert!(!has_mating_material_at(&[(Kind::Bishop, light), (Kind::Bishop, dark)]));
        assert!(has_mating_material_at(&[(Kind::Bishop, light), (Kind::Bishop, other)]));
        // A colour-bound piece beside one that is not: judged by kind, as before.
        assert!(has_mating_material_at(&[(Kind::Bishop, light), (Kind::Knight, dark)]));
        assert!(!has_mating_material_at(&[(Kind::Bishop, light)]));
    }
}
