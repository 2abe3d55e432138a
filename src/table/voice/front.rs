//! The few words a front end says itself, as narrow functions: it never reaches the Fluent
//! wording. Slash command and menu descriptions (a message the command table names), Discord's
//! permission names and its move form, the games' names for completing what a player types,
//! the labels images draw ([`super::image_labels`]), and the catalogue of message ids for tests.

use super::wording::{List, Wording, ids, list, wording};
use crate::games::GameKind;
use crate::store::GameId;
use crate::table::reply::Lang;

/// A message the command table names, in `lang`: a command's or an option's help
/// (`CommandSpec::help`), an option's name (`arg-name-<option>`) or a fixed choice's name.
/// Every such id is checked to exist in every language by the front ends' tests.
#[must_use]
pub fn command_text(lang: Lang, id: &str) -> String {
    wording().text_of(lang, id, &[])
}

/// Every message id a language defines, sorted (for tests that check the ids a table names).
#[must_use]
pub fn catalog_ids(lang: Lang) -> Vec<String> {
    Wording::ids(lang)
}

/// A game's name in `lang` (`Chaos Clock`, `混乱时钟`).
#[must_use]
pub fn game_name(lang: Lang, kind: GameKind) -> String {
    super::narrate::game_name(wording(), lang, kind)
}

/// A permission the bot needs in a Discord channel to hold a game there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permission {
    /// See the channel.
    ViewChannel,
    /// Post in it.
    SendMessages,
    /// Attach the board.
    AttachFiles,
    /// Embed it.
    EmbedLinks,
    /// Open a public thread for the game.
    CreatePublicThreads,
    /// Post in that thread.
    SendMessagesInThreads,
}

impl Permission {
    /// The permission's name in `lang`, as Discord's settings show it.
    #[must_use]
    pub fn name(self, lang: Lang) -> String {
        let id = match self {
            Permission::ViewChannel => ids::PERM_VIEW_CHANNEL,
            Permission::SendMessages => ids::PERM_SEND_MESSAGES,
            Permission::AttachFiles => ids::PERM_ATTACH_FILES,
            Permission::EmbedLinks => ids::PERM_EMBED_LINKS,
            Permission::CreatePublicThreads => ids::PERM_CREATE_PUBLIC_THREADS,
            Permission::SendMessagesInThreads => ids::PERM_SEND_MESSAGES_IN_THREADS,
        };
        wording().text(lang, id, &[])
    }
}

/// The refusal of `/new` in a channel where the bot lacks the permissions named in `missing`
/// (each already in the reader's words, [`Permission::name`]).
#[must_use]
pub fn permissions_missing(lang: Lang, missing: &[String]) -> String {
    wording().text(
        lang,
        ids::ERR_DISCORD_PERMISSIONS,
        &[("list", list(lang, List::Codes, missing).into())],
    )
}

/// What a pressed button's answer says (Telegram's small notice under the press) when the
/// referee took the press but the group's replies wait for the platform's message limit.
#[must_use]
pub fn follows_shortly(lang: Lang) -> String {
    wording().text(lang, ids::TG_FOLLOWS_SHORTLY, &[])
}

/// Discord's move form for game `id`: its title and its text field's label.
#[must_use]
pub fn move_form(lang: Lang, id: GameId) -> (String, String) {
    let w = wording();
    (
        w.text(lang, ids::DISCORD_MOVE_TITLE, &[("id", id.into())]),
        w.text(lang, ids::DISCORD_MOVE_LABEL, &[]),
    )
}
