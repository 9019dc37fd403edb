// Indexes one past the end of a Vec: panics with "index out of bounds".
fn last_three(values: &[u32]) -> u32 {
    let mut sum = 0;
    for i in values.len() - 3..=values.len() { // bug: ..= reaches values.len()
        sum += values[i];
    }
    sum
}

fn main() {
    let readings = vec![3, 1, 4, 1, 5, 9];
    println!("sum {}", last_three(&readings));
}
