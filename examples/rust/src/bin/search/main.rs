// Examples for debug_trace: a function whose first statement is a loop head, called three times,
// each pass calling a function defined in another file (checks.rs).
mod checks;

fn first_negative(values: &[i32]) -> usize {
    for i in 0..values.len() {
        if checks::is_negative(values[i]) { // the first value below zero ends the search
            return i;
        }
    }
    values.len()
}

fn main() {
    println!("first negative {}", first_negative(&[3, 1, -2, 5]));
    println!("first negative {}", first_negative(&[-7, 2]));
    println!("first negative {}", first_negative(&[4]));
}
