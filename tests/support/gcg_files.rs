//! The GCG records under `tests/data/gcg`, shared by the fixture tests and the move generator's.

use std::path::{Path, PathBuf};

/// The `.gcg` files directly in `dir`, in name order.
pub fn gcg_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gcg"))
        .collect();
    files.sort();
    files
}
