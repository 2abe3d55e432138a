mod solver;
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
