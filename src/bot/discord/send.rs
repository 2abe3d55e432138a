//! Sending to Discord: the REST calls the front end makes (retried after a 429), the message
//! builders (buttons, pictures, mentions that may ping) and the [`Sender`] the outbox delivers
//! through, with what each failure means for a delivery.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateEmbed, CreateInteractionResponseFollowup, CreateMessage, EditInteractionResponse, Http,
    UserId,
};

use super::translate::{self, PLATFORM, Post};
use crate::bot::outbox::{self, BoxFuture, Fault};
use crate::store;
use crate::table::Referee;
use crate::table::reply::{Button, Dest, Outbound, is_momentary};

/// Attempts of one call other than a delivery (those go through the [`Outbox`]) when Discord
/// answers 429 (only with the rate limiter off).
pub(super) const MAX_ATTEMPTS: u32 = 4;
/// The first pause after a 429 (doubled each time): serenity does not hand the adapter the
/// `retry_after` of an error, so this is a backoff.
pub(super) const FIRST_RETRY: Duration = Duration::from_millis(500);

/// The (code, error) of a failed call, when Discord answered.
pub(super) fn http_status(error: &serenity::Error) -> Option<(u16, isize)> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}

/// One REST call, repeated after a pause when Discord answers 429.
pub(super) async fn call<T, F, Fut>(what: &'static str, mut make: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = serenity::Result<T>>,
{
    let mut pause = FIRST_RETRY;
    let mut attempt = 1;
    loop {
        match make().await {
            Err(e) if attempt < MAX_ATTEMPTS && http_status(&e).is_some_and(|(s, _)| s == 429) => {
                tracing::info!(what, attempt, ms = pause.as_millis(), "rate limited; waiting");
                tokio::time::sleep(pause).await;
                pause *= 2;
                attempt += 1;
            }
            other => return other,
        }
    }
}

pub(super) fn rows(buttons: &[Button]) -> Vec<CreateActionRow> {
    buttons
        .chunks(translate::BUTTONS_PER_ROW)
        .take(translate::MAX_ROWS)
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        CreateButton::new(b.payload.to_string())
                            .label(b.label.clone())
                            .style(ButtonStyle::Secondary)
                    })
                    .collect(),
            )
        })
        .collect()
}

pub(super) fn board_embed() -> CreateEmbed {
    CreateEmbed::new().image(format!("attachment://{}", crate::render::FILE_NAME))
}

pub(super) fn attachment(bytes: &[u8], kind: crate::table::reply::FileKind) -> CreateAttachment {
    CreateAttachment::bytes(bytes.to_vec(), kind.file_name())
}

/// No mention in a referee text ever pings anyone (names are players' own choice).
pub(super) fn no_pings() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

pub(super) fn channel_message(post: &Post) -> CreateMessage {
    // Only the users the referee pings (an invitee) may be notified; no roles, no @everyone.
    let users = post.pings.iter().filter_map(|u| u.parse::<u64>().ok()).map(UserId::new);
    let mut m = CreateMessage::new().allowed_mentions(no_pings().users(users));
    if let Some(nonce) = &post.nonce {
        // Discord makes no second message for the same nonce from the bot in the same channel
        // within a few minutes: it answers with the first. A post whose answer was lost (made,
        // then the connection dropped) is tried again without a copy.
        m = m.nonce(serenity::Nonce::String(nonce.clone())).enforce_nonce(true);
    }
    if !post.text.is_empty() {
        m = m.content(post.text.clone());
    }
    if let Some(png) = &post.png {
        m = m.add_file(attachment(png, post.kind));
        if post.kind.is_picture() {
            m = m.embed(board_embed());
        }
    }
    if !post.buttons.is_empty() {
        m = m.components(rows(&post.buttons));
    }
    m
}

pub(super) fn followup(post: &Post) -> CreateInteractionResponseFollowup {
    let mut m =
        CreateInteractionResponseFollowup::new().ephemeral(true).allowed_mentions(no_pings());
    if !post.text.is_empty() {
        m = m.content(post.text.clone());
    }
    if let Some(png) = &post.png {
        m = m.add_file(attachment(png, post.kind));
        if post.kind.is_picture() {
            m = m.embed(board_embed());
        }
    }
    if !post.buttons.is_empty() {
        m = m.components(rows(&post.buttons));
    }
    m
}

pub(super) fn edit(post: &Post) -> EditInteractionResponse {
    let mut m = EditInteractionResponse::new().allowed_mentions(no_pings());
    if !post.text.is_empty() {
        m = m.content(post.text.clone());
    }
    if let Some(png) = &post.png {
        m = m.new_attachment(attachment(png, post.kind));
        if post.kind.is_picture() {
            m = m.embed(board_embed());
        }
    }
    if !post.buttons.is_empty() {
        m = m.components(rows(&post.buttons));
    }
    m
}

