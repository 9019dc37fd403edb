/**
 * Two threads that take the same two locks in opposite orders and so wait for each other forever,
 * while main keeps ticking: a hung service to attach to.
 *   java -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:5005 Deadlock.java
 */
public class Deadlock {
    static final Object accounts = new Object();
    static final Object ledger = new Object();

    static void transfer(String name, Object first, Object second) {
        synchronized (first) {
            pause(200);
            // each thread waits on the next line for the lock the other holds (one line: javac puts the
            // monitorenter of a block on the line of the block's first statement)
            synchronized (second) { System.out.println(name + " done"); }
        }
    }

    static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) {
        new Thread(() -> transfer("payer", accounts, ledger), "payer").start();
        new Thread(() -> transfer("auditor", ledger, accounts), "auditor").start();
        System.out.println("deadlock started");
        for (int n = 1; ; n++) {
            pause(100);
            if (n % 5 == 0) {
                System.out.println("tick " + n);
            }
        }
    }
}
