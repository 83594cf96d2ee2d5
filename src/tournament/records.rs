//! Every game of the event on record: a pairing's game as PDN (its tags, the ballot's start, the
//! score sheet as written, the clock times after each move), its check by the rules engine with
//! the codex's consequence of an illegal move, and the games of a round as one PDN file.
//!
//! Conventions (so that every reader agrees): a balloted game starts at the ballot's position,
//! given as the `FEN` tag with the ballot's cell and moves in a comment; its plies are the moves
//! played after it. The k-th press of the board's clock is the k-th ply; the times both sides had
//! right after it go after the move as `{[%clock wH:MM:SS bH:MM:SS]}` (whole seconds, rounded
//! down as a display shows them). A game without a record is listed with its tags and no moves.

use std::path::Path;

use crate::clock::game_clock::PressTimes;
use crate::clock::{hall, log, BoardKey};
use crate::lang::Said;
use crate::rules::pdn::{self, write_game, PdnGame};
use crate::rules::{Color, GameReport};
use crate::tournament::ballot;
use crate::tournament::model::{GameResult, Pairing, Round, Tournament};

/// Whether `text` can be kept as a score sheet: PDN movetext of one game (move numbers,
/// comments and a result marker allowed), within [`crate::limits::MAX_RECORD_CHARS`]. Whether its
/// moves are legal is not asked here: an illegal sheet is kept, as evidence.
pub fn readable(text: &str) -> Result<(), Said> {
    let chars = text.chars().count();
    if chars > crate::limits::MAX_RECORD_CHARS {
        return Err(Said::new(
            format!(
                "{chars} characters, at most {}",
                crate::limits::MAX_RECORD_CHARS
            ),
            format!(
                "{chars} знаков, допускается не более {}",
                crate::limits::MAX_RECORD_CHARS
            ),
        ));
    }
    match pdn::read(text) {
        Ok(games) if games.len() <= 1 => Ok(()),
        Ok(games) => Err(Said::new(
            format!("{} games in it, a score sheet holds one", games.len()),
            format!(
                "в нём {} {}, а бланк — это одна партия",
                games.len(),
                crate::lang::ru_noun(games.len() as u64, ["партия", "партии", "партий"])
            ),
        )),
        Err(e) => {
            use crate::lang::Russian;
            Err(Said::new(e.to_string(), e.ru()))
        }
    }
}

/// The first date of the event's dates (`2026-11-28 – 2026-12-02`, `28.11.2026`) as PDN writes
/// dates, `2026.11.28`; `????.??.??` when none can be read.
fn pdn_date(dates: &str) -> String {
    crate::tournament::model::first_day(dates).map_or_else(
        || "????.??.??".to_string(),
        |d| d.format("%Y.%m.%d").to_string(),
    )
}

/// The moves of the first game of a PDN text (with its comments, without its tags and result),
/// less the comments the program writes before a game's moves (the ballot's cell and moves,
/// which [`game_pdn`] adds again): what game `game`'s record keeps when a whole PDN game is
/// loaded or pasted.
pub fn sheet_for(
    t: &Tournament,
    round: &Round,
    p: &Pairing,
    game: usize,
    text: &str,
) -> Result<String, Said> {
    use crate::lang::Russian;
    let start = game_pdn_without_record(t, round, p, game);
    let ours = start.intro.clone();
    let games = pdn::read(text).map_err(|e| Said::new(e.to_string(), e.ru()))?;
    let Some(mut sheet) = games.into_iter().next() else {
        return Ok(String::new());
    };
    // A sheet of bare moves is this game's, from this game's start (a ballot may leave Black
    // to move: its numbering starts `1...`).
    if sheet.tag("FEN").is_none() {
        if let Some(fen) = start.tag("FEN") {
            sheet.tags.push(("FEN".to_string(), fen.to_string()));
        }
    }
    // A sheet that starts from another position (another board's ballot, a loaded file's own
    // FEN) would be kept as moves of this game and read from this game's start: refused.
    if !same_start(t, &sheet, &start) {
        return Err(Said::new(
            format!(
                "the sheet starts from another position ([FEN \"{}\"]) than this game{}",
                sheet.tag("FEN").unwrap_or_default(),
                start
                    .intro
                    .first()
                    .map_or(String::new(), |b| format!(" (ballot {b})"))
            ),
            format!(
                "бланк начинается с другой позиции ([FEN \"{}\"]), чем эта партия{}",
                sheet.tag("FEN").unwrap_or_default(),
                start
                    .intro
                    .first()
                    .map_or(String::new(), |b| format!(" (жеребьёвка {b})"))
            ),
        ));
    }
    sheet
        .intro
        .retain(|c| !ours.iter().any(|d| d.trim() == c.trim()));
    // Clock times come from the board's log, never from a pasted file's comments.
    for m in &mut sheet.moves {
        m.comments
            .retain(|c| !c.trim_start().starts_with("[%clock"));
    }
    // Numbered from the side the sheet's own start gives (a pasted game without a FEN tag
    // starts with the variant's first mover).
    let first_black = first_ply_black(t, &sheet);
    sheet.tags.clear();
    sheet.result = None;
    let text = write_game(&sheet, first_black);
    Ok(text.trim().trim_end_matches('*').trim_end().to_string())
}

