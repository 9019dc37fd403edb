import java.util.concurrent.atomic.AtomicInteger;

/** Several threads doing work at once: for thread listing and per-thread stops. */
public class Workers {
    static final AtomicInteger done = new AtomicInteger();

    static int work(String name, int rounds) {
        int acc = 0;
        for (int i = 0; i < rounds; i++) {
            acc += i * name.length();
        }
        done.incrementAndGet();
        return acc;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread[] threads = new Thread[3];
        for (int t = 0; t < threads.length; t++) {
            String name = "worker-" + t;
            threads[t] = new Thread(() -> System.out.println(name + " -> " + work(name, 1000)), name);
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        System.out.println("done " + done.get());
    }
}
