//! A team event's teams: its boards, line-up mode, primary score and match points; each team with
//! its short name, club and captain, and its roster in board order (the regular boards, then the
//! reserves) — added, edited, reordered and removed here, each change one `SetTeams` (validated,
//! journaled, undone by Ctrl+Z). An individual event becomes a team event from this page.

use iced::widget::{button, column, container, pick_list, row, text, text_input};
use iced::{Element, Length};

use crate::lang::Lang;
use crate::tournament::command::Command;
use crate::tournament::model::{MatchPoints, PlayerId, Tournament};
use crate::tournament::team::standings::TeamTieBreak;
use crate::tournament::team::swiss::ColourType;
use crate::tournament::team::{LineUp, Primary, Team, TeamId, TeamSettings, MAX_BOARDS};
use crate::ui::format::{self, Choice};
use crate::ui::screen::Action;
use crate::ui::theme;

/// The team form's name field (tests find it by this id).
pub const TEAM_NAME_FIELD: &str = "team-name";

/// The team being typed: a new one, or `editing`'s details.
#[derive(Clone, Debug, Default)]
pub struct Form {
    pub name: String,
    pub short: String,
    pub club: String,
    pub captain: String,
    pub editing: Option<TeamId>,
    /// Boards of the team event an individual event is made into.
    pub boards: Option<usize>,
    /// The junior board's year as typed (read when the board is chosen or Enter pressed).
    pub junior_year: String,
}

#[derive(Clone, Debug)]
pub enum Message {
    Name(String),
    Short(String),
    Club(String),
    Captain(String),
    /// Adds the team typed, or saves the one being edited.
    Save,
    Edit(TeamId),
    Cancel,
    Remove(TeamId),
    /// A player not on any roster joins the end of the team's roster (a reserve).
    Join(TeamId, PlayerId),
    /// Moves a roster's player (by index) one place up (−1) or down (+1).
    Move(TeamId, usize, isize),
    Leave(TeamId, usize),
    Boards(usize),
    LineUp(LineUp),
    Primary(Primary),
    MatchPoints(MatchPoints),
    /// The least games for a place in a board's table (none: every player placed).
    BoardPrizeGames(Option<usize>),
    /// Makes an individual event a team event with the boards chosen.
    MakeTeamEvent,
    /// The women's board (none: no such rule).
    Women(Option<usize>),
    /// The junior board, born in or after the year typed.
    Junior(Option<usize>),
    JuniorYear(String),
    /// Enter in the year: the junior board as it is, born from the year typed.
    JuniorSubmit,
    /// Boards 1..=N asked for at least a rank.
    LeastBoard(Option<usize>),
    LeastRank(String),
    /// The team criteria's order: up, down, removed, added.
    TiebreakUp(usize),
    TiebreakDown(usize),
    TiebreakRemove(usize),
    TiebreakAdd(TeamTieBreak),
    /// A board's own ballot table (`None`: the event's; `Some("")`: none, the first move free).
    BoardTable(usize, Option<String>),
    /// A team Swiss's colour preferences (C.04.6 art. 1.7).
    Colours(ColourType),
    /// Numbers the teams (their order) by the average rating of their best players, before
    /// round 1 (C.04.6 art. 1.1's default here).
    NumberByRating,
}

impl Form {
    /// Empties the form: the team was saved.
    pub fn saved(&mut self) {
        *self = Form {
            boards: self.boards,
            ..Form::default()
        };
    }

