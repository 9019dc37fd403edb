import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A long-running, service-like program to attach to:
 *   java -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=*:5005 Service.java
 * It handles a "request" every 50 ms; each request updates a running total per customer.
 */
public class Service {
    private final Map<String, Integer> totals = new LinkedHashMap<>();
    private int handled;

    int handle(String customer, int amount) {
        handled++;
        int total = totals.getOrDefault(customer, 0) + amount;
        totals.put(customer, total);
        return total;
    }

    String summary() {
        return handled + " requests, " + totals.size() + " customers";
    }

    public static void main(String[] args) throws InterruptedException {
        Service service = new Service();
        String[] customers = {"ada", "grace", "linus"};
        long limitMs = args.length > 0 ? Long.parseLong(args[0]) * 1000 : 600_000;
        long start = System.currentTimeMillis();
        int n = 0;
        while (System.currentTimeMillis() - start < limitMs) {
            String customer = customers[n % customers.length];
            int amount = (n % 7) * 10 - 20;
            int total = service.handle(customer, amount);
            if (n % 100 == 0) {
                System.out.println("request " + n + " " + customer + " total " + total);
            }
            n++;
            Thread.sleep(50);
        }
        System.out.println(service.summary());
    }
}
