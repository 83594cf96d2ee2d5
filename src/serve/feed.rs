//! The relay feed: the current round as one PDN file, one game per board and game in a fixed
//! order (every board's game 1, then every board's game 2, then the extra games), so that a
//! broadcast that matches games by their place in the file keeps each board where it was.

use crate::rules::pdn::{write_game, PdnGame};
use crate::tournament::ballot;
use crate::tournament::model::{GameResult, Tournament};

/// A result as PDN writes it.
fn pdn_result(g: GameResult) -> &'static str {
    match g {
        GameResult::Pending | GameResult::Unplayed => "*",
        GameResult::WhiteWins | GameResult::WhiteByForfeit => "1-0",
        GameResult::BlackWins | GameResult::BlackByForfeit => "0-1",
        GameResult::Draw => "1/2-1/2",
        GameResult::DoubleForfeit => "0-0",
    }
}

/// The current round of `t` as PDN (empty before the first round).
pub fn games(t: &Tournament) -> String {
    let Some(round) = t.rounds.last() else {
        return String::new();
    };
    let name = |id| t.player(id).map_or_else(String::new, |p| p.full_name());
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
            let result = if g < games {
                p.games.get(g).copied()
            } else {
                p.extra.get(g - games).copied()
            };
            let Some(result) = result else { continue };
            let mut game = PdnGame::default();
            let mut tag = |k: &str, v: String| game.tags.push((k.to_string(), v));
            tag("Event", t.settings.name.clone());
            if !t.settings.venue.is_empty() {
                tag("Site", t.settings.venue.clone());
            }
            tag("Round", format!("{}.{}", round.number, g + 1));
            tag("Board", p.board.to_string());
            tag("White", name(p.white_of(g)));
            tag("Black", name(p.white_of(g + 1)));
            tag("Result", pdn_result(result).to_string());
            match t.settings.variant.plain().and_then(|v| v.game_type()) {
                Some(number) => tag("GameType", number.to_string()),
                // Column draughts have no GameType number; the tag `check` reads names them.
                None => tag("Variant", t.settings.variant.name().to_string()),
            }
            let opening = p.ballot.as_ref().and_then(|b| {
                let entry = ballot::load(&b.table).ok()?.entry(&b.cell).ok()?.clone();
                Some((b, entry))
            });
            if let Some((b, entry)) = &opening {
                tag("FEN", entry.fen.clone());
                game.intro.push(format!(
                    "{} {}: {}",
                    b.table.to_uppercase(),
                    b.cell,
                    entry.text
                ));
            }
            game.result = Some(pdn_result(result).to_string());
            out.push_str(&write_game(&game, false));
            out.push('\n');
        }
    }
    out
}
