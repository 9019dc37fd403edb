// Runs until killed, so a debugger can attach to it by pid.
use std::{thread, time::Duration};

fn tick(counter: u64) -> u64 {
    counter + 1
}

fn main() {
    let mut counter = 0u64;
    println!("spin pid {}", std::process::id());
    loop {
        counter = tick(counter);
        thread::sleep(Duration::from_millis(20));
    }
}
