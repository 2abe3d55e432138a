//! The outbox's Bot API calls (`sendMessage`, `sendPhoto`, `sendDocument`,
//! `editMessageReplyMarkup`), made over the bot's own HTTP client rather than through
//! teloxide's request path.
//!
//! teloxide waits 10 s inside every call whose answer is a 5xx before it returns the error
//! (`DELAY_ON_SERVER_ERROR` in teloxide-core's `net/request.rs`, not configurable): each
//! failure held its chat's queue that long, longer than a short send timeout, before the
//! outbox's own backoff even began. Here a 5xx fails the call as soon as its answer is read, and
//! the outbox tries again on its own schedule (1 s, doubling up to 60 s, or a 429's
//! `retry_after`). The requests are teloxide's own: its payload types write the JSON, a file
//! goes in a multipart form with the same fields, and the answer is read into the same
//! `RequestError`s (a 429's pause, a group's migration, an API error by its description), so
//! the rest of the front end cannot tell the difference.

use reqwest::header::{CONTENT_TYPE, HeaderValue};
use serde::de::DeserializeOwned;
use teloxide::payloads::{EditMessageReplyMarkup, SendMessage};
use teloxide::prelude::*;
use teloxide::types::{
    ChatId, InlineKeyboardMarkup, MessageId, ParseMode, ResponseParameters, ThreadId,
};
use teloxide::{ApiError, RequestError};

use super::translate::{self, Piece};

/// What a Bot API call answers: `{"ok": true, "result": …}` or `{"ok": false, "description":
/// …, "parameters": …}` (as teloxide reads it).
#[derive(serde::Deserialize)]
struct Answer<T> {
    ok: bool,
    result: Option<T>,
    description: Option<String>,
    parameters: Option<ResponseParameters>,
}

/// A request body: JSON, or a multipart form (a file).
enum Body {
    Json(Vec<u8>),
    Form(reqwest::multipart::Form),
}

/// `method` with `body`, on `bot`'s client, address and token; its result, or the error it
/// means. A 5xx answer is read and returned at once.
async fn call<T: DeserializeOwned>(bot: &Bot, method: &str, body: Body) -> Result<T, RequestError> {
    let mut url = bot.api_url();
    match url.path_segments_mut() {
        Ok(mut segments) => {
            segments.push(&format!("bot{}", bot.token())).push(method);
        }
        Err(()) => {
            let io = std::io::Error::other("the Bot API address cannot take a path");
            return Err(RequestError::Io(std::sync::Arc::new(io)));
        }
    }
    let request = bot.client().post(url);
    let request = match body {
        Body::Json(bytes) => {
            request.header(CONTENT_TYPE, HeaderValue::from_static("application/json")).body(bytes)
        }
        Body::Form(form) => request.multipart(form),
    };
    let text = request.send().await?.text().await?;
    read(&text)
}

/// Reads an answer's text as teloxide does: the result, a 429's pause, a group's new id, or
/// the API error its description names; text that is not the Bot API's JSON (a proxy's error
/// page) is `InvalidJson`.
fn read<T: DeserializeOwned>(text: &str) -> Result<T, RequestError> {
    let invalid = |source: serde_json::Error| RequestError::InvalidJson {
        source: std::sync::Arc::new(source),
        raw: text.into(),
    };
    let answer: Answer<T> = serde_json::from_str(text).map_err(invalid)?;
    match answer {
        Answer { ok: true, result: Some(result), .. } => Ok(result),
        Answer { parameters: Some(ResponseParameters::RetryAfter(pause)), .. } => {
            Err(RequestError::RetryAfter(pause))
        }
        Answer { parameters: Some(ResponseParameters::MigrateToChatId(to)), .. } => {
            Err(RequestError::MigrateToChatId(to))
        }
        Answer { description, .. } => {
            let description = description.unwrap_or_default();
            // teloxide's own reading of a description (its known errors, or `Unknown`).
            let error =
                serde_json::from_value::<ApiError>(serde_json::Value::String(description.clone()))
                    .unwrap_or(ApiError::Unknown(description));
            Err(RequestError::Api(error))
        }
    }
}

fn json(payload: &impl serde::Serialize) -> Result<Body, RequestError> {
    serde_json::to_vec(payload)
        .map(Body::Json)
        .map_err(|e| RequestError::InvalidJson { source: std::sync::Arc::new(e), raw: "".into() })
}