/// Whether two games start from the same position (their `FEN` tags, or the variant's start).
fn same_start(t: &Tournament, a: &PdnGame, b: &PdnGame) -> bool {
    use crate::rules::any::AnyReplay;
    let start = |g: &PdnGame| {
        let bare = PdnGame {
            tags: g
                .tags
                .iter()
                .filter(|(k, _)| k.eq_ignore_ascii_case("FEN"))
                .cloned()
                .collect(),
            ..PdnGame::default()
        };
        AnyReplay::read(&bare, t.settings.variant)
            .ok()
            .map(|r| r.diagram(0))
    };
    match (start(a), start(b)) {
        (Some(x), Some(y)) => x == y && side_to_move(t, a) == side_to_move(t, b),
        _ => false,
    }
}

/// A game as PDN text, its moves numbered from the side to move at its start (`1...` first
/// when a ballot leaves the second mover to move).
pub fn write(t: &Tournament, g: &PdnGame) -> String {
    write_game(g, first_ply_black(t, g))
}

/// A result as PDN writes it.
pub fn pdn_result(g: GameResult) -> &'static str {
    match g {
        GameResult::Pending | GameResult::Unplayed | GameResult::Adjourned => "*",
        GameResult::WhiteWins | GameResult::WhiteByForfeit => "1-0",
        GameResult::BlackWins | GameResult::BlackByForfeit => "0-1",
        GameResult::Draw => "1/2-1/2",
        GameResult::DoubleForfeit => "0-0",
    }
}

/// Game `game`'s stored record with `comment` written after its ply `ply` (before its first
/// move for 0): an arbiter's verdict kept on the score sheet it was given on. `None` when the
/// game has no record or no such ply.
pub fn annotated(
    t: &Tournament,
    round: &Round,
    p: &Pairing,
    game: usize,
    ply: usize,
    comment: &str,
) -> Option<String> {
    p.records.get(&game)?;
    let mut g = game_pdn(t, round, p, game);
    // A brace would end the comment early.
    let comment = comment.replace('{', "(").replace('}', ")");
    match ply.checked_sub(1) {
        None => g.intro.push(comment),
        Some(i) => g.moves.get_mut(i)?.comments.push(comment),
    }
    sheet_for(t, round, p, game, &write(t, &g)).ok()
}

/// The game as PDN: the tags, the ballot's start, the moves of its record (without the clock
/// comments: see [`with_clocks`]) and its result.
pub fn game_pdn(t: &Tournament, round: &Round, p: &Pairing, game: usize) -> PdnGame {
    let mut g = game_pdn_without_record(t, round, p, game);
    if let Some(written) = p.records.get(&game) {
        if let Ok(mut games) = pdn::read(written) {
            if let Some(sheet) = games.pop() {
                g.moves = sheet.moves;
                g.intro.extend(sheet.intro);
            }
        }
    }
    g
}

