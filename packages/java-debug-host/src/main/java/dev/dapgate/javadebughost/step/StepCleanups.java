package dev.dapgate.javadebughost.step;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A step's requests are deleted after its stopped event is sent (two JDWP round trips the client
 * no longer waits for). The thread's next step waits here until they are gone: the debuggee allows
 * one step request per thread, and the old return-value request must not report into the new step.
 */
final class StepCleanups {
    private static final long WAIT_MS = 5_000;
    private final Map<Long, CountDownLatch> running = new ConcurrentHashMap<>();

    void begin(long threadId) {
        running.put(threadId, new CountDownLatch(1));
    }

    void end(long threadId) {
        CountDownLatch done = running.remove(threadId);
        if (done != null) {
            done.countDown();
        }
    }

    /** Bounded: past it the step goes on, and a request still there fails it as the core would. */
    void await(long threadId) {
        CountDownLatch done = running.get(threadId);
        if (done == null) {
            return;
        }
        try {
            done.await(WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
