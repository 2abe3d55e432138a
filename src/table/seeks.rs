//! Seeks (`/seek`, `/unseek`; docs/community.md "Seeks"): a player asks for an opponent on
//! given terms (a game, its options, a time control, rated or not) and waits; a second player's
//! `/seek` on the same terms in the same community takes the first seek and starts the game at
//! once, in the chat where the first seek was typed, both players told. Seeks are kept in the
//! store (they survive restarts); taking one is a `DELETE … RETURNING` in the transaction that
//! creates its game, so a seek is taken once, on any number of instances. The clock's tick
//! closes seeks after [`SEEK_SECONDS`] and, once, offers the bot to a seeker nobody answered.

use super::prelude::*;
use super::referee::Referee;
use super::voice::{Paired, SeekTerms};
use crate::store::{NewSeek, POOL_COMMUNITY, SeekRow};

/// How long a seek stays open.
pub(super) const SEEK_SECONDS: i64 = 24 * 3600;

/// After how long without an opponent a seeker of a live game is offered the bot.
pub(super) const BOT_OFFER_LIVE_SECONDS: i64 = 5 * 60;

/// After how long a seeker of a correspondence game is offered the bot.
pub(super) const BOT_OFFER_CORRESPONDENCE_SECONDS: i64 = 3600;

/// Open seeks a player may have at once.
pub(super) const SEEKS_PER_USER: usize = 5;

impl Referee {
    /// `/seek <game> [options]`: answers the oldest open seek on the same terms in this
    /// community, or keeps this one; `/seek` alone lists the open seeks of this community.
    pub(super) async fn seek(&self, ctx: &Ctx, game: Option<&str>, settings: &[String]) -> Reply {
        let (asked, settings) = scope_of(settings)?;
        // A seek typed privately has no community to stay in: it is `scope=everywhere`.
        let everywhere = asked.unwrap_or(ctx.is_private());
        let community = match &ctx.chat {
            Chat::Group(_) => Self::community(ctx)?,
            Chat::Private if everywhere => String::new(),
            Chat::Private => return Err(TableError::Refused(Refusal::GroupOnly)),
        };
        let now = self.clock.now();
        let Some(game) = game else {
            return self.seek_list(ctx, &community, now).await;
        };
        if everywhere
            && !community.is_empty()
            && !self.store.public_seeks(ctx.platform, &community).await?
        {
            return Err(TableError::Refused(Refusal::SeekPublicOff));
        }
        let checked = Self::read_new(ctx, game, None, &settings)?;
        if checked.position.is_some() {
            return Err(TableError::Refused(Refusal::SeekPosition));
        }
        let kind = checked.kind;
        // Dark Fence tells each player their view privately: like `/accept`, a seek for it needs
        // a seeker the bot can write to (Discord answers privately anywhere).
        let policy = self.policy(ctx.platform);
        // A game paired everywhere is played in the players' private chats: the seeker must be
        // reachable there whatever the game.
        if (everywhere || (kind == GameKind::DarkFence && !policy.private_replies))
            && !self.reachable(ctx.platform, &ctx.user).await?
        {
            return Err(TableError::Refused(Refusal::SeekUnreachable { link: policy.start_link }));
        }
        let typed_in = match &ctx.chat {
            Chat::Group(chat) => Some(chat.clone()),
            Chat::Private => None,
        };
        let wanted = NewSeek {
            platform: ctx.platform,
            user_id: ctx.user.clone(),
            user_name: ctx.name.clone(),
            chat: typed_in,
            community: community.clone(),
            parent_chat: ctx.scope.parent.clone(),
            everywhere,
            kind: kind.code().to_string(),
            options: pairs_text(&checked.options),
            clock: serde_json::to_string(&checked.time).unwrap_or_default(),
            rated: checked.rated,
            now,
            expires_at: now + SEEK_SECONDS,
            offer_bot_at: now
                + match checked.time.pace {
                    Pace::Live => BOT_OFFER_LIVE_SECONDS,
                    Pace::Correspondence => BOT_OFFER_CORRESPONDENCE_SECONDS,
                },
        };
        let open = self.store.open_seeks(now).await?;
        // The caller's own seeks, on this platform or (by `/link`) the other, are never theirs
        // to answer.
        let me = self.identities(ctx.platform, &ctx.user).await;
        let answerable = open.iter().filter(|s| {
            reaches_seek(ctx.platform, s)
                && !me.contains(&(s.platform, s.user_id.clone()))
                && s.everywhere == everywhere
                && (everywhere || s.community == community)
                && s.same_terms(&wanted)
        });
        for seek in answerable {
            // An everywhere seek's community may have closed its seeks to others since.
            if seek.everywhere
                && !seek.community.is_empty()
                && !self.store.public_seeks(seek.platform, &seek.community).await?
            {
                continue;
            }
            if let Some(out) = self.answer_seek(ctx, &checked, seek).await? {
                return Ok(out);
            }
            // Taken meanwhile by someone else (here or on another instance): the next one.
        }
        let mine = open.iter().filter(|s| s.platform == ctx.platform && s.user_id == ctx.user);
        let again = mine.clone().any(|s| s.same_terms(&wanted) && s.everywhere == everywhere);
        if !again && mine.count() >= SEEKS_PER_USER {
            return Err(TableError::Refused(Refusal::SeekLimit(SEEKS_PER_USER)));
        }
        let (row, renewed) = self.store.put_seek(&wanted).await?;
        let terms = terms_of(&row);
        let text = voice::seek_waiting(ctx.lang, &ctx.name, &terms, row.expires_at, renewed);
        let mut told = Outbound::text_to(ctx.platform, ctx.here(), text);
        // Anyone here answers with one press (the chat's readers see the announcement in the
        // chat's language; the button's word is the seeker's, as the sentence is). Not under a
        // seek only its seeker reads (typed privately).
        if !ctx.is_private() {
            told.buttons = vec![voice::button(ctx.lang, Payload::seek(row.id))];
        }
        Ok(vec![told])
    }

