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

/// Whether the pieces of one side (its king not included) can ever mate.
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
    if pieces.is_empty() || pieces.len() > 2 || pieces.contains(&Kind::Pawn) {
        return false;
    }
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
                if place(&mut b, &codes, 0, 0, &mut moves) {
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
        if b.cells[s as usize] != board::EMPTY {
            continue;
        }
        b.cells[s as usize] = codes[i];
        let found = place(b, codes, i + 1, n + 1, moves);
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
}
