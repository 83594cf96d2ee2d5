//! Opening an event: the one already open is not opened again, a file that cannot be opened
//! leaves the open event as it was, and the event left keeps its running clocks in the background.

use std::path::Path;

use chrono::Utc;

use super::clocks::{Clocks, Restored};
use super::{console, settings, Opened, Session};
use crate::clock::hall::HallError;
use crate::lang::{Lang, Russian, Said};
use crate::store::event::{EventError, EventFile};

impl Session {
    fn is_open(&self, path: &Path) -> bool {
        let same = |a: &Path, b: &Path| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        };
        self.event.as_ref().is_some_and(|e| same(e.path(), path))
    }

    /// Opens the event at `path`. A file that cannot be opened leaves the open event as it was;
    /// the event already open is not opened again; the running clocks of the event left keep
    /// running in the background and are there again when it is reopened.
    pub fn open(&mut self, path: &Path) -> Opened {
        let lang = self.lang;
        if self.is_open(path) {
            self.say(
                false,
                format!(
                    "{} {}",
                    lang.pick("Already open:", "Уже открыт:"),
                    path.display()
                ),
            );
            return Opened::Same;
        }
        let file = match EventFile::open_or_watch(path, &console()) {
            Ok(mut file) => {
                file.keep_unsaved(true);
                file
            }
            Err(e) => return self.not_opened(e),
        };
        settings::remember(self.config.as_deref(), path);
        self.leave_event();
        let opened = format!("{} {}", lang.pick("Opened", "Открыт"), path.display());
        let mut notices: Vec<String> = file
            .notices
            .iter()
            .map(|n| lang.pick(&n.to_string(), &n.ru()).to_string())
            .collect();
        let restored = self.clocks_of(&file, path);
        if let Ok((_, skipped)) = &restored {
            notices.extend(skipped.iter().map(|(en, ru)| lang.pick(en, ru).to_string()));
        }
        // (A watched event is said by the banner over the screens, not here again.)
        let web_again =
            file.watching().is_none() && settings::web_was_on(self.config.as_deref(), file.path());
        let (mut error, mut text) = opened_said(opened, &notices, restored, lang);
        self.event = Some(file);
        if web_again {
            // It was on when the program stopped (a crash, say): the phones get their page back.
            if let Some((web_error, web_text)) = self.start_web() {
                error |= web_error;
                text = format!(
                    "{text}. {} {web_text}",
                    lang.pick("Back after the restart:", "Снова после перезапуска:")
                );
            }
        }
        self.say(error, text);
        Opened::New
    }

    /// The file could not be opened: said (and what stays open), in both languages for the
    /// Files page.
    fn not_opened(&mut self, e: EventError) -> Opened {
        let lang = self.lang;
        let kept = match &self.event {
            Some(open) => format!(
                "; {} {}",
                lang.pick("the open event stays:", "открытый турнир остаётся:"),
                open.tournament.settings.name
            ),
            None => String::new(),
        };
        // What the program did about it: nothing, and the arbiter must know that.
        let untouched = match e {
            EventError::Syntax(_)
            | EventError::NotUtf8(_)
            | EventError::Journal { .. }
            | EventError::Integrity { .. } => (" — the file was not changed", " — файл не изменён"),
            _ => ("", ""),
        };
        // In both languages: the Files page keeps it, and the arbiter may switch.
        let why = Said::new(
            format!("{e}{}", untouched.0),
            format!("{}{}", e.ru(), untouched.1),
        );
        self.say(true, format!("{}{kept}", why.get(lang)));
        Opened::Failed(why)
    }

    /// The open event is left for another: its network page stops, its running clocks go on in
    /// the background.
    fn leave_event(&mut self) {
        self.inbox = None;
        if self.web.take().is_some() {
            settings::remember_web(self.config.as_deref(), None);
            // The page served the event being left: it stops rather than show the wrong one.
            self.web_error = Some(Said::new(
                "The hall's network page stopped: another event was opened. Turn it on again for this one.",
                "Страница для сети зала выключена: открыт другой турнир. Включите её снова для него.",
            ));
        }
        if let Some(left) = self.event.take() {
            let clocks = std::mem::take(&mut self.clocks);
            if clocks.any_running() {
                self.background.push((left.path().to_path_buf(), clocks));
            }
        }
    }

    /// The clocks of the event being opened: kept in the background, none (watched), or brought
    /// back from their logs.
    fn clocks_of(&mut self, file: &EventFile, path: &Path) -> Result<Restored, HallError> {
        let kept = self
            .background
            .iter()
            .position(|(p, _)| p == file.path())
            .map(|i| self.background.remove(i).1);
        match kept {
            Some(clocks) => {
                self.clocks = clocks;
                Ok((0, Vec::new()))
            }
            // Watching only: the clocks are the writer's, and their logs are not touched here.
            None if file.watching().is_some() => {
                self.clocks = Clocks::default();
                Ok((0, Vec::new()))
            }
            None => {
                let (clocks, restored) =
                    Clocks::for_event(path, &file.tournament, self.now, Utc::now());
                self.clocks = clocks;
                restored
            }
        }
    }
}

/// What an open says: the event opened, its notices, or the clocks restored (whether an error,
/// the text).
fn opened_said(
    opened: String,
    notices: &[String],
    restored: Result<Restored, HallError>,
    lang: Lang,
) -> (bool, String) {
    match restored {
        _ if !notices.is_empty() => (true, format!("{opened}. {}", notices.join("; "))),
        Ok((0, _)) => (false, opened),
        Ok((n, _)) => (
            false,
            // "Восстановлено 4 часов" is wrong Russian, and часы take no plain numeral:
            // the count goes after a colon.
            match lang {
                Lang::En => format!(
                    "{opened}. Restored {} after a restart: {} paused, charged up to the stop",
                    lang.count(n as u64, ["clock", "clocks"], ["", "", ""]),
                    if n == 1 { "it stands" } else { "they stand" }
                ),
                Lang::Ru => format!(
                    "{opened}. Восстановлено часов после перезапуска: {n}; они на паузе, время учтено до остановки"
                ),
            },
        ),
        Err(e) => (true, format!("{opened}. {}", e.said(lang))),
    }
}