    /// A seek's Play pressed: the presser answers that very seek, on its terms, if it is still
    /// open and of this community.
    pub(super) async fn answer_seek_press(&self, ctx: &Ctx, seek: i64) -> Reply {
        let community = match &ctx.chat {
            Chat::Group(_) => Self::community(ctx)?,
            Chat::Private => String::new(),
        };
        let now = self.clock.now();
        let open = self.store.open_seeks(now).await?;
        let public = community.is_empty()
            || self.store.public_seeks(ctx.platform, &community).await.unwrap_or(false);
        let Some(seek) = open.into_iter().find(|s| {
            s.id == seek
                && reaches_seek(ctx.platform, s)
                && if s.everywhere { public } else { s.community == community }
        }) else {
            return Err(TableError::Refused(Refusal::SeekGone));
        };
        let me = self.identities(ctx.platform, &ctx.user).await;
        if me.contains(&(seek.platform, seek.user_id.clone())) {
            return Err(TableError::Refused(Refusal::SeekOwn));
        }
        let terms = terms_of(&seek);
        let options = AnyOptions::parse(terms.kind, &seek.options).map_err(options_refused)?;
        if seek.everywhere || terms.kind == GameKind::DarkFence {
            let policy = self.policy(ctx.platform);
            if (seek.everywhere || !policy.private_replies)
                && !self.reachable(ctx.platform, &ctx.user).await?
            {
                let link = policy.start_link;
                return Err(TableError::Refused(Refusal::SeekUnreachable { link }));
            }
        }
        let checked = NewChecked {
            kind: terms.kind,
            opponent: None,
            options,
            time: terms.time,
            side: Side::Random,
            level: None,
            position: None,
            rated: seek.rated,
        };
        match self.answer_seek(ctx, &checked, &seek).await? {
            Some(out) => Ok(out),
            None => Err(TableError::Refused(Refusal::SeekGone)),
        }
    }

