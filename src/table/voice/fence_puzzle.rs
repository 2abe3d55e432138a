//! Dark Fence's puzzle from the seed (`/rules dark-fence puzzle [move]`): the position with the
//! referee's picture, and the judgement of an attempt, worded with Dark Fence's own words.

use super::dark_fence::Voice;
use super::fence_words::{dir_word, path_text};
use super::narrate::{self, Narrator};
use super::wording::{Wording, ids, say, say_of};
use crate::core::Viewer;
use crate::games::dark_fence::{Action, Player};
use crate::games::{AnyAction, AnyGame, GameKind, dark_fence};
use crate::table::reply::{Image, Lang};

/// The words that ask for the seed's puzzle (`/rules dark-fence puzzle [move]`): what follows
/// them is an attempt, if anything.
pub(crate) fn puzzle_attempt(topic: &str) -> Option<&str> {
    let topic = topic.trim();
    ["puzzle", "谜题", "謎題", "题目", "題目"].into_iter().find_map(|word| {
        let head = topic.get(..word.len())?;
        head.eq_ignore_ascii_case(word).then(|| topic[word.len()..].trim())
    })
}

/// `/rules dark-fence puzzle [move]`: the seed's puzzle with the referee's picture of it, or the
/// judgement of an attempt, played out with every reply on copies of the game
/// ([`dark_fence::puzzle::judge`]). `Err` is a refusal's text (the attempt is not a move).
pub(crate) fn puzzle_reply(
    w: &Wording,
    lang: Lang,
    attempt: &str,
    images: bool,
) -> Result<(String, Option<Image>), String> {
    use dark_fence::puzzle::{self, Judgement};
    let options = crate::games::AnyOptions::default_for(GameKind::DarkFence);
    let game = AnyGame::from_position(&options, puzzle::POSITION, crate::core::Seed(0))
        .map_err(|e| e.to_string())?;
    let AnyGame::DarkFence(state) = &game else { return Err(String::new()) };
    if attempt.is_empty() {
        let text = w.text(lang, ids::DF_PUZZLE, &[]);
        let image = images.then(|| {
            let view = game.view(Viewer::Referee);
            let caption = say(lang, ids::CAP_DF_PUZZLE, &[]);
            let theme = narrate::theme(Viewer::Referee, lang);
            let p = crate::render::render(&view, &caption, &theme);
            Image::png(p.png, p.width, p.height)
        });
        return Ok((text, image));
    }
    let p2 = Player::P2.seat();
    let action = game.parse_action(p2, attempt).map_err(|e| Voice.error_text(w, lang, &e))?;
    let AnyAction::DarkFence(Action::Move(input)) = action else {
        return Err(w.text(lang, ids::DF_PUZZLE_NOT_A_MOVE, &[]));
    };
    let shown = format!("{} {}", path_text(&input.path), dir_word(w, lang, input.dir));
    let text = match puzzle::judge(state, &input) {
        Some(Judgement::LosesNow(reason)) => w.text(
            lang,
            ids::DF_PUZZLE_LOSES_NOW,
            &[
                ("move", shown.into()),
                ("why", say_of(lang, &format!("cap-df-{reason}"), &[]).into()),
            ],
        ),
        Some(Judgement::Dies(reply)) => {
            let reply = format!("{} {}", path_text(&reply.path), dir_word(w, lang, reply.dir));
            w.text(lang, ids::DF_PUZZLE_DIES, &[("move", shown.into()), ("reply", reply.into())])
        }
        Some(Judgement::Survives) => {
            w.text(lang, ids::DF_PUZZLE_SURVIVES, &[("move", shown.into())])
        }
        Some(Judgement::EndsNow(_)) | None => {
            w.text(lang, ids::DF_PUZZLE_ENDS, &[("move", shown.into())])
        }
    };
    Ok((text, None))
}