    pub fn update(&mut self, message: Message, t: &Tournament, lang: Lang) -> Action<Message> {
        match message {
            Message::Name(s) => self.name = s,
            Message::Short(s) => self.short = s,
            Message::Club(s) => self.club = s,
            Message::Captain(s) => self.captain = s,
            Message::Save => return self.save(t),
            Message::Edit(id) => self.edit(t, id),
            Message::Cancel => self.saved(),
            Message::Remove(id) => {
                let teams = t.teams.iter().filter(|tm| tm.id != id).cloned().collect();
                return set(t, teams);
            }
            Message::Join(team, player) => {
                return with_roster(t, team, |roster| roster.push(player));
            }
            Message::Move(team, k, by) => {
                return with_roster(t, team, |roster| {
                    let j = k as isize + by;
                    if (0..roster.len() as isize).contains(&j) {
                        roster.swap(k, j as usize);
                    }
                });
            }
            Message::Leave(team, k) => {
                return with_roster(t, team, |roster| {
                    if k < roster.len() {
                        roster.remove(k);
                    }
                });
            }
            Message::Boards(b) if t.settings.teams.is_none() => self.boards = Some(b),
            Message::JuniorYear(y) => self.junior_year = y,
            Message::JuniorSubmit => {
                let board = t
                    .settings
                    .teams
                    .as_ref()
                    .and_then(|s| s.rules.junior.map(|j| j.board));
                if board.is_some() {
                    return self.junior(board, t, lang);
                }
            }
            Message::Junior(board) => return self.junior(board, t, lang),
            Message::NumberByRating => return number_by_rating(t),
            Message::MakeTeamEvent => {
                let boards = self.boards.unwrap_or(4);
                return Action::Apply(Command::SetTeams {
                    teams: Vec::new(),
                    settings: Some(TeamSettings::new(boards, t.settings.system)),
                });
            }
            other => return with_settings(t, |s| edit_settings(s, other)),
        }
        Action::None
    }

    /// The team typed added, or the one being edited saved with its roster.
    fn save(&self, t: &Tournament) -> Action<Message> {
        let mut teams = t.teams.clone();
        let typed = |roster: Vec<PlayerId>, id: TeamId| Team {
            id,
            name: self.name.trim().to_string(),
            short: self.short.trim().to_string(),
            club: self.club.trim().to_string(),
            captain: self.captain.trim().to_string(),
            roster,
        };
        match self.editing {
            Some(id) => match teams.iter_mut().find(|tm| tm.id == id) {
                Some(tm) => *tm = typed(tm.roster.clone(), id),
                None => return Action::None,
            },
            None => {
                let id = TeamId::after(teams.iter().map(|tm| tm.id));
                teams.push(typed(Vec::new(), id));
            }
        }
        // The form empties once the event takes it (`Form::saved`, by the app); a
        // refusal keeps it as typed.
        set(t, teams)
    }

    /// Team `id`'s details taken into the form.
    fn edit(&mut self, t: &Tournament, id: TeamId) {
        if let Some(tm) = t.team(id) {
            *self = Form {
                name: tm.name.clone(),
                short: tm.short.clone(),
                club: tm.club.clone(),
                captain: tm.captain.clone(),
                editing: Some(id),
                boards: self.boards,
                junior_year: self.junior_year.clone(),
            };
        }
    }

    /// The junior board `board`, born in the year typed (or the year kept, when none is
    /// typed) or later.
    fn junior(&self, board: Option<usize>, t: &Tournament, lang: Lang) -> Action<Message> {
        let typed = self.junior_year.trim();
        let kept = t
            .settings
            .teams
            .as_ref()
            .and_then(|s| s.rules.junior.map(|j| j.born_from.to_string()))
            .unwrap_or_default();
        let year = if typed.is_empty() {
            kept.as_str()
        } else {
            typed
        };
        let born_from = match (board, year.parse::<u16>()) {
            (None, _) => None,
            (Some(_), Ok(y)) if (1900..=2100).contains(&y) => Some(y),
            (Some(_), _) => {
                return Action::error(format!(
                    "{}: {}",
                    lang.quote(year),
                    lang.pick(
                        "type the junior board's year of birth (born in it or later)",
                        "введите год рождения для юношеской доски (этот год и моложе)"
                    )
                ))
            }
        };
        with_settings(t, |s| {
            s.rules.junior = board
                .zip(born_from)
                .map(|(board, born_from)| crate::tournament::team::JuniorBoard { board, born_from })
        })
    }

