// Examples for debug_trace: a recursive function (each call is a new frame of the same function,
// returning into a frame of the same name one level up).
fn sum_to(n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let rest = sum_to(n - 1);
    n + rest
}

fn main() {
    println!("sum {}", sum_to(3));
}
