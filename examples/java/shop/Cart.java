package shop;

import java.util.List;

/** Code under test for the debug_test examples: a shopping cart's totals. */
public class Cart {
    public record Item(double price, int qty, double discount) {
        public Item(double price, int qty) {
            this(price, qty, 0);
        }
    }

    static double lineTotal(double price, int qty, double discount) {
        // discount is meant as a fraction (0.1 = 10 %), but callers pass percents
        return Math.round(price * qty * (1 - discount) * 100) / 100.0;
    }

    public static double total(List<Item> items) {
        double total = 0;
        for (Item item : items) {
            total += lineTotal(item.price(), item.qty(), item.discount());
        }
        return total;
    }
}
