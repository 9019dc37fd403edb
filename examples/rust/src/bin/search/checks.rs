// Called from main.rs's loop: a function in another file, for traces that follow calls.
pub fn is_negative(v: i32) -> bool {
    let negative = v < 0;
    negative
}
