//! A score sheet being written: the record typed, pasted or clicked on the board, replayed by the
//! rules engine as it stands, the position at any of its plies shown. The Claims and Games
//! screens both hold one; what a sheet is kept as (a file beside the event, a game's record) is
//! theirs to say.

use iced::widget::{button, text, text_editor};
use iced::{Element, Length};

use crate::lang::{Lang, Russian, Said};
use crate::rules::any::{fitting, AnyReplay, Entry};
use crate::rules::columns::AnyVariant;
use crate::rules::{pdn, Variant};
use crate::ui::{theme, widget};

pub struct Editor {
    pub record: text_editor::Content,
    /// The event's variant, of either engine: the record is replayed by its engine.
    pub variant: AnyVariant,
    /// The game's start when it is not the variant's (a ballot's position, as a FEN), for a
    /// record written without a `FEN` tag.
    pub start: Option<String>,
    /// The record as checked: its replay, or why it could not be read.
    pub checked: Option<Result<AnyReplay, Said>>,
    /// Plies written on the sheet, legal or not (the replay stops at the first illegal one).
    pub written: usize,
    /// The ply whose position is shown (0: the start).
    pub ply: usize,
    /// Squares clicked so far for a move being entered on the board: the piece, then landings.
    pub clicks: Vec<u8>,
    /// A PDN file to load into the sheet, as typed.
    pub pdn_path: String,
}

impl Default for Editor {
    fn default() -> Editor {
        Editor::new(AnyVariant::Plain(Variant::Russian), None)
    }
}

#[derive(Clone, Debug)]
pub enum Message {
    Edit(text_editor::Action),
    Check,
    Ply(usize),
    /// A square clicked on the board (the engine's number of it): the first picks the piece, the
    /// next ones are its landings.
    Square(u8),
    PdnPath(String),
    LoadPdn,
    /// The PDN file's bytes, read by the session: they become the sheet.
    PdnRead(Vec<u8>),
}

/// What a message did to the sheet, for the screen that holds it.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    None,
    /// The text changed (typed, or a move clicked): the screen keeps it as it keeps sheets.
    Changed,
    /// A move clicked on the board was not played: why, in the user's language.
    Refused(String),
    /// The file to read (screens never read files: the session does, and hands the bytes back
    /// as [`Message::PdnRead`]).
    Read(std::path::PathBuf),
}

impl Editor {
    pub fn new(variant: AnyVariant, start: Option<String>) -> Editor {
        Editor {
            record: text_editor::Content::new(),
            variant,
            start,
            checked: None,
            written: 0,
            ply: 0,
            clicks: Vec::new(),
            pdn_path: String::new(),
        }
    }

    /// The sheet holding `text`, checked, shown at its last ply.
    pub fn set_text(&mut self, text: &str) {
        self.record = text_editor::Content::with_text(text);
        self.check();
    }

    /// The position the game starts from.
    fn start_replay(&self) -> AnyReplay {
        let start = self.start.as_ref().and_then(|fen| {
            let g = pdn::PdnGame {
                tags: vec![("FEN".to_string(), fen.clone())],
                ..pdn::PdnGame::default()
            };
            AnyReplay::read(&g, self.variant).ok()
        });
        start.unwrap_or_else(|| AnyReplay::start(self.variant))
    }

    /// Reads and replays the record as typed.
    pub fn check(&mut self) {
        self.clicks.clear();
        let text = self.record.text();
        if text.trim().is_empty() {
            // Nothing written yet: the game from its start, ready for moves clicked on the board.
            self.checked = Some(Ok(self.start_replay()));
            self.written = 0;
            self.ply = 0;
            return;
        }
        let result = pdn::read(&text)
            .map_err(|e| Said::new(format!("record: {e}"), format!("запись: {}", e.ru())))
            .and_then(|games| {
                let mut g = games
                    .into_iter()
                    .next()
                    .ok_or_else(|| Said::new("the record has no moves", "в записи нет ходов"))?;
                self.written = g.moves.len();
                if let Some(fen) = &self.start {
                    if !g.tags.iter().any(|(k, _)| k.eq_ignore_ascii_case("FEN")) {
                        g.tags.push(("FEN".to_string(), fen.clone()));
                    }
                }
                AnyReplay::read(&g, self.variant).map_err(|e| Said::new(e.to_string(), e.ru()))
            });
        self.ply = match &result {
            Ok(r) => r.plies(),
            Err(_) => 0,
        };
        self.checked = Some(result);
    }

