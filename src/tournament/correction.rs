//! Corrections (исправления): a result changed in a round whose next round is paired already.
//! The pairings made since stand on the old result, so the change is a different act from
//! typing a result — an appeals committee and a rating officer ask who made it and why. It is
//! made only with its reason, which the journal keeps with the change.

use super::command::Command;
use super::model::{GameResult, Tournament};

/// The round `cmd` corrects: the round whose recorded result (or decision) it replaces while a
/// later round is paired; `None` when it corrects nothing (a result typed where there was none,
/// the same result again, the last round paired).
pub fn corrected_round(t: &Tournament, cmd: &Command) -> Option<usize> {
    let later = |round: usize| t.rounds.iter().any(|r| r.number > round);
    let pairing = |round: usize, board: usize| t.pairing(round, board);
    let replaces = |old: Option<&GameResult>, new: &GameResult| {
        // A game adjourned and now finished is not a correction: nothing was recorded yet.
        old.is_some_and(|old| {
            !matches!(old, GameResult::Pending | GameResult::Adjourned) && old != new
        })
    };
    match cmd {
        Command::SetResult { game, result } => {
            let p = pairing(game.round, game.board)?;
            (later(game.round) && replaces(p.games.get(game.game), result)).then_some(game.round)
        }
        Command::SetExtraResult {
            round,
            board,
            game,
            result,
        } => {
            let p = pairing(*round, *board)?;
            (later(*round) && replaces(p.extra.get(*game), result)).then_some(*round)
        }
        Command::Decide {
            round,
            board,
            decision,
        } => {
            let p = pairing(*round, *board)?;
            (later(*round) && p.decided.is_some() && p.decided != *decision).then_some(*round)
        }
        Command::Batch { commands } => commands.iter().find_map(|c| corrected_round(t, c)),
        _ => None,
    }
}
