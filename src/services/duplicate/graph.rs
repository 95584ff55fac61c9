//! The move graph per lexicon for Duplicate tops (D6) and slips (D5): built once per word
//! list, since building it takes far longer than a turn's top.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::error::AppError;
use crate::rules::movegen::WordGraph;
use crate::services::lexicons::LexiconStore;
use crate::vocab::EventId;

/// Uploaded lists' graphs by event, with the identity of the list they were built from.
type Uploaded = HashMap<EventId, (usize, Arc<WordGraph>)>;

/// The bundled list's graph, once built (shared by every instance of the process).
static BUILTIN: OnceLock<Arc<WordGraph>> = OnceLock::new();

/// The bundled list's graph if it is built already, without waiting for any build (an online
/// move's handler asks this on its event loop; `None`: ask [`graph`] on the blocking pool).
pub fn built_default() -> Option<Arc<WordGraph>> {
    BUILTIN.get().cloned()
}

/// The move graph of an event's lexicon, built once per list: the bundled ENABLE graph is
/// shared by every instance of the process, an uploaded list's is kept per event.
pub fn graph(
    lexicons: &LexiconStore,
    event_id: EventId,
    lexicon: &str,
) -> Result<Arc<WordGraph>, AppError> {
    static UPLOADED: OnceLock<Mutex<Uploaded>> = OnceLock::new();
    let lex = lexicons
        .for_event(event_id, lexicon)
        .map_err(|_| AppError::Conflict {
            message: format!("the event's word list {lexicon:?} is not uploaded yet"),
            current: None,
        })?;
    // One build at a time: a second caller waits for the first's graph rather than building
    // its own (a build takes seconds, far longer than a turn's top).
    static BUILDING: Mutex<()> = Mutex::new(());
    let _one = BUILDING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if lexicon == crate::services::lexicons::DEFAULT {
        if let Some(g) = BUILTIN.get() {
            return Ok(g.clone());
        }
        let g = Arc::new(WordGraph::from_lexicon(&lex).map_err(AppError::internal)?);
        return Ok(BUILTIN.get_or_init(|| g).clone());
    }
    // Keyed by the list's identity too, so a new upload (a new `Arc`) builds a new graph.
    let ident = Arc::as_ptr(&lex) as usize;
    let map = UPLOADED.get_or_init(Mutex::default);
    if let Some((i, g)) = map.lock().ok().and_then(|m| m.get(&event_id).cloned())
        && i == ident
    {
        return Ok(g);
    }
    let g = Arc::new(WordGraph::from_lexicon(&lex).map_err(AppError::internal)?);
    if let Ok(mut m) = map.lock() {
        m.insert(event_id, (ident, g.clone()));
    }
    Ok(g)
}

/// Builds the graph of an event's lexicon on a thread of its own, so the first top of a game
/// does not wait for it (started when a game is created or its console opens).
pub fn warm(lexicons: Arc<LexiconStore>, event_id: EventId, lexicon: String) {
    let spawned = std::thread::Builder::new()
        .name("duplicate-graph".into())
        .spawn(move || {
            if let Err(e) = graph(&lexicons, event_id, &lexicon) {
                tracing::warn!(error = %e, "could not build the Duplicate move graph");
            }
        });
    if let Err(e) = spawned {
        tracing::warn!(error = %e, "could not start building the Duplicate move graph");
    }
}
