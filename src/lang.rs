//! The language of everything a user sees: English or Russian. A leaf, so that screens, reports
//! and the command line name it without reaching into one another.

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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
