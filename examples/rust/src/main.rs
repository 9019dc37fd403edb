// A ledger whose running total goes wrong: the fee is charged on deposits too.
use std::collections::HashMap;

#[derive(Debug)]
struct Account {
    owner: String,
    entries: Vec<i64>,
    tags: HashMap<String, i64>,
    limit: Option<i64>,
}

impl Account {
    fn post(&mut self, amount: i64) -> i64 {
        let fee = if amount < 0 { 1 } else { 1 }; // bug: deposits pay the fee as well
        self.entries.push(amount - fee);
        *self.tags.entry(if amount < 0 { "debit".to_string() } else { "credit".to_string() }).or_insert(0) += 1;
        self.balance()
    }

    fn balance(&self) -> i64 {
        self.entries.iter().sum()
    }
}

fn main() {
    let mut acct = Account { owner: String::from("ada"), entries: Vec::new(), tags: HashMap::new(), limit: Some(100) };
    let amounts = vec![40, -15, 70, 5, -90, -12];
    let mut total = 0;
    for (step, amount) in amounts.iter().enumerate() {
        total = acct.post(*amount);
        let _ = step;
    }
    println!("final {} {} has {} entries (limit {:?})", total, acct.owner, acct.entries.len(), acct.limit);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account() -> Account {
        Account { owner: String::from("ada"), entries: Vec::new(), tags: HashMap::new(), limit: None }
    }

    #[test]
    fn deposit_is_free() {
        let mut acct = account();
        let balance = acct.post(40);
        assert_eq!(balance, 40, "a deposit should not pay the fee");
    }

    #[test]
    fn withdrawal_pays_fee() {
        let mut acct = account();
        acct.post(-15);
        assert_eq!(acct.entries, vec![-16]);
    }
}
