//! The hall's network: the switch for the page phones open (off by default), its address and a
//! QR code to scan; and the deputy arbiters who enter their boards' results from their phones —
//! added with a code shown once (and a QR code that logs the phone in), revoked for good —
//! with the results they sent that wait for the arbiter and the latest that arrived. Shown over
//! any screen, as the help is.

use chrono::Utc;
use iced::widget::{
    button, column, container, opaque, radio, row, scrollable, text, text_input, Column, Space,
};
use iced::{Element, Length};
use rand_chacha::rand_core::SeedableRng;

use super::Action;
use crate::lang::{Lang, Russian};
use crate::store::event::Entry;
use crate::store::floor;
use crate::tournament::command::Command;
use crate::tournament::deputy::{self, Boards, Deputy, FloorResults};
use crate::tournament::id::GameRef;
use crate::tournament::model::Tournament;
use crate::ui::theme;

/// What the arbiter types for a new deputy, and the code just made (shown until dismissed).
#[derive(Debug, Default)]
pub struct State {
    pub name: String,
    pub boards: String,
    /// The deputy's name and his new code: shown while that deputy holds it.
    new_code: Option<(String, String)>,
    /// The deputy whose code the arbiter asked to revoke: asked once more (it is for good).
    revoking: Option<String>,
}

#[derive(Clone, Debug)]
pub enum Message {
    /// Turns the page on or off.
    Switch(bool),
    Close,
    Name(String),
    Boards(String),
    Add,
    /// Asks to revoke a deputy's code; `RevokeSure` does it, `RevokeNot` keeps it.
    Revoke(String),
    RevokeSure,
    RevokeNot,
    Mode(FloorResults),
    /// A waiting result (its place in the event's list) recorded, or turned down.
    Confirm(usize),
    Reject(usize),
    /// The new code has been handed over: no longer shown.
    CodeSeen,
}

impl State {
    pub fn update(
        &mut self,
        message: Message,
        t: Option<&Tournament>,
        lang: Lang,
    ) -> Action<Message> {
        let Some(t) = t else {
            return Action::None;
        };
        match message {
            Message::Switch(on) => Action::Web(on),
            Message::Close => Action::None,
            Message::Name(n) => {
                self.name = n;
                Action::None
            }
            Message::Boards(b) => {
                self.boards = b;
                Action::None
            }
            Message::Add => {
                let boards = match Boards::parse(&self.boards) {
                    Ok(b) => b,
                    Err(e) => {
                        return Action::error(format!(
                            "{}: {}",
                            lang.pick("Boards", "Доски"),
                            e.said(lang)
                        ))
                    }
                };
                let code = deputy::new_code(&mut rand_chacha::ChaCha20Rng::from_os_rng());
                let d = Deputy::new(&self.name, boards, &code, Utc::now());
                self.new_code = Some((d.name.clone(), code));
                self.name.clear();
                self.boards.clear();
                Action::Apply(Command::AddDeputy { deputy: d })
            }
            Message::Revoke(name) => {
                self.revoking = Some(name);
                Action::None
            }
            Message::RevokeSure => match self.revoking.take() {
                Some(name) => Action::Apply(Command::RevokeDeputy {
                    name,
                    at: Utc::now(),
                }),
                None => Action::None,
            },
            Message::RevokeNot => {
                self.revoking = None;
                Action::None
            }
            Message::Mode(m) => {
                let mut settings = t.settings.clone();
                settings.floor_results = m;
                Action::Apply(Command::SetSettings {
                    settings: Box::new(settings),
                })
            }
            Message::Confirm(i) => t
                .pending
                .get(i)
                .map_or(Action::None, |s| Action::Apply(floor::confirm(s))),
            Message::Reject(i) => t
                .pending
                .get(i)
                .map_or(Action::None, |s| Action::Apply(floor::reject(s))),
            Message::CodeSeen => {
                self.new_code = None;
                Action::None
            }
        }
    }

    /// The code just made for a deputy, until it is handed over.
    pub fn new_code(&self) -> Option<&str> {
        self.new_code.as_ref().map(|(_, c)| c.as_str())
    }

    /// The new code, while its deputy (by name) holds it: a refused add shows nothing.
    fn shown_code<'a>(&'a self, t: Option<&Tournament>) -> Option<(&'a str, &'a str)> {
        let (name, code) = self.new_code.as_ref()?;
        let d = t?.deputy(name)?;
        (d.code == deputy::hash(code)).then_some((name.as_str(), code.as_str()))
    }
}

/// What the session says of the server and the event.
pub struct Shown<'a> {
    pub urls: Option<Vec<String>>,
    pub error: Option<&'a str>,
    pub t: Option<&'a Tournament>,
    pub journal: &'a [Entry],
    /// This window writes the event and its server takes deputies' results.
    pub writes: bool,
}