    pub fn view<'a>(&'a self, t: &'a Tournament, lang: Lang) -> Element<'a, Message> {
        let boards: Vec<Choice<usize>> = (2..=MAX_BOARDS)
            .map(|b| Choice {
                value: b,
                label: format!("{b} {}", lang.pick("boards", "досок")),
            })
            .collect();
        let Some(settings) = &t.settings.teams else {
            let chosen = self.boards.unwrap_or(4);
            return column![
                text(lang.pick(
                    "This is an individual event. A team event has teams of players who meet in matches on B boards.",
                    "Это личный турнир. В командном команды игроков встречаются в матчах на B досках."
                ))
                .size(18),
                row![
                    pick_list(
                        boards.clone(),
                        format::chosen(&boards, Some(chosen)),
                        |c| Message::Boards(c.value)
                    ),
                    button(text(lang.pick("Make it a team event", "Сделать командным")))
                        .on_press(Message::MakeTeamEvent),
                ]
                .spacing(8)
                .align_y(iced::Alignment::Center),
            ]
            .spacing(12)
            .into();
        };
        let swiss = (t.settings.system == crate::tournament::model::System::Swiss)
            .then(|| swiss_row(t, settings, lang));
        column![settings_row(t, settings, &boards, lang)]
            .push(swiss)
            .extend([
                rules_row(self, settings, lang),
                ballot_row(t, settings, lang),
                self.form(lang),
                iced::widget::row(t.teams.iter().map(|team| card(t, team, settings, lang)))
                    .spacing(12)
                    .wrap()
                    .into(),
            ])
            .spacing(12)
            .into()
    }

    /// The new team's (or the edited team's) details.
    fn form<'a>(&'a self, lang: Lang) -> Element<'a, Message> {
        row![
            text_input(lang.pick("team name", "название команды"), &self.name)
                .id(TEAM_NAME_FIELD)
                .on_input(Message::Name)
                .on_submit(Message::Save),
            text_input(lang.pick("short name", "кратко"), &self.short)
                .on_input(Message::Short)
                .on_submit(Message::Save)
                .width(110),
            text_input(lang.pick("club / region", "клуб / регион"), &self.club)
                .on_input(Message::Club)
                .on_submit(Message::Save),
            text_input(lang.pick("captain", "капитан"), &self.captain)
                .on_input(Message::Captain)
                .on_submit(Message::Save),
            button(text(if self.editing.is_some() {
                lang.pick("Save team", "Сохранить команду")
            } else {
                lang.pick("Add team", "Добавить команду")
            }))
            .on_press_maybe((!self.name.trim().is_empty()).then_some(Message::Save)),
        ]
        .push(self.editing.map(|_| {
            button(text(lang.pick("Cancel", "Отмена")))
                .style(button::secondary)
                .on_press(Message::Cancel)
        }))
        .spacing(6)
        .into()
    }
}

/// A team Swiss's own settings (C.04.6): the colour preferences, and the teams numbered by
/// rating before round 1.
fn swiss_row<'a>(t: &Tournament, settings: &'a TeamSettings, lang: Lang) -> Element<'a, Message> {
    let colours = [ColourType::TypeA, ColourType::TypeB, ColourType::None].map(|c| Choice {
        value: c,
        label: match c {
            ColourType::TypeA => lang.pick("colours: type A (C.04.6)", "цвет: тип A (C.04.6)"),
            ColourType::TypeB => lang.pick(
                "colours: type B, strong and mild",
                "цвет: тип B, сильное и слабое",
            ),
            ColourType::None => lang.pick(
                "colours: none (each board both colours)",
                "цвет: без предпочтений (микроматчи)",
            ),
        }
        .to_string(),
    });
    let listed: Vec<TeamId> = t.teams.iter().map(|tm| tm.id).collect();
    let by_rating = crate::tournament::team::swiss::input::initial_order(t) == listed;
    row![
        pick_list(
            colours.to_vec(),
            format::chosen(&colours, Some(settings.colours)),
            |c| Message::Colours(c.value)
        ),
        button(text(lang.pick("Number by rating", "Номера по рейтингу")))
            .style(button::secondary)
            .on_press_maybe((t.rounds.is_empty() && !by_rating).then_some(Message::NumberByRating)),
        text(if by_rating {
            lang.pick(
                "team numbers: by the average rating of the best players",
                "номера команд: по среднему рейтингу лучших игроков",
            )
        } else {
            lang.pick(
                "team numbers: the list's order (not by rating)",
                "номера команд: порядок списка (не по рейтингу)",
            )
        })
        .size(14),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
    .into()
}

