//! Online play (seed 001): site settings, seeks and direct challenges, games with their
//! projection and append-only logs, ratings per variant and their history. Nothing here updates
//! or deletes a log row; a game's row moves only its projection (last seq, finished, the
//! sweeper's next look), from the seq its command was decided on (a stale seq moves no row).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConn;
use super::schema::{
    online_game_events, online_games, online_rating_history, online_ratings, online_seeks,
    site_settings,
};
use crate::vocab::{OnlineGameId, SeekId, Seq, UserId};

/// A site setting's value, if set.
pub fn setting(conn: &mut DbConn, name: &str) -> QueryResult<Option<String>> {
    site_settings::table
        .find(name)
        .select(site_settings::value)
        .first(conn)
        .optional()
}

/// Sets a site setting (inside the caller's transaction: update, else insert).
pub fn set_setting(
    conn: &mut DbConn,
    name: &str,
    value: &str,
    by: UserId,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let moved = diesel::update(site_settings::table.find(name))
        .set((
            site_settings::value.eq(value),
            site_settings::updated_by.eq(Some(by.0)),
            site_settings::updated_at.eq(at),
        ))
        .execute(conn)?;
    if moved == 0 {
        diesel::insert_into(site_settings::table)
            .values((
                site_settings::name.eq(name),
                site_settings::value.eq(value),
                site_settings::updated_by.eq(Some(by.0)),
                site_settings::updated_at.eq(at),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// A seek or a direct challenge.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = online_seeks)]
pub struct SeekRow {
    /// Row id.
    pub id: SeekId,
    /// Who offers.
    pub user_id: UserId,
    /// A direct challenge's player (`None`: an open seek).
    pub target_id: Option<UserId>,
    /// `OnlineSettings` as JSON.
    pub settings: String,
    /// The rating variant's key.
    pub variant: String,
    /// `open`, `cancelled`, `accepted` or `declined`.
    pub status: String,
    /// The game it became.
    pub game_id: Option<OnlineGameId>,
    /// When.
    pub created_at: NaiveDateTime,
    /// When it stopped being open.
    pub closed_at: Option<NaiveDateTime>,
}

/// A new seek.
#[derive(Debug, Insertable)]
#[diesel(table_name = online_seeks)]
pub struct NewSeek<'a> {
    /// Who offers.
    pub user_id: UserId,
    /// A direct challenge's player.
    pub target_id: Option<UserId>,
    /// Settings JSON.
    pub settings: &'a str,
    /// Variant key.
    pub variant: &'a str,
    /// `open`.
    pub status: &'a str,
    /// When.
    pub created_at: NaiveDateTime,
}

/// Adds a seek.
pub fn insert_seek(conn: &mut DbConn, new: &NewSeek<'_>) -> QueryResult<SeekRow> {
    diesel::insert_into(online_seeks::table)
        .values(new)
        .returning(online_seeks::all_columns)
        .get_result(conn)
}

/// One seek.
pub fn find_seek(conn: &mut DbConn, id: SeekId) -> QueryResult<Option<SeekRow>> {
    online_seeks::table
        .find(id)
        .select(SeekRow::as_select())
        .first(conn)
        .optional()
}

/// Open seeks and challenges, oldest first.
pub fn open_seeks(conn: &mut DbConn) -> QueryResult<Vec<SeekRow>> {
    online_seeks::table
        .filter(online_seeks::status.eq("open"))
        .order(online_seeks::id.asc())
        .select(SeekRow::as_select())
        .load(conn)
}

/// Closes an open seek (`cancelled`, `accepted`, `declined`). False when it was no longer open
/// (someone else got there first): nothing moved.
pub fn close_seek(
    conn: &mut DbConn,
    id: SeekId,
    status: &str,
    game: Option<OnlineGameId>,
    at: NaiveDateTime,
) -> QueryResult<bool> {
    let moved = diesel::update(
        online_seeks::table
            .filter(online_seeks::id.eq(id))
            .filter(online_seeks::status.eq("open")),
    )
    .set((
        online_seeks::status.eq(status),
        online_seeks::game_id.eq(game),
        online_seeks::closed_at.eq(Some(at)),
    ))
    .execute(conn)?;
    Ok(moved == 1)
}

/// Records the game a seek became (after `close_seek` accepted it).
pub fn set_seek_game(conn: &mut DbConn, id: SeekId, game: OnlineGameId) -> QueryResult<()> {
    diesel::update(online_seeks::table.find(id))
        .set(online_seeks::game_id.eq(Some(game)))
        .execute(conn)
        .map(|_| ())
}

/// An online game.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = online_games)]
pub struct GameRow {
    /// Row id.
    pub id: OnlineGameId,
    /// The seek it came from.
    pub seek_id: SeekId,
    /// Side A's account.
    pub player_a: UserId,
    /// Side B's account.
    pub player_b: UserId,
    /// The rating variant's key.
    pub variant: String,
    /// Whether ratings move at the end.
    pub rated: bool,
    /// Whether it is over.
    pub finished: bool,
    /// Last seq of its log.
    pub last_seq: Seq,
    /// When the sweeper must look at it next.
    pub next_timeout_at: Option<NaiveDateTime>,
    /// When.
    pub created_at: NaiveDateTime,
    /// When it ended.
    pub finished_at: Option<NaiveDateTime>,
}

/// A new game.
#[derive(Debug, Insertable)]
#[diesel(table_name = online_games)]
pub struct NewGame<'a> {
    /// The seek.
    pub seek_id: SeekId,
    /// Side A.
    pub player_a: UserId,
    /// Side B.
    pub player_b: UserId,
    /// Variant key.
    pub variant: &'a str,
    /// Rated.
    pub rated: bool,
    /// 0: the log is empty until its first events are written.
    pub last_seq: Seq,
    /// When.
    pub created_at: NaiveDateTime,
}

/// Adds a game.
pub fn insert_game(conn: &mut DbConn, new: &NewGame<'_>) -> QueryResult<GameRow> {
    diesel::insert_into(online_games::table)
        .values(new)
        .returning(online_games::all_columns)
        .get_result(conn)
}

/// One game.
pub fn find_game(conn: &mut DbConn, id: OnlineGameId) -> QueryResult<Option<GameRow>> {
    online_games::table
        .find(id)
        .select(GameRow::as_select())
        .first(conn)
        .optional()
}

/// Games being played, newest first (the lobby).
pub fn live_games(conn: &mut DbConn, limit: i64) -> QueryResult<Vec<GameRow>> {
    online_games::table
        .filter(online_games::finished.eq(false))
        .order(online_games::id.desc())
        .limit(limit)
        .select(GameRow::as_select())
        .load(conn)
}

/// Games being played whose next timeout is due at `now` (for the sweeper).
pub fn due_games(conn: &mut DbConn, now: NaiveDateTime) -> QueryResult<Vec<OnlineGameId>> {
    online_games::table
        .filter(online_games::finished.eq(false))
        .filter(online_games::next_timeout_at.le(now))
        .select(online_games::id)
        .load(conn)
}

/// A player's games, newest first.
pub fn games_of(conn: &mut DbConn, user: UserId, limit: i64) -> QueryResult<Vec<GameRow>> {
    online_games::table
        .filter(
            online_games::player_a
                .eq(user)
                .or(online_games::player_b.eq(user)),
        )
        .order(online_games::id.desc())
        .limit(limit)
        .select(GameRow::as_select())
        .load(conn)
}

/// One stored event of a game's log.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = online_game_events)]
pub struct EventRow {
    /// Row id.
    pub id: i64,
    /// The game.
    pub game_id: OnlineGameId,
    /// Position in the log.
    pub seq: Seq,
    /// When (UTC).
    pub at: NaiveDateTime,
    /// `OnlinePayload::kind`.
    pub kind: String,
    /// The whole `rules::online::OnlineEvent` as JSON.
    pub payload: String,
    /// The account that sent the command.
    pub user_id: Option<UserId>,
    /// The client's idempotency key (on the command's first event).
    pub idempotency_key: Option<String>,
}

/// A new event of a game's log.
#[derive(Debug, Insertable)]
#[diesel(table_name = online_game_events)]
pub struct NewEvent {
    /// The game.
    pub game_id: OnlineGameId,
    /// Position.
    pub seq: Seq,
    /// When.
    pub at: NaiveDateTime,
    /// Kind.
    pub kind: String,
    /// The event (JSON).
    pub payload: String,
    /// The account.
    pub user_id: Option<UserId>,
    /// Idempotency key.
    pub idempotency_key: Option<String>,
}

/// A game's log, in seq order.
pub fn log(conn: &mut DbConn, game: OnlineGameId) -> QueryResult<Vec<EventRow>> {
    online_game_events::table
        .filter(online_game_events::game_id.eq(game))
        .order(online_game_events::seq.asc())
        .select(EventRow::as_select())
        .load(conn)
}

/// A game's events after `seq`, in seq order (what a cached state has not seen).
pub fn log_after(conn: &mut DbConn, game: OnlineGameId, seq: u64) -> QueryResult<Vec<EventRow>> {
    let after = Seq(i64::try_from(seq).unwrap_or(i64::MAX));
    online_game_events::table
        .filter(online_game_events::game_id.eq(game))
        .filter(online_game_events::seq.gt(after))
        .order(online_game_events::seq.asc())
        .select(EventRow::as_select())
        .load(conn)
}

/// Whether a command under `key` was already recorded in the game.
pub fn key_used(conn: &mut DbConn, game: OnlineGameId, key: &str) -> QueryResult<bool> {
    online_game_events::table
        .filter(online_game_events::game_id.eq(game))
        .filter(online_game_events::idempotency_key.eq(key))
        .count()
        .get_result::<i64>(conn)
        .map(|n| n > 0)
}

/// Which of `keys` (game, idempotency key) were already recorded: one query for a batch of
/// the online writer (`services::online::writer`).
pub fn keys_used(
    conn: &mut DbConn,
    keys: &[(OnlineGameId, String)],
) -> QueryResult<Vec<(OnlineGameId, String)>> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let games: Vec<OnlineGameId> = keys.iter().map(|(g, _)| *g).collect();
    let names: Vec<&str> = keys.iter().map(|(_, k)| k.as_str()).collect();
    let found: Vec<(OnlineGameId, Option<String>)> = online_game_events::table
        .filter(online_game_events::game_id.eq_any(games))
        .filter(online_game_events::idempotency_key.eq_any(names))
        .select((
            online_game_events::game_id,
            online_game_events::idempotency_key,
        ))
        .load(conn)?;
    // Both lists matched separately: keep only the pairs asked for.
    Ok(found
        .into_iter()
        .filter_map(|(g, k)| Some((g, k?)))
        .filter(|pair| keys.contains(pair))
        .collect())
}

/// The last seq of each of `games` (those that exist).
pub fn last_seqs(
    conn: &mut DbConn,
    games: &[OnlineGameId],
) -> QueryResult<Vec<(OnlineGameId, Seq)>> {
    online_games::table
        .filter(online_games::id.eq_any(games))
        .select((online_games::id, online_games::last_seq))
        .load(conn)
}

/// The projection written with a command's events.
#[derive(Debug, Clone, Copy)]
pub struct Projection {
    /// The new last seq.
    pub last_seq: Seq,
    /// Whether the game is over.
    pub finished: bool,
    /// When the sweeper must look next.
    pub next_timeout_at: Option<NaiveDateTime>,
    /// When it ended.
    pub finished_at: Option<NaiveDateTime>,
}

/// Appends `events` (one row at a time) and moves the game's projection from `from`. Returns
/// false (and writes nothing) when the game is no longer at `from`.
pub fn append(
    conn: &mut DbConn,
    game: OnlineGameId,
    from: Seq,
    events: &[NewEvent],
    p: Projection,
) -> QueryResult<bool> {
    let moved = diesel::update(
        online_games::table
            .filter(online_games::id.eq(game))
            .filter(online_games::last_seq.eq(from)),
    )
    .set((
        online_games::last_seq.eq(p.last_seq),
        online_games::finished.eq(p.finished),
        online_games::next_timeout_at.eq(p.next_timeout_at),
        online_games::finished_at.eq(p.finished_at),
    ))
    .execute(conn)?;
    if moved != 1 {
        return Ok(false);
    }
    for e in events {
        diesel::insert_into(online_game_events::table)
            .values(e)
            .execute(conn)?;
    }
    Ok(true)
}

/// A player's rating in one variant.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = online_ratings)]
pub struct RatingRow {
    /// Row id.
    pub id: i64,
    /// The player.
    pub user_id: UserId,
    /// Variant key.
    pub variant: String,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated games played in the variant.
    pub games: i32,
    /// Last change.
    pub updated_at: NaiveDateTime,
}

/// A player's rating in a variant, if they have played it.
pub fn rating(conn: &mut DbConn, user: UserId, variant: &str) -> QueryResult<Option<RatingRow>> {
    online_ratings::table
        .filter(online_ratings::user_id.eq(user))
        .filter(online_ratings::variant.eq(variant))
        .select(RatingRow::as_select())
        .first(conn)
        .optional()
}

/// Every rating of a player.
pub fn ratings_of(conn: &mut DbConn, user: UserId) -> QueryResult<Vec<RatingRow>> {
    online_ratings::table
        .filter(online_ratings::user_id.eq(user))
        .order(online_ratings::variant.asc())
        .select(RatingRow::as_select())
        .load(conn)
}

/// A variant's ratings, best first.
pub fn leaderboard(conn: &mut DbConn, variant: &str, limit: i64) -> QueryResult<Vec<RatingRow>> {
    online_ratings::table
        .filter(online_ratings::variant.eq(variant))
        .order((online_ratings::rating.desc(), online_ratings::id.asc()))
        .limit(limit)
        .select(RatingRow::as_select())
        .load(conn)
}

/// Stores a player's new rating in a variant and its history row (inside the transaction that
/// records the game's end, O4).
#[allow(clippy::too_many_arguments)]
pub fn record_rating(
    conn: &mut DbConn,
    user: UserId,
    variant: &str,
    game: OnlineGameId,
    before: f64,
    (rating, deviation, volatility): (f64, f64, f64),
    at: NaiveDateTime,
) -> QueryResult<()> {
    let moved = diesel::update(
        online_ratings::table
            .filter(online_ratings::user_id.eq(user))
            .filter(online_ratings::variant.eq(variant)),
    )
    .set((
        online_ratings::rating.eq(rating),
        online_ratings::deviation.eq(deviation),
        online_ratings::volatility.eq(volatility),
        online_ratings::games.eq(online_ratings::games + 1),
        online_ratings::updated_at.eq(at),
    ))
    .execute(conn)?;
    if moved == 0 {
        diesel::insert_into(online_ratings::table)
            .values((
                online_ratings::user_id.eq(user),
                online_ratings::variant.eq(variant),
                online_ratings::rating.eq(rating),
                online_ratings::deviation.eq(deviation),
                online_ratings::volatility.eq(volatility),
                online_ratings::games.eq(1),
                online_ratings::updated_at.eq(at),
            ))
            .execute(conn)?;
    }
    diesel::insert_into(online_rating_history::table)
        .values((
            online_rating_history::user_id.eq(user),
            online_rating_history::variant.eq(variant),
            online_rating_history::game_id.eq(game),
            online_rating_history::before_rating.eq(before),
            online_rating_history::rating.eq(rating),
            online_rating_history::deviation.eq(deviation),
            online_rating_history::volatility.eq(volatility),
            online_rating_history::at.eq(at),
        ))
        .execute(conn)
        .map(|_| ())
}

/// One rating change.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = online_rating_history)]
pub struct HistoryRow {
    /// Row id.
    pub id: i64,
    /// The player.
    pub user_id: UserId,
    /// Variant key.
    pub variant: String,
    /// The game that moved it.
    pub game_id: OnlineGameId,
    /// Rating before.
    pub before_rating: f64,
    /// Rating after.
    pub rating: f64,
    /// Deviation after.
    pub deviation: f64,
    /// Volatility after.
    pub volatility: f64,
    /// When.
    pub at: NaiveDateTime,
}

/// A player's rating history, newest first.
pub fn history_of(conn: &mut DbConn, user: UserId, limit: i64) -> QueryResult<Vec<HistoryRow>> {
    online_rating_history::table
        .filter(online_rating_history::user_id.eq(user))
        .order(online_rating_history::id.desc())
        .limit(limit)
        .select(HistoryRow::as_select())
        .load(conn)
}