/// Sends one piece of a message to `chat` (in `topic`, when the chat is a forum), with the
/// inline keyboard `markup` the front end made of its buttons.
///
/// # Errors
///
/// What the call failed with, as teloxide would have returned it.
pub(super) async fn send_piece(
    bot: &Bot,
    chat: ChatId,
    topic: Option<ThreadId>,
    piece: &Piece,
    markup: Option<InlineKeyboardMarkup>,
) -> Result<Message, RequestError> {
    match piece {
        Piece::Text { text, .. } => {
            let mut payload = SendMessage::new(chat, translate::html(text));
            payload.parse_mode = Some(ParseMode::Html);
            payload.message_thread_id = topic;
            payload.reply_markup = markup.map(Into::into);
            call(bot, "sendMessage", json(&payload)?).await
        }
        Piece::Photo { png, kind, caption, .. } => {
            // A board goes as a photo, anything else (a record, a replay) as a document.
            let (method, field, name) = if kind.is_picture() {
                ("sendPhoto", "photo", crate::render::FILE_NAME)
            } else {
                ("sendDocument", "document", kind.file_name())
            };
            let mut form = reqwest::multipart::Form::new().text("chat_id", chat.0.to_string());
            if let Some(ThreadId(MessageId(topic))) = topic {
                form = form.text("message_thread_id", topic.to_string());
            }
            if let Some(caption) = caption {
                form = form.text("caption", translate::html(caption)).text("parse_mode", "HTML");
            }
            if let Some(k) = markup {
                let markup = serde_json::to_string(&k).map_err(|e| RequestError::InvalidJson {
                    source: std::sync::Arc::new(e),
                    raw: "".into(),
                })?;
                form = form.text("reply_markup", markup);
            }
            let file = reqwest::multipart::Part::bytes(png.clone()).file_name(name);
            call(bot, method, Body::Form(form.part(field, file))).await
        }
    }
}

/// Replaces the keyboard of a message sent earlier with `kept` (none: the keyboard goes).
///
/// # Errors
///
/// What the call failed with (`MessageNotModified` when it already had that keyboard).
pub(super) async fn edit_keyboard(
    bot: &Bot,
    chat: ChatId,
    message: MessageId,
    kept: Option<InlineKeyboardMarkup>,
) -> Result<(), RequestError> {
    let mut payload = EditMessageReplyMarkup::new(chat, message);
    payload.reply_markup = kept;
    call::<serde_json::Value>(bot, "editMessageReplyMarkup", json(&payload)?).await.map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// A one-call HTTP server on loopback that answers every request with `status` and
    /// `body`; its address.
    async fn answering(status: &'static str, body: &'static str) -> url::Url {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let addr = listener.local_addr().expect("its address");
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                tokio::spawn(async move {
                    // Read the request's head and whatever body came with it, then answer.
                    let mut buf = vec![0u8; 64 * 1024];
                    let _ = stream.read(&mut buf).await;
                    let answer = format!(
                        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\n\
                         content-length: {}\r\nconnection: close\r\n\r\n{body}",
                        body.len()
                    );
                    let _ = stream.write_all(answer.as_bytes()).await;
                    let _ = stream.shutdown().await;
                });
            }
        });
        url::Url::parse(&format!("http://{addr}/")).expect("a URL")
    }

    fn bot(url: url::Url) -> Bot {
        let client =
            teloxide::net::default_reqwest_settings().no_proxy().build().expect("an HTTP client");
        Bot::with_client("123:token", client).set_api_url(url)
    }

    fn text_piece() -> Piece {
        translate::plan(vec![crate::table::reply::Outbound::text_to(
            crate::store::Platform::Telegram,
            crate::table::reply::Dest::Chat("-100".into()),
            "#1 ply 1: a2-a3".into(),
        )])
        .remove(0)
    }

    /// Telegram's front answers 502 while the Bot API behind it is down. teloxide holds such
    /// an answer 10 s before it returns; the outbox's call returns it as soon as it is read
    /// (well within the 5 s bound here, which teloxide's wait could never meet), as the
    /// server error ("Bad Gateway") the outbox retries on its own schedule.
    #[tokio::test]
    async fn a_502_fails_the_send_at_once_as_a_server_error() {
        let body = r#"{"ok":false,"error_code":502,"description":"Bad Gateway"}"#;
        let bot = bot(answering("502 Bad Gateway", body).await);
        let bound = std::time::Duration::from_secs(5);
        let piece = text_piece();
        let send = send_piece(&bot, ChatId(-100), None, &piece, None);
        let sent = tokio::time::timeout(bound, send)
            .await
            .expect("the failure comes back before teloxide's 10 s wait would end");
        assert!(
            matches!(&sent, Err(RequestError::Api(ApiError::Unknown(d))) if d == "Bad Gateway"),
            "{sent:?}"
        );
    }

    #[test]
    fn answers_are_read_as_teloxide_reads_them() {
        let pause = read::<serde_json::Value>(
            r#"{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 7","parameters":{"retry_after":7}}"#,
        );
        assert!(matches!(pause, Err(RequestError::RetryAfter(s)) if s.seconds() == 7), "{pause:?}");
        let moved = read::<serde_json::Value>(
            r#"{"ok":false,"error_code":400,"description":"Bad Request: group chat was upgraded to a supergroup chat","parameters":{"migrate_to_chat_id":-1001}}"#,
        );
        assert!(matches!(moved, Err(RequestError::MigrateToChatId(ChatId(-1001)))), "{moved:?}");
        let blocked = read::<serde_json::Value>(
            r#"{"ok":false,"error_code":403,"description":"Forbidden: bot was blocked by the user"}"#,
        );
        assert!(matches!(blocked, Err(RequestError::Api(ApiError::BotBlocked))), "{blocked:?}");
        let page = read::<serde_json::Value>("<html>502 Bad Gateway</html>");
        assert!(matches!(page, Err(RequestError::InvalidJson { .. })), "{page:?}");
        let fine = read::<serde_json::Value>(r#"{"ok":true,"result":true}"#);
        assert_eq!(fine.expect("a result"), serde_json::json!(true));
    }
}