/// Boards, line-up mode, primary score, match points, and the board rules as set.
fn settings_row<'a>(
    t: &Tournament,
    settings: &'a TeamSettings,
    boards: &[Choice<usize>],
    lang: Lang,
) -> Element<'a, Message> {
    let modes = [LineUp::RosterOrder, LineUp::FixedBoards, LineUp::Free].map(|m| Choice {
        value: m,
        label: match m {
            LineUp::RosterOrder => lang.pick("line-up: roster order", "расстановка: по заявке"),
            LineUp::FixedBoards => {
                lang.pick("line-up: fixed boards", "расстановка: закреплённые доски")
            }
            LineUp::Free => lang.pick("line-up: free per round", "расстановка: свободная"),
        }
        .to_string(),
    });
    let primaries = [Primary::MatchPoints, Primary::GamePoints].map(|p| Choice {
        value: p,
        label: match p {
            Primary::MatchPoints => lang.pick("ranked by match points", "места по командным очкам"),
            Primary::GamePoints => lang.pick("ranked by game points", "места по сумме очков"),
        }
        .to_string(),
    });
    let scorings = [(2.0, 1.0, 0.0), (3.0, 1.0, 0.0)].map(|(win, draw, loss)| Choice {
        value: MatchPoints { win, draw, loss },
        label: format!(
            "{} {win}/{draw}/{loss}",
            lang.pick("match points", "командные очки")
        ),
    });
    let prize_games = prize_games(t, lang);
    row![
        pick_list(
            boards.to_vec(),
            format::chosen(boards, Some(settings.boards)),
            |c| Message::Boards(c.value)
        ),
        pick_list(
            modes.to_vec(),
            format::chosen(&modes, Some(settings.line_up)),
            |c| Message::LineUp(c.value)
        ),
        pick_list(
            primaries.to_vec(),
            format::chosen(&primaries, Some(settings.primary)),
            |c| Message::Primary(c.value)
        ),
        pick_list(
            scorings.to_vec(),
            format::chosen(&scorings, Some(settings.match_points)),
            |c| Message::MatchPoints(c.value)
        ),
        pick_list(
            prize_games.clone(),
            format::chosen(&prize_games, Some(settings.board_prize_games)),
            |c| Message::BoardPrizeGames(c.value)
        ),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
    .into()
}

/// The least games for a place in a board's table: any, or 1 up to the games a player can
/// play (a game or a micromatch's games each round).
fn prize_games(t: &Tournament, lang: Lang) -> Vec<Choice<Option<usize>>> {
    let most = t
        .planned_rounds()
        .unwrap_or(t.rounds.len())
        .max(t.rounds.len())
        * t.settings.format.games.max(1) as usize;
    std::iter::once(None)
        .chain((1..=most.max(1)).map(Some))
        .map(|n| Choice {
            value: n,
            label: match n {
                None => lang
                    .pick("board prizes: any games", "призы по доскам: без минимума")
                    .to_string(),
                Some(n) => format!(
                    "{} {n}",
                    lang.pick(
                        "board prizes: games at least",
                        "призы по доскам: партий не менее"
                    )
                ),
            },
        })
        .collect()
}

