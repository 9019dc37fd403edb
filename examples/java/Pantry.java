import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Tea orders: identity versus equality, a tiny double, a linked list and a map with object keys. */
public class Pantry {
    static class Node {
        int value;
        Node next;

        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    public static void main(String[] args) {
        String x = "tea";
        String y = new String("tea");
        boolean same = x == y;
        double eps = 0.01;
        int count = 2;
        String m = "mint";
        List<Integer> list = new ArrayList<>(List.of(10, 20));
        Node head = new Node(3, new Node(4, null));
        Map<Node, Supplier<String>> brewers = new HashMap<>();
        brewers.put(head, () -> "green");
        System.out.println("before " + same + " " + eps + " " + brewers.size());
        System.out.println("after " + count + " " + m + " " + list);
    }
}
