//! Word lists per event, loaded once and kept in memory as `fst` sets. The public-domain ENABLE
//! list is compiled into the binary as the default; an event may use an uploaded list, stored as
//! `<data dir>/lexicons/<event id>.txt`.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use crate::error::AppError;
use crate::rules::lexicon::Lexicon;
use crate::vocab::EventId;

/// The name of the bundled default list.
pub const DEFAULT: &str = "enable2k";

static ENABLE: &[u8] = include_bytes!("../../lexicons/enable2k.txt");

/// Loaded lexicons.
#[derive(Debug)]
pub struct LexiconStore {
    data_dir: PathBuf,
    builtin: OnceLock<Arc<Lexicon>>,
    uploaded: Mutex<HashMap<EventId, Arc<Lexicon>>>,
}

impl LexiconStore {
    /// A store reading uploads from `data_dir/lexicons`.
    pub fn new(data_dir: PathBuf) -> Self {
        Self {
            data_dir,
            builtin: OnceLock::new(),
            uploaded: Mutex::new(HashMap::new()),
        }
    }

    /// The bundled ENABLE list.
    pub fn builtin(&self) -> Result<Arc<Lexicon>, AppError> {
        if let Some(l) = self.builtin.get() {
            return Ok(l.clone());
        }
        let lex = Lexicon::from_reader(DEFAULT, ENABLE).map_err(AppError::internal)?;
        Ok(self.builtin.get_or_init(|| Arc::new(lex)).clone())
    }

    /// Where an event's uploaded list lives.
    pub fn upload_path(&self, event_id: EventId) -> PathBuf {
        self.data_dir
            .join("lexicons")
            .join(format!("{event_id}.txt"))
    }

    /// The lexicon an event uses: the default, or its uploaded list.
    pub fn for_event(
        &self,
        event_id: EventId,
        lexicon_name: &str,
    ) -> Result<Arc<Lexicon>, AppError> {
        if lexicon_name == DEFAULT {
            return self.builtin();
        }
        if let Some(l) = self
            .uploaded
            .lock()
            .ok()
            .and_then(|m| m.get(&event_id).cloned())
        {
            return Ok(l);
        }
        let path = self.upload_path(event_id);
        let lex = Lexicon::from_path(&path).map_err(|e| match e {
            // An event whose licensed list (ODS, CSW…) the director has not uploaded yet: the
            // list is missing, not the server broken.
            crate::rules::lexicon::LexiconError::Io(io)
                if io.kind() == std::io::ErrorKind::NotFound =>
            {
                AppError::NotFound(format!(
                    "the event's word list ({lexicon_name}) has not been uploaded yet: the \
                     director uploads it on the event's word-list page"
                ))
            }
            e => AppError::internal(format!("lexicon {lexicon_name} ({}): {e}", path.display())),
        })?;
        let lex = Arc::new(lex);
        if let Ok(mut m) = self.uploaded.lock() {
            m.insert(event_id, lex.clone());
        }
        Ok(lex)
    }

    /// Forgets a cached upload (after a new list replaces it).
    pub fn forget(&self, event_id: EventId) {
        if let Ok(mut m) = self.uploaded.lock() {
            m.remove(&event_id);
        }
    }
}
