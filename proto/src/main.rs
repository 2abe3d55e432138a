mod solver;
mod fast;
#[allow(dead_code)]
mod reference;
use solver::*;
use std::time::Instant;

fn parse(t: &str) -> Pos {
    let parts: Vec<&str> = t.split(';').collect();
    let mut board = [0u8; 12];
    for (i, x) in parts[0].split(',').enumerate() { board[i] = x.trim().parse().unwrap(); }
    let side = parts.get(1).map_or(1, |s| s.parse().unwrap());
    let last = parts.get(2).map_or(0, |s| s.parse().unwrap());
    Pos { board, side, last }
}
fn vm_hwm() -> String {
    std::fs::read_to_string("/proc/self/status").unwrap().lines().find(|l| l.starts_with("VmHWM")).unwrap_or("").to_string()
}
/// CPU time of this thread in ns (/proc/thread-self/schedstat, first field).
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat").ok().and_then(|s| s.split_whitespace().next().and_then(|x| x.parse().ok())).unwrap_or(0)
}
fn rel(v: u8, side: u8) -> &'static str {
    match (v, side) { (3, _) => "both-win", (4, _) => "both-lose", (1, 0) | (2, 1) => "win", _ => "lose" }
}
struct Rng(u64);
impl Rng { fn next(&mut self) -> u64 { self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15); let mut z = self.0; z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9); z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB); z ^ (z >> 31) } }
fn derangement(r: &mut Rng) -> [u8; 12] {
    loop {
        let mut b = [1u8,2,3,4,5,6,7,8,9,10,11,12];
        for i in (1..12).rev() { let j = (r.next() % (i as u64 + 1)) as usize; b.swap(i, j); }
        if b.iter().enumerate().all(|(i, &p)| p as usize != i + 1) { return b; }
    }
}
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() > 1 && args[1] == "cmp" {
        // Compare against the verified reference solver (proto/src/reference.rs, a copy of the
        // solver that agrees with the brute force) on random positions of medium size.
        let n: usize = args[2].parse().unwrap();
        let mut r = Rng(args.get(3).map_or(7, |s| s.parse().unwrap()));
        let (mut done, mut skipped, mut total) = (0, 0, 0usize);
        let t0 = Instant::now();
        let mut tref = 0.0; let mut tnew = 0.0;
        while done < n {
            let p = random_pos(&mut r);
            assert_eq!(both_stuck(&p.board), reference::stuck_sides(&p.board) == [true, true], "{:?}", p);
            let rp = reference::Pos { board: p.board, side: p.side, last: p.last };
            let t = Instant::now();
            let a = reference::solve(&rp, 3_000_000);
            tref += t.elapsed().as_secs_f64();
            let Ok(a) = a else { skipped += 1; continue };
            let t = Instant::now();
            TERMINALS.store(0, std::sync::atomic::Ordering::Relaxed);
            let b = solve(&p, 6_000_000).expect("new solver within budget");
            let rt = usize::from(reference::Pos { board: p.board, side: p.side, last: p.last }.terminal().is_some());
            assert_eq!(b.positions - TERMINALS.load(std::sync::atomic::Ordering::Relaxed), a.positions + 0 * rt, "count {:?}", p);
            tnew += t.elapsed().as_secs_f64();
            let av: Vec<String> = a.actions.iter().map(|(x, v)| format!("{:?}={}", x, v)).collect();
            let bv: Vec<String> = b.actions.iter().map(|(x, v)| format!("{:?}={}", x, v)).collect();
            assert_eq!((a.value, &av), (b.value, &bv), "{:?}", p);
            total += a.positions;
            done += 1;
        }
        println!("cmp ok: {done} positions agree ({skipped} skipped over budget), ref positions {total}, ref {:.1}s new {:.1}s, {:?}", tref, tnew, t0.elapsed());
        return;
    }
    if args.len() > 1 && args[1] == "fcmp" {
        // fast.rs against reference.rs on random medium positions: root value and every action value,
        // and solve_best's best set.
        let n: usize = args[2].parse().unwrap();
        let mut r = Rng(args.get(3).map_or(7, |s| s.parse().unwrap()));
        let (mut done, mut skipped, mut total, mut ftotal) = (0, 0, 0usize, 0usize);
        let mut tref = 0.0; let mut tnew = 0.0;
        let mut hist = [0usize; 5];
        while done < n {
            let p = random_pos(&mut r);
            let ss = reference::stuck_sides(&p.board);
            assert_eq!(fast::dead_sides(&p.board), u8::from(ss[0]) | u8::from(ss[1]) << 1, "dead_sides {:?}", p);
            let rp = reference::Pos { board: p.board, side: p.side, last: p.last };
            let t = Instant::now();
            let a = reference::solve(&rp, 3_000_000);
            tref += t.elapsed().as_secs_f64();
            let Ok(a) = a else { skipped += 1; continue };
            let t = Instant::now();
            let b = fast::solve(&p, 60_000_000).expect("fast within budget");
            let c = fast::solve_best(&p, 60_000_000).expect("fast within budget");
            tnew += t.elapsed().as_secs_f64();
            let av: Vec<String> = a.actions.iter().map(|(x, v)| format!("{:?}={}", x, v)).collect();
            let bv: Vec<String> = b.actions.iter().map(|(x, v)| format!("{:?}={}", x, v)).collect();
            assert_eq!((a.value, &av), (b.value, &bv), "{:?}", p);
            let abest: Vec<String> = a.actions.iter().filter(|x| x.1 == a.value).map(|(x, _)| format!("{:?}", x)).collect();
            let cbest: Vec<String> = c.actions.iter().filter(|x| x.1 == c.value).map(|(x, _)| format!("{:?}", x)).collect();
            assert_eq!((a.value, &abest), (c.value, &cbest), "best {:?}", p);
            hist[a.value as usize] += 1;
            total += a.positions;
            ftotal += c.positions;
            done += 1;
        }
        println!("fcmp ok: {done} positions agree ({skipped} skipped), values jia/yi/both-win/both-lose {:?}, ref positions {total}, fast(best) positions {ftotal}, ref {:.1}s fast(full+best) {:.1}s", &hist[1..], tref, tnew);
        return;
    }
    if args.len() > 1 && args[1] == "deadcheck" {
        // fast::dead_sides against reference::stuck_sides (per side) and solver::both_stuck on
        // random boards (random derangement-like placements with random empties and homes).
        let n: usize = args[2].parse().unwrap();
        let mut r = Rng(args.get(3).map_or(5, |s| s.parse().unwrap()));
        let mut hist = [0usize; 4];
        for _ in 0..n {
            let p = random_pos(&mut r);
            let ss = reference::stuck_sides(&p.board);
            let d = fast::dead_sides(&p.board);
            assert_eq!(d, u8::from(ss[0]) | u8::from(ss[1]) << 1, "{:?}", p);
            assert_eq!(d == 3, both_stuck(&p.board));
            hist[d as usize] += 1;
        }
        println!("deadcheck ok on {n} boards: none/jia/yi/both {:?}", hist);
        return;
    }
    if args.len() > 1 && args[1] == "gencheck" {
        // fast::gen_kids (incremental) against fast::gen_slow (for_each_child + info) on random
        // positions and on positions along random walks from random full starts.
        let n: usize = args[2].parse().unwrap();
        let mut r = Rng(args.get(3).map_or(11, |s| s.parse().unwrap()));
        let blank = fast::Kid::Term(0);
        let mut kids = 0usize;
        for i in 0..n {
            let mut p = if i % 2 == 0 { random_pos(&mut r) } else { Pos { board: derangement(&mut r), side: 1, last: 0 } };
            for _ in 0..(if i % 2 == 0 { 1 } else { 40 }) {
                if p.terminal().is_some() { break; }
                let mut a = [(0, 0, blank); 24];
                let mut b = [(0, 0, blank); 24];
                let na = fast::gen_kids(&p, &mut a);
                let nb = fast::gen_slow(&p, &mut b);
                assert_eq!(&a[..na], &b[..nb], "{:?}", p);
                kids += na;
                // random step
                let mut cs = vec![];
                p.for_each_child(|_, c| if let Ok(c) = c { cs.push(c) });
                if cs.is_empty() { break; }
                p = cs[(r.next() % cs.len() as u64) as usize];
            }
        }
        println!("gencheck ok: {n} walks, {kids} children identical");
        return;
    }
    if args.len() > 1 && args[1] == "fcmpfull" {
        // fast.rs against solver.rs on full random starts (slow: ~1 min each for solver.rs).
        let n: usize = args[2].parse().unwrap();
        let mut r = Rng(args.get(3).map_or(1, |s| s.parse().unwrap()));
        let skip: usize = args.get(4).map_or(0, |s| s.parse().unwrap());
        for i in 0..n {
            let b = derangement(&mut r);
            if i < skip { continue; }
            let p = Pos { board: b, side: 1, last: 0 };
            let t = Instant::now();
            let f = fast::solve_best(&p, 100_000_000);
            let tf = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let s = solve(&p, 60_000_000);
            let ts = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let g = fast::solve(&p, 100_000_000);
            let tg = t.elapsed().as_secs_f64();
            match (f, s) {
                (Ok(f), Ok(s)) => {
                    let sb: Vec<String> = s.actions.iter().filter(|x| x.1 == s.value).map(|(x, _)| format!("{:?}", x)).collect();
                    let fb: Vec<String> = f.actions.iter().filter(|x| x.1 == f.value).map(|(x, _)| format!("{:?}", x)).collect();
                    // fast::solve (every action's value) against solver.rs, action by action
                    let g = g.expect("fast::solve within budget");
                    let all_ok = g.value == s.value && g.actions == s.actions;
                    println!("   all actions: {} (fast::solve n={} {:.2}s)", if all_ok { "AGREE" } else { "DIFFER !!!!" }, g.positions, tg);
                    let ok = s.value == f.value && sb == fb && all_ok;
                    println!("{i} {:?} {} solver {} n={} {:.1}s | fast n={} {:.2}s best {:?} {}", b, if ok { "AGREE" } else { "DIFFER" }, rel(s.value, 1), s.positions, ts, f.positions, tf, fb, if ok { "" } else { "!!!!" });
                    if !ok { println!("   solver best {:?}", sb); }
                }
                (f, s) => println!("{i} {:?} UNDECIDED fast {:?} solver {:?}", b, f.map(|x| x.value), s.map(|x| x.value)),
            }
            println!("   {}", vm_hwm());
        }
        return;
    }
    if args.len() > 1 && (args[1] == "fbench" || args[1] == "fbenchfull") {
        let n: usize = args[2].parse().unwrap();
        let mut r = Rng(args.get(3).map_or(1, |s| s.parse().unwrap()));
        let budget: usize = args.get(4).map_or(fast::DEFAULT_BUDGET, |s| s.parse().unwrap());
        let mut times = vec![];
        let mut cpus = vec![];
        let mut solved = 0;
        let mut sumn = 0usize;
        let mut hist = [0usize; 5];
        for _ in 0..n {
            let b = derangement(&mut r);
            let p = Pos { board: b, side: 1, last: 0 };
            let t = Instant::now();
            let c0 = cpu_ns();
            let s = if args[1] == "fbench" { fast::solve_best(&p, budget) } else { fast::solve(&p, budget) };
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            let cms = (cpu_ns() - c0) as f64 / 1e6;
            times.push(ms);
            cpus.push(cms);
            match s {
                Ok(s) => {
                    solved += 1;
                    sumn += s.positions;
                    hist[s.value as usize] += 1;
                    let best: Vec<String> = s.actions.iter().filter(|x| x.1 == s.value).map(|(x, _)| format!("{:?}", x)).collect();
                    println!("{:?} {} n={} {:.0}ms cpu {:.0}ms best {:?}", b, rel(s.value, 1), s.positions, ms, cms, best)
                }
                Err(e) => println!("{:?} UNKNOWN (budget) {:?} {:.0}ms", b, e, ms),
            }
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        cpus.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!("cpu: median {:.0}ms p95 {:.0}ms max {:.0}ms", cpus[n/2], cpus[(n*95/100).min(n-1)], cpus[n-1]);
        println!("sum positions {sumn} solved {solved}/{n} (jia/yi/both-win/both-lose {:?}) median {:.0}ms p95 {:.0}ms max {:.0}ms {}", &hist[1..], times[n/2], times[(n*95/100).min(n-1)], times[n-1], vm_hwm());
        return;
    }
    if args.len() > 1 && args[1] == "fsolve" {
        for t in &args[2..] {
            let p = parse(t);
            let st = Instant::now();
            let s = fast::solve(&p, 100_000_000).unwrap();
            let best: Vec<String> = s.actions.iter().filter(|(_, v)| *v == s.value).map(|(a, _)| format!("{:?}", a)).collect();
            let all: Vec<String> = s.actions.iter().map(|(a, v)| format!("{:?}={}", a, rel(*v, p.side))).collect();
            println!("{t}: {} n={} {:?} best={:?}\n   {:?}", rel(s.value, p.side), s.positions, st.elapsed(), best, all);
            let st = Instant::now();
            let s = fast::solve_best(&p, 100_000_000).unwrap();
            let best: Vec<String> = s.actions.iter().filter(|(_, v)| *v == s.value).map(|(a, _)| format!("{:?}", a)).collect();
            println!("   best-only: {} n={} {:?} best={:?}", rel(s.value, p.side), s.positions, st.elapsed(), best);
        }
        println!("{}", vm_hwm());
        return;
    }
    if args.len() > 1 && args[1] == "bench" {
        let n: usize = args[2].parse().unwrap();
        let mut r = Rng(args.get(3).map_or(1, |s| s.parse().unwrap()));
        let mut times = vec![];
        for _ in 0..n {
            let b = derangement(&mut r);
            let p = Pos { board: b, side: 1, last: 0 };
            let t = Instant::now();
            let s = solve(&p, 60_000_000);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            times.push(ms);
            match s { Ok(s) => println!("{:?} {} n={} {:.0}ms", b, rel(s.value, 1), s.positions, ms), Err(e) => println!("{:?} BUDGET {:?}", b, e) }
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!("median {:.0} p95 {:.0} max {:.0} {}", times[n/2], times[n*95/100], times[n-1], vm_hwm());
        return;
    }
    for t in &args[1..] {
        let p = parse(t);
        let st = Instant::now();
        let s = solve(&p, 60_000_000).unwrap();
        let best: Vec<String> = s.actions.iter().filter(|(_, v)| *v == s.value).map(|(a, _)| format!("{:?}", a)).collect();
        let all: Vec<String> = s.actions.iter().map(|(a, v)| format!("{:?}={}", a, rel(*v, p.side))).collect();
        println!("{t}: {} n={} {:?} best={:?}\n   {:?}", rel(s.value, p.side), s.positions, st.elapsed(), best, all);
    }
    println!("{}", vm_hwm());
}

fn random_pos(r: &mut Rng) -> Pos {
    loop {
        let mut board = [0u8; 12];
        let nhome = 2 + (r.next() % 6) as usize; // 2..7 pieces at home
        let mut pieces: Vec<u8> = (1..=12).collect();
        for i in (1..12).rev() { let j = (r.next() % (i as u64 + 1)) as usize; pieces.swap(i, j); }
        let homes: Vec<u8> = pieces[..nhome].to_vec();
        for &h in &homes { board[h as usize - 1] = h; }
        let rest = &pieces[nhome..];
        let nhand = (r.next() % (rest.len() as u64 / 2 + 1)) as usize;
        let on: Vec<u8> = rest[nhand..].to_vec();
        let mut free: Vec<usize> = (0..12).filter(|&i| board[i] == 0).collect();
        let mut ok = true;
        for &p in &on {
            let cands: Vec<usize> = free.iter().copied().filter(|&i| i + 1 != p as usize).collect();
            if cands.is_empty() { ok = false; break; }
            let i = cands[(r.next() % cands.len() as u64) as usize];
            board[i] = p;
            free.retain(|&x| x != i);
        }
        if !ok { continue; }
        let side = (r.next() % 2) as u8;
        let last = match r.next() % 4 { 0 => 0, 1 => 13, _ => on.get((r.next() % (on.len() as u64 + 1)) as usize).copied().unwrap_or(0) };
        return Pos { board, side, last };
    }
}