    pub fn update(&mut self, message: Message, lang: Lang) -> Outcome {
        match message {
            Message::Edit(action) => {
                let edit = action.is_edit();
                self.record.perform(action);
                if edit {
                    Outcome::Changed
                } else {
                    Outcome::None
                }
            }
            Message::Check => {
                self.check();
                Outcome::None
            }
            Message::Ply(p) => {
                self.ply = p;
                self.clicks.clear();
                Outcome::None
            }
            Message::Square(id) => self.click(id, lang),
            Message::PdnPath(p) => {
                self.pdn_path = p;
                Outcome::None
            }
            Message::LoadPdn => Outcome::Read(std::path::PathBuf::from(self.pdn_path.trim())),
            Message::PdnRead(bytes) => {
                self.set_text(&pdn::decode(&bytes));
                Outcome::Changed
            }
        }
    }

    /// A square clicked on the board. The first click picks a piece (a column's top) of the side
    /// to move; the next ones are where it lands. A move is played when the squares clicked fit
    /// exactly one legal move ending on the last of them; where several captures end there, the
    /// landings on the way tell them apart. Moves are added only at the end of a legal record.
    fn click(&mut self, id: u8, lang: Lang) -> Outcome {
        if self.checked.is_none() {
            self.check();
        }
        let Some(Ok(replay)) = &self.checked else {
            return Outcome::None;
        };
        if replay.first_illegal().is_some() || self.ply != replay.plies() {
            self.clicks.clear();
            return Outcome::Refused(
                lang.pick(
                    "Moves are added by clicking at the end of a legal record",
                    "Ходы щелчком добавляются в конец записи без невозможных ходов",
                )
                .to_string(),
            );
        }
        if self.clicks.is_empty() {
            if replay.own(id) {
                self.clicks.push(id);
            }
            return Outcome::None;
        }
        let entries = replay.entries();
        let mut clicks = self.clicks.clone();
        clicks.push(id);
        let fits = fitting(&entries, &clicks);
        let mut ending: Vec<&str> = fits
            .iter()
            .filter(|e| e.route.len() > 1 && e.route.last() == Some(&id))
            .map(|e| e.written.as_str())
            .collect();
        ending.dedup();
        // Squares are named only in a refusal.
        let ply = self.ply;
        let name = |id: u8| {
            replay
                .diagram(ply)
                .spot(id)
                .map(|s| s.name.clone())
                .unwrap_or_default()
        };
        match ending.as_slice() {
            [written] => {
                let written = written.to_string();
                self.append(&written);
                self.check();
                Outcome::Changed
            }
            [_, _, ..] => {
                // Keep the piece: the landings on the way, then this square again, decide.
                self.clicks.truncate(1);
                Outcome::Refused(several_captures(name(clicks[0]), name(id), lang))
            }
            [] if !fits.is_empty() => {
                // A landing on the way of a capture: wait for the rest.
                self.clicks = clicks;
                Outcome::None
            }
            [] if replay.own(id) => {
                // Another piece of the side to move: pick it instead.
                self.clicks = vec![id];
                Outcome::None
            }
            [] => {
                self.clicks.clear();
                let tried: Vec<String> = clicks.iter().map(|&s| name(s)).collect();
                Outcome::Refused(no_legal_move(&entries, &tried, lang))
            }
        }
    }

