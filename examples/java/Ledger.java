import java.util.ArrayList;
import java.util.List;

/** A running total that goes wrong: find where `total` turns negative. */
public class Ledger {
    private final String owner;
    private final List<Integer> entries = new ArrayList<>();

    Ledger(String owner) {
        this.owner = owner;
    }

    int post(int amount) {
        int fee = amount < 0 ? 1 : 0;
        entries.add(amount - fee);
        return balance();
    }

    int balance() {
        int sum = 0;
        for (int e : entries) {
            sum += e;
        }
        return sum;
    }

    String describe() {
        return owner + " has " + entries.size() + " entries";
    }

    public static void main(String[] args) {
        Ledger ledger = new Ledger("ada");
        int[] amounts = {40, -15, 70, 5, -90, -12};
        int total = 0;
        for (int step = 0; step < amounts.length; step++) {
            int amount = amounts[step];
            total = ledger.post(amount);
        }
        System.out.println("final " + total + " " + ledger.describe());
    }
}
