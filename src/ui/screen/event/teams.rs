//! A team event's teams: each with its short name, club and captain, and its roster in board
//! order (the regular boards, then the reserves), as the event's settings define them.

use iced::widget::{column, container, row, text};
use iced::Element;

use super::Message;
use crate::lang::Lang;
use crate::tournament::model::Tournament;
use crate::ui::theme;

pub(super) fn panel<'a>(t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
    let Some(settings) = &t.settings.teams else {
        return text(lang.pick("This is not a team event.", "Это не командный турнир."))
            .size(18)
            .into();
    };
    let mode = match settings.line_up {
        crate::tournament::team::LineUp::RosterOrder => {
            lang.pick("roster order", "в порядке состава")
        }
        crate::tournament::team::LineUp::FixedBoards => {
            lang.pick("fixed boards", "закреплённые доски")
        }
        crate::tournament::team::LineUp::Free => {
            lang.pick("free per round", "свободная расстановка")
        }
    };
    let mut said = format!(
        "{}: {} · {}: {} · {}: {}",
        lang.pick("Boards", "Досок"),
        settings.boards,
        lang.pick("line-up", "расстановка"),
        mode,
        lang.pick("match points", "командные очки"),
        [
            settings.match_points.win,
            settings.match_points.draw,
            settings.match_points.loss
        ]
        .map(|x| crate::report::points(x, lang))
        .join("/")
    );
    if let Some(board) = settings.rules.women {
        said.push_str(&format!(
            " · {} {board}",
            lang.pick("women's board:", "женская доска:")
        ));
    }
    if let Some(j) = settings.rules.junior {
        said.push_str(&format!(
            " · {} {} ({} {})",
            lang.pick("junior board:", "юношеская доска:"),
            j.board,
            lang.pick("born from", "с"),
            j.born_from
        ));
    }
    let head = text(said).size(18);
    let cards = t.teams.iter().map(|team| {
        let mut lines = column![text(format!("{}. {}", team.id, team.name)).size(20)].spacing(4);
        let mut about = Vec::new();
        if !team.short.is_empty() {
            about.push(team.short.clone());
        }
        if !team.club.is_empty() {
            about.push(team.club.clone());
        }
        if !team.captain.is_empty() {
            about.push(format!(
                "{}: {}",
                lang.pick("captain", "капитан"),
                team.captain
            ));
        }
        if !about.is_empty() {
            lines = lines.push(text(about.join(" · ")).size(15));
        }
        for (k, &id) in team.roster.iter().enumerate() {
            let place = if k < settings.boards {
                format!("{} {}", lang.pick("board", "доска"), k + 1)
            } else {
                lang.pick("reserve", "запасной").to_string()
            };
            let who = t.player(id).map(|p| p.full_name()).unwrap_or_default();
            lines =
                lines.push(row![text(place).size(16).width(110), text(who).size(17)].spacing(8));
        }
        container(lines).padding(10).style(theme::panel).into()
    });
    column![head, iced::widget::row(cards).spacing(12).wrap()]
        .spacing(12)
        .into()
}
