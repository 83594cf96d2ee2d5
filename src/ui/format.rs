//! Texts shared by the screens: clock times, points.

/// `1:02:05`, `45:00`, and tenths in the last ten seconds (`0:07.3`), when a flag is near.
pub fn clock(ms: u64) -> String {
    let (h, m, s) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if ms < 10_000 {
        format!("0:{s:02}.{}", ms / 100 % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

pub use crate::report::points;
use crate::rules::columns::AnyVariant;

/// The variant's name as an arbiter says it.
pub fn variant(v: impl Into<AnyVariant>, lang: crate::lang::Lang) -> &'static str {
    v.into().said(lang)
}

/// A choice in a pick list, shown in the arbiter's language.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<T> {
    pub value: T,
    pub label: String,
}

impl<T> std::fmt::Display for Choice<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

/// The two sides, for a pick list.
pub fn sides(lang: crate::lang::Lang) -> [Choice<crate::rules::Color>; 2] {
    use crate::rules::Color;
    [Color::White, Color::Black].map(|value| Choice {
        value,
        label: value.said(lang).to_string(),
    })
}

/// Every variant, column draughts included, for a pick list.
pub fn variants(lang: crate::lang::Lang) -> Vec<Choice<AnyVariant>> {
    AnyVariant::all()
        .map(|value| Choice {
            value,
            label: variant(value, lang).to_string(),
        })
        .collect()
}

/// The choice in `choices` whose value is `value`.
pub fn chosen<T: PartialEq + Clone>(choices: &[Choice<T>], value: Option<T>) -> Option<Choice<T>> {
    let value = value?;
    choices.iter().find(|c| c.value == value).cloned()
}

pub fn systems(lang: crate::lang::Lang) -> [Choice<crate::tournament::model::System>; 5] {
    use crate::tournament::model::System;
    [
        System::RoundRobin,
        System::DoubleRoundRobin,
        System::Swiss,
        System::Knockout,
        System::Scheveningen,
    ]
    .map(|value| Choice {
        value,
        label: value.said(lang).to_string(),
    })
}

/// A team's name as a line shows it: its short name, else its name.
fn team_name(t: &crate::tournament::Tournament, id: crate::tournament::team::TeamId) -> String {
    t.team(id)
        .map(|tm| {
            if tm.short.is_empty() {
                tm.name.clone()
            } else {
                tm.short.clone()
            }
        })
        .unwrap_or_else(|| format!("#{id}"))
}

/// A player as a board's row names him: in a team event with his team's short name, so that
/// a row read White – Black, score White : Black, says which team scored what whatever the
/// match's order (an arbiter's trial read 0.5 : 1.5 under "ПЕР – ЯКУ" as Пермь's).
pub fn seated(t: &crate::tournament::Tournament, id: crate::tournament::model::PlayerId) -> String {
    let name = t.player(id).map(|p| p.full_name()).unwrap_or_default();
    match t.team_of(id) {
        Some(team) if t.is_team_event() => format!("{name} ({})", team_name(t, team.id)),
        _ => name,
    }
}

/// `Москва – Казань · 2`: a board's match and its board in the match.
pub fn match_board(
    t: &crate::tournament::Tournament,
    r: &crate::tournament::model::Round,
    board: usize,
) -> String {
    match r.match_of_board(board) {
        Some((m, k)) => format!("{} – {} · {k}", team_name(t, m.home), team_name(t, m.away)),
        None => String::new(),
    }
}

/// Each match of a round with its game points so far and, once complete, its match points;
/// then the teams without a match.
pub fn match_scores(
    t: &crate::tournament::Tournament,
    r: &crate::tournament::model::Round,
    lang: crate::lang::Lang,
) -> String {
    use crate::tournament::team::standings::match_score;
    let mut parts: Vec<String> = r
        .matches
        .iter()
        .filter_map(|m| {
            let [home, away] = match_score(t, r, m)?;
            let mp = match (home.match_points, away.match_points) {
                (Some(a), Some(b)) => format!(
                    " ({} {}:{})",
                    lang.pick("MP", "КО"),
                    points(a, lang),
                    points(b, lang)
                ),
                _ => String::new(),
            };
            Some(format!(
                "{} – {} {}:{}{mp}",
                team_name(t, m.home),
                team_name(t, m.away),
                points(home.game_points, lang),
                points(away.game_points, lang)
            ))
        })
        .collect();
    let pab = t.settings.teams.as_ref().and_then(|s| s.pab);
    for &team in &r.team_byes {
        let bye = match pab {
            Some(p) => format!(
                "{} ({} {}, {} {})",
                lang.pick("bye", "свободна"),
                points(p.match_points, lang),
                lang.pick("MP", "КО"),
                points(p.game_points, lang),
                lang.pick("GP", "очк.")
            ),
            None => lang.pick("bye", "свободна").to_string(),
        };
        parts.push(format!("{bye}: {}", team_name(t, team)));
    }
    for &team in &r.team_absent {
        let away = lang.pick("away", "не явилась");
        parts.push(format!("{away}: {}", team_name(t, team)));
    }
    parts.join("   ·   ")
}

/// «1 партия во встрече», «2 партии во встрече», "1 game per encounter" — the noun agreeing with
/// the count (issue 53, item 9: «1 партии» was written); without the number where a pick list
/// beside it shows it. Settings and New event say it so.
pub fn games_per_encounter(games: u32, with_number: bool, lang: crate::lang::Lang) -> String {
    let noun = lang.noun(
        games.into(),
        ["game", "games"],
        ["партия", "партии", "партий"],
    );
    let per = lang.pick("per encounter", "во встрече");
    match with_number {
        true => format!("{games} {noun} {per}"),
        false => format!("{noun} {per}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{clock, games_per_encounter};
    use crate::lang::Lang;

    #[test]
    fn clock_texts() {
        assert_eq!(clock(2_700_000), "45:00");
        assert_eq!(clock(3_725_000), "1:02:05");
        assert_eq!(clock(7_350), "0:07.3");
        assert_eq!(clock(0), "0:00.0");
    }

    #[test]
    fn the_games_of_a_pairing_agree_with_their_count() {
        assert_eq!(
            games_per_encounter(1, true, Lang::Ru),
            "1 партия во встрече"
        );
        assert_eq!(
            games_per_encounter(2, true, Lang::Ru),
            "2 партии во встрече"
        );
        assert_eq!(games_per_encounter(1, false, Lang::Ru), "партия во встрече");
        assert_eq!(games_per_encounter(4, false, Lang::Ru), "партии во встрече");
        assert_eq!(
            games_per_encounter(1, true, Lang::En),
            "1 game per encounter"
        );
        assert_eq!(
            games_per_encounter(2, false, Lang::En),
            "games per encounter"
        );
    }
}