    /// `/seek` alone: the open seeks of this community, oldest first.
    async fn seek_list(&self, ctx: &Ctx, community: &str, now: i64) -> Reply {
        let open = self.store.open_seeks(now).await?;
        // Everywhere seeks are listed where they could be answered: privately, and in a
        // community that allows them.
        let public =
            community.is_empty() || self.store.public_seeks(ctx.platform, community).await?;
        let seeks: Vec<(String, SeekTerms)> = open
            .iter()
            .filter(|s| reaches_seek(ctx.platform, s))
            .filter(|s| {
                if s.everywhere {
                    public
                } else {
                    !community.is_empty() && s.community == community
                }
            })
            .map(|s| (s.user_name.clone(), terms_of(s)))
            .collect();
        let text = voice::seek_list(ctx.lang, &seeks);
        Ok(vec![Outbound::text_to(ctx.platform, ctx.here(), text)])
    }

    /// `/unseek [game]`: withdraws the caller's seeks (of that game only, when named).
    pub(super) async fn unseek(&self, ctx: &Ctx, game: Option<&str>) -> Reply {
        let kind = game.map(game_kind).transpose()?;
        let dropped =
            self.store.drop_seeks(ctx.platform, &ctx.user, kind.map(GameKind::code)).await?;
        let text = voice::unsought(ctx.lang, dropped.len());
        Ok(vec![Outbound::text_to(ctx.platform, ctx.here(), text)])
    }

    /// Takes `seek` and starts its game against the caller, in the seek's chat: `None` when the
    /// seek was taken meanwhile (nothing was created).
    async fn answer_seek(
        &self,
        ctx: &Ctx,
        checked: &NewChecked,
        seek: &SeekRow,
    ) -> Result<Option<Vec<Outbound>>, TableError> {
        // A seek paired everywhere is played in the players' private chats: its game's chat is
        // a name of its own that no platform has ([`is_pool_chat`]), whose messages go to both
        // players privately ([`privatize`]).
        let chat = if seek.everywhere {
            ChatId::new(format!("{POOL_CHAT}{}", seek.id))
        } else {
            let Some(chat) = seek.typed_in().cloned() else { return Ok(None) };
            chat
        };
        let seed = self.next_seed().await?;
        let engine =
            self.draw_start(ctx, checked.kind, checked.options.clone(), None, seed).await?;
        // Who moves first is drawn from the game's seed, as `side=random` draws it.
        let first_seeker_seat = Side::Random.creator_seat(seed);
        // The game is hosted on the first seeker's platform; an answer from the other chat
        // platform is seated by a qualified id, and told on its own platform.
        let answering = UserId::seated_on(seek.platform, ctx.platform, &ctx.user);
        let mut seats = vec![Some(seek.user_id.clone()), Some(answering)];
        let mut names = vec![seek.user_name.clone(), ctx.name.clone()];
        if first_seeker_seat == 1 {
            seats.reverse();
            names.reverse();
        }
        // The game speaks to its chat in the chat's language: the one its administrators chose,
        // else the community's, else the first seeker's.
        let public = match self.store.chat_locale(seek.platform, &chat).await? {
            Some(code) => Lang::from_code(&code),
            None => None,
        };
        // A private table speaks the first seeker's language.
        let public = if seek.everywhere { None } else { public };
        let community_lang = ctx.scope.community_locale.as_deref().and_then(Lang::from_code);
        let public = match public.or(community_lang.filter(|_| !seek.everywhere)) {
            Some(lang) => lang,
            None => self.lang_of(seek.platform, &seek.user_id).await,
        };
        let pairs: Vec<String> =
            engine.options().to_pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
        let new_game = NewGame {
            platform: seek.platform,
            chat: chat.clone(),
            kind: checked.kind.code().to_string(),
            options: pairs.join(","),
            position: None,
            seed: seed_bits(seed),
            seats: serde_json::to_string(&seats).unwrap_or_default(),
            creator: seek.user_id.clone(),
            locale: public.code().to_string(),
            status: GameStatus::Active,
            clock: serde_json::to_string(&checked.time).unwrap_or_default(),
            engine_version: ENGINE_VERSION,
            now: self.clock.now(),
            // Everywhere games are rated in a pool of their own (per platform).
            community: Some(if seek.everywhere {
                POOL_COMMUNITY.to_string()
            } else {
                seek.community.clone()
            }),
            parent_chat: if seek.everywhere { None } else { seek.parent_chat.clone() },
            rated: checked.rated && !games::hints_allowed(&engine),
            bot_level: None,
        };
        let Some((seek, row)) = self.store.pair_seek(seek.id, &new_game).await? else {
            return Ok(None);
        };
        let table = Table {
            row,
            game: engine,
            seats,
            names,
            time: checked.time,
            actions: 0,
            pending: HashMap::new(),
            partial: HashMap::new(),
            last: None,
        };
        self.start_paired(ctx, table, &seek).await.map(Some)
    }

