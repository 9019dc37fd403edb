// Examples for debug_trace: a loop with a branch, a call per iteration, a function that panics.

fn scale(value: i32, factor: i32) -> i32 {
    value * factor
}

fn running_total(values: &[i32]) -> i32 {
    let mut total = 0;
    for i in 0..values.len() {
        let v = values[i];
        if v < 0 {
            total -= 1;
        } else {
            total += scale(v, 2);
        }
    }
    total
}

fn mean(values: &[i32]) -> i32 {
    let count = values.len() as i32;
    let sum: i32 = values.iter().sum();
    sum / count
}

fn main() {
    let mut long_run: Vec<i32> = (0..40).collect();
    long_run[12] = -1;
    for values in [&long_run[..], &[4, 8, -3, 6], &[5]] {
        println!("total {}", running_total(values));
    }
    for values in [&[3, 4][..], &[], &[1]] {
        println!("mean {}", mean(values));
    }
}
