//! Players imported from a CSV list, as federations and clubs keep them (Excel saves Russian
//! lists with `;` and often in Windows-1251). The header names the columns, in English or
//! Russian; only the surname is required.

use super::model::{Player, PlayerId};

#[derive(Debug, PartialEq, thiserror::Error)]
pub enum RosterError {
    #[error("{origin}: the first line must name the columns, one of them `surname` or `фамилия`")]
    NoSurnameColumn { origin: String },
    #[error("{origin}:{line}: {message}")]
    Line {
        origin: String,
        line: usize,
        message: String,
    },
}

impl crate::lang::Russian for RosterError {
    fn ru(&self) -> String {
        match self {
            RosterError::NoSurnameColumn { origin } => format!(
                "{origin}: в первой строке должны быть названия столбцов, один из них — `surname` или `фамилия`"
            ),
            RosterError::Line {
                origin,
                line,
                message,
            } => format!("{origin}:{line}: {}", line_message_ru(message)),
        }
    }
}

/// The Russian of a problem [`parse_csv`] words for a line; any other as it is.
fn line_message_ru(message: &str) -> String {
    let between = |prefix: &str, suffix: &str| {
        message
            .strip_prefix(prefix)
            .and_then(|m| m.strip_suffix(suffix))
            .map(str::to_string)
    };
    if message == "the surname is empty" {
        "фамилия не указана".to_string()
    } else if let Some(value) = between("rating `", "` is not a whole number") {
        format!("рейтинг `{value}` — не целое число")
    } else if let Some(value) = between("birth year `", "` is not a year") {
        format!("год рождения `{value}` — это не год")
    } else if let Some(value) = between("sex `", "` is not M or F") {
        format!("пол `{value}` — нужно М или Ж")
    } else {
        message.to_string()
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Column {
    Surname,
    Name,
    Title,
    Rating,
    Club,
    BirthYear,
    Sex,
    Ignored,
}

fn column(header: &str) -> Column {
    match header.trim().to_lowercase().as_str() {
        "surname" | "last name" | "фамилия" => Column::Surname,
        "name" | "first name" | "имя" => Column::Name,
        "title" | "rank" | "звание" | "разряд" | "звание/разряд" => {
            Column::Title
        }
        "rating" | "рейтинг" => Column::Rating,
        "club" | "region" | "federation" | "клуб" | "регион" | "город" => {
            Column::Club
        }
        "birth year" | "born" | "год рождения" | "г.р." | "год" => {
            Column::BirthYear
        }
        "sex" | "gender" | "пол" => Column::Sex,
        _ => Column::Ignored,
    }
}

/// Splits one CSV line (RFC 4180 quotes, `""` inside quotes).
fn fields(line: &str, sep: char) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            c if c == sep && !quoted => out.push(std::mem::take(&mut cur)),
            c => cur.push(c),
        }
    }
    out.push(cur);
    out.into_iter().map(|f| f.trim().to_string()).collect()
}

/// The players of a CSV list, given ids from `first_id` on, in list order.
pub fn parse_csv(
    origin: &str,
    bytes: &[u8],
    first_id: PlayerId,
) -> Result<Vec<Player>, RosterError> {
    let text = crate::rules::pdn::decode(bytes);
    let text = text.trim_start_matches('\u{feff}');
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((_, header)) = lines.next() else {
        return Err(RosterError::NoSurnameColumn {
            origin: origin.to_string(),
        });
    };
    let sep = [';', ',', '\t']
        .into_iter()
        .max_by_key(|s| header.matches(*s).count())
        .unwrap_or(',');
    let columns: Vec<Column> = fields(header, sep).iter().map(|h| column(h)).collect();
    if !columns.contains(&Column::Surname) {
        return Err(RosterError::NoSurnameColumn {
            origin: origin.to_string(),
        });
    }
    let mut players = Vec::new();
    for (i, line) in lines {
        let err = |message: String| RosterError::Line {
            origin: origin.to_string(),
            line: i + 1,
            message,
        };
        let mut p = Player::new(first_id.offset(players.len()), "");
        for (col, value) in columns.iter().zip(fields(line, sep)) {
            match col {
                Column::Surname => p.surname = value,
                Column::Name => p.name = value,
                Column::Title => p.title = value,
                Column::Club => p.club = value,
                Column::Rating if !value.is_empty() => {
                    p.rating = Some(
                        value
                            .parse()
                            .map_err(|_| err(format!("rating `{value}` is not a whole number")))?,
                    )
                }
                Column::BirthYear if !value.is_empty() => {
                    p.birth_year = Some(
                        value
                            .parse()
                            .map_err(|_| err(format!("birth year `{value}` is not a year")))?,
                    )
                }
                Column::Sex if !value.is_empty() => {
                    p.sex = Some(
                        crate::tournament::model::Sex::parse(&value)
                            .ok_or_else(|| err(format!("sex `{value}` is not M or F")))?,
                    )
                }
                _ => {}
            }
        }
        if p.surname.is_empty() {
            return Err(err("the surname is empty".to_string()));
        }
        players.push(p);
    }
    Ok(players)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_russian_excel_list_in_windows_1251_with_semicolons() {
        let text = "Фамилия;Имя;Разряд;Рейтинг;Клуб;Год рождения\n\
                    Иванов;Александр;ГМ;2481;\"Москва; ЦДЮШ\";1990\n\
                    Петров;Владимир;КМС;;Санкт-Петербург;\n";
        let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(text);
        let players = parse_csv("list.csv", &bytes, PlayerId(11)).unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].id, PlayerId(11));
        assert_eq!(players[0].full_name(), "Иванов Александр");
        assert_eq!(players[0].club, "Москва; ЦДЮШ");
        assert_eq!(players[0].rating, Some(2481));
        assert_eq!(players[0].birth_year, Some(1990));
        assert_eq!(players[1].rating, None);
        assert_eq!(players[1].title, "КМС");
    }

    #[test]
    fn the_sex_column_is_read_in_either_language() {
        use crate::lang::Russian;
        use crate::tournament::model::Sex;
        let text = "Фамилия;Пол\nГайнуллина;ж\nИванов;М\nСмит;F\nБезпола;\n";
        let sexes: Vec<_> = parse_csv("list.csv", text.as_bytes(), PlayerId(1))
            .unwrap()
            .into_iter()
            .map(|p| p.sex)
            .collect();
        assert_eq!(
            sexes,
            [Some(Sex::Female), Some(Sex::Male), Some(Sex::Female), None]
        );
        let bad = parse_csv("list.csv", "surname;sex\nA;x\n".as_bytes(), PlayerId(1)).unwrap_err();
        assert_eq!(bad.ru(), "list.csv:2: пол `x` — нужно М или Ж");
    }

    #[test]
    fn bad_lines_name_the_place() {
        let text = b"surname,rating\nSmith,2100\nJones,strong\n";
        assert_eq!(
            parse_csv("list.csv", text, PlayerId(1))
                .unwrap_err()
                .to_string(),
            "list.csv:3: rating `strong` is not a whole number"
        );
        assert!(matches!(
            parse_csv("x.csv", b"name,rating\nA,1\n", PlayerId(1)),
            Err(RosterError::NoSurnameColumn { .. })
        ));
    }
}
