//! `arbiter export --tournament N` (docs/community.md "Tournaments"): a tournament's record as
//! text, in English: its headers, the standings with their tie-breaks, the crosstable as a
//! grid, every round's pairings with results, then every game's own record (docs/records.md)
//! one after the other. Read from the store alone, as `arbiter export` reads a game.

use arbiter_pairing::standings::{Cell, format_points, format_quarters};

use super::record::{self, RecordError};
use super::reply::Lang;
use super::rounds::read_field;
use super::voice;
use crate::games::GameKind;
use crate::store::Store;

/// The record of tournament `id`.
///
/// # Errors
///
/// No such tournament; the store failed; a game of it does not replay.
pub async fn export_tournament(store: &Store, id: i64) -> Result<String, RecordError> {
    let field = read_field(store, id).await?.ok_or(RecordError::NoTournament(id))?;
    let lang = Lang::En;
    let facts = field.facts();
    let row = &field.row;
    let mut text = String::new();
    for (key, value) in [
        ("Event", voice::tournament_name(lang, &facts)),
        ("Game", row.kind.clone()),
        ("Options", row.options.clone()),
        ("Format", row.format.clone()),
        ("Double", if row.double_rr { "yes" } else { "no" }.to_string()),
        ("Rounds", row.rounds.to_string()),
        ("Played", field.played().to_string()),
        ("Status", row.status.clone()),
        ("Rated", if row.rated { "yes" } else { "no" }.to_string()),
        ("Platform", row.platform.to_string()),
        ("Chat", row.chat.id.clone()),
        ("Maker", row.creator_name.clone()),
    ] {
        text.push_str(&format!("[{key} \"{}\"]\n", value.replace('"', "'")));
    }
    text.push('\n');
    if let Some((lines, tie_breaks, cross)) = field.standing_lines() {
        let names = |n: u32| field.name(i64::from(n));
        let over = row.status == "over";
        let (words, _) = voice::standings(
            lang,
            &facts,
            field.played(),
            over,
            &lines,
            &tie_breaks,
            &cross,
            &names,
            false,
        );
        text.push_str(&words);
        text.push_str("\n\n");
        // The crosstable: place, name, the result cells, points, tie-breaks; tab-separated.
        for (r, l) in cross.rows.iter().zip(&lines) {
            let mut cells = vec![r.place.to_string(), l.name.clone()];
            cells.extend(r.cells.iter().map(Cell::text));
            cells.push(format_points(r.points));
            cells.extend(r.tie_breaks.iter().map(|v| v.map(format_quarters).unwrap_or_default()));
            text.push_str(&cells.join("\t"));
            text.push('\n');
        }
        text.push('\n');
    }
    for round in 1..=row.round {
        let lines = field.board_lines(round);
        text.push_str(&voice::round_pairings(lang, &facts, round, &lines, false));
        text.push_str("\n\n");
    }
    let kind = GameKind::from_code(&row.kind).unwrap_or(GameKind::Ultima);
    for game in field.boards.iter().filter_map(|b| b.game_id) {
        match record::export(store, game).await {
            Ok(r) => text.push_str(&r.to_text(kind)),
            // A Dark Fence game still being played keeps its moves to itself.
            Err(RecordError::Hidden(id)) => {
                text.push_str(&format!("; game #{id} is being played\n"))
            }
            Err(e) => return Err(e),
        }
        text.push('\n');
    }
    Ok(text)
}
