//! Online play under load (issue 17, "Speed and scale"): N concurrent games played by simulated
//! clients through the HTTP API and the live streams, with lobby traffic and spectators.
//!
//! ```sh
//! cargo bench --bench online -- --games 2000 --pace-ms 5000 --seconds 120
//! cargo bench --bench online -- --games 2000 --pg postgres://postgres@127.0.0.1:5432/test
//! #   options: --spectators 1 (per game)  --lobby 50 (lobby readers)  --setup-threads 4
//! #            --client-threads 2  --movegen ahead|inline (inline: chosen when due, as before)
//! ```
//!
//! The server is the real binary (`arbiter serve`, release build) in its own process. Accounts are
//! made through `POST /api/v1/users` (self-registration is rate-limited per address), each signs
//! in, player A of each game offers a seek and player B accepts it. Then one compiled client
//! (`--client-threads` one-thread tokio runtimes, game `i` and its streams on thread `i % n`; plain
//! HTTP/1.1 keep-alive, no browser) plays every game: every `--pace-ms` ±50% the side to move plays
//! the first legal play the move generator finds for its rack (the client's own copy of ENABLE; the
//! first, not the top, to keep the client's share of the two cores small; chosen as soon as the
//! view is known, on the blocking pool, so it is off the measured path and off the socket threads)
//! or, with none, exchanges a tile or passes; the opponent then re-reads its own view, as the game
//! page does after each live message (naming the message's seq: `?seq=N`). A game that ends stops
//! (the report counts them): at one move per 5 s a game lasts about two minutes. The opponent and
//! the spectators follow the game's live stream; lobby readers follow the lobby's stream and read
//! the lobby every 2 s.
//!
//! With `--pg`, two instances share a fresh database: moves go to the first; the opponent's reads,
//! every stream and the lobby readers go to the second, so each move crosses the `LISTEN/NOTIFY`
//! relay, and the opponent re-reads once its stream has the move's message (as the page does; on
//! one instance the move's answer already means the server has it). Reported: the move request's
//! p50/p99, move → frame latency at the opponent and spectators, moves per second achieved against
//! the pace asked for (saturation shows as the achieved rate falling behind), and the server's CPU
//! seconds per move. Where a move's time goes: the server's own part from its `Server-Timing`
//! header (`web::timing`: blocking-pool wait, pool wait, database calls, the SQLite writer turn,
//! COMMIT, the wait in the online writer's queue, and the size of the batch the move was written
//! in, from which the writer's commands per commit are reported), the rest (sockets and both
//! event loops) by difference, the client's lateness in sending against its pace, its threads'
//! timer lag, and the slowest 1% of moves broken down the same way.
//!
//! The clients (set-up, HTTP connection, stream followers, lobby readers, client threads, move
//! generator) are in `online_clients`; here the options, the players' loop and the report.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod online_clients;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Server, admin_create, agent, pct, serve};
use online_clients::{
    ClientThreads, Follower, Game, Http, SentLog, Tally, Timing, Words, follow, lag_probe,
    lobby_reader, set_up,
};
use serde_json::{Value, json};

struct Opts {
    games: usize,
    pace_ms: u64,
    seconds: u64,
    spectators: usize,
    lobby: usize,
    setup_threads: usize,
    client_threads: usize,
    movegen_ahead: bool,
    pg: Option<String>,
}