/// The latest results that came from the floor shown, most recent first.
const ARRIVALS: usize = 5;

pub fn view<'a>(state: &'a State, shown: Shown<'a>, lang: Lang) -> Element<'a, Message> {
    let mut body = column![
        text(lang.pick("Hall network", "Сеть зала")).size(30),
        text(lang.pick(
            "A page for phones and screens on the hall's network: pairings, live clocks, results, standings. Only deputy arbiters, each with his own code, can enter results there, and only for their boards. Turn it on only on the hall's own Wi-Fi.",
            "Страница для телефонов и экранов в сети зала: пары, часы, результаты, таблица. Вносить результаты могут только заместители судьи, каждый своим кодом и только на своих досках. Включайте только в собственной сети Wi-Fi зала."
        ))
        .size(18),
    ]
    .spacing(14)
    .width(Length::Fill);
    body = with_switch(body, shown.urls.as_deref(), lang);
    let mut code = shown
        .urls
        .as_ref()
        .and_then(|urls| urls.first())
        .and_then(|first| Qr::new(first));
    if let Some(e) = shown.error {
        body = body.push(text(e.to_string()).size(18).color(theme::ERROR));
    }
    let mut caption = None;
    // The deputy's QR code logs his phone in: it takes the code's place at the top right
    // while the code is shown.
    if let Some((qr, said)) = login_code(state, &shown, lang) {
        code = Some(qr);
        caption = Some(text(said).size(18));
    }
    body = body.push(deputies(state, &shown, lang));
    body = body.push(row![button(text(
        lang.pick("Close (Esc)", "Закрыть (Esc)")
    ))
    .on_press(Message::Close)]);
    // The code at the panel's top right and the panel at a whole-pixel offset from the window's
    // top: the software renderer draws boxes at fractional positions with grey seams between
    // them, which a scanner may not read.
    let mut panel = row![body].spacing(24).padding(24);
    // (The caption under the code: above it, its fractional height put seams in the code.)
    if let Some(qr) = code {
        panel = panel.push(column![qr.view(360.0)].push(caption).spacing(8));
    }
    opaque(
        container(scrollable(container(panel).style(theme::panel)))
            .width(Length::Fill)
            .height(Length::Fill)
            .padding([96, 32])
            .style(|_| container::Style {
                background: Some(iced::Color::from_rgba(0.0, 0.0, 0.0, 0.45).into()),
                ..container::Style::default()
            }),
    )
}

/// The switch: on, with the addresses to open; or off.
fn with_switch<'a>(
    body: Column<'a, Message>,
    urls: Option<&[String]>,
    lang: Lang,
) -> Column<'a, Message> {
    match urls {
        Some(urls) => {
            let body = body
                .push(
                    button(text(lang.pick("Turn off", "Выключить")).size(20))
                        .style(button::danger)
                        .on_press(Message::Switch(false)),
                )
                .push(
                    text(lang.pick(
                        "On. Open on a phone in the same network:",
                        "Включено. Откройте на телефоне в той же сети:",
                    ))
                    .size(18)
                    .color(theme::OK),
                );
            body.extend(urls.iter().map(|url| text(url.clone()).size(34).into()))
        }
        None => body
            .push(
                button(text(lang.pick("Turn on", "Включить")).size(20))
                    .on_press(Message::Switch(true)),
            )
            .push(text(lang.pick("Off.", "Выключено.")).size(18)),
    }
}

/// The QR code that logs the new deputy's phone in, and its caption, while his code is shown
/// and the page is on.
fn login_code(state: &State, shown: &Shown<'_>, lang: Lang) -> Option<(Qr, String)> {
    let (name, new) = state.shown_code(shown.t)?;
    let link = shown
        .urls
        .as_ref()
        .and_then(|u| u.first())
        .map(|u| format!("{u}deputy/login?code={new}"));
    let qr = link.as_deref().and_then(Qr::new)?;
    let caption = format!(
        "{} {name}",
        lang.pick(
            "His phone logs in with this code:",
            "Вход с телефона по коду:"
        )
    );
    Some((qr, caption))
}

