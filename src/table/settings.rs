//! `/settings`: a chat's and a user's settings.

use super::prelude::*;
use super::referee::Referee;

impl Referee {
    pub(super) async fn settings(&self, ctx: &Ctx, pairs: &[String]) -> Reply {
        let pairs = crate::games::options::split_pairs(&pairs.join(","))
            .map_err(|e| TableError::Refused(Refusal::SettingsMalformed(e)))?;
        // Every pair is checked before anything is saved: a refused line changes nothing.
        let mut lang = ctx.lang;
        let mut new_lang = None;
        let mut new_notifications = None;
        let mut new_pings = None;
        let mut new_digest = None;
        // The chat's own language: `Some(None)` forgets it.
        let mut new_chat_lang: Option<Option<Lang>> = None;
        // Whether this community's everywhere seeks pair beyond it (its administrators').
        let mut new_public_seeks = None;
        // Who makes tournaments in this community (its administrators'): `Some(true)` anyone.
        let mut new_makers = None;
        for (key, value) in &pairs {
            match key.as_str() {
                key if command::CHAT_LANGUAGE_KEYS.contains(&key) => {
                    let chosen = match value.as_str() {
                        "auto" | "none" | "自动" | "自動" => None,
                        code => Some(Lang::from_code(code).ok_or_else(|| {
                            TableError::Refused(Refusal::Settings(format!("{key}={value}")))
                        })?),
                    };
                    new_chat_lang = Some(chosen);
                }
                "public_seeks" | "public-seeks" | "公开寻战" | "公開尋戰" => {
                    let on = crate::games::options::parse_bool(key, value).map_err(|_| {
                        TableError::Refused(Refusal::Settings(format!("{key}={value}")))
                    })?;
                    new_public_seeks = Some(on);
                }
                "tournaments" | "比赛" | "比賽" => {
                    new_makers = Some(match value.to_lowercase().as_str() {
                        "everyone" | "all" | "所有人" | "任何人" => true,
                        "admins" | "administrators" | "管理员" | "管理員" => false,
                        _ => {
                            return Err(TableError::Refused(Refusal::Settings(format!(
                                "{key}={value}"
                            ))));
                        }
                    });
                }
                "language" | "lang" | "语言" | "語言" => {
                    lang = Lang::from_code(value).ok_or_else(|| {
                        TableError::Refused(Refusal::Settings(format!("language={value}")))
                    })?;
                    new_lang = Some(lang);
                }
                "notifications" | "通知" => {
                    let on = crate::games::options::parse_bool(key, value).map_err(|_| {
                        TableError::Refused(Refusal::Settings(format!("{key}={value}")))
                    })?;
                    new_notifications = Some(on);
                }
                "pings" | "轮到提醒" | "輪到提醒" => {
                    let pings = crate::store::Pings::from_name(value).ok_or_else(|| {
                        TableError::Refused(Refusal::Settings(format!("{key}={value}")))
                    })?;
                    new_pings = Some(pings);
                }
                "digest" | "每日摘要" => {
                    // 开/關: the words the settings answer uses in Chinese.
                    let value = match value.as_str() {
                        "开" | "開" => "on",
                        "关" | "關" => "off",
                        v => v,
                    };
                    let on = crate::games::options::parse_bool(key, value).map_err(|_| {
                        TableError::Refused(Refusal::Settings(format!("{key}={value}")))
                    })?;
                    new_digest = Some(on);
                }
                other => return Err(TableError::Refused(Refusal::Settings(other.to_string()))),
            }
        }
        // A chat's language is its administrators' to choose, in the chat itself.
        if new_chat_lang.is_some() {
            if ctx.is_private() {
                return Err(TableError::Refused(Refusal::ChatLanguagePrivate));
            }
            if !ctx.is_admin {
                return Err(TableError::Refused(Refusal::ChatLanguageAdmins));
            }
        }
        let mut answer = Vec::new();
        if let Some(on) = new_public_seeks {
            let Chat::Group(_) = &ctx.chat else {
                return Err(TableError::Refused(Refusal::CommunityOnly));
            };
            if !ctx.is_admin {
                return Err(TableError::Refused(Refusal::NotAdmin));
            }
            let community = Self::community(ctx)?;
            let now = self.clock.now();
            self.store.set_public_seeks(ctx.platform, &community, on, &ctx.user, now).await?;
            let told = voice::public_seeks_set(ctx.lang, on);
            answer.push(Outbound::text_to(ctx.platform, ctx.here(), told));
            if pairs.len() == 1 {
                return Ok(answer);
            }
        }
        if let Some(everyone) = new_makers {
            let Chat::Group(_) = &ctx.chat else {
                return Err(TableError::Refused(Refusal::CommunityOnly));
            };
            if !ctx.is_admin {
                return Err(TableError::Refused(Refusal::NotAdmin));
            }
            let community = Self::community(ctx)?;
            let now = self.clock.now();
            self.store
                .set_tournament_makers(ctx.platform, &community, everyone, &ctx.user, now)
                .await?;
            let told = voice::tournament_makers_set(ctx.lang, everyone);
            answer.push(Outbound::text_to(ctx.platform, ctx.here(), told));
            if pairs.len() == 1 {
                return Ok(answer);
            }
        }
        if let (Some(chosen), Chat::Group(chat)) = (new_chat_lang, &ctx.chat) {
            let code = chosen.map(Lang::code);
            let now = self.clock.now();
            let moved =
                self.store.set_chat_locale(ctx.platform, chat, code, &ctx.user, now).await?;
            // The running games moved in the store; those in memory follow.
            if let Some(code) = code {
                for id in &moved {
                    if let Ok(cell) = self.table(*id) {
                        cell.lock().await.row.locale = code.to_string();
                    }
                }
            }
            // The chat is told, in its new language: an announcement, kept in the outbox (a
            // front end that answers `/settings` to the asker alone posts it to the chat).
            let notice = Notice::ChatLanguage { chosen, games: moved.len() };
            let told = self.say(ctx, ctx.here(), chosen.unwrap_or(ctx.lang), &notice);
            answer.extend(self.enqueue(vec![told], None).await);
            // Only the chat's language was asked: that is the whole answer.
            if pairs.len() == 1 {
                return Ok(answer);
            }
        }
        if let Some(lang) = new_lang {
            self.store.set_locale(ctx.platform, &ctx.user, Some(lang.code())).await?;
        }
        if let Some(on) = new_notifications {
            self.store.set_notifications(ctx.platform, &ctx.user, on).await?;
        }
        if let Some(pings) = new_pings {
            self.store.set_pings(ctx.platform, &ctx.user, pings).await?;
        }
        if let Some(on) = new_digest {
            // The first digest comes a day after it was asked for, then daily at that time;
            // asking again while it is on keeps its time.
            let was = self.user_row(ctx.platform, &ctx.user).await?.and_then(|r| r.digest_at);
            let at = match (on, was) {
                (false, _) => None,
                (true, Some(at)) => Some(at),
                (true, None) => Some(self.clock.now() + super::dates::DAY),
            };
            self.store.set_digest(ctx.platform, &ctx.user, at).await?;
        }
        if !pairs.is_empty()
            && let Some(row) = self.store.user(ctx.platform, &ctx.user).await?
        {
            self.cache_user(row);
        }
        let row = self.user_row(ctx.platform, &ctx.user).await?;
        let notifications = row.as_ref().is_none_or(|r| r.notifications);
        let digest = row.as_ref().and_then(|r| r.digest_at);
        let pings = row.map(|r| r.pings).unwrap_or_default();
        answer.push(self.say(
            ctx,
            ctx.here(),
            lang,
            &Notice::Settings { saved: !pairs.is_empty(), lang, notifications, pings, digest },
        ));
        Ok(answer)
    }
}
