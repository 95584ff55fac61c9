//! Exact minimum-cost perfect matching, for Swiss (E1): a maximum-weight matching found with
//! Edmonds' blossom algorithm. Plain graph code: it knows vertices and weights, not teams.

use crate::rules::pairing::PairingError;

/// Exact minimum-cost perfect matching on a complete graph with an even number of vertices,
/// returned as pairs `(i, j)` with `i < j`, sorted by `i`.
///
/// Turned into a maximum-weight matching with weight `base - cost`, where `base` exceeds half the
/// vertex count times the largest cost: then a matching missing one pair always weighs less than
/// any perfect one, so the maximum-weight matching is perfect, and among perfect matchings
/// maximum weight is minimum cost.
pub(super) fn min_cost_perfect_matching(
    cost: &[Vec<i128>],
) -> Result<Vec<(usize, usize)>, PairingError> {
    let k = cost.len();
    if k == 0 {
        return Ok(Vec::new());
    }
    let largest = cost.iter().flatten().copied().max().unwrap_or(0);
    let base = i128::try_from(k / 2).unwrap_or(i128::MAX) * largest + 1;
    let weight: Vec<Vec<i128>> = cost
        .iter()
        .enumerate()
        .map(|(i, row)| {
            row.iter()
                .enumerate()
                .map(|(j, c)| if i == j { 0 } else { base - c })
                .collect()
        })
        .collect();
    let mate = blossom::max_weight_matching(&weight);
    let mut pairs = Vec::with_capacity(k / 2);
    for (i, m) in mate.iter().enumerate() {
        match *m {
            Some(j) if i < j => pairs.push((i, j)),
            Some(_) => {}
            None => return Err(PairingError::IncompleteMatching),
        }
    }
    Ok(pairs)
}

/// Maximum-weight matching in a general graph: Edmonds' blossom algorithm in its primal-dual form
/// (Galil, "Efficient algorithms for finding maximum matching in graphs", 1986), on a dense
/// weight matrix, O(n³).
///
/// Why this and not something simpler: Swiss needs the *best* round among those without
/// repeats, on a graph that is not bipartite (any team may meet any other), so the Hungarian
/// method does not apply and greedy or backtracking draws are not exact.
///
/// Layout: nodes `1..=n` are the vertices (0 means "none", so the arrays need no `Option`),
/// nodes `n+1..=2n` are blossoms. `edge[x][y]` between two top-level nodes is the least-slack
/// original edge joining them, so a blossom is handled like a vertex. Dual variables are kept
/// doubled so that every quantity stays an integer.
pub(super) mod blossom {
    use std::collections::VecDeque;

    const NONE: usize = 0;

    /// An original edge `u`-`v` (vertices) with its weight; weight 0 means "no edge".
    #[derive(Clone, Copy, Default)]
    struct Edge {
        u: usize,
        v: usize,
        w: i128,
    }

