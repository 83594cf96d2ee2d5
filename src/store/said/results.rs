//! What decides a game and a place in words: a result, an extra game's, the arbiter's decision
//! on who goes on, the lot for places still tied.

use super::Words;
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::id::GameRef;
use crate::tournament::model::GameResult;

/// A result, a decision or a lot in words.
pub fn said(w: &Words, cmd: &Command) -> String {
    match cmd {
        Command::SetResult { game, result } => game_result(w, *game, *result, false),
        Command::SetExtraResult {
            round,
            board,
            game,
            result,
        } => {
            let at = GameRef {
                round: *round,
                board: *board,
                game: *game,
            };
            game_result(w, at, *result, true)
        }
        Command::Decide {
            round,
            board,
            decision,
        } => match decision {
            Some(d) => format!(
                "{} {round}, {} {board}: {} {} ({})",
                w.l("round", "тур"),
                w.l("board", "доска"),
                w.agree(
                    d.winner,
                    "goes on by the arbiter's decision:",
                    [
                        "проходит дальше по решению судьи:",
                        "проходит дальше по решению судьи:",
                        "проходит дальше по решению судьи:"
                    ]
                ),
                w.name(d.winner),
                d.reason
            ),
            None => format!(
                "{} {round}, {} {board}: {}",
                w.l("round", "тур"),
                w.l("board", "доска"),
                w.l(
                    "the arbiter's decision taken back",
                    "решение судьи отменено"
                )
            ),
        },
        Command::SetLot { seed } => match seed {
            Some(seed) => format!(
                "{} ({} {seed})",
                w.l(
                    "lot drawn for the places still tied",
                    "жребий для мест, оставшихся разделёнными"
                ),
                w.l("seed", "зерно")
            ),
            None => w.l("the lot for the places taken back", "жребий мест отменён"),
        },
        // (Only the commands above are sent here.)
        _ => String::new(),
    }
}

/// A game's result (`extra`: of an extra game, after the pairing's own), the winner named.
fn game_result(w: &Words, at: GameRef, result: GameResult, extra: bool) -> String {
    let GameRef { round, board, game } = at;
    let pairing =
        w.t.rounds
            .iter()
            .find(|r| r.number == round)
            .and_then(|r| r.pairings.iter().find(|p| p.board == board));
    let won = |id| match (w.lang, w.sex(id)) {
        (Lang::Ru, None) => format!(" — победа: {}", w.name(id)),
        _ => format!(
            " — {} {}",
            w.name(id),
            w.agree(id, "wins", ["выиграл", "выиграла", ""])
        ),
    };
    // Who won, by name: in a micromatch "1" in game 2 is a win for the pairing's Black.
    let winner = pairing.and_then(|p| {
        let slot = game + if extra { p.games.len() } else { 0 };
        let white = p.white_of(slot);
        let black = if white == p.white { p.black } else { p.white };
        match result {
            GameResult::WhiteWins | GameResult::WhiteByForfeit => Some(won(white)),
            GameResult::BlackWins | GameResult::BlackByForfeit => Some(won(black)),
            _ => None,
        }
    });
    format!(
        "{} {round}, {} {board}, {} {}: {}{}",
        w.l("round", "тур"),
        w.l("board", "доска"),
        if extra {
            w.l("extra game", "доп. партия")
        } else {
            w.l("game", "партия")
        },
        game + 1,
        // `*` said nothing to the arbiter: a result taken off is said so.
        if result == GameResult::Pending {
            w.l("result cleared", "результат стёрт")
        } else {
            result.symbol().to_string()
        },
        winner.unwrap_or_default()
    )
}