/// The regulation's board rules: a women's board, a junior board (born in a year or later), a
/// least rank on the top boards.
fn rules_row<'a>(form: &'a Form, settings: &'a TeamSettings, lang: Lang) -> Element<'a, Message> {
    let boards = |label: &str| -> Vec<Choice<Option<usize>>> {
        std::iter::once(None)
            .chain((1..=settings.boards).map(Some))
            .map(|b| Choice {
                value: b,
                label: match b {
                    None => format!("{label}: —"),
                    Some(b) => format!("{label}: {b}"),
                },
            })
            .collect()
    };
    let picked =
        |choices: &[Choice<Option<usize>>], v: Option<usize>| format::chosen(choices, Some(v));
    let women = boards(lang.pick("women's board", "женская доска"));
    let junior = boards(lang.pick("junior board", "юношеская доска"));
    let least = boards(lang.pick("rank asked on boards 1 to", "разряд на досках 1–"));
    let ranks: Vec<Choice<String>> = crate::tournament::norms::Table::shipped()
        .ranks
        .iter()
        .map(|r| Choice {
            value: r.key.clone(),
            label: r.key_said(lang).to_string(),
        })
        .collect();
    let rank = settings
        .rules
        .least_rank
        .as_ref()
        .and_then(|l| format::chosen(&ranks, Some(l.rank.clone())));
    let year = settings
        .rules
        .junior
        .map(|j| j.born_from.to_string())
        .unwrap_or_default();
    row![
        pick_list(women.clone(), picked(&women, settings.rules.women), |c| {
            Message::Women(c.value)
        }),
        pick_list(
            junior.clone(),
            picked(&junior, settings.rules.junior.map(|j| j.board)),
            |c| Message::Junior(c.value)
        ),
        text_input(
            &format!("{} {year}", lang.pick("born from", "г. р. от")),
            &form.junior_year
        )
        .on_input(Message::JuniorYear)
        .on_submit(Message::JuniorSubmit)
        .width(130),
        pick_list(
            least.clone(),
            picked(&least, settings.rules.least_rank.as_ref().map(|l| l.board)),
            |c| Message::LeastBoard(c.value)
        ),
        pick_list(ranks, rank, |c| Message::LeastRank(c.value))
            .placeholder(lang.pick("rank", "разряд")),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
    .into()
}

/// A team: its details (click to edit), its roster by board with ↑ ↓ ✕, a player to add.
fn card<'a>(
    t: &'a Tournament,
    team: &'a Team,
    settings: &'a TeamSettings,
    lang: Lang,
) -> Element<'a, Message> {
    let id = team.id;
    let mut lines = column![row![
        button(text(format!("{}. {}", team.id, team.name)).size(20))
            .style(button::text)
            .padding(0)
            .on_press(Message::Edit(id)),
        button(text(lang.pick("remove", "убрать")).size(14))
            .style(button::secondary)
            .on_press(Message::Remove(id)),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)]
    .spacing(4);
    if let Some(about) = about(team, lang) {
        lines = lines.push(text(about).size(15));
    }
    let small = |label: &'static str, m: Option<Message>| {
        button(text(label).size(14))
            .style(button::secondary)
            .padding([2, 6])
            .on_press_maybe(m)
    };
    // Once the event has begun a roster's order is the line-ups' rule (the domain refuses a
    // move): the arrows are off, not a trap that answers with an error.
    let order_fixed = !t.rounds.is_empty() && settings.line_up != LineUp::Free;
    for (k, &player) in team.roster.iter().enumerate() {
        let place = if k < settings.boards {
            format!("{} {}", lang.pick("board", "доска"), k + 1)
        } else {
            lang.pick("reserve", "запасной").to_string()
        };
        let who = t.player(player).map(|p| p.full_name()).unwrap_or_default();
        lines = lines.push(
            row![
                text(place).size(16).width(110),
                text(who).size(17).width(Length::Fixed(240.0)),
                small(
                    "↑",
                    (k > 0 && !order_fixed).then_some(Message::Move(id, k, -1))
                ),
                small(
                    "↓",
                    (k + 1 < team.roster.len() && !order_fixed).then_some(Message::Move(id, k, 1))
                ),
                small("✕", Some(Message::Leave(id, k))),
            ]
            .spacing(6)
            .align_y(iced::Alignment::Center),
        );
    }
    lines = lines.push(join_list(t, id, lang));
    container(lines).padding(10).style(theme::panel).into()
}

/// A team's short name, club and captain on one line (none when none is set).
fn about(team: &Team, lang: Lang) -> Option<String> {
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
    (!about.is_empty()).then(|| about.join(" · "))
}

/// The players on no roster, to join team `id` (none when every player has a team).
fn join_list<'a>(t: &Tournament, id: TeamId, lang: Lang) -> Option<Element<'a, Message>> {
    let free: Vec<Choice<PlayerId>> = t
        .by_number()
        .into_iter()
        .filter(|p| t.team_of(p.id).is_none())
        .map(|p| Choice {
            value: p.id,
            label: p.full_name(),
        })
        .collect();
    (!free.is_empty()).then(|| {
        pick_list(free, None::<Choice<PlayerId>>, move |c| {
            Message::Join(id, c.value)
        })
        .placeholder(lang.pick("add a player…", "добавить игрока…"))
        .width(Length::Fixed(300.0))
        .into()
    })
}

