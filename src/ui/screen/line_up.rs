//! A team round's line-ups, set before its matches have results: each team's players board by
//! board, picked from its roster; the event's line-up mode and board rules decide whether a
//! line-up stands (refused naming the rule, the journal keeps what was set).

use std::collections::BTreeMap;

use iced::widget::{button, column, pick_list, row, text};
use iced::{Element, Length};

use super::Action;
use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{PlayerId, Round, Tournament};
use crate::tournament::team::{Match, TeamId};
use crate::ui::format::Choice;

/// The line-ups being changed and not applied yet, per team (board 1 first).
#[derive(Default)]
pub struct State {
    edits: BTreeMap<TeamId, Vec<PlayerId>>,
}

#[derive(Clone, Debug)]
pub enum Message {
    /// Team, board (from 0), the player picked for it.
    Pick(TeamId, usize, PlayerId),
    /// Sets the team's line-up as picked.
    Apply(TeamId),
    /// Forgets the team's picks (the line-up stays as saved).
    Reset(TeamId),
}

/// A team's players on its match's boards as the round has them now.
fn saved(t: &Tournament, r: &Round, m: &Match, team: TeamId) -> Vec<PlayerId> {
    r.boards_of(m).map(|p| t.player_for(p, team)).collect()
}

/// A match whose line-ups may still change: none of its games has a result.
fn open(r: &Round, m: &Match) -> bool {
    !r.locked && !r.boards_of(m).any(|p| p.scored())
}

impl State {
    /// Whether round `r` has a match whose line-ups may still change.
    pub fn any_open(r: &Round) -> bool {
        r.matches.iter().any(|m| open(r, m))
    }

    pub fn update(&mut self, message: Message, t: &Tournament, r: &Round) -> Action<Message> {
        let find = |team| r.matches.iter().find(|m| m.home == team || m.away == team);
        match message {
            Message::Pick(team, board, player) => {
                let Some(m) = find(team) else {
                    return Action::None;
                };
                let line = self
                    .edits
                    .entry(team)
                    .or_insert_with(|| saved(t, r, m, team));
                // A player picked for a second board leaves the first one to whoever was on
                // this one: a swap, never one player twice.
                if let Some(before) = line.iter().position(|&p| p == player) {
                    line.swap(before, board);
                } else if let Some(slot) = line.get_mut(board) {
                    *slot = player;
                }
                Action::None
            }
            Message::Apply(team) => match self.edits.remove(&team) {
                Some(players) => Action::Apply(Command::SetLineUp {
                    round: r.number,
                    team,
                    players,
                }),
                None => Action::None,
            },
            Message::Reset(team) => {
                self.edits.remove(&team);
                Action::None
            }
        }
    }

    pub fn view<'a>(&self, t: &'a Tournament, r: &'a Round, lang: Lang) -> Element<'a, Message> {
        let mut out = column![
            text(lang.pick(
                "Line-ups (before the match has results)",
                "Составы на матч (до первых результатов)"
            ))
            .size(22),
            text(match t.settings.teams.as_ref().map(|s| s.line_up) {
                Some(crate::tournament::team::LineUp::FixedBoards) => lang.pick(
                    "Fixed boards: a roster player only on his own board, a reserve anywhere.",
                    "Постоянные доски: игрок состава — только на своей доске, запасной — на любой."
                ),
                Some(crate::tournament::team::LineUp::Free) => lang.pick(
                    "Free line-up: any player of the roster on any board.",
                    "Свободная расстановка: любой игрок заявки на любой доске."
                ),
                _ => lang.pick(
                    "Roster order: nobody above a player listed higher.",
                    "По порядку заявки: игрок ниже по заявке не играет выше стоящего."
                ),
            })
            .size(16),
        ]
        .spacing(8);
        for m in r.matches.iter().filter(|m| open(r, m)) {
            for team in [m.home, m.away] {
                out = out.push(self.team_row(t, r, m, team, lang));
            }
        }
        out.into()
    }

    /// A team's boards as pick lists from its roster, with apply and reset.
    fn team_row<'a>(
        &self,
        t: &'a Tournament,
        r: &'a Round,
        m: &'a Match,
        team: TeamId,
        lang: Lang,
    ) -> Element<'a, Message> {
        let Some(tm) = t.team(team) else {
            return text("").into();
        };
        let choices: Vec<Choice<PlayerId>> = tm
            .roster
            .iter()
            .enumerate()
            .map(|(k, &id)| Choice {
                value: id,
                label: format!(
                    "{}. {}",
                    k + 1,
                    t.player(id).map(|p| p.full_name()).unwrap_or_default()
                ),
            })
            .collect();
        let edited = self.edits.get(&team);
        let line = edited.cloned().unwrap_or_else(|| saved(t, r, m, team));
        let mut boards = row![text(tm.name.clone()).size(18).width(Length::Fixed(200.0))]
            .spacing(8)
            .align_y(iced::Alignment::Center);
        for (board, player) in line.iter().enumerate() {
            let chosen = choices.iter().find(|c| c.value == *player).cloned();
            boards = boards.push(
                column![
                    text(format!("{} {}", lang.pick("Board", "Доска"), board + 1)).size(13),
                    pick_list(choices.clone(), chosen, move |c| {
                        Message::Pick(team, board, c.value)
                    })
                    .width(Length::Fixed(230.0)),
                ]
                .spacing(2),
            );
        }
        boards = boards.push(
            button(text(lang.pick("Set line-up", "Утвердить состав")))
                .on_press_maybe(edited.map(|_| Message::Apply(team))),
        );
        boards = boards.push(
            button(text(lang.pick("Reset", "Сбросить")))
                .style(button::secondary)
                .on_press_maybe(edited.map(|_| Message::Reset(team))),
        );
        // Four boards and more do not fit one line of the console: the rest go on the next
        // (the buttons were squeezed to a letter's width and pushed off the window).
        boards.wrap().vertical_spacing(6).into()
    }
}
