//! The shipped time-control presets (`resources/time_controls.ron`), built into the program so it
//! works from any folder.

use serde::Deserialize;

use super::control::{ControlError, TimeControl};

const SHIPPED: &str = include_str!("../../resources/time_controls.ron");

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
struct Entry {
    id: String,
    control: String,
    en: String,
    ru: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    pub id: String,
    pub control: TimeControl,
    pub en: String,
    pub ru: String,
}

#[derive(Debug, thiserror::Error)]
pub enum PresetError {
    #[error("{origin}:{line}:{column}: {message}")]
    Syntax {
        origin: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{origin}: preset `{id}`: {source}")]
    Control {
        origin: String,
        id: String,
        source: ControlError,
    },
}

/// Reads presets in the shipped format; `origin` names the file in errors.
pub fn parse(origin: &str, text: &str) -> Result<Vec<Preset>, PresetError> {
    let entries: Vec<Entry> = ron::from_str(text).map_err(|e| PresetError::Syntax {
        origin: origin.to_string(),
        line: e.position.line,
        column: e.position.col,
        message: e.code.to_string(),
    })?;
    entries
        .into_iter()
        .map(|e| {
            let control = e.control.parse().map_err(|source| PresetError::Control {
                origin: origin.to_string(),
                id: e.id.clone(),
                source,
            })?;
            Ok(Preset {
                id: e.id,
                control,
                en: e.en,
                ru: e.ru,
            })
        })
        .collect()
}

/// The presets shipped with the program.
pub fn shipped() -> Vec<Preset> {
    parse("resources/time_controls.ron", SHIPPED).expect("the shipped presets are checked by tests")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_preset_reads_and_the_codified_ones_are_there() {
        let presets = shipped();
        let find = |id: &str| {
            presets
                .iter()
                .find(|p| p.id == id)
                .unwrap()
                .control
                .to_string()
        };
        assert_eq!(find("shashki64-classic"), "45m/20,15m");
        assert_eq!(find("fmjd-classic"), "2h/50,1h/25*");
        assert_eq!(find("russian-blitz-3-2"), "3m+2s");
        assert!(presets.iter().all(|p| !p.en.is_empty() && !p.ru.is_empty()));
        assert_eq!(presets.len(), 15);
    }

    #[test]
    fn bad_preset_files_name_the_place() {
        let e = parse("x.ron", "[\n  (id: \"a\", control: \"45m\", en: \"a\")\n]").unwrap_err();
        assert!(e.to_string().starts_with("x.ron:2:"), "{e}");
        let e = parse(
            "x.ron",
            "[(id: \"a\", control: \"45q\", en: \"a\", ru: \"б\")]",
        )
        .unwrap_err();
        assert!(
            e.to_string().starts_with("x.ron: preset `a`: period 1"),
            "{e}"
        );
    }
}