    /// A game paired from a seek starts: the start and the first prompts, as `/accept` says
    /// them, and each seeker told where the game is.
    async fn start_paired(&self, ctx: &Ctx, mut table: Table, seek: &SeekRow) -> Reply {
        let (next, update, mut out) = self.starting(&table).await;
        let id = next.row.id;
        let kind = next.game.kind();
        let private_table = is_pool_chat(&next.row.chat);
        // The answering player typed in another chat of the community (or, for a game played
        // privately, in a group): told there.
        if ctx.here() != Dest::Chat(next.row.chat.clone()) && !(private_table && ctx.is_private()) {
            let text = if private_table {
                voice::seek_paired(ctx.lang, Paired::Private, &seek.user_name, kind, id)
            } else {
                voice::seek_paired(ctx.lang, Paired::Elsewhere, &seek.user_name, kind, id)
            };
            out.push(Outbound::text_to(ctx.platform, ctx.here(), text));
        }
        // The first seeker may have asked hours ago: told privately, where the bot can write
        // to them and they take private pings.
        let pings = self.user_row(seek.platform, &seek.user_id).await?.map(|r| r.pings);
        if pings.unwrap_or_default() == Pings::Dm
            && self.reachable(seek.platform, &seek.user_id).await?
        {
            let lang = self.lang_of(seek.platform, &seek.user_id).await;
            let text = if private_table {
                voice::seek_paired(lang, Paired::AnsweredPrivate, &ctx.name, kind, id)
            } else {
                voice::seek_paired(lang, Paired::Answered, &ctx.name, kind, id)
            };
            out.push(Outbound::text_to(seek.platform, Dest::User(seek.user_id.clone()), text));
        }
        let out = self.save(&mut table, next, GameWrite::Update, &update, out).await?;
        self.install(table);
        Ok(out)
    }

    /// A game paired by the referee itself (a seek answered, a tournament's round) starts now:
    /// the table as it will be once its first deadline is set, that change, and the start and
    /// first prompts as `/accept` says them. The caller adds its own words and saves.
    pub(super) async fn starting(&self, table: &Table) -> (Table, GameUpdate, Vec<Outbound>) {
        let now = self.clock.now();
        let mut update = table.row.update(now);
        update.deadline_at =
            Some(self.deadline(table.row.platform, &table.seats, &table.game, table.time, now));
        update.reminders_sent = 0;
        let mut next = table.clone();
        next.row = table.row.after(&update);
        let mut out = vec![voice::started(&next, self.images)];
        self.turn_prompts(&next, &mut out).await;
        self.openings(&next, &mut out).await;
        self.add_buttons(&next, &mut out);
        (next, update, out)
    }

    /// The clock's part for seeks: closes those open past [`SEEK_SECONDS`] and offers the bot,
    /// once, to a seeker nobody answered for a while. Each is done once, whichever instance
    /// ticks first.
    pub(super) async fn seek_timers(&self, now: i64) -> Vec<Outbound> {
        let mut out = Vec::new();
        match self.store.expire_seeks(now).await {
            Ok(expired) => {
                for seek in expired {
                    let lang = self.lang_of(seek.platform, &seek.user_id).await;
                    let text = voice::seek_expired(lang, &terms_of(&seek));
                    out.push(Outbound::text_to(seek.platform, self.seek_dest(&seek).await, text));
                }
            }
            Err(e) => tracing::error!(error = ?e, "closing lapsed seeks failed"),
        }
        match self.store.offer_bot_to_seeks(now).await {
            Ok(due) => {
                for seek in due {
                    let lang = self.lang_of(seek.platform, &seek.user_id).await;
                    let terms = terms_of(&seek);
                    let command = bot_command(&terms);
                    let text = voice::seek_bot_offer(lang, &terms, &command);
                    out.push(Outbound::text_to(seek.platform, self.seek_dest(&seek).await, text));
                }
            }
            Err(e) => tracing::error!(error = ?e, "offering the bot to seekers failed"),
        }
        self.enqueue(out, None).await
    }