    /// Writes a move at the end of the record, numbered as the score sheet numbers it.
    fn append(&mut self, written: &str) {
        let Some(Ok(replay)) = &self.checked else {
            return;
        };
        let offset = replay.offset();
        let ply = replay.plies();
        // Before the result marker a loaded or opened game ends with (`*` while it is played):
        // after it, the move would start a game of its own and be lost to the check.
        let whole = self.record.text();
        let (before, result) = pdn::without_result(&whole);
        let mut text = before.to_string();
        if (ply + offset) % 2 == 0 {
            text.push_str(&format!(" {}. {written}", (ply + offset) / 2 + 1));
        } else if ply == 0 {
            text.push_str(&format!(" {}... {written}", offset / 2 + 1));
        } else {
            text.push_str(&format!(" {written}"));
        }
        if let Some(r) = result {
            text.push_str(&format!(" {r}"));
        }
        self.record = text_editor::Content::with_text(text.trim_start());
    }

    /// The text field, `height` high, asking for the game in the variant's notation.
    pub fn field(&self, height: f32, lang: Lang) -> Element<'_, Message> {
        text_editor(&self.record)
            .placeholder(placeholder(self.variant, lang))
            .on_action(Message::Edit)
            .height(Length::Fixed(height))
            .size(18)
            .into()
    }

    /// The field for a PDN file's path and the button that loads it into the sheet.
    pub fn pdn_field(&self, lang: Lang) -> Element<'_, Message> {
        iced::widget::row![
            iced::widget::text_input(
                lang.pick("or a PDN file to load", "или файл PDN"),
                &self.pdn_path
            )
            .on_input(Message::PdnPath)
            .on_submit(Message::LoadPdn),
            button(text(lang.pick("Load", "Загрузить")))
                .style(button::secondary)
                .on_press(Message::LoadPdn),
        ]
        .spacing(8)
        .into()
    }

    /// The record's check in words: why it cannot be read, its first illegal ply (with the
    /// legal moves there), or that all its plies are legal; then the draw counters running at
    /// the ply shown.
    pub fn findings(&self, lang: Lang) -> Vec<Element<'_, Message>> {
        let mut lines = Vec::new();
        match &self.checked {
            None => {}
            Some(Err(e)) => lines.push(
                text(e.get(lang).to_string())
                    .size(18)
                    .color(theme::ERROR)
                    .into(),
            ),
            Some(Ok(replay)) => {
                match replay.first_illegal() {
                    Some(i) => lines.push(
                        text(format!(
                            "{} {} ({}), {} {}: {}. {}: {}",
                            lang.pick("Illegal at move", "Ход невозможен: ход"),
                            i.number,
                            i.side.said(lang),
                            lang.pick("written", "записано"),
                            lang.quote(&i.text),
                            lang.pick(&i.detail, &i.detail_ru),
                            lang.pick("Legal here", "Возможные ходы"),
                            i.legal.join(", ")
                        ))
                        .size(18)
                        .color(theme::ERROR)
                        .into(),
                    ),
                    None if replay.plies() == 0 => lines.push(
                        text(lang.pick(
                            "No moves yet: type them, or click them on the board.",
                            "Ходов пока нет: введите их или сделайте щелчками по доске.",
                        ))
                        .size(18)
                        .into(),
                    ),
                    None => lines.push(
                        text(match (lang, replay.plies()) {
                            (Lang::En, 1) => "The 1 ply is legal.".to_string(),
                            (Lang::En, n) => format!("All {n} plies are legal."),
                            (Lang::Ru, n) => format!(
                                "В записи {}, все допустимы.",
                                lang.count(
                                    n as u64,
                                    ["ply", "plies"],
                                    ["полуход", "полухода", "полуходов"]
                                )
                            ),
                        })
                        .size(18)
                        .color(theme::OK)
                        .into(),
                    ),
                }
                let ply = self.ply.min(replay.plies());
                for c in replay.running(ply) {
                    lines.push(
                        text(format!(
                            "{}: {} / {} {} ({} {}), {} {}",
                            crate::rules::draw::rule_name(c.rule, lang),
                            c.moves,
                            c.limit,
                            lang.noun(
                                c.limit as u64,
                                ["move", "moves"],
                                ["хода", "ходов", "ходов"]
                            ),
                            lang.pick("since ply", "с полухода"),
                            c.since_ply,
                            lang.pick("draw at ply", "ничья на полуходе"),
                            c.ends_at_ply
                        ))
                        .size(16)
                        .into(),
                    );
                }
            }
        }
        lines
    }

    /// The moves as numbered buttons; the one shown is highlighted.
    pub fn moves(&self, lang: Lang) -> Option<Element<'_, Message>> {
        let Some(Ok(replay)) = &self.checked else {
            return None;
        };
        let shown = self.ply.min(replay.plies());
        let offset = replay.offset();
        let mut items: Vec<Element<'_, Message>> =
            vec![button(text(lang.pick("start", "начало")).size(15))
                .style(if shown == 0 {
                    button::primary
                } else {
                    button::text
                })
                .on_press(Message::Ply(0))
                .into()];
        for i in 0..replay.plies() {
            let ply = i + 1;
            let written = replay.written(i);
            let number = (i + offset) / 2 + 1;
            let label = if (i + offset).is_multiple_of(2) {
                format!("{number}. {written}")
            } else {
                written
            };
            items.push(
                button(text(label).size(15))
                    .style(if shown == ply {
                        button::primary
                    } else {
                        button::text
                    })
                    .on_press(Message::Ply(ply))
                    .into(),
            );
        }
        Some(iced::widget::row(items).spacing(2).wrap().into())
    }

    /// The position at the ply shown, its last move marked; squares clicked enter moves.
    pub fn board(&self) -> Element<'_, Message> {
        let (diagram, marks) = match &self.checked {
            Some(Ok(replay)) => {
                let ply = self.ply.min(replay.plies());
                (replay.diagram(ply), replay.last_move(ply))
            }
            // Before any record, the start: moves can be entered by clicking from there.
            _ => (self.start_replay().diagram(0), Vec::new()),
        };
        widget::board::Clickable {
            board: widget::board::Board::new(diagram)
                .with_highlight(marks)
                .with_selected(self.clicks.clone()),
            on_square: Message::Square,
        }
        .view()
    }
}