/// The deputies' part: how their results are taken, who they are, a new one, what waits, what
/// came last.
fn deputies<'a>(state: &'a State, shown: &Shown<'a>, lang: Lang) -> Element<'a, Message> {
    let Some(t) = shown.t else {
        return Space::new().into();
    };
    let mut part =
        column![text(lang.pick("Deputy arbiters", "Заместители судьи")).size(24)].spacing(10);
    if !shown.writes && shown.urls.is_some() {
        part = part.push(
            text(lang.pick(
                "This window only watches the event: its page takes no results (the program that writes the event takes them).",
                "Это окно только следит за турниром: его страница не принимает результатов (их принимает программа, которая ведёт турнир).",
            ))
            .size(16)
            .color(theme::ERROR),
        );
    }
    part = part.push(mode_row(t.settings.floor_results, lang));
    for d in &t.deputies {
        let asked = d.live() && state.revoking.as_deref() == Some(d.name.as_str());
        part = part.push(deputy_row(d, asked, lang));
        // Asked once more under his row: a revocation is for good.
        if asked {
            part = part.push(revoke_asked(d, lang));
        }
    }
    part = part.push(new_deputy(state, lang));
    if let Some((name, code)) = state.shown_code(Some(t)) {
        part = part.push(new_code(name, code, lang));
    }
    part = with_pending(part, t, lang);
    part = with_arrivals(part, t, shown.journal, lang);
    container(part).padding([12, 0]).into()
}

/// How the deputies' results are taken: at once, or after the arbiter's confirmation.
fn mode_row(mode: FloorResults, lang: Lang) -> Element<'static, Message> {
    row![
        text(lang.pick("Their results:", "Их результаты:")).size(18),
        radio(
            lang.pick("recorded at once", "записываются сразу"),
            FloorResults::AtOnce,
            Some(mode),
            Message::Mode
        )
        .size(18),
        radio(
            lang.pick("wait for my confirmation", "ждут моего подтверждения"),
            FloorResults::Confirm,
            Some(mode),
            Message::Mode
        )
        .size(18),
    ]
    .spacing(16)
    .align_y(iced::Alignment::Center)
    .into()
}

/// A deputy: his name, his boards, and his code's button (none while `asked`) or when it was
/// revoked.
fn deputy_row<'a>(d: &Deputy, asked: bool, lang: Lang) -> Element<'a, Message> {
    let state_of: Element<'a, Message> = match d.revoked {
        None => button(text(lang.pick("Revoke code", "Отозвать код")))
            .style(button::danger)
            .on_press_maybe((!asked).then(|| Message::Revoke(d.name.clone())))
            .into(),
        Some(at) => text(format!(
            "{} {}",
            lang.pick("code revoked", "код отозван"),
            at.with_timezone(&chrono::Local).format("%d.%m %H:%M")
        ))
        .size(16)
        .color(theme::ERROR)
        .into(),
    };
    row![
        text(d.name.clone()).size(18).width(Length::FillPortion(3)),
        text(format!("{} {}", lang.pick("boards", "доски"), d.boards))
            .size(18)
            .width(Length::FillPortion(2)),
        state_of,
    ]
    .spacing(12)
    .align_y(iced::Alignment::Center)
    .into()
}

/// A deputy's code to revoke, asked once more.
fn revoke_asked<'a>(d: &Deputy, lang: Lang) -> Element<'a, Message> {
    row![
        text(match lang {
            Lang::En => format!("For good: {}'s phone will no longer enter results.", d.name),
            Lang::Ru => format!(
                "Навсегда: телефон {} больше не сможет вносить результаты.",
                d.name
            ),
        })
        .size(16)
        .color(theme::ERROR)
        .width(Length::Fill),
        button(text(lang.pick("Revoke", "Отозвать")))
            .style(button::danger)
            .on_press(Message::RevokeSure),
        button(text(lang.pick("Keep", "Оставить")))
            .style(button::secondary)
            .on_press(Message::RevokeNot),
    ]
    .spacing(8)
    .align_y(iced::Alignment::Center)
    .into()
}

/// A new deputy: his name, his boards, the button that adds him and makes his code.
fn new_deputy(state: &State, lang: Lang) -> Element<'_, Message> {
    let can_add = !state.name.trim().is_empty() && !state.boards.trim().is_empty();
    row![
        text_input(lang.pick("Deputy's name", "Имя заместителя"), &state.name)
            .on_input(Message::Name)
            .width(Length::FillPortion(3)),
        text_input(
            lang.pick("Boards: 1-12,15", "Доски: 1-12,15"),
            &state.boards
        )
        .on_input(Message::Boards)
        .on_submit_maybe(can_add.then_some(Message::Add))
        .width(Length::FillPortion(2)),
        button(text(lang.pick("Add, make a code", "Добавить, выдать код")))
            .on_press_maybe(can_add.then_some(Message::Add)),
    ]
    .spacing(12)
    .into()
}