    /// Labels of top-level nodes in the alternating forest of a stage.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Label {
        /// Not reached yet.
        Free,
        /// Even distance from a root (S): may grow the forest.
        Outer,
        /// Odd distance from a root (T).
        Inner,
    }

    struct Matcher {
        n: usize,
        /// Highest node number in use (vertices and blossoms).
        used: usize,
        edge: Vec<Vec<Edge>>,
        /// Doubled dual variables of vertices and blossoms.
        dual: Vec<i128>,
        /// For a top-level node: the vertex it is matched to, or NONE.
        mate: Vec<usize>,
        /// For a top-level node: the Outer vertex with the least-slack edge to it, or NONE.
        slack: Vec<usize>,
        /// The top-level node containing each node.
        top: Vec<usize>,
        /// For an Inner top-level node: the Outer vertex it was reached from.
        parent: Vec<usize>,
        /// `sub[b][v]`: the child of blossom `b` containing vertex `v`.
        sub: Vec<Vec<usize>>,
        label: Vec<Label>,
        /// A blossom's children round the cycle, starting with the one holding its base.
        children: Vec<Vec<usize>>,
        visited: Vec<u64>,
        stamp: u64,
        queue: VecDeque<usize>,
    }

    /// A maximum-weight matching of the graph with symmetric weights `weight` (0: no edge;
    /// weights must not be negative). Returns each vertex's partner.
    pub(in crate::rules::pairing) fn max_weight_matching(
        weight: &[Vec<i128>],
    ) -> Vec<Option<usize>> {
        let n = weight.len();
        let mut m = Matcher::new(weight);
        while m.stage() {}
        (1..=n)
            .map(|v| (m.mate[v] != NONE).then(|| m.mate[v] - 1))
            .collect()
    }

    impl Matcher {
        fn new(weight: &[Vec<i128>]) -> Self {
            let n = weight.len();
            let size = 2 * n + 1;
            let mut edge = vec![vec![Edge::default(); size]; size];
            let mut largest = 0;
            for u in 1..=n {
                for v in 1..=n {
                    // Doubled so the halved slacks below stay integers.
                    let w = if u == v { 0 } else { 2 * weight[u - 1][v - 1] };
                    largest = largest.max(w);
                    edge[u][v] = Edge { u, v, w };
                }
            }
            let mut sub = vec![vec![NONE; n + 1]; size];
            let mut top = vec![NONE; size];
            for v in 1..=n {
                sub[v][v] = v;
                top[v] = v;
            }
            let mut dual = vec![0; size];
            for d in dual.iter_mut().take(n + 1).skip(1) {
                *d = largest;
            }
            Self {
                n,
                used: n,
                edge,
                dual,
                mate: vec![NONE; size],
                slack: vec![NONE; size],
                top,
                parent: vec![NONE; size],
                sub,
                label: vec![Label::Free; size],
                children: vec![Vec::new(); size],
                visited: vec![0; size],
                stamp: 0,
                queue: VecDeque::new(),
            }
        }

        /// Twice the slack of an edge between two different top-level nodes.
        fn delta(&self, e: Edge) -> i128 {
            self.dual[e.u] + self.dual[e.v] - 2 * e.w
        }

        fn update_slack(&mut self, u: usize, x: usize) {
            let best = self.slack[x];
            if best == NONE || self.delta(self.edge[u][x]) < self.delta(self.edge[best][x]) {
                self.slack[x] = u;
            }
        }

        fn set_slack(&mut self, x: usize) {
            self.slack[x] = NONE;
            for u in 1..=self.n {
                if self.edge[u][x].w > 0
                    && self.top[u] != x
                    && self.label[self.top[u]] == Label::Outer
                {
                    self.update_slack(u, x);
                }
            }
        }

        /// Queues every vertex of node `x` for scanning.
        fn push(&mut self, x: usize) {
            if x <= self.n {
                self.queue.push_back(x);
            } else {
                for i in 0..self.children[x].len() {
                    let c = self.children[x][i];
                    self.push(c);
                }
            }
        }

        fn set_top(&mut self, x: usize, b: usize) {
            self.top[x] = b;
            if x > self.n {
                for i in 0..self.children[x].len() {
                    let c = self.children[x][i];
                    self.set_top(c, b);
                }
            }
        }

        /// Position of child `x` in blossom `b`, after turning the cycle round if needed so that
        /// the path from the base to `x` has even length (an alternating path ending matched).
        fn even_position(&mut self, b: usize, x: usize) -> usize {
            let at = self.children[b].iter().position(|&c| c == x).unwrap_or(0);
            if at % 2 == 1 {
                self.children[b][1..].reverse();
                self.children[b].len() - at
            } else {
                at
            }
        }

        /// Matches top-level node `u` along its best edge to node `v`, re-matching inside `u`
        /// when it is a blossom so that the vertex on that edge becomes its base.
        fn set_mate(&mut self, u: usize, v: usize) {
            let e = self.edge[u][v];
            self.mate[u] = e.v;
            if u > self.n {
                let entry = self.sub[u][e.u];
                let at = self.even_position(u, entry);
                for i in 0..at {
                    let (a, b) = (self.children[u][i], self.children[u][i ^ 1]);
                    self.set_mate(a, b);
                }
                self.set_mate(entry, v);
                self.children[u].rotate_left(at);
            }
        }

        /// Flips the alternating path from `u` (just joined to `v`) back to its root.
        fn augment(&mut self, mut u: usize, mut v: usize) {
            loop {
                let next_inner = self.top[self.mate[u]];
                self.set_mate(u, v);
                if next_inner == NONE {
                    return;
                }
                let next_outer = self.top[self.parent[next_inner]];
                self.set_mate(next_inner, next_outer);
                u = next_outer;
                v = next_inner;
            }
        }

        /// The nearest common Outer ancestor of `u` and `v` in the forest, or NONE when they
        /// are in different trees (an augmenting path).
        fn common_ancestor(&mut self, mut u: usize, mut v: usize) -> usize {
            self.stamp += 1;
            while u != NONE || v != NONE {
                if u != NONE {
                    if self.visited[u] == self.stamp {
                        return u;
                    }
                    self.visited[u] = self.stamp;
                    u = self.top[self.mate[u]];
                    if u != NONE {
                        u = self.top[self.parent[u]];
                    }
                }
                std::mem::swap(&mut u, &mut v);
            }
            NONE
        }

        /// Shrinks the odd cycle through `u`, `v` and their common ancestor into a new Outer
        /// blossom.
        fn add_blossom(&mut self, u: usize, ancestor: usize, v: usize) {
            let mut b = self.n + 1;
            while b <= self.used && self.top[b] != NONE {
                b += 1;
            }
            if b > self.used {
                self.used = b;
            }
            self.dual[b] = 0;
            self.label[b] = Label::Outer;
            self.mate[b] = self.mate[ancestor];
            let mut cycle = vec![ancestor];
            for (start, reverse) in [(u, true), (v, false)] {
                let from = cycle.len();
                let mut x = start;
                while x != ancestor {
                    cycle.push(x);
                    let y = self.top[self.mate[x]];
                    cycle.push(y);
                    // Inner nodes on the cycle become Outer with the blossom: scan them.
                    self.push(y);
                    x = self.top[self.parent[y]];
                }
                if reverse {
                    cycle[from..].reverse();
                }
            }
            self.children[b] = cycle;
            self.set_top(b, b);
            for x in 1..=self.used {
                self.edge[b][x].w = 0;
                self.edge[x][b].w = 0;
            }
            for x in 1..=self.n {
                self.sub[b][x] = NONE;
            }
            for i in 0..self.children[b].len() {
                let c = self.children[b][i];
                for x in 1..=self.used {
                    if self.edge[b][x].w == 0
                        || self.delta(self.edge[c][x]) < self.delta(self.edge[b][x])
                    {
                        self.edge[b][x] = self.edge[c][x];
                        self.edge[x][b] = self.edge[x][c];
                    }
                }
                for x in 1..=self.n {
                    if self.sub[c][x] != NONE {
                        self.sub[b][x] = c;
                    }
                }
            }
            self.set_slack(b);
        }

        /// Dissolves an Inner blossom whose dual reached zero, keeping the forest consistent:
        /// the even path from its entry to its base stays in the tree, the rest become Free.
        fn expand_blossom(&mut self, b: usize) {
            for i in 0..self.children[b].len() {
                let c = self.children[b][i];
                self.set_top(c, c);
            }
            let entry = self.sub[b][self.edge[b][self.parent[b]].u];
            let at = self.even_position(b, entry);
            let mut i = 0;
            while i < at {
                let inner = self.children[b][i];
                let outer = self.children[b][i + 1];
                self.parent[inner] = self.edge[outer][inner].u;
                self.label[inner] = Label::Inner;
                self.label[outer] = Label::Outer;
                self.slack[inner] = NONE;
                self.set_slack(outer);
                self.push(outer);
                i += 2;
            }
            self.label[entry] = Label::Inner;
            self.parent[entry] = self.parent[b];
            for i in (at + 1)..self.children[b].len() {
                let c = self.children[b][i];
                self.label[c] = Label::Free;
                self.set_slack(c);
            }
            self.top[b] = NONE;
        }

        /// Handles a tight edge from an Outer node; true when it completed an augmentation.
        fn on_tight_edge(&mut self, e: Edge) -> bool {
            let u = self.top[e.u];
            let v = self.top[e.v];
            match self.label[v] {
                Label::Free => {
                    // v is matched (free roots are Outer): grow the tree by v and its mate.
                    self.parent[v] = e.u;
                    self.label[v] = Label::Inner;
                    let partner = self.top[self.mate[v]];
                    self.slack[v] = NONE;
                    self.slack[partner] = NONE;
                    self.label[partner] = Label::Outer;
                    self.push(partner);
                }
                Label::Outer => {
                    let ancestor = self.common_ancestor(u, v);
                    if ancestor == NONE {
                        self.augment(u, v);
                        self.augment(v, u);
                        return true;
                    }
                    self.add_blossom(u, ancestor, v);
                }
                Label::Inner => {}
            }
            false
        }

        /// One stage: grow a forest from every unmatched node, adjusting duals until an
        /// augmenting path appears (true) or no vertex dual can fall further (false: optimal).
        fn stage(&mut self) -> bool {
            for x in 1..=self.used {
                self.label[x] = Label::Free;
                self.slack[x] = NONE;
            }
            self.queue.clear();
            for x in 1..=self.used {
                if self.top[x] == x && self.mate[x] == NONE {
                    self.parent[x] = NONE;
                    self.label[x] = Label::Outer;
                    self.push(x);
                }
            }
            if self.queue.is_empty() {
                return false;
            }
            loop {
                while let Some(u) = self.queue.pop_front() {
                    if self.label[self.top[u]] != Label::Outer {
                        continue;
                    }
                    for v in 1..=self.n {
                        let e = self.edge[u][v];
                        if e.w > 0 && self.top[u] != self.top[v] {
                            if self.delta(e) == 0 {
                                if self.on_tight_edge(e) {
                                    return true;
                                }
                            } else {
                                let tv = self.top[v];
                                self.update_slack(u, tv);
                            }
                        }
                    }
                }

                // No tight edge left: move the duals by the largest step that keeps every
                // edge's slack and every blossom's dual non-negative.
                let mut d = i128::MAX;
                for b in (self.n + 1)..=self.used {
                    if self.top[b] == b && self.label[b] == Label::Inner {
                        d = d.min(self.dual[b] / 2);
                    }
                }
                for x in 1..=self.used {
                    if self.top[x] == x && self.slack[x] != NONE {
                        let s = self.delta(self.edge[self.slack[x]][x]);
                        match self.label[x] {
                            Label::Free => d = d.min(s),
                            Label::Outer => d = d.min(s / 2),
                            Label::Inner => {}
                        }
                    }
                }
                // Checked before any dual moves: if an Outer vertex's dual would reach zero, the
                // matching is optimal (and `d` may still be unbounded, so nothing may add it).
                for u in 1..=self.n {
                    if self.label[self.top[u]] == Label::Outer && self.dual[u] <= d {
                        return false;
                    }
                }
                for u in 1..=self.n {
                    match self.label[self.top[u]] {
                        Label::Outer => self.dual[u] -= d,
                        Label::Inner => self.dual[u] += d,
                        Label::Free => {}
                    }
                }
                for b in (self.n + 1)..=self.used {
                    if self.top[b] == b {
                        match self.label[b] {
                            Label::Outer => self.dual[b] += 2 * d,
                            Label::Inner => self.dual[b] -= 2 * d,
                            Label::Free => {}
                        }
                    }
                }

                self.queue.clear();
                // A `while`, not a range: a blossom formed here raises `used`, and its own
                // least-slack edge must be looked at in this pass too.
                let mut x = 1;
                while x <= self.used {
                    let s = self.slack[x];
                    if self.top[x] == x
                        && s != NONE
                        && self.top[s] != x
                        && self.delta(self.edge[s][x]) == 0
                        && self.on_tight_edge(self.edge[s][x])
                    {
                        return true;
                    }
                    x += 1;
                }
                for b in (self.n + 1)..=self.used {
                    if self.top[b] == b && self.label[b] == Label::Inner && self.dual[b] == 0 {
                        self.expand_blossom(b);
                    }
                }
            }
        }
    }
}
