//! The documents an event prints, by name: what the Standings screen offers and `report
//! --document` makes, each made here so that both print the same.

use super::Document;
use crate::lang::Lang;
use crate::tournament::model::{System, Tournament};
use crate::tournament::norms::Table;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Standings, crosstable or round grid, and every round: the working report.
    Standings,
    /// «Итоговый протокол» / final ranking.
    Protocol,
    /// «Турнирная таблица»: the crosstable of a round robin, the round grid of a Swiss.
    Crosstable,
    /// «Протоколы туров» / round results.
    Rounds,
    /// «Список пар» of a round, for the wall.
    Pairings,
    /// «Таблица выполнения разрядных норм».
    Norms,
    /// «Справки о выполнении разряда».
    Certificates,
    /// «Отчёт главного судьи».
    ChiefReport,
    /// «Протоколы матчей»: a team event's matches, each for its captains and arbiter to sign.
    MatchProtocols,
    /// «Сетка»: a knockout's bracket, a column per round.
    Bracket,
    /// «Победители и призёры»: who takes each prize.
    Awards,
    /// «Дипломы»: a page for each prize taken.
    Diplomas,
}

impl Kind {
    pub const ALL: [Kind; 12] = [
        Kind::Standings,
        Kind::Protocol,
        Kind::Crosstable,
        Kind::Rounds,
        Kind::Pairings,
        Kind::Norms,
        Kind::Certificates,
        Kind::ChiefReport,
        Kind::MatchProtocols,
        Kind::Bracket,
        Kind::Awards,
        Kind::Diplomas,
    ];

    /// The documents an event has: the match protocols only where there are teams, the
    /// bracket only in a knockout.
    pub fn offered(t: &Tournament) -> impl Iterator<Item = Kind> + '_ {
        Kind::ALL.into_iter().filter(|k| match k {
            Kind::MatchProtocols => t.is_team_event(),
            Kind::Bracket => t.settings.system == System::Knockout,
            Kind::Awards | Kind::Diplomas => !t.prizes.prizes.is_empty(),
            _ => true,
        })
    }

    /// The document's name as the arbiter picks it.
    pub fn said(self, lang: Lang) -> &'static str {
        match self {
            Kind::Standings => lang.pick("Standings report", "Отчёт с таблицей"),
            Kind::Protocol => lang.pick("Final ranking", "Итоговый протокол"),
            Kind::Crosstable => lang.pick("Crosstable", "Турнирная таблица"),
            Kind::Rounds => lang.pick("Round results", "Протоколы туров"),
            Kind::Pairings => lang.pick("Pairing list", "Список пар"),
            Kind::Norms => lang.pick("Rank norms", "Разрядные нормы"),
            Kind::Certificates => lang.pick("Rank certificates", "Справки о разрядах"),
            Kind::ChiefReport => lang.pick("Chief arbiter's report", "Отчёт главного судьи"),
            Kind::MatchProtocols => lang.pick("Match protocols", "Протоколы матчей"),
            Kind::Bracket => lang.pick("Bracket", "Турнирная сетка"),
            Kind::Awards => lang.pick("Winners and prize-winners", "Победители и призёры"),
            Kind::Diplomas => lang.pick("Prize diplomas", "Дипломы призёров"),
        }
    }

    /// Its name on the command line (`report --document NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Standings => "standings",
            other => other.stem(),
        }
    }

    /// The document a command-line name names.
    pub fn named(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The file it is written to beside the event: `<event>-<stem>.<ext>`.
    pub fn stem(self) -> &'static str {
        match self {
            Kind::Standings => "report",
            Kind::Protocol => "protocol",
            Kind::Crosstable => "crosstable",
            Kind::Rounds => "rounds",
            Kind::Pairings => "pairings",
            Kind::Norms => "norms",
            Kind::Certificates => "certificates",
            Kind::ChiefReport => "chief-report",
            Kind::MatchProtocols => "match-protocols",
            Kind::Bracket => "bracket",
            Kind::Awards => "awards",
            Kind::Diplomas => "diplomas",
        }
    }

    /// The file's name beside the event (after its name and a dash): `protocol.pdf`,
    /// `pairings-3.pdf` for one round's; an English one `protocol-en.pdf`, so that writing a
    /// document in the other language never writes over the Russian one (an arbiter's trial
    /// lost three that way).
    pub fn file_name(self, round: Option<usize>, ext: &str, lang: Lang) -> String {
        let tongue = match lang {
            Lang::Ru => "",
            Lang::En => "-en",
        };
        match round.filter(|_| self.of_one_round()) {
            Some(r) => format!("{}-{r}{tongue}.{ext}", self.stem()),
            None => format!("{}{tongue}.{ext}", self.stem()),
        }
    }

    /// Whether it is one table a spreadsheet can take (CSV); the others are text or many
    /// tables.
    pub fn is_one_table(self) -> bool {
        matches!(
            self,
            Kind::Standings | Kind::Protocol | Kind::Crosstable | Kind::Pairings | Kind::Norms
        )
    }

    /// The document as the bytes of the file `path` names by its extension (`.pdf`, `.html`,
    /// `.csv` for a table); a CSV of a text refused with the reason.
    pub fn file(
        self,
        t: &Tournament,
        round: Option<usize>,
        table: &Table,
        lang: Lang,
        path: &std::path::Path,
        separator: super::csv::Separator,
    ) -> Result<Vec<u8>, String> {
        let csv = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        if csv && !self.is_one_table() {
            return Err(format!(
                "{}: {} {}",
                path.display(),
                self.said(lang),
                lang.pick(
                    "is not one table: write it as .html or .pdf",
                    "— не одна таблица: сохраните её как .html или .pdf"
                )
            ));
        }
        super::render_for(path, &self.make(t, round, table, lang), lang, separator)
    }

    /// A final document (the protocol, the report, certificates, prizes, norms): refused while
    /// a game is adjourned, unless asked for as provisional.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            Kind::Protocol
                | Kind::ChiefReport
                | Kind::Certificates
                | Kind::Awards
                | Kind::Diplomas
                | Kind::Norms
        )
    }

    /// The round a document is about is one round, not "after round N".
    pub fn of_one_round(self) -> bool {
        matches!(self, Kind::Rounds | Kind::Pairings | Kind::MatchProtocols)
    }

    /// The document. `round`: after that round (standings, protocol, tables, norms, reports),
    /// or that round alone (round results, pairing list); `None`: all rounds, the last round's
    /// pairings.
    pub fn make(self, t: &Tournament, round: Option<usize>, table: &Table, lang: Lang) -> Document {
        match self {
            Kind::Standings => super::document(t, round, lang),
            Kind::Protocol if t.is_team_event() => {
                super::team::final_protocol(t, round, table, lang)
            }
            Kind::Protocol => super::protocol::final_protocol(t, round, table, lang),
            Kind::Crosstable => super::protocol::crosstable(t, round, lang),
            Kind::Rounds => super::round_protocol::protocols(t, round, lang),
            Kind::Pairings => super::round_protocol::pairing_list(t, round, lang),
            Kind::Norms => super::norms::document(t, round, table, lang),
            Kind::Certificates => super::certificate::certificates(t, round, table, lang),
            Kind::ChiefReport => super::chief_report::document(t, round, table, lang),
            Kind::MatchProtocols => super::match_protocol::protocols(t, round, lang),
            Kind::Bracket => super::bracket::document(t, lang),
            Kind::Awards => super::awards::document(t, round, lang),
            Kind::Diplomas => super::awards::diplomas(t, round, lang),
        }
    }
}
