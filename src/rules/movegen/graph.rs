//! The word graph the generator walks: a minimised GADDAG in one flat array of packed arcs.
//!
//! For every word `w` of `n` letters the GADDAG holds the `n` paths `rev(w[..i]) ^ w[i..]`
//! (`^` is the separator; for `i = n` the separator is left out). Starting from any letter of
//! a word, a walk goes leftwards first, takes `^`, then goes rightwards: exactly what playing
//! from an anchor square needs (Gordon, "A faster Scrabble move generation algorithm", 1994).
//!
//! Layout (after the KWG of wolges and the GADDAG of macondo, written afresh here): a node is a
//! run of arcs, sorted by label, the last one flagged `END`. Each arc is one `u32`:
//!
//! | bits  | meaning |
//! |-------|---------|
//! | 27-31 | label: 0 = separator, 1-26 = letters `A`-`Z` |
//! | 26    | `ACCEPTS`: the path up to and including this arc spells a whole entry |
//! | 25    | `END`: last arc of its node |
//! | 0-24  | index of the child node's first arc, 0 = no child |
//!
//! Arc 0 is a header whose child index is the root node. Equal sub-graphs are stored once
//! (the build registers every finished node by its arcs, Daciuk et al. 2000), so the ENABLE
//! list takes a few MB. Words longer than the board (15 letters) are left out: they can never
//! be played.
//!
//! The graph is indexed by letter (`A` = 1), not by tile set: a tile set only decides which
//! letters the generator may place, so one graph serves any tile set over `A`-`Z`.

use std::collections::HashMap;

use crate::rules::board::SIZE;
use crate::rules::lexicon::Lexicon;

/// Label of the separator arc.
pub(crate) const SEP: u8 = 0;
const LABEL_SHIFT: u32 = 27;
const ACCEPTS: u32 = 1 << 26;
const END: u32 = 1 << 25;
const INDEX_MASK: u32 = END - 1;

/// The magic bytes that open a serialized graph (and its format version).
const MAGIC: &[u8; 8] = b"ARBGDG01";

/// A minimised GADDAG over the letters `A`-`Z`, built once per word list and shared read-only.
#[derive(Clone, PartialEq, Eq)]
pub struct WordGraph {
    arcs: Vec<u32>,
    words: u32,
}

impl std::fmt::Debug for WordGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "WordGraph({} words, {} arcs)",
            self.words,
            self.arcs.len()
        )
    }
}

/// Why bytes could not be read back as a [`WordGraph`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// The bytes do not start with the graph header (another file, or another format version).
    #[error("not a word graph file (bad header)")]
    BadHeader,
    /// The arc table is cut short or holds an arc pointing outside it.
    #[error("the word graph is corrupt: {0}")]
    Corrupt(&'static str),
    /// The word list has so many distinct states that an arc index would overflow 25 bits.
    #[error("the word list is too large for the word graph ({0} arcs)")]
    TooLarge(usize),
}

/// One arc, unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Arc {
    raw: u32,
}

impl Arc {
    /// The arc's label: [`SEP`] or a letter code 1-26.
    #[inline]
    pub(crate) fn label(self) -> u8 {
        (self.raw >> LABEL_SHIFT) as u8
    }

    /// True if the path ending with this arc is a whole entry.
    #[inline]
    pub(crate) fn accepts(self) -> bool {
        self.raw & ACCEPTS != 0
    }

    /// The child node (index of its first arc), 0 if none.
    #[inline]
    pub(crate) fn child(self) -> u32 {
        self.raw & INDEX_MASK
    }

    #[inline]
    fn is_end(self) -> bool {
        self.raw & END != 0
    }
}

fn pack(label: u8, accepts: bool, child: u32) -> u32 {
    (u32::from(label) << LABEL_SHIFT) | if accepts { ACCEPTS } else { 0 } | child
}

impl WordGraph {
    /// Builds the graph from the words of a loaded lexicon.
    pub fn from_lexicon(lexicon: &Lexicon) -> Result<WordGraph, GraphError> {
        let mut keys = Vec::with_capacity(lexicon.len() * 10);
        lexicon.for_each_word(|w| push_keys(&mut keys, w));
        WordGraph::from_keys(keys)
    }

