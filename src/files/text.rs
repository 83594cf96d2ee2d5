//! Text read from a file: UTF-8 or an error that names the line and column of the first byte that
//! is not, so a damaged file can be found and mended by hand.

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{origin}:{line}:{column}: not UTF-8 text (byte 0x{byte:02X})")]
pub struct NotUtf8 {
    pub origin: String,
    pub line: usize,
    pub column: usize,
    pub byte: u8,
}

impl crate::lang::Russian for NotUtf8 {
    fn ru(&self) -> String {
        format!(
            "{}:{}:{}: текст не в кодировке UTF-8 (байт 0x{:02X})",
            self.origin, self.line, self.column, self.byte
        )
    }
}

/// The text of `bytes` (a leading byte-order mark dropped), or where it stops being UTF-8.
pub fn utf8<'a>(origin: &str, bytes: &'a [u8]) -> Result<&'a str, NotUtf8> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        // Columns count characters, as RON's errors do; the good part is valid UTF-8.
        let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
        NotUtf8 {
            origin: origin.to_string(),
            line,
            column,
            byte: bytes[e.valid_up_to()],
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_byte_is_named_by_line_and_column() {
        assert_eq!(utf8("f", "ab\nвг".as_bytes()).unwrap(), "ab\nвг");
        assert_eq!(utf8("f", b"\xEF\xBB\xBFok").unwrap(), "ok");
        let e = utf8("f.ron", b"(\n  name: \"\xD0\xB0\xFF\",\n)").unwrap_err();
        assert_eq!(e.to_string(), "f.ron:2:11: not UTF-8 text (byte 0xFF)");
    }
}
