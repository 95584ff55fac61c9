//! Move generator benchmarks on the positions of the 31 reference games (the board before each
//! move, with the mover's rack from the record), ENABLE word list, English tiles.
//!
//! Run: `cargo bench --bench movegen -- --warm-up-time 1 --measurement-time 5`. Numbers go in
//! BENCHMARKS.md ("Move generator"). Besides criterion's groups it prints the graph's size,
//! the number of positions and plays, and the median time of "any play exists" per position.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::{Duration, Instant};

use arbiter::rules::board::Board;
use arbiter::rules::gcg::{self, EventKind};
use arbiter::rules::lexicon::Lexicon;
use arbiter::rules::movegen::{self, WordGraph};
use arbiter::rules::placement::validate;
use arbiter::rules::tiles::{Rack, TileSet};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every position of the reference games where the mover's rack is recorded.
fn positions() -> Vec<(Board, Rack)> {
    let set = TileSet::english();
    let mut files: Vec<_> = std::fs::read_dir(root().join("tests/data/gcg"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gcg"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let game = gcg::read(&std::fs::read(f).unwrap()).unwrap();
        let mut board = Board::new();
        let mut last = None;
        for e in &game.events {
            let rack = Rack::parse(&e.rack).ok().filter(|r| !r.is_empty());
            match &e.kind {
                EventKind::Play(mv) => {
                    if let Some(r) = rack {
                        out.push((board.clone(), r));
                    }
                    let p = validate(&board, &set, mv, None).unwrap();
                    p.apply(&mut board);
                    last = Some(p);
                }
                EventKind::Pass | EventKind::Exchange(_) => {
                    if let Some(r) = rack {
                        out.push((board.clone(), r));
                    }
                }
                EventKind::Withdrawn => {
                    if let Some(p) = last.take() {
                        p.undo(&mut board);
                    }
                }
                _ => {}
            }
        }
    }
    out
}

fn bench_movegen(c: &mut Criterion) {
    let lex = Lexicon::from_path(&root().join("lexicons/enable2k.txt")).unwrap();
    let set = TileSet::english();
    let t = Instant::now();
    let graph = WordGraph::from_lexicon(&lex).unwrap();
    let build = t.elapsed();
    let bytes = graph.to_bytes();
    let t = Instant::now();
    let loaded = WordGraph::from_bytes(&bytes).unwrap();
    let load = t.elapsed();
    assert_eq!(loaded, graph);
    let positions = positions();
    let total_plays: usize = positions
        .iter()
        .map(|(b, r)| movegen::top_plays(&graph, &set, b, r).count)
        .sum();
    println!(
        "graph: {} words, {} arcs, {} bytes in memory, {} bytes on disk; one build {:?}, one load {:?}",
        graph.word_count(),
        graph.arc_count(),
        graph.memory_bytes(),
        bytes.len(),
        build,
        load
    );
    println!(
        "{} positions, {} plays in all ({:.0} per position)",
        positions.len(),
        total_plays,
        total_plays as f64 / positions.len() as f64
    );

    // Median time of "any play exists" per position: each position timed over enough runs to
    // be well above the clock's resolution.
    let mut per_position: Vec<Duration> = positions
        .iter()
        .map(|(b, r)| {
            let runs = 200u32;
            let t = Instant::now();
            for _ in 0..runs {
                black_box(movegen::any_play(&graph, &set, black_box(b), black_box(r)));
            }
            t.elapsed() / runs
        })
        .collect();
    per_position.sort();
    let median = per_position[per_position.len() / 2];
    let p90 = per_position[per_position.len() * 9 / 10];
    let max = per_position[per_position.len() - 1];
    println!("any play: median {median:?}, 90th percentile {p90:?}, max {max:?} per position");

    // The top of one position (Duplicate's, rule D6), every play generated against the bounded
    // search: per position, each timed over enough runs to be above the clock's resolution.
    // Also on the same boards with two of the rack's tiles made blanks, the slowest racks there
    // are (each blank tries every letter).
    let two_blanks: Vec<(Board, Rack)> = positions
        .iter()
        .map(|(b, r)| {
            let s = r.to_string();
            let kept: String = s.chars().filter(|&c| c != '?').skip(2).collect();
            (b.clone(), Rack::parse(&format!("??{kept}")).unwrap())
        })
        .collect();
    for (name, set_of) in [("reference racks", &positions), ("two blanks", &two_blanks)] {
        for (how, bounded) in [("every play", false), ("bounded", true)] {
            let mut per: Vec<Duration> = set_of
                .iter()
                .map(|(b, r)| {
                    let runs = 5u32;
                    let t = Instant::now();
                    for _ in 0..runs {
                        if bounded {
                            black_box(movegen::best_plays(&graph, &set, b, r));
                        } else {
                            black_box(movegen::top_plays(&graph, &set, b, r));
                        }
                    }
                    t.elapsed() / runs
                })
                .collect();
            per.sort();
            let at = |q: f64| per[((per.len() - 1) as f64 * q) as usize];
            println!(
                "top plays, {name}, {how}: median {:?}, p90 {:?}, p99 {:?}, max {:?} per position",
                at(0.5),
                at(0.9),
                at(0.99),
                at(1.0)
            );
        }
    }

    let mut g = c.benchmark_group("movegen");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("all plays, every fixture position", |b| {
        b.iter(|| {
            for (board, rack) in &positions {
                black_box(movegen::all_plays(&graph, &set, board, rack));
            }
        })
    });
    g.bench_function("count + top plays, every fixture position", |b| {
        b.iter(|| {
            for (board, rack) in &positions {
                black_box(movegen::top_plays(&graph, &set, board, rack));
            }
        })
    });
    g.bench_function("top plays, bounded search, every fixture position", |b| {
        b.iter(|| {
            for (board, rack) in &positions {
                black_box(movegen::best_plays(&graph, &set, board, rack));
            }
        })
    });
    g.bench_function("count only (no list), every fixture position", |b| {
        b.iter(|| {
            for (board, rack) in &positions {
                let mut n = 0usize;
                let _ = movegen::for_each_play(&graph, &set, board, rack, |_| {
                    n += 1;
                    ControlFlow::Continue(())
                });
                black_box(n);
            }
        })
    });
    g.bench_function("any play, every fixture position", |b| {
        b.iter(|| {
            for (board, rack) in &positions {
                black_box(movegen::any_play(&graph, &set, board, rack));
            }
        })
    });
    g.finish();

    let mut g = c.benchmark_group("word graph");
    g.sample_size(10);
    g.bench_function("build from ENABLE", |b| {
        b.iter(|| black_box(WordGraph::from_lexicon(&lex).unwrap()))
    });
    g.bench_function("load from bytes", |b| {
        b.iter(|| black_box(WordGraph::from_bytes(&bytes).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