    /// Builds the graph from words (ASCII letters, any case). Entries that hold anything else,
    /// one-letter entries (a play's main word has at least two letters) and entries longer than
    /// the board are skipped; duplicates count once.
    pub fn from_words<'a>(
        words: impl IntoIterator<Item = &'a [u8]>,
    ) -> Result<WordGraph, GraphError> {
        let mut keys = Vec::new();
        for w in words {
            push_keys(&mut keys, w);
        }
        WordGraph::from_keys(keys)
    }

    fn from_keys(mut keys: Vec<u128>) -> Result<WordGraph, GraphError> {
        keys.sort_unstable();
        keys.dedup();
        let mut b = Builder::new();
        let mut prev = [0u8; SIZE + 1];
        let mut prev_len = 0usize;
        let mut cur = [0u8; SIZE + 1];
        for key in keys {
            let mut len = 0;
            for (i, slot) in cur.iter_mut().enumerate() {
                let byte = (key >> (120 - 8 * i)) as u8;
                if byte == 0 {
                    break;
                }
                *slot = byte - 1;
                len += 1;
            }
            let common = prev[..prev_len]
                .iter()
                .zip(&cur[..len])
                .take_while(|(a, b)| a == b)
                .count();
            b.insert(&cur[..len], common)?;
            prev = cur;
            prev_len = len;
        }
        let arcs = b.finish()?;
        let mut g = WordGraph { arcs, words: 0 };
        g.words = g.count_words();
        Ok(g)
    }

    /// Counts the distinct words: paths from the root with no separator that accept.
    fn count_words(&self) -> u32 {
        // Memoised per node: the graph is a DAG with shared nodes.
        let mut memo: HashMap<u32, u32> = HashMap::new();
        fn walk(g: &WordGraph, node: u32, memo: &mut HashMap<u32, u32>) -> u32 {
            if node == 0 {
                return 0;
            }
            if let Some(&n) = memo.get(&node) {
                return n;
            }
            let mut n = 0;
            for arc in g.node_arcs(node) {
                if arc.label() == SEP {
                    continue;
                }
                n += u32::from(arc.accepts()) + walk(g, arc.child(), memo);
            }
            memo.insert(node, n);
            n
        }
        walk(self, self.root(), &mut memo)
    }

    /// Number of distinct words of 2 to 15 letters in the graph.
    pub fn word_count(&self) -> usize {
        self.words as usize
    }

    /// Number of arcs (each is 4 bytes).
    pub fn arc_count(&self) -> usize {
        self.arcs.len()
    }

    /// Heap memory held by the graph, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.arcs.capacity() * std::mem::size_of::<u32>()
    }

    /// The root node.
    #[inline]
    pub(crate) fn root(&self) -> u32 {
        self.arcs.first().map_or(0, |a| a & INDEX_MASK)
    }

    /// The arcs of `node` (empty for node 0).
    #[inline]
    pub(crate) fn node_arcs(&self, node: u32) -> NodeArcs<'_> {
        NodeArcs {
            arcs: &self.arcs,
            next: node as usize,
            done: node == 0,
        }
    }

    /// The arc labelled `label` out of `node`, if any.
    #[inline]
    pub(crate) fn find(&self, node: u32, label: u8) -> Option<Arc> {
        if node == 0 {
            return None;
        }
        let mut i = node as usize;
        while let Some(&raw) = self.arcs.get(i) {
            let arc = Arc { raw };
            let l = arc.label();
            if l == label {
                return Some(arc);
            }
            // Arcs are sorted by label, so a larger label means the one wanted is absent.
            if l > label || arc.is_end() {
                return None;
            }
            i += 1;
        }
        None
    }

    /// Follows `labels` from `node`; the last arc taken, or `None` if the path breaks.
    #[inline]
    pub(crate) fn walk(&self, node: u32, labels: impl IntoIterator<Item = u8>) -> Option<Arc> {
        let mut node = node;
        let mut last = None;
        for l in labels {
            let arc = self.find(node, l)?;
            node = arc.child();
            last = Some(arc);
        }
        last
    }

    /// True if `word` (ASCII letters, any case, 2-15 letters) is in the graph.
    pub fn contains(&self, word: &str) -> bool {
        let bytes = word.as_bytes();
        if !(2..=SIZE).contains(&bytes.len()) || !bytes.iter().all(u8::is_ascii_alphabetic) {
            return false;
        }
        // The unsplit path is the reversed word.
        self.walk(
            self.root(),
            bytes
                .iter()
                .rev()
                .map(|b| b.to_ascii_uppercase() - b'A' + 1),
        )
        .is_some_and(Arc::accepts)
    }

    /// The graph as bytes (a header, the word count and the arcs, little-endian), for a cache
    /// file kept by the caller: reading it back is much faster than building.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 4 * self.arcs.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.words.to_le_bytes());
        out.extend_from_slice(&(self.arcs.len() as u32).to_le_bytes());
        for a in &self.arcs {
            out.extend_from_slice(&a.to_le_bytes());
        }
        out
    }

    /// Reads bytes written by [`WordGraph::to_bytes`], checking that every arc stays inside.
    pub fn from_bytes(bytes: &[u8]) -> Result<WordGraph, GraphError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(GraphError::BadHeader)?;
        let word = |i: usize| -> Option<u32> {
            let b = rest.get(4 * i..4 * i + 4)?;
            Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        let words = word(0).ok_or(GraphError::Corrupt("no word count"))?;
        let n = word(1).ok_or(GraphError::Corrupt("no arc count"))? as usize;
        if rest.len() != 8 + 4 * n || n == 0 {
            return Err(GraphError::Corrupt("the arc table has the wrong length"));
        }
        let mut arcs = Vec::with_capacity(n);
        for i in 0..n {
            let raw = word(2 + i).ok_or(GraphError::Corrupt("cut short"))?;
            let arc = Arc { raw };
            if arc.child() as usize >= n || arc.label() > 26 {
                return Err(GraphError::Corrupt("an arc points outside the table"));
            }
            arcs.push(raw);
        }
        // Every node must end: the last arc carries END, so a walk never runs off the table.
        if arcs.last().is_some_and(|&a| a & END == 0) {
            return Err(GraphError::Corrupt("the last node does not end"));
        }
        Ok(WordGraph { arcs, words })
    }
}