    /// Where a seeker hears about their seek: privately when the bot can write to them, else
    /// in the chat where they asked.
    async fn seek_dest(&self, seek: &SeekRow) -> Dest {
        match (self.reachable(seek.platform, &seek.user_id).await, seek.typed_in()) {
            (Ok(true), _) | (_, None) => Dest::User(seek.user_id.clone()),
            (_, Some(chat)) => Dest::Chat(chat.clone()),
        }
    }
}

/// The chat of a game paired `scope=everywhere` is this prefix and its seek's number: no
/// platform has such a chat; what is said to it is said to each player privately.
pub(super) const POOL_CHAT: &str = "pool:";

/// Whether `chat` is a game's private table ([`POOL_CHAT`]).
pub(super) fn is_pool_chat(chat: &ChatId) -> bool {
    chat.id.starts_with(POOL_CHAT)
}

/// Whether a player of `platform` may answer `seek`: one of their platform, or an everywhere
/// seek of the other chat platform (Discord and Telegram seekers meet in the everywhere pool).
fn reaches_seek(platform: Platform, seek: &SeekRow) -> bool {
    seek.platform == platform || (seek.everywhere && seek.platform.is_chat() && platform.is_chat())
}

/// A game played in its players' private chats has no chat of its own: each message to it goes
/// to each (human) player privately instead, with its buttons.
pub(super) fn privatize(chat: &ChatId, seats: &[Option<UserId>], out: &mut Vec<Outbound>) {
    if is_pool_chat(chat) {
        to_players(chat, seats, out);
    }
    cross_platforms(out);
}

/// Each message to a player seated from the other chat platform ([`UserId::seated_on`]) is
/// handed to that platform, for their own id there, its mentions written as names (the ids
/// they carry are the other platform's).
pub(super) fn cross_platforms(out: &mut [Outbound]) {
    for m in out {
        let Dest::User(seat) = &m.to else { continue };
        let (platform, user) = seat.on(m.platform);
        if platform != m.platform {
            m.platform = platform;
            m.to = Dest::User(user);
            m.text = reply::unmention(&m.text);
        }
    }
}

/// What is said to the private table `chat`, said to each of its (human) players.
fn to_players(chat: &ChatId, seats: &[Option<UserId>], out: &mut Vec<Outbound>) {
    let public = Dest::Chat(chat.clone());
    let players: Vec<&UserId> = seats.iter().flatten().filter(|u| !is_bot(u)).collect();
    let mut sent = Vec::with_capacity(out.len());
    for m in out.drain(..) {
        if m.to == public {
            sent.extend(
                players.iter().map(|p| Outbound { to: Dest::User((*p).clone()), ..m.clone() }),
            );
        } else {
            sent.push(m);
        }
    }
    *out = sent;
}

/// `scope=community|everywhere` taken out of a seek's settings: the scope asked (`None`: not
/// asked) and the rest, for `/new`'s checks.
fn scope_of(settings: &[String]) -> Result<(Option<bool>, Vec<String>), TableError> {
    let pairs = crate::games::options::split_pairs(&settings.join(",")).map_err(options_refused)?;
    let (scopes, rest): (Vec<_>, Vec<_>) =
        pairs.into_iter().partition(|(k, _)| matches!(k.as_str(), "scope" | "范围" | "範圍"));
    let asked = match scopes.as_slice() {
        [] => None,
        [(_, value)] => match value.to_lowercase().as_str() {
            "community" | "here" | "社区" | "社群" => Some(false),
            "everywhere" | "all" | "全部" | "所有" => Some(true),
            _ => {
                return Err(options_refused(crate::games::OptionsError::BadValue {
                    key: "scope".into(),
                    value: value.clone(),
                    expected: crate::games::options::Expected::OneOf(
                        ["community", "everywhere"].map(String::from).to_vec(),
                    ),
                }));
            }
        },
        _ => {
            return Err(options_refused(crate::games::OptionsError::Duplicate {
                key: "scope".into(),
            }));
        }
    };
    // The rest goes back as `/new` reads it: quoted where a value has a space or a comma.
    let rest = rest
        .into_iter()
        .map(
            |(k, v)| {
                if v.contains([' ', ',']) { format!("{k}=\"{v}\"") } else { format!("{k}={v}") }
            },
        )
        .collect();
    Ok((asked, rest))
}