/// The code just made for deputy `name`, shown once.
fn new_code<'a>(name: &str, code: &str, lang: Lang) -> Element<'a, Message> {
    column![
        text(format!(
            "{} {name} {}",
            lang.pick("Code for", "Код для"),
            lang.pick(
                "(shown once: the event keeps only its hash; show it to him alone):",
                "(показан один раз: в турнире хранится только его хеш; покажите только ему):"
            )
        ))
        .size(16),
        text(code.to_string()).size(34),
        button(text(lang.pick("Handed over", "Передан"))).on_press(Message::CodeSeen),
    ]
    .spacing(6)
    .into()
}

/// The results sent that wait for the arbiter, each with its buttons.
fn with_pending<'a>(
    mut part: Column<'a, Message>,
    t: &Tournament,
    lang: Lang,
) -> Column<'a, Message> {
    if t.pending.is_empty() {
        return part;
    }
    part = part.push(text(lang.pick("Waiting for confirmation", "Ждут подтверждения")).size(20));
    for (i, s) in t.pending.iter().enumerate() {
        part = part.push(
            row![
                text(waiting(t, s, lang)).size(18).width(Length::Fill),
                button(text(lang.pick("Confirm", "Подтвердить")))
                    .style(button::success)
                    .on_press(Message::Confirm(i)),
                button(text(lang.pick("Reject", "Отклонить")))
                    .style(button::danger)
                    .on_press(Message::Reject(i)),
            ]
            .spacing(12)
            .align_y(iced::Alignment::Center),
        );
    }
    part
}

/// The latest results that came from the floor, most recent first.
fn with_arrivals<'a>(
    mut part: Column<'a, Message>,
    t: &Tournament,
    journal: &[Entry],
    lang: Lang,
) -> Column<'a, Message> {
    let arrived: Vec<&Entry> = journal
        .iter()
        .rev()
        .filter(|e| e.by.is_some())
        .take(ARRIVALS)
        .collect();
    if !arrived.is_empty() {
        part = part.push(text(lang.pick("Last from the floor", "Последние с площадки")).size(20));
        for e in arrived {
            let at = e.at.with_timezone(&chrono::Local).format("%H:%M:%S");
            let said = crate::store::said::entry(t, journal, e, lang);
            part = part.push(text(format!("{at}  {said}")).size(16));
        }
    }
    part
}

/// A QR code of the page's address, dark on white with its quiet zone.
pub struct Qr {
    width: usize,
    dark: Vec<bool>,
}

impl Qr {
    pub fn new(text: &str) -> Option<Qr> {
        let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
        Some(Qr {
            width: code.width(),
            dark: code
                .to_colors()
                .into_iter()
                .map(|c| c == qrcode::Color::Dark)
                .collect(),
        })
    }

    /// The code as plain boxes, a run of like modules per box, `side` pixels square. Not a
    /// canvas: under the software renderer a second canvas beside the board swapped pixels
    /// with it (the QR code stayed on the Claims screen, the board showed through this page).
    pub fn view<'a, M: 'a>(&self, side: f32) -> Element<'a, M> {
        // Four modules of quiet zone on each side, as scanners expect.
        let cell = (side / (self.width + 8) as f32).floor().max(1.0);
        let quiet = ((side - cell * self.width as f32) / 2.0).floor();
        let swatch = |dark: bool, len: usize| {
            // A space, not text: no text layout for each of the hundreds of boxes.
            container(
                Space::new()
                    .width(Length::Fixed(cell * len as f32))
                    .height(Length::Fixed(cell)),
            )
            // Light modules show the white behind the code.
            .style(move |_| container::Style {
                background: dark.then(|| iced::Color::BLACK.into()),
                ..container::Style::default()
            })
        };
        let mut rows = column![].spacing(0);
        for line in self.dark.chunks(self.width) {
            let mut runs = row![].spacing(0);
            let mut start = 0;
            while start < line.len() {
                let len = line[start..]
                    .iter()
                    .take_while(|&&d| d == line[start])
                    .count();
                runs = runs.push(swatch(line[start], len));
                start += len;
            }
            rows = rows.push(runs);
        }
        container(rows)
            .padding(quiet)
            .style(|_| container::Style {
                background: Some(iced::Color::WHITE.into()),
                ..container::Style::default()
            })
            .into()
    }
}

/// A result waiting for the arbiter, in the journal's words for a result (the winner named), with
/// who sent it and when: «тур 3, доска 5, партия 1: 1-0 — Попов Артём выиграл (Петров, 16:03)».
fn waiting(t: &Tournament, s: &deputy::Submitted, lang: Lang) -> String {
    let result = Command::SetResult {
        game: GameRef {
            round: s.round,
            board: s.board,
            game: s.game,
        },
        result: s.result,
    };
    let at = s.at.with_timezone(&chrono::Local).format("%H:%M");
    format!(
        "{} ({}, {at})",
        crate::store::said::command(t, &result, lang),
        s.by
    )
}
