//! Golden files: the committed text that a regression test regenerates and compares (each game's
//! playthrough logs). One rule for every crate: the test fails on the first differing line, and
//! `MEEPLE_REGENERATE=1` rewrites the file after an intended change.

use std::path::Path;

/// The environment variable that rewrites golden files instead of comparing them.
pub const REGENERATE_VAR: &str = "MEEPLE_REGENERATE";

/// Compares `text` with the file at `path`. With [`REGENERATE_VAR`] set, writes `text` there
/// instead (creating the folder). A missing file is an error, not a silent pass.
pub fn compare(path: &Path, text: &str) -> Result<(), String> {
    compare_or_write(path, text, std::env::var_os(REGENERATE_VAR).is_some())
}

fn compare_or_write(path: &Path, text: &str, regenerate: bool) -> Result<(), String> {
    if regenerate {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        return std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()));
    }
    let saved = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "{}: {e} (run with {REGENERATE_VAR}=1 to create it)",
            path.display()
        )
    })?;
    if saved == text {
        return Ok(());
    }
    let (line, was, now) = first_difference(&saved, text);
    Err(format!(
        "{} differs at line {line} (run with {REGENERATE_VAR}=1 if the change is intended):\n  was: {was}\n  now: {now}",
        path.display()
    ))
}

/// [`compare`] for tests: panics with the message.
pub fn assert_file(path: impl AsRef<Path>, text: &str) {
    if let Err(e) = compare(path.as_ref(), text) {
        panic!("{e}");
    }
}

/// The 1-based number of the first line where the texts differ, and the two lines (empty past
/// the end of the shorter text).
fn first_difference<'a>(a: &'a str, b: &'a str) -> (usize, &'a str, &'a str) {
    let (mut la, mut lb) = (a.lines(), b.lines());
    let mut n = 1;
    loop {
        match (la.next(), lb.next()) {
            (Some(x), Some(y)) if x == y => n += 1,
            (x, y) => return (n, x.unwrap_or(""), y.unwrap_or("")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_difference_names_the_line() {
        assert_eq!(first_difference("a\nb\nc", "a\nx\nc"), (2, "b", "x"));
        assert_eq!(first_difference("a\nb", "a\nb\nc"), (3, "", "c"));
        assert_eq!(first_difference("a\nb\nc", "a"), (2, "b", ""));
    }

    #[test]
    fn compare_reports_missing_and_changed_files() {
        let dir = std::env::temp_dir().join(format!("meeple-golden-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("log.txt");
        let missing = compare_or_write(&path, "x", false).unwrap_err();
        assert!(missing.contains(REGENERATE_VAR), "{missing}");
        std::fs::write(&path, "one\ntwo\n").unwrap();
        assert!(compare_or_write(&path, "one\ntwo\n", false).is_ok());
        let changed = compare_or_write(&path, "one\nthree\n", false).unwrap_err();
        assert!(
            changed.contains("line 2") && changed.contains("two") && changed.contains("three"),
            "{changed}"
        );
        compare_or_write(&path, "new\n", true).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The public entry points follow the environment: they compare (and `assert_file` panics
    /// on a difference) unless `MEEPLE_REGENERATE` is set, when they rewrite the file.
    #[test]
    fn compare_and_assert_file_follow_the_environment() {
        let dir = std::env::temp_dir().join(format!("meeple-golden-env-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("log.txt");
        std::fs::write(&path, "old\n").unwrap();
        let regenerating = std::env::var_os(REGENERATE_VAR).is_some();
        let compared = compare(&path, "new\n");
        let asserted = std::panic::catch_unwind(|| assert_file(&path, "newer\n"));
        let now = std::fs::read_to_string(&path).unwrap();
        if regenerating {
            assert!(compared.is_ok() && asserted.is_ok());
            assert_eq!(now, "newer\n");
        } else {
            assert!(compared.unwrap_err().contains("line 1"));
            assert!(asserted.is_err(), "assert_file passed a changed file");
            assert_eq!(now, "old\n");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
