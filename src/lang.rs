//! The language of everything a user sees: English or Russian. A leaf, so that screens, reports
//! and the command line name it without reaching into one another.

/// The grammatical gender a Russian word agrees with (the model maps a player's sex to it: the
/// language knows nothing of players).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gender {
    Masculine,
    Feminine,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Ru,
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        match s.to_ascii_lowercase().as_str() {
            "en" => Ok(Lang::En),
            "ru" => Ok(Lang::Ru),
            other => Err(format!("language `{other}`: en or ru")),
        }
    }
}

impl Lang {
    /// The text in this language (every text in the program is written in both at its place of
    /// use, so no translation can go missing).
    pub fn pick<'a>(self, en: &'a str, ru: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Ru => ru,
        }
    }

    /// `s` in this language's quotation marks: «Спартак» in Russian, “Spartak” in English.
    pub fn quote(self, s: &str) -> String {
        match self {
            Lang::En => format!("“{s}”"),
            Lang::Ru => format!("«{s}»"),
        }
    }

    /// `n` and the noun that goes with it: `en` is [one, many], `ru` [one, few, many] as
    /// [`ru_noun`] picks them ("1 ход", "3 хода", "21 ход", "11 ходов").
    pub fn count(self, n: u64, en: [&str; 2], ru: [&str; 3]) -> String {
        format!("{n} {}", self.noun(n, en, ru))
    }

    /// The noun that goes with `n`, without the number.
    pub fn noun<'a>(self, n: u64, en: [&'a str; 2], ru: [&'a str; 3]) -> &'a str {
        match self {
            Lang::En if n == 1 => en[0],
            Lang::En => en[1],
            Lang::Ru => ru_noun(n, ru),
        }
    }

    /// A number written in this language: the decimal comma in Russian (`0,5`), the point in
    /// English; `text` is the number as written with a point.
    pub fn decimal(self, text: &str) -> String {
        match self {
            Lang::En => text.to_string(),
            Lang::Ru => text.replace('.', ","),
        }
    }

    /// A Russian word that agrees with a grammatical gender (a player's, given as anything that
    /// has one): `ru` is [masculine, feminine, a form without gender when it is unknown]; English
    /// has one form.
    pub fn agree<'a, G: Into<Gender>>(
        self,
        gender: Option<G>,
        en: &'a str,
        ru: [&'a str; 3],
    ) -> &'a str {
        match (self, gender.map(Into::into)) {
            (Lang::En, _) => en,
            (Lang::Ru, Some(Gender::Masculine)) => ru[0],
            (Lang::Ru, Some(Gender::Feminine)) => ru[1],
            (Lang::Ru, None) => ru[2],
        }
    }

    /// Russian when the system locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, first one set) is Russian.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| var(v))
            .find(|v| !v.is_empty())
            .unwrap_or_default();
        if locale.to_ascii_lowercase().starts_with("ru") {
            Lang::Ru
        } else {
            Lang::En
        }
    }
}

/// A message whose English text is its `Display` (what the command line and the logs print) and
/// which a Russian screen shows in Russian: every error and verdict a user can see implements it.
pub trait Russian: std::fmt::Display {
    fn ru(&self) -> String;

    /// The text in `lang`.
    fn said(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Ru => self.ru(),
        }
    }
}

/// A text in both languages, made where its facts are known (a verdict, an illegal move's
/// reason), for what is not an error type of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Said {
    pub en: String,
    pub ru: String,
}

impl Said {
    pub fn new(en: impl Into<String>, ru: impl Into<String>) -> Said {
        Said {
            en: en.into(),
            ru: ru.into(),
        }
    }

    pub fn get(&self, lang: Lang) -> &str {
        lang.pick(&self.en, &self.ru)
    }
}

/// A text as a sentence begins: its first letter a capital (the rest as it is).
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => text.to_string(),
    }
}

/// What went wrong with a file, in Russian (the system's own message is English).
pub fn io_ru(e: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    let what = match e.kind() {
        NotFound => "файл или папка не найдены",
        PermissionDenied => "нет прав доступа",
        AlreadyExists => "файл уже существует",
        IsADirectory => "это папка, а не файл",
        NotADirectory => "это не папка",
        StorageFull => "на диске нет места",
        ReadOnlyFilesystem => "диск только для чтения",
        InvalidData => "данные повреждены",
        UnexpectedEof => "файл обрывается",
        Interrupted | TimedOut | WouldBlock => "операция прервана",
        _ => "ошибка ввода-вывода",
    };
    // The system's code stays, for whoever reads the log.
    match e.raw_os_error() {
        Some(code) => format!("{what} (код {code})"),
        None => what.to_string(),
    }
}

/// The Russian form of a noun after the number `n`: `forms` are the ones for 1, for 2 and
/// for 5 ("полуход", "полухода", "полуходов"). 11–14 take the third, whatever their last digit.
pub fn ru_noun(n: u64, forms: [&str; 3]) -> &str {
    match (n % 10, n % 100) {
        (_, 11..=14) => forms[2],
        (1, _) => forms[0],
        (2..=4, _) => forms[1],
        _ => forms[2],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_russian_noun_agrees_with_its_number() {
        let forms = ["ход", "хода", "ходов"];
        let said: Vec<String> = [
            0, 1, 2, 4, 5, 11, 12, 14, 20, 21, 22, 25, 101, 111, 112, 122,
        ]
        .iter()
        .map(|&n| Lang::Ru.count(n, ["move", "moves"], forms))
        .collect();
        assert_eq!(
            said,
            [
                "0 ходов",
                "1 ход",
                "2 хода",
                "4 хода",
                "5 ходов",
                "11 ходов",
                "12 ходов",
                "14 ходов",
                "20 ходов",
                "21 ход",
                "22 хода",
                "25 ходов",
                "101 ход",
                "111 ходов",
                "112 ходов",
                "122 хода"
            ]
        );
        assert_eq!(Lang::En.count(1, ["move", "moves"], forms), "1 move");
        assert_eq!(Lang::En.count(0, ["move", "moves"], forms), "0 moves");
    }
}