/// The team criteria after the primary score, in order, with their buttons; the C.07 criteria
/// and the board criteria (board 1 … B) not chosen yet offered below.
pub fn tiebreaks_panel<'a>(t: &'a Tournament, lang: Lang) -> Option<Element<'a, Message>> {
    let settings = t.settings.teams.as_ref()?;
    let said = |tb: TeamTieBreak| {
        let (short, full) = (tb.short(), tb.name());
        format!(
            "{} ({})",
            lang.pick(short.0, short.1),
            lang.pick(full.0, full.1)
        )
    };
    let n = settings.tiebreaks.len();
    let rows = settings.tiebreaks.iter().enumerate().map(|(k, &tb)| {
        super::tiebreaks::ordered_row(
            k,
            n,
            said(tb),
            [
                Message::TiebreakUp(k),
                Message::TiebreakDown(k),
                Message::TiebreakRemove(k),
            ],
        )
    });
    let missing: Vec<Choice<TeamTieBreak>> = TeamTieBreak::ALL
        .into_iter()
        .chain((1..=settings.boards as u8).map(TeamTieBreak::Board))
        .filter(|tb| !settings.tiebreaks.contains(tb))
        .map(|tb| Choice {
            value: tb,
            label: said(tb),
        })
        .collect();
    let primary = match settings.primary {
        Primary::MatchPoints => lang.pick("match points", "командные очки"),
        Primary::GamePoints => lang.pick("game points", "сумма очков"),
    };
    Some(
        container(
            column![
                text(lang.pick("Team criteria, in order", "Командные показатели по порядку"))
                    .size(20),
                text(format!(
                    "{}: {primary}",
                    lang.pick("Teams are ranked first by", "Места команд прежде всего по")
                ))
                .size(15),
            ]
            .extend(rows)
            .push(
                pick_list(missing, None::<Choice<TeamTieBreak>>, |c| {
                    Message::TiebreakAdd(c.value)
                })
                .placeholder(lang.pick("add a criterion…", "добавить показатель…")),
            )
            .spacing(6),
        )
        .padding(8)
        .style(theme::panel)
        .into(),
    )
}

/// Each board's ballot table, where the event draws ballots: the event's table, another, or
/// none (the first move free).
fn ballot_row<'a>(
    t: &'a Tournament,
    settings: &'a TeamSettings,
    lang: Lang,
) -> Element<'a, Message> {
    let Some(rule) = &t.settings.format.ballot else {
        return row![].into();
    };
    let mut choices = vec![Choice {
        value: None,
        label: format!(
            "{} ({})",
            lang.pick("event's table", "таблица турнира"),
            rule.table.to_uppercase()
        ),
    }];
    choices.extend(
        crate::tournament::ballot::shipped_ids()
            .filter(|id| *id != rule.table)
            .map(|id| Choice {
                value: Some(id.to_string()),
                label: id.to_uppercase(),
            }),
    );
    choices.push(Choice {
        value: Some(String::new()),
        label: lang
            .pick("no ballot (free)", "без жребия (свободно)")
            .to_string(),
    });
    let boards = (1..=settings.boards).map(|b| {
        let chosen = format::chosen(&choices, Some(settings.ballot_tables.get(&b).cloned()));
        column![
            text(format!("{} {b}", lang.pick("Board", "Доска"))).size(13),
            pick_list(choices.clone(), chosen, move |c| Message::BoardTable(
                b, c.value
            )),
        ]
        .spacing(2)
        .into()
    });
    row![text(lang.pick("Ballot per board:", "Жребий по доскам:")).size(16)]
        .extend(boards)
        .spacing(8)
        .align_y(iced::Alignment::End)
        .wrap()
        .into()
}

/// The teams as changed, with the team settings as they are: one `SetTeams`.
fn set(t: &Tournament, teams: Vec<Team>) -> Action<Message> {
    Action::Apply(Command::SetTeams {
        teams,
        settings: t.settings.teams.clone(),
    })
}