fn opts() -> Opts {
    let mut o = Opts {
        games: 2000,
        pace_ms: 5000,
        seconds: 120,
        spectators: 1,
        lobby: 50,
        setup_threads: 4,
        client_threads: 2,
        movegen_ahead: true,
        pg: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let val = || args.get(i + 1).cloned().unwrap_or_default();
        let num = || val().parse::<u64>().expect("a number");
        match args[i].as_str() {
            "--games" => o.games = (num() as usize).max(1),
            "--pace-ms" => o.pace_ms = num().max(1),
            "--seconds" => o.seconds = num().max(1),
            "--spectators" => o.spectators = num() as usize,
            "--lobby" => o.lobby = num() as usize,
            "--setup-threads" => o.setup_threads = (num() as usize).max(1),
            "--client-threads" => o.client_threads = (num() as usize).max(1),
            "--movegen" => o.movegen_ahead = val() != "inline",
            "--pg" => o.pg = Some(val()),
            // `cargo bench` passes `--bench`; anything else unknown is ignored the same way.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    o
}

/// One answered move: its latency (send → answer read), how late the client sent it against
/// its pace, and the server's own account of it.
struct Sample {
    total: u32,
    sched: u32,
    server: Timing,
}

#[derive(Default)]
struct Moves {
    samples: Mutex<Vec<Sample>>,
    ended: AtomicU64,
    done: AtomicU64,
    refused: AtomicU64,
    request_us: Mutex<Vec<u32>>,
    read_us: Mutex<Vec<u32>>,
}

/// Plays one game until the deadline or its end: the side to move plays, the other re-reads its
/// view (from which it learns its rack for its own next move).
#[allow(clippy::too_many_arguments)]
async fn play(
    game: Game,
    slot: usize,
    moves_to: String,
    reads_on: String,
    pace_ms: u64,
    deadline: Instant,
    sent: SentLog,
    moves: Arc<Moves>,
    words: Arc<Words>,
    mut heard: Option<tokio::sync::watch::Receiver<i64>>,
    ahead: bool,
) {
    let (Ok(mut a), Ok(mut b)) = (
        Http::connect(&moves_to).await,
        Http::connect(&reads_on).await,
    ) else {
        moves.refused.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let path = format!("/api/v1/online/games/{}", game.id);
    // Both players read their view once: who moves, and their racks.
    let mut views = [Value::Null, Value::Null];
    let mut to_move = 0usize;
    let mut seq = 0i64;
    for (view, token) in views.iter_mut().zip(&game.tokens) {
        let Ok((200, mut v, _)) = b.call("GET", &path, token, None).await else {
            moves.refused.fetch_add(1, Ordering::Relaxed);
            return;
        };
        to_move = usize::from(v["view"]["to_move"].as_str() == Some("b"));
        *view = v["view"].take();
        seq = v["seq"].as_i64().unwrap_or(0);
    }
    let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ (game.id as u64);
    // Start spread over one pace so the games do not move in step.
    let mut next = Instant::now() + Duration::from_millis(rng % pace_ms);
    let mut n = 0u64;
    // The next command is chosen as soon as the side to move's view is known, on the blocking
    // pool (not on the threads that read the sockets), while the game waits for its pace: the
    // choice is off the measured path and never delays another game's answer.
    // (`--movegen inline`: chosen when the move is due, on the socket thread, as before.)
    let choose = |view: &Value| {
        let (words, view) = (words.clone(), view.clone());
        ahead.then(|| tokio::task::spawn_blocking(move || words.command(&view)))
    };
    let mut chosen = choose(&views[to_move]);
    loop {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        tokio::time::sleep_until(next.into()).await;
        let woke = Instant::now();
        if woke >= deadline {
            break;
        }
        n += 1;
        let command = match chosen.take() {
            Some(ahead) => ahead.await.expect("the move generator"),
            None => words.command(&views[to_move]),
        };
        let body = json!({
            "command": command,
            "idempotency_key": format!("bench-{}-{n}", game.id),
        });
        let at = Instant::now();
        let sched = at.saturating_duration_since(next);
        sent[slot].lock().unwrap().push((seq, at));
        let answer = a
            .call(
                "POST",
                &format!("{path}/commands"),
                &game.tokens[to_move],
                Some(&body),
            )
            .await;
        let took = at.elapsed().as_micros() as u32;
        moves.request_us.lock().unwrap().push(took);
        let mut v = match answer {
            Ok((200, v, timing)) => {
                moves.samples.lock().unwrap().push(Sample {
                    total: took,
                    sched: sched.as_micros() as u32,
                    server: timing,
                });
                v
            }
            Ok((status, v, _)) => {
                if moves.refused.fetch_add(1, Ordering::Relaxed) == 0 {
                    eprintln!("first refused move: {status} {v}");
                }
                break;
            }
            Err(e) => {
                moves.refused.fetch_add(1, Ordering::Relaxed);
                eprintln!("move transport error: {e}");
                break;
            }
        };
        moves.done.fetch_add(1, Ordering::Relaxed);
        seq = v["seq"].as_i64().unwrap_or(seq + 1);
        if !v["view"]["end"].is_null() {
            moves.ended.fetch_add(1, Ordering::Relaxed);
            break;
        }
        let mover = to_move;
        to_move = usize::from(v["view"]["to_move"].as_str() == Some("b"));
        views[mover] = v["view"].take();
        if to_move == mover {
            chosen = choose(&views[to_move]);
            next += Duration::from_millis(pace_ms / 2 + rng % pace_ms);
            continue;
        }
        // The opponent's page re-reads the game after the live message, naming its seq (the
        // message's id) so an instance holding the game that new answers from memory. With
        // `--pg` the message comes from the other instance: the re-read waits for it, as the
        // page does (a frame lost would show in the frame counts; the wait gives up at 2 s).
        if let Some(h) = heard.as_mut() {
            let _ = tokio::time::timeout(Duration::from_secs(2), h.wait_for(|s| *s >= seq)).await;
        }
        let at = Instant::now();
        let reread = format!("{path}?seq={seq}");
        if let Ok((200, mut v, _)) = b.call("GET", &reread, &game.tokens[to_move], None).await {
            views[to_move] = v["view"].take();
        }
        chosen = choose(&views[to_move]);
        moves
            .read_us
            .lock()
            .unwrap()
            .push(at.elapsed().as_micros() as u32);
        next += Duration::from_millis(pace_ms / 2 + rng % pace_ms);
    }
}

fn main() {
    let o = opts();
    let tmp = std::env::temp_dir().join(format!("arbiter-online-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let pg_db = o.pg.as_ref().map(|url| common::pg_fresh(url, "online"));
    let db_url = pg_db.as_ref().map(|(_, _, u)| u.as_str());
    let password = "online-bench-password";
    admin_create(&tmp, db_url, "bench", password);
    let moves_to = serve(&tmp, db_url, "server-a");
    let second: Option<Server> = db_url.map(|u| serve(&tmp, Some(u), "server-b"));
    let reads_on = second.as_ref().unwrap_or(&moves_to);

    let a = agent();
    let admin_token = common::token(&a, &moves_to.base, "bench", password);
    let words = Arc::new(Words::load());
    let setup_started = Instant::now();
    let games = set_up(
        o.games,
        o.setup_threads,
        &moves_to.base,
        &admin_token,
        password,
    );
    let setup_secs = setup_started.elapsed().as_secs_f64();
    let ids: Vec<i64> = games.iter().map(|g| g.id).collect();
    let index: Arc<HashMap<i64, usize>> =
        Arc::new(ids.iter().enumerate().map(|(i, g)| (*g, i)).collect());
    let sent: SentLog = Arc::new(ids.iter().map(|_| Mutex::new(Vec::new())).collect());
    let tally = Arc::new(Tally {
        heard: if o.pg.is_some() {
            ids.iter()
                .map(|_| tokio::sync::watch::channel(0).0)
                .collect()
        } else {
            Vec::new()
        },
        ..Tally::default()
    });
    let moves = Arc::new(Moves::default());
    let lobby_reads = Arc::new(AtomicU64::new(0));
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let clients = ClientThreads::start(o.client_threads);
    let lags: Arc<Mutex<Vec<u32>>> = Arc::default();

    let rss_before = reads_on.rss_kib();
    let streams = ids.len() * (1 + o.spectators) + o.lobby;
    let cpu_a0 = moves_to.cpu_secs();
    let cpu_client0 = common::own_cpu_secs();
    let cpu_b0 = second.as_ref().map_or(0.0, Server::cpu_secs);
    let mut played_secs = 0.0;
    rt.block_on(async {
        let mut followers = Vec::with_capacity(streams);
        for (i, g) in ids.iter().enumerate() {
            let path = format!("/online/games/{g}/live");
            for k in 0..=o.spectators {
                let who = if k == 0 {
                    Follower::Opponent
                } else {
                    Follower::Spectator
                };
                followers.push(clients.on(i).spawn(follow(
                    reads_on.addr.clone(),
                    path.clone(),
                    who,
                    index.clone(),
                    sent.clone(),
                    tally.clone(),
                    stop_rx.clone(),
                )));
            }
            if (i + 1) % 250 == 0 {
                tokio::task::yield_now().await;
            }
        }
        for l in 0..o.lobby {
            followers.push(clients.on(l).spawn(follow(
                reads_on.addr.clone(),
                "/online/lobby/live".into(),
                Follower::Lobby,
                index.clone(),
                sent.clone(),
                tally.clone(),
                stop_rx.clone(),
            )));
        }
        while tally.connected.load(Ordering::Relaxed) + tally.failed.load(Ordering::Relaxed)
            < streams
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let started = Instant::now();
        let deadline = started + Duration::from_secs(o.seconds);
        let mut players = Vec::with_capacity(games.len() + o.lobby);
        for h in clients.all() {
            players.push(h.spawn(lag_probe(deadline, lags.clone())));
        }
        for l in 0..o.lobby {
            players.push(clients.on(l).spawn(lobby_reader(
                reads_on.addr.clone(),
                admin_token.clone(),
                deadline,
                lobby_reads.clone(),
            )));
        }
        for (slot, g) in games.into_iter().enumerate() {
            players.push(
                clients.on(slot).spawn(play(
                    g,
                    slot,
                    moves_to.addr.clone(),
                    reads_on.addr.clone(),
                    o.pace_ms,
                    deadline,
                    sent.clone(),
                    moves.clone(),
                    words.clone(),
                    tally
                        .heard
                        .get(slot)
                        .map(tokio::sync::watch::Sender::subscribe),
                    o.movegen_ahead,
                )),
            );
        }
        for p in players {
            let _ = p.await;
        }
        played_secs = started.elapsed().as_secs_f64();
        // The last frames are in flight for a moment.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let _ = stop_tx.send(true);
        for f in followers {
            let _ = f.await;
        }
    });
    let cpu_a = moves_to.cpu_secs() - cpu_a0;
    let cpu_client = common::own_cpu_secs() - cpu_client0;
    let cpu_b = second.as_ref().map_or(0.0, Server::cpu_secs) - cpu_b0;
    let rss_after = reads_on.rss_kib();

    let sorted = |m: &Mutex<Vec<u32>>| {
        let mut v = std::mem::take(&mut *m.lock().unwrap());
        v.sort_unstable();
        v
    };
    let (req, read) = (sorted(&moves.request_us), sorted(&moves.read_us));
    let (opp, spec) = (sorted(&tally.opponent_us), sorted(&tally.spectator_us));
    let done = moves.done.load(Ordering::Relaxed);
    let asked = o.games as f64 * 1000.0 / o.pace_ms as f64;
    let backend = if o.pg.is_some() {
        "PostgreSQL, two instances (moves on A; opponents' reads, streams and lobby on B)"
    } else {
        "SQLite, one instance"
    };
    println!("\n### online play: {backend}");
    println!(
        "{} games, a move per game every {} ms ±50% for {} s; {} spectator(s) per game, {} lobby readers; set-up (accounts, sign-ins, seeks) {:.0} s",
        o.games, o.pace_ms, o.seconds, o.spectators, o.lobby, setup_secs
    );
    println!("\n| measure | value |\n|---|---|");
    println!(
        "| streams connected | {} of {streams} ({} failed) |",
        tally.connected.load(Ordering::Relaxed),
        tally.failed.load(Ordering::Relaxed)
    );
    println!(
        "| moves | {done} in {played_secs:.0} s: {:.1}/s achieved of {asked:.1}/s asked; {} refused; {} games ended |",
        done as f64 / played_secs.max(1e-9),
        moves.refused.load(Ordering::Relaxed),
        moves.ended.load(Ordering::Relaxed)
    );
    println!(
        "| move request p50 / p99 / max | {:.1} / {:.1} / {:.1} ms |",
        pct(&req, 50.0),
        pct(&req, 99.0),
        pct(&req, 100.0)
    );
    let mut samples = std::mem::take(&mut *moves.samples.lock().unwrap());
    let by = |f: &dyn Fn(&Sample) -> u32| {
        let mut v: Vec<u32> = samples.iter().map(f).collect();
        v.sort_unstable();
        v
    };
    let three = |v: &[u32]| {
        format!(
            "{:.1} / {:.1} / {:.1} ms",
            pct(v, 50.0),
            pct(v, 99.0),
            pct(v, 100.0)
        )
    };
    println!(
        "| · the server's part (`Server-Timing` app) p50 / p99 / max | {} |",
        three(&by(&|x| x.server.app))
    );
    println!(
        "| · outside it (request − app: sockets, both event loops) p50 / p99 / max | {} |",
        three(&by(&|x| x.total.saturating_sub(x.server.app)))
    );
    println!(
        "| · SQLite writer turn (lock) / COMMIT p99 | {:.1} / {:.1} ms |",
        pct(&by(&|x| x.server.lock), 99.0),
        pct(&by(&|x| x.server.commit), 99.0)
    );
    println!(
        "| · waiting in the online writer's queue p50 / p99 / max | {} |",
        three(&by(&|x| x.server.queue))
    );
    // Each move names the size of its batch: a batch of n is n moves of 1/n commit each.
    let sized: Vec<u32> = by(&|x| x.server.batch)
        .into_iter()
        .filter(|&n| n > 0)
        .collect();
    let commits: f64 = sized.iter().map(|&n| 1.0 / f64::from(n)).sum();
    // `pct` reads microseconds as milliseconds; these are counts.
    let pct_u = |v: &[u32], p: f64| format!("{:.0}", pct(v, p) * 1000.0);
    println!(
        "| · online writer: commands per commit (mean) / batch a move was in p50 / p99 / max | {:.2} / {} / {} / {} ({} moves in about {:.0} commits) |",
        sized.len() as f64 / commits.max(1e-9),
        pct_u(&sized, 50.0),
        pct_u(&sized, 99.0),
        pct_u(&sized, 100.0),
        sized.len(),
        commits
    );
    println!(
        "| client's lateness sending a move (sent − due) p50 / p99 / max | {} |",
        three(&by(&|x| x.sched))
    );
    let lags = sorted(&lags);
    println!(
        "| client threads' timer lag p50 / p99 / max ({} thread(s), move generation {}) | {} |",
        o.client_threads,
        if o.movegen_ahead {
            "ahead, off the socket threads"
        } else {
            "inline"
        },
        three(&lags)
    );
    // The slowest 1% of moves: where their time went, on average.
    samples.sort_unstable_by_key(|x| std::cmp::Reverse(x.total));
    let tail = &samples[..samples.len().div_ceil(100)];
    let mean = |f: &dyn Fn(&Sample) -> u32| {
        tail.iter().map(|x| f64::from(f(x))).sum::<f64>() / tail.len().max(1) as f64 / 1000.0
    };
    println!(
        "| slowest 1% ({} moves), mean ms: request / app / block / pool / queue / db / lock / commit / outside | {:.1} / {:.1} / {:.1} / {:.1} / {:.1} / {:.1} / {:.1} / {:.1} / {:.1} |",
        tail.len(),
        mean(&|x| x.total),
        mean(&|x| x.server.app),
        mean(&|x| x.server.block),
        mean(&|x| x.server.pool),
        mean(&|x| x.server.queue),
        mean(&|x| x.server.db),
        mean(&|x| x.server.lock),
        mean(&|x| x.server.commit),
        mean(&|x| x.total.saturating_sub(x.server.app)),
    );
    println!(
        "| client CPU per move | {:.2} ms ({:.2} of a core) |",
        cpu_client * 1000.0 / done.max(1) as f64,
        cpu_client / played_secs.max(1e-9)
    );
    println!(
        "| opponent's re-read p50 / p99 | {:.1} / {:.1} ms |",
        pct(&read, 50.0),
        pct(&read, 99.0)
    );
    println!(
        "| move → opponent's frame p50 / p99 | {:.1} / {:.1} ms ({} frames) |",
        pct(&opp, 50.0),
        pct(&opp, 99.0),
        opp.len()
    );
    println!(
        "| move → spectator's frame p50 / p99 | {:.1} / {:.1} ms ({} frames) |",
        pct(&spec, 50.0),
        pct(&spec, 99.0),
        spec.len()
    );
    println!(
        "| lobby reads / lobby frames | {} / {} |",
        lobby_reads.load(Ordering::Relaxed),
        tally.lobby_frames.load(Ordering::Relaxed)
    );
    println!(
        "| server CPU per move | A {:.2} ms{} |",
        cpu_a * 1000.0 / done.max(1) as f64,
        if second.is_some() {
            format!(", B {:.2} ms", cpu_b * 1000.0 / done.max(1) as f64)
        } else {
            String::new()
        }
    );
    println!(
        "| RSS of the streams' server before / after | {:.1} / {:.1} MB |",
        rss_before as f64 / 1024.0,
        rss_after as f64 / 1024.0
    );

    drop(second);
    drop(moves_to);
    if let Some((url, name, _)) = pg_db {
        common::pg_drop(&url, &name);
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