/// [`game_pdn`] before its record: the tags, the ballot's start and the result.
fn game_pdn_without_record(t: &Tournament, round: &Round, p: &Pairing, game: usize) -> PdnGame {
    let name = |id| t.player(id).map_or_else(String::new, |p| p.full_name());
    let result = p.result(game).unwrap_or(GameResult::Pending);
    let mut g = PdnGame::default();
    let mut tag = |k: &str, v: String| g.tags.push((k.to_string(), v));
    tag("Event", t.settings.name.clone());
    if !t.settings.venue.is_empty() {
        tag("Site", t.settings.venue.clone());
    }
    tag("Date", pdn_date(&t.settings.dates));
    tag("Round", format!("{}.{}", round.number, game + 1));
    tag("Board", p.board.to_string());
    tag("White", name(p.white_of(game)));
    tag("Black", name(p.white_of(game + 1)));
    tag("Result", pdn_result(result).to_string());
    match t.settings.variant.plain().and_then(|v| v.game_type()) {
        Some(number) => tag("GameType", number.to_string()),
        // Column draughts have no GameType number; the tag `check` reads names them.
        None => tag("Variant", t.settings.variant.name().to_string()),
    }
    if let Some((fen, said)) = opening(p) {
        tag("FEN", fen);
        g.intro.push(said);
    }
    g.result = Some(pdn_result(result).to_string());
    g
}

/// The pairing's drawn opening: its position as a FEN, and its table, cell and moves as the
/// comment before a balloted game's moves (`IDF IX/10: 1.cb4 fg5 2.ed4 ef6`).
fn opening(p: &Pairing) -> Option<(String, String)> {
    let b = p.ballot.as_ref()?;
    let table = ballot::load(&b.table).ok()?;
    let entry = table.entry(&b.cell).ok()?;
    Some((
        entry.fen.clone(),
        format!("{} {}: {}", b.table.to_uppercase(), b.cell, entry.text),
    ))
}

/// The ballot of a pairing as its games' records name it (`IDF IX/10: 1.cb4 fg5 2.ed4 ef6`).
pub fn ballot_said(p: &Pairing) -> Option<String> {
    opening(p).map(|(_, said)| said)
}

/// The record of a game checked by the rules engine, and what the codex makes of an illegal
/// move in it.
#[derive(Clone, Debug)]
pub struct Checked {
    pub pdn: PdnGame,
    pub report: GameReport,
    /// The codex's consequence of the first illegal ply, in words.
    pub consequence: Option<Said>,
}

/// Checks game `game` of pairing `p` of `round` against the rules.
pub fn check(t: &Tournament, round: &Round, p: &Pairing, game: usize) -> Checked {
    let pdn = game_pdn(t, round, p, game);
    let report = crate::rules::any::check_game(1, &pdn, t.settings.variant);
    let consequence = report
        .first_illegal
        .as_ref()
        .map(|i| consequence(i.ply, pdn.moves.len()));
    Checked {
        pdn,
        report,
        consequence,
    }
}

/// The codex (000, illegal move): only the opponent decides whether an illegal move is
/// corrected, and loses that right once he has replied.
pub fn consequence(ply: usize, written: usize) -> Said {
    if written > ply {
        Said::new(
            "The opponent replied to it: the right to have it corrected is lost and the game \
             stands as played.",
            "Соперник ответил на этот ход: право требовать исправления утрачено, партия \
             продолжается как сыграна.",
        )
    } else {
        Said::new(
            "The opponent has not replied yet: he alone decides whether it is corrected (on \
             the offender's clock).",
            "Соперник ещё не ответил: только он решает, исправлять ли ход (на время \
             нарушителя).",
        )
    }
}

/// The times after each press of every board's clock in game `game` of round `round`, by board
/// (whichever program wrote the logs), each log read once.
pub fn game_clock_times(
    event: &Path,
    round: usize,
    game: usize,
) -> std::collections::BTreeMap<BoardKey, Vec<PressTimes>> {
    let dir = hall::game_dir(&hall::clocks_dir(event), round, game);
    hall::log_paths(&dir)
        .unwrap_or_default()
        .iter()
        .filter_map(|path| {
            let loaded = log::load(path).ok()?;
            let key = BoardKey::of_log(loaded.board.as_deref(), path)?;
            Some((key, loaded.clock.after_each_press().ok()?))
        })
        .collect()
}

/// Board `board`'s clock times in game `game` of round `round`, if the console logged it.
pub fn clock_times(
    event: &Path,
    round: usize,
    board: usize,
    game: usize,
) -> Option<Vec<PressTimes>> {
    game_clock_times(event, round, game).remove(&BoardKey(board))
}