/// Appends the GADDAG strings of `word` to `keys`, each packed big-endian into a `u128` (a word
/// is at most 15 letters, a string at most 16 symbols), so sorting them is a sort of integers.
/// Symbols are shifted by one (separator 1, letters 2-27) so that 0 pads: a string sorts before
/// its extensions, as the incremental minimisation needs. Words the graph cannot hold are skipped.
fn push_keys(keys: &mut Vec<u128>, word: &[u8]) {
    let n = word.len();
    if !(2..=SIZE).contains(&n) || !word.iter().all(u8::is_ascii_alphabetic) {
        return;
    }
    let mut codes = [0u8; SIZE];
    for (c, &b) in codes.iter_mut().zip(word) {
        *c = b.to_ascii_uppercase() - b'A' + 1;
    }
    for i in 1..=n {
        let mut key = 0u128;
        let mut pos = 0u32;
        let mut push = |sym: u8| {
            key |= u128::from(sym + 1) << (120 - 8 * pos);
            pos += 1;
        };
        for &c in codes[..i].iter().rev() {
            push(c);
        }
        if i < n {
            push(SEP);
            for &c in &codes[i..n] {
                push(c);
            }
        }
        keys.push(key);
    }
}

/// Iterator over a node's arcs.
pub(crate) struct NodeArcs<'a> {
    arcs: &'a [u32],
    next: usize,
    done: bool,
}

impl Iterator for NodeArcs<'_> {
    type Item = Arc;

    #[inline]
    fn next(&mut self) -> Option<Arc> {
        if self.done {
            return None;
        }
        let arc = Arc {
            raw: *self.arcs.get(self.next)?,
        };
        self.next += 1;
        self.done = arc.is_end();
        Some(arc)
    }
}

/// A node not yet registered: its arcs so far, packed as in the output but without `END`.
type Pending = Vec<u32>;

/// Incremental construction of a minimal acyclic automaton from sorted strings (Daciuk,
/// Mihov, Watson and Watson 2000), with acceptance on arcs as the generator reads it.
struct Builder {
    /// Output arcs; index 0 is the header.
    arcs: Vec<u32>,
    /// Finished nodes by a hash of their arcs; each bucket lists the nodes (first arc index)
    /// with that hash, compared arc by arc, so equal sub-graphs are stored once without
    /// keeping a copy of every node as a key.
    register: HashMap<u64, Vec<u32>>,
    /// The path of the last string: `path[0]` is the root, `path[i]` the node after `i`
    /// symbols. Only the first `depth` entries are live; the others are kept, emptied, so
    /// their buffers are reused.
    path: Vec<Pending>,
    depth: usize,
}