/// Discord as the [`Outbox`] sends through it.
pub struct Sender {
    pub(super) http: Arc<Http>,
    pub(super) referee: Arc<Referee>,
    /// User id → their direct-message channel.
    pub(super) dms: StdMutex<HashMap<String, ChannelId>>,
}

/// What a failed REST call means for a delivery to `to`.
pub(super) fn fault(to: &Dest, error: &serenity::Error) -> Fault {
    let detail = error.to_string();
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            let status = r.status_code.as_u16();
            if status == 429 || status >= 500 {
                // serenity does not hand over a 429's `retry_after`: the outbox backs off.
                Fault::Transient { retry_after: None, detail }
            } else if r.error.code == translate::DMS_CLOSED && matches!(to, Dest::User(_)) {
                Fault::Closed
            } else {
                Fault::Permanent(detail)
            }
        }
        // No answer (refused, reset, timed out): try again.
        serenity::Error::Http(serenity::HttpError::Request(_)) | serenity::Error::Io(_) => {
            Fault::Transient { retry_after: None, detail }
        }
        _ => Fault::Permanent(detail),
    }
}

impl Sender {
    /// The direct-message channel of `user`, opened once and remembered.
    async fn dm_channel(&self, user: &str, to: &Dest) -> Result<ChannelId, Fault> {
        let id = user
            .parse::<u64>()
            .map_err(|_| Fault::Permanent(format!("not a Discord user id: {user}")))?;
        let cached =
            self.dms.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(user).copied();
        if let Some(c) = cached {
            return Ok(c);
        }
        let dm = UserId::new(id.max(1))
            .create_dm_channel(&self.http)
            .await
            .map_err(|e| fault(to, &e))?;
        self.dms
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(user.to_string(), dm.id);
        Ok(dm.id)
    }
}

/// A sent message whose momentary buttons may go stale: where it is, and the buttons it keeps
/// then ("My view").
pub struct Shown {
    channel: ChannelId,
    message: serenity::MessageId,
    kept: Vec<Button>,
}

impl outbox::Platform for Sender {
    type Piece = Post;
    type Sent = Shown;

    fn name(&self) -> crate::store::Platform {
        PLATFORM
    }

    /// Each post carries a nonce of its outbox row and its place among the row's posts.
    fn plan(&self, message: Outbound, key: outbox::Key) -> Vec<Post> {
        let mut posts = translate::plan(vec![message], None);
        for (n, post) in posts.iter_mut().enumerate() {
            post.nonce = Some(key.token(n, &post.text));
        }
        posts
    }

    fn send<'a>(
        &'a self,
        to: &'a Dest,
        post: &'a Post,
    ) -> BoxFuture<'a, Result<Option<Shown>, Fault>> {
        Box::pin(async move {
            let channel = match to {
                Dest::Chat(channel) => ChannelId::new(
                    channel
                        .id
                        .parse::<u64>()
                        .map_err(|_| Fault::Permanent(format!("not a channel id: {channel}")))?
                        .max(1),
                ),
                Dest::User(user) => self.dm_channel(user.as_str(), to).await?,
            };
            let sent = channel
                .send_message(&self.http, channel_message(post))
                .await
                .map_err(|e| fault(to, &e))?;
            if !post.buttons.iter().any(is_momentary) {
                return Ok(None);
            }
            let kept = post.buttons.iter().filter(|b| !is_momentary(b)).cloned().collect();
            Ok(Some(Shown { channel, message: sent.id, kept }))
        })
    }

    /// Edits the message's components down to what it keeps (none: the row goes).
    fn retire<'a>(&'a self, shown: &'a Shown) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            let edit = serenity::EditMessage::new().components(rows(&shown.kept));
            if let Err(e) = shown.channel.edit_message(&self.http, shown.message, edit).await {
                tracing::info!(error = %e, "taking stale buttons off a message failed");
            }
        })
    }

    fn closed<'a>(
        &'a self,
        user: &'a store::UserId,
        since: tokio::time::Instant,
    ) -> BoxFuture<'a, Vec<Outbound>> {
        Box::pin(async move {
            match self.referee.delivery_failed(PLATFORM, user, since).await {
                Ok(explanation) => explanation,
                Err(e) => {
                    tracing::error!(error = ?e, "recording closed direct messages");
                    Vec::new()
                }
            }
        })
    }

    fn dropped_note(&self, chat: &store::ChatId, count: usize, age: Duration) -> Option<Outbound> {
        Some(self.referee.undelivered_note(PLATFORM, chat, count, age))
    }
}