/// What the empty record asks for, in the variant's own notation.
fn placeholder(variant: AnyVariant, lang: Lang) -> &'static str {
    use crate::rules::columns::ColumnVariant;
    match variant {
        AnyVariant::Columns(ColumnVariant::Towers) => lang.pick(
            "Type or paste the game: 1. c3-b4 b6-c5 2. b4-a5 … or a PDN game; or click the moves on the board",
            "Введите или вставьте партию: 1. c3-b4 b6-c5 2. b4-a5 … или партию PDN; или ходите щелчками по доске",
        ),
        AnyVariant::Columns(ColumnVariant::Laska) => lang.pick(
            "Type or paste the game: 1. 9-13 17-14 … or a PDN game; or click the moves on the board",
            "Введите или вставьте партию: 1. 9-13 17-14 … или партию PDN; или ходите щелчками по доске",
        ),
        AnyVariant::Plain(_) => lang.pick(
            "Type or paste the game: 1. cd4 fe5 2. dc5 bd4 … or a PDN game; or click the moves on the board",
            "Введите или вставьте партию: 1. cd4 fe5 2. dc5 bd4 … или партию PDN; или ходите щелчками по доске",
        ),
    }
}

/// Squares clicked that end several captures: which, and how to tell them apart.
fn several_captures(from: String, to: String, lang: Lang) -> String {
    format!(
        "{} {from} → {to}: {}",
        lang.pick("Several captures", "Несколько взятий"),
        lang.pick(
            "click the squares the piece lands on, in order, then the last one",
            "щёлкните поля, на которые шашка встаёт по пути, по порядку, затем последнее"
        )
    )
}

/// Squares clicked (`tried`, named) that fit no legal move: said, with the captures when one is
/// compulsory (the usual reason a move is refused).
fn no_legal_move(entries: &[Entry], tried: &[String], lang: Lang) -> String {
    let captures: Vec<&str> = entries
        .iter()
        .filter(|e| e.capture)
        .map(|e| e.written.as_str())
        .collect();
    let compulsory = if captures.is_empty() {
        String::new()
    } else {
        format!(
            " — {}: {}",
            lang.pick("a capture is compulsory", "взятие обязательно"),
            captures.join(", ")
        )
    };
    format!(
        "{} {}{compulsory}",
        lang.pick("No legal move", "Нет возможного хода"),
        tried.join(" → ")
    )
}
