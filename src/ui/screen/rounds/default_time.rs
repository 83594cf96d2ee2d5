//! The default time (время опоздания) at the console: once it has passed after the round's
//! start, each board whose player has not checked in is shown with the forfeit proposed and a
//! button that records it — never recorded without the arbiter's press.

use iced::widget::{button, column, container, row, text};
use iced::Element;

use super::Message;
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::id::GameRef;
use crate::tournament::model::{GameResult, Tournament};
use crate::tournament::schedule::{self, DefaultForfeit};
use crate::ui::theme;

/// The proposals of round `round`, or nothing when there are none.
pub fn panel<'a>(
    t: &Tournament,
    round: usize,
    due: &[DefaultForfeit],
    lang: Lang,
) -> Option<Element<'a, Message>> {
    let mine: Vec<&DefaultForfeit> = due.iter().filter(|f| f.round == round).collect();
    if mine.is_empty() {
        return None;
    }
    let minutes = t.schedule.default_minutes.unwrap_or(0);
    let mut out = column![text(format!(
        "{} ({}): {}",
        lang.pick("The default time has passed", "Время опоздания истекло"),
        schedule::minutes_said(minutes, lang),
        lang.pick(
            "a forfeit is proposed for each board where a player has not come",
            "предлагается поражение за неявку на каждой доске, где участник не пришёл"
        )
    ))
    .size(18)
    .color(theme::ERROR)]
    .spacing(6);
    for f in mine {
        let names: Vec<String> = f
            .missing
            .iter()
            .map(|&id| t.player(id).map(|p| p.full_name()).unwrap_or_default())
            .collect();
        let result = f.result.symbol();
        out = out.push(
            row![
                text(format!(
                    "{} {}: {} — {}",
                    lang.pick("Board", "Доска"),
                    f.board,
                    names.join(", "),
                    lang.pick("not checked in", "не отмечен(ы) на регистрации"),
                ))
                .size(18),
                button(text(format!(
                    "{} {result}",
                    lang.pick("Record", "Записать")
                )))
                .on_press(Message::RecordForfeit(f.round, f.board, f.result)),
            ]
            .spacing(12)
            .align_y(iced::Alignment::Center),
        );
    }
    Some(container(out).padding(8).style(theme::panel).into())
}

/// The forfeit recorded on every game of the board still without a result: one change, one undo.
pub fn record(t: &Tournament, round: usize, board: usize, result: GameResult) -> Option<Command> {
    let r = t.rounds.iter().find(|r| r.number == round)?;
    let p = r.pairings.iter().find(|p| p.board == board)?;
    let commands: Vec<Command> = p
        .games
        .iter()
        .enumerate()
        .filter(|(_, g)| **g == GameResult::Pending)
        // A micromatch's game is written from its own White's side: where the colours have
        // swapped, the pairing's forfeit reads the other way.
        .map(|(game, _)| Command::SetResult {
            game: GameRef { round, board, game },
            result: match p.white_of(game) == p.white {
                true => result,
                false => result.reversed(),
            },
        })
        .collect();
    match commands.len() {
        0 => None,
        1 => commands.into_iter().next(),
        _ => Some(Command::Batch { commands }),
    }
}