/// FNV-1a over the arcs: fast, and the buckets compare the arcs anyway.
fn hash_arcs(arcs: &[u32]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for a in arcs {
        h ^= u64::from(*a);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl Builder {
    fn new() -> Builder {
        Builder {
            arcs: vec![0],
            register: HashMap::new(),
            path: vec![Vec::new()],
            depth: 1,
        }
    }

    /// Adds `s`, which sorts after every string added before and shares `common` symbols with
    /// the previous one.
    fn insert(&mut self, s: &[u8], common: usize) -> Result<(), GraphError> {
        // Nodes past the common prefix will get no more arcs: register them.
        while self.depth > common + 1 {
            self.pop_and_register()?;
        }
        for &sym in &s[common..] {
            self.path[self.depth - 1].push(pack(sym, false, 0));
            if self.depth == self.path.len() {
                self.path.push(Vec::new());
            }
            self.depth += 1;
        }
        if let Some(arc) = s
            .len()
            .checked_sub(1)
            .and_then(|i| self.path.get_mut(i))
            .and_then(|node| node.last_mut())
        {
            *arc |= ACCEPTS;
        }
        Ok(())
    }

    fn pop_and_register(&mut self) -> Result<(), GraphError> {
        self.depth -= 1;
        let node = std::mem::take(&mut self.path[self.depth]);
        let id = self.register_node(&node)?;
        self.path[self.depth] = node;
        self.path[self.depth].clear();
        if let Some(arc) = self.path[self.depth - 1].last_mut() {
            *arc |= id;
        }
        Ok(())
    }

    fn register_node(&mut self, node: &[u32]) -> Result<u32, GraphError> {
        if node.is_empty() {
            return Ok(0);
        }
        let h = hash_arcs(node);
        let arcs = &self.arcs;
        let same = |id: &u32| {
            let start = *id as usize;
            arcs.get(start..start + node.len()).is_some_and(|stored| {
                stored.iter().zip(node).enumerate().all(|(i, (a, b))| {
                    (a & !END) == *b && ((a & END != 0) == (i + 1 == node.len()))
                })
            })
        };
        if let Some(&id) = self
            .register
            .get(&h)
            .and_then(|ids| ids.iter().find(|id| same(id)))
        {
            return Ok(id);
        }
        let id = self.arcs.len();
        if id + node.len() > INDEX_MASK as usize {
            return Err(GraphError::TooLarge(id + node.len()));
        }
        self.arcs.extend_from_slice(node);
        if let Some(last) = self.arcs.last_mut() {
            *last |= END;
        }
        self.register.entry(h).or_default().push(id as u32);
        Ok(id as u32)
    }

    fn finish(mut self) -> Result<Vec<u32>, GraphError> {
        while self.depth > 1 {
            self.pop_and_register()?;
        }
        let root = std::mem::take(&mut self.path[0]);
        let id = self.register_node(&root)?;
        self.arcs[0] = id | END;
        self.arcs.shrink_to_fit();
        Ok(self.arcs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(words: &[&str]) -> WordGraph {
        WordGraph::from_words(words.iter().map(|w| w.as_bytes())).unwrap()
    }

    #[test]
    fn holds_exactly_its_words() {
        let g = graph(&["cat", "CATS", "at", "a", "ta", "tact", "cat"]);
        assert_eq!(
            g.word_count(),
            5,
            "one-letter entries and duplicates do not count"
        );
        for w in ["CAT", "cats", "AT", "TA", "TACT"] {
            assert!(g.contains(w), "{w}");
        }
        for w in ["A", "CA", "ACT", "TAC", "CATSS", ""] {
            assert!(!g.contains(w), "{w}");
        }
    }

    #[test]
    fn every_split_of_every_word_is_a_path() {
        let words = ["CARE", "CARES", "SCARE", "RACE", "ACRE", "ACE"];
        let g = graph(&words);
        let code = |c: u8| c - b'A' + 1;
        for w in words {
            let b = w.as_bytes();
            for i in 1..b.len() {
                let path = b[..i]
                    .iter()
                    .rev()
                    .map(|&c| code(c))
                    .chain([SEP])
                    .chain(b[i..].iter().map(|&c| code(c)));
                let last = g.walk(g.root(), path).unwrap();
                assert!(last.accepts(), "{w} split at {i}");
            }
        }
        // A split of a non-word does not accept.
        let path = [code(b'C'), SEP, code(b'R')];
        assert!(g.walk(g.root(), path).is_none_or(|a| !a.accepts()));
    }

    #[test]
    fn bytes_round_trip_and_corruption_is_refused() {
        let g = graph(&["QI", "ZA", "JETON", "JETONS"]);
        let bytes = g.to_bytes();
        assert_eq!(WordGraph::from_bytes(&bytes).unwrap(), g);
        assert_eq!(
            WordGraph::from_bytes(b"nonsense"),
            Err(GraphError::BadHeader)
        );
        assert!(WordGraph::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        let mut bad = bytes.clone();
        let n = bad.len();
        bad[n - 4..].copy_from_slice(&(0x01ff_ffffu32 | END).to_le_bytes());
        assert!(matches!(
            WordGraph::from_bytes(&bad),
            Err(GraphError::Corrupt(_))
        ));
    }

    #[test]
    fn shared_suffixes_are_stored_once() {
        // Minimisation: many words with the same endings take far fewer arcs than letters.
        let words: Vec<String> = ["B", "C", "D", "F", "G", "H", "L", "M", "P", "R"]
            .iter()
            .flat_map(|p| ["ATE", "ATED", "ATES", "ATING"].map(|s| format!("{p}{s}")))
            .collect();
        let g = WordGraph::from_words(words.iter().map(|w| w.as_bytes())).unwrap();
        let letters: usize = words.iter().map(|w| w.len() * (w.len() + 1)).sum();
        assert_eq!(g.word_count(), 40);
        assert!(
            g.arc_count() * 4 < letters,
            "{} arcs for {letters}",
            g.arc_count()
        );
    }
}