/// The team settings changed by `edit` (nothing before the event is a team event).
fn with_settings(t: &Tournament, edit: impl FnOnce(&mut TeamSettings)) -> Action<Message> {
    match &t.settings.teams {
        Some(s) => {
            let mut s = s.clone();
            edit(&mut s);
            Action::Apply(Command::SetTeams {
                teams: t.teams.clone(),
                settings: Some(s),
            })
        }
        None => Action::None,
    }
}

/// Team `team`'s roster changed by `edit`.
fn with_roster(
    t: &Tournament,
    team: TeamId,
    edit: impl FnOnce(&mut Vec<PlayerId>),
) -> Action<Message> {
    let mut teams = t.teams.clone();
    match teams.iter_mut().find(|tm| tm.id == team) {
        Some(tm) => {
            edit(&mut tm.roster);
            set(t, teams)
        }
        None => Action::None,
    }
}

/// What a settings message changes in the team settings: the boards, the line-up mode, the
/// scores, the board rules, the criteria's order, the ballot tables, the colours. The form's
/// own messages are handled by `Form::update` and change nothing here.
fn edit_settings(s: &mut TeamSettings, message: Message) {
    match message {
        Message::Boards(b) => s.boards = b,
        Message::LineUp(mode) => s.line_up = mode,
        Message::Primary(p) => set_primary(s, p),
        Message::MatchPoints(mp) => s.match_points = mp,
        Message::BoardPrizeGames(n) => s.board_prize_games = n,
        Message::Women(board) => s.rules.women = board,
        Message::LeastBoard(board) => {
            s.rules.least_rank = board.map(|board| crate::tournament::team::LeastRank {
                board,
                rank: s
                    .rules
                    .least_rank
                    .as_ref()
                    .map_or_else(|| "КМС".to_string(), |l| l.rank.clone()),
            })
        }
        Message::LeastRank(rank) => {
            if let Some(l) = s.rules.least_rank.as_mut() {
                l.rank = rank;
            }
        }
        Message::TiebreakUp(k) if k > 0 && k < s.tiebreaks.len() => s.tiebreaks.swap(k, k - 1),
        Message::TiebreakDown(k) if k + 1 < s.tiebreaks.len() => s.tiebreaks.swap(k, k + 1),
        Message::TiebreakRemove(k) if k < s.tiebreaks.len() => {
            s.tiebreaks.remove(k);
        }
        Message::TiebreakAdd(tb) => s.tiebreaks.push(tb),
        Message::BoardTable(board, Some(name)) => {
            s.ballot_tables.insert(board, name);
        }
        Message::BoardTable(board, None) => {
            s.ballot_tables.remove(&board);
        }
        Message::Colours(c) => s.colours = c,
        _ => {}
    }
}

/// The primary score chosen. The arbiter's order of criteria stays: only the score now primary
/// leaves the list, and the one it replaces takes its place (teams.md: "the other one the first
/// tie-break").
fn set_primary(s: &mut TeamSettings, p: Primary) {
    let (now, was) = match p {
        Primary::MatchPoints => (TeamTieBreak::MatchPoints, TeamTieBreak::GamePoints),
        Primary::GamePoints => (TeamTieBreak::GamePoints, TeamTieBreak::MatchPoints),
    };
    if s.primary != p {
        match s.tiebreaks.iter().position(|&tb| tb == now) {
            Some(k) if !s.tiebreaks.contains(&was) => s.tiebreaks[k] = was,
            Some(k) => {
                s.tiebreaks.remove(k);
            }
            None if !s.tiebreaks.contains(&was) => s.tiebreaks.insert(0, was),
            None => {}
        }
    }
    s.primary = p;
}

/// The teams numbered by the average rating of their best players. Before round 1 nothing
/// refers to a team's id yet: the ids follow the new order, so the standings' team number and
/// the pairing's (the place in the list) stay one number.
fn number_by_rating(t: &Tournament) -> Action<Message> {
    let order = crate::tournament::team::swiss::input::initial_order(t);
    let teams = order
        .iter()
        .filter_map(|id| t.team(*id).cloned())
        .zip((1..).map(TeamId))
        .map(|(tm, id)| Team { id, ..tm })
        .collect();
    set(t, teams)
}