/// `H:MM:SS` of a time left, whole seconds rounded down as a display shows them.
fn hms(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The game with the clock's times after each of its plies as `[%clock …]` comments: the times
/// go on the plies that have them (a press/ply mismatch is the caller's to say).
pub fn with_clocks(mut g: PdnGame, times: &[PressTimes]) -> PdnGame {
    for (m, t) in g.moves.iter_mut().zip(times) {
        m.comments
            .retain(|c| !c.trim_start().starts_with("[%clock"));
        m.comments.push(format!(
            "[%clock w{} b{}]",
            hms(t.white_ms),
            hms(t.black_ms)
        ));
    }
    g
}

/// The games of `round` as one PDN file: every board's game 1, then every board's game 2, then
/// the extra games (a broadcast that matches games by their place keeps each board where it
/// was), with the clock times of the logs beside `event` where there are any.
pub fn round_pdn(t: &Tournament, round: &Round, event: Option<&Path>) -> String {
    let times = event
        .map(|e| round_clock_times(e, round))
        .unwrap_or_default();
    round_pdn_with(t, round, &times)
}

/// The clock times after each press of every board in every game of `round`: by the game's
/// index, then by board name (each log read once).
pub fn round_clock_times(event: &Path, round: &Round) -> RoundTimes {
    (0..games_in(round))
        .map(|g| (g, game_clock_times(event, round.number, g)))
        .filter(|(_, boards)| !boards.is_empty())
        .collect()
}

/// Clock times after each press, by game index and board.
pub type RoundTimes =
    std::collections::BTreeMap<usize, std::collections::BTreeMap<BoardKey, Vec<PressTimes>>>;

/// How many games a board of `round` may have had: the micromatch's and the most extra games.
fn games_in(round: &Round) -> usize {
    round
        .pairings
        .iter()
        .map(|p| p.games.len() + p.extra.len())
        .max()
        .unwrap_or(0)
}

/// [`round_pdn`] with the clock times already read.
pub fn round_pdn_with(t: &Tournament, round: &Round, times: &RoundTimes) -> String {
    let games = t.settings.format.games.max(1) as usize;
    let most_extra = round
        .pairings
        .iter()
        .map(|p| p.extra.len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for g in 0..games + most_extra {
        for p in &round.pairings {
            if p.result(g).is_none() {
                continue;
            }
            let mut game = game_pdn(t, round, p, g);
            if let Some(times) = times.get(&g).and_then(|b| b.get(&BoardKey(p.board))) {
                game = with_clocks(game, times);
            }
            out.push_str(&write(t, &game));
            out.push('\n');
        }
    }
    out
}

/// The side to move at game `game`'s start: the ballot position's (a ballot may leave Black to
/// move), else the variant's first mover. The game's clock starts with this side.
pub fn first_to_move(t: &Tournament, round: &Round, p: &Pairing, game: usize) -> Color {
    side_to_move(t, &game_pdn_without_record(t, round, p, game))
}

fn variant_first(t: &Tournament) -> Color {
    t.settings
        .variant
        .plain()
        .map_or(Color::White, |v| v.rules().first)
}

/// The side to move in a game's start position: its `FEN` tag's, else the variant's first.
fn side_to_move(t: &Tournament, g: &PdnGame) -> Color {
    match g.tag("FEN").and_then(|f| f.trim_start().chars().next()) {
        Some('W') => Color::White,
        Some('B') => Color::Black,
        _ => variant_first(t),
    }
}

/// Whether a game's first ply is not the variant's first mover's (a ballot that leaves Black to
/// move): the move numbers then start `1...`.
fn first_ply_black(t: &Tournament, g: &PdnGame) -> bool {
    side_to_move(t, g) != variant_first(t)
}

/// The games of every round (or of `only`), in round order.
pub fn games_pdn(t: &Tournament, only: Option<usize>, event: Option<&Path>) -> String {
    t.rounds
        .iter()
        .filter(|r| only.is_none_or(|n| r.number == n))
        .map(|r| round_pdn(t, r, event))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_date_tag_is_the_events_first_day_as_pdn_writes_it() {
        assert_eq!(super::pdn_date("2026-11-28 – 2026-12-02"), "2026.11.28");
        assert_eq!(super::pdn_date("10.4.2026, Казань"), "2026.04.10");
        assert_eq!(super::pdn_date("весной"), "????.??.??");
    }
}