/// Every option of a game as stored: `k=v,k=v` in the game's own order (two seeks match when
/// these are equal, however the options were typed).
fn pairs_text(options: &AnyOptions) -> String {
    let pairs: Vec<String> = options.to_pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
    pairs.join(",")
}

/// A seek's terms as the voice words them, with the command that answers it.
pub(super) fn terms_of(seek: &SeekRow) -> SeekTerms {
    let kind = GameKind::from_code(&seek.kind).unwrap_or(GameKind::Ultima);
    let options = AnyOptions::parse(kind, &seek.options)
        .map(|o| o.summary())
        .unwrap_or_else(|_| seek.options.clone());
    let time: TimeControl = serde_json::from_str(&seek.clock).unwrap_or_default();
    let mut command = seek_command(kind, &options, time, seek.rated);
    if seek.everywhere {
        command.push_str(" scope=everywhere");
    }
    SeekTerms { kind, options, time, rated: seek.rated, command, everywhere: seek.everywhere }
}

/// `/seek <game> [options] [clock=live] [per_move=…] [rated=no]`: the command that asks for
/// exactly these terms (defaults left out).
fn seek_command(kind: GameKind, options: &str, time: TimeControl, rated: bool) -> String {
    let mut words = vec!["/seek".to_string(), kind.code().to_string()];
    words.extend(options.split(',').filter(|p| !p.is_empty()).map(str::to_string));
    words.extend(time_words(time));
    if !rated {
        words.push("rated=no".into());
    }
    words.join(" ")
}

/// The table settings that ask for `time` (none for the default, a day per move).
fn time_words(time: TimeControl) -> Vec<String> {
    let mut words = Vec::new();
    let default_per = match time.pace {
        Pace::Correspondence => 24 * 3600,
        Pace::Live => {
            words.push("clock=live".to_string());
            600
        }
    };
    if time.per_move != default_per {
        let per = time.per_move;
        let text = match per {
            p if p % 86_400 == 0 => format!("{}d", p / 86_400),
            p if p % 3600 == 0 => format!("{}h", p / 3600),
            p if p % 60 == 0 => format!("{}m", p / 60),
            p => format!("{p}s"),
        };
        words.push(format!("per_move={text}"));
    }
    words
}

/// `/new <game> @bot [options] [clock…]`: the game a seeker could play against the bot now.
fn bot_command(terms: &SeekTerms) -> String {
    let mut words = vec!["/new".to_string(), terms.kind.code().to_string(), "@bot".to_string()];
    words.extend(terms.options.split(',').filter(|p| !p.is_empty()).map(str::to_string));
    words.extend(time_words(terms.time));
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seeks_command_names_only_what_differs_from_the_defaults() {
        let day = TimeControl::default();
        assert_eq!(seek_command(GameKind::Ultima, "", day, true), "/seek ultima");
        let live = TimeControl { pace: Pace::Live, per_move: 300 };
        assert_eq!(
            seek_command(GameKind::DarkFence, "variant=challenge", live, false),
            "/seek dark-fence variant=challenge clock=live per_move=5m rated=no"
        );
        let two_days = TimeControl { pace: Pace::Correspondence, per_move: 2 * 86_400 };
        assert_eq!(seek_command(GameKind::Rabble, "", two_days, true), "/seek rabble per_move=2d");
    }

    #[test]
    fn the_commands_a_seek_words_read_back_as_the_same_terms() {
        let live = TimeControl { pace: Pace::Live, per_move: 90 };
        let words = time_words(live);
        let pairs: Vec<(String, String)> = words
            .iter()
            .filter_map(|w| w.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        assert_eq!(TimeControl::from_pairs(&pairs).ok(), Some(live));
    }
}
